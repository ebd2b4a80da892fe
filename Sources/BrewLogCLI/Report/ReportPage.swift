import BrewLogCore

/// The report as one self-contained HTML page: its style inline, its charts inline SVG, no
/// script and no address of anything outside the file. Every text from the journal is escaped
/// where it is written (``HTMLEscaping``), so the page holds no markup from the data.
enum ReportPage {
    /// The page for `data`; `filters` are the filter options as typed (shown in the heading),
    /// `made` when the report was made.
    static func html(_ data: ReportData, filters: [String], made: String) -> String {
        let stats = data.stats
        let span = data.span.map { "\($0.first) to \($0.last)" }
        var meta = "\(stats.brews) brew" + (stats.brews == 1 ? "" : "s") + (span.map { " from " + $0 } ?? "") + ". Made " + made + "."
        if !filters.isEmpty { meta += " Filters: " + filters.joined(separator: " ") + "." }
        let totals = ReportTotals.section(data, filtered: !filters.isEmpty)
        let charts = stats.brews == 0 ? [] : [ReportCalendar.section(data), ReportStreakRuns.section(data), ReportWeekly.section(data),
                                              ReportFreshness.section(data), ReportRatios.section(data), ReportDialIn.section(data)]
        let sections = [totals] + charts.compactMap { $0 }
        let empty = stats.brews == 0
            ? "<p class=\"empty\">" + HTMLEscaping.escaped(filters.isEmpty ? "No brews yet: log one with brewlog add, and the charts appear here."
                                                                          : "No brew passes these filters.") + "</p>"
            : ""
        return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><meta name=\"color-scheme\" content=\"light dark\">"
            + "<title>BrewLog report</title><style>" + ReportStyle.css + "</style></head><body><main><header><h1>BrewLog report</h1>"
            + "<p class=\"meta\">" + HTMLEscaping.escaped(meta) + "</p>" + empty + "</header>"
            + sections.map(\.html).joined(separator: "\n") + "</main></body></html>\n"
    }
}

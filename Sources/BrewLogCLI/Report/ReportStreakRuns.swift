import BrewLogCore

/// The streak runs of the brews kept on a timeline from the first brew's week to the last brew:
/// each run a bar from its first brew day to its last, and a table of every run, longest first.
enum ReportStreakRuns {
    /// The section, or `nil` when no brew is kept.
    static func section(_ data: ReportData) -> ReportSection? {
        guard let days = data.days, !data.runs.isEmpty else { return nil }
        let frame = ChartFrame(width: 860, height: 74, left: 12, top: 8, right: 12, bottom: 26)
        var canvas = SVGCanvas(width: frame.width, height: frame.height)
        let first = data.rules.weekStart(of: days.lowerBound)
        let last = max(days.upperBound, data.runs.map(\.lastDay).max() ?? days.upperBound)
        let x = LinearScale(domain: Double(first.daysSinceEpoch)...Double(last.daysSinceEpoch + 1), from: frame.left, to: frame.right)
        canvas.rect(x: frame.left, y: frame.top, width: frame.right - frame.left, height: frame.bottom - frame.top, style: "track")
        let longest = data.runs.map(\.days).max()
        for run in data.runs where run.lastDay >= first && run.firstDay <= last {
            let start = x(Double(max(run.firstDay, first).daysSinceEpoch)), end = x(Double(min(run.lastDay, last).daysSinceEpoch + 1))
            canvas.rect(x: start, y: frame.top + 6, width: max(2, end - start - 1), height: frame.bottom - frame.top - 12,
                        style: run.days == longest ? "run longest" : "run",
                        title: "\(run.firstDay) to \(run.lastDay): \(run.days) brew day" + (run.days == 1 ? "" : "s"))
        }
        canvas.line(frame.left, frame.bottom, frame.right, frame.bottom, style: "axis")
        let weeks = (last.daysSinceEpoch - first.daysSinceEpoch) / 7 + 1
        let labels = ReportTimeAxis.labels(firstWeek: first, weeks: weeks).map { (x(Double(first.adding(days: 7 * $0.index).daysSinceEpoch)), $0.text) }
        ChartAxis.horizontal(&canvas, labels: labels, y: frame.bottom + 4, left: 0, right: frame.width, anchor: .start)
        let longestFirst = data.runs.sorted { ($0.days, $0.lastDay) > ($1.days, $1.lastDay) }
        let table = HTMLTable(caption: "Runs, longest first", header: ["First day", "Last day", "Brew days"],
                              rows: longestFirst.map { ["\($0.firstDay)", "\($0.lastDay)", String($0.days)] }, numeric: [2])
        var section = ReportSection(id: "runs", title: "Streak runs",
                                    intro: "Each unbroken run of brew days (rest and skip days bridge a run); the longest has the strongest colour. The table lists every run of the brews shown.")
        section.groups = [ReportSection.Group(figures: [ReportSection.Figure(caption: "Runs from \(first) to \(last)", chart: canvas.svg(label: "Streak runs on a timeline"))],
                                              tables: [table], wide: true)]
        return section
    }
}

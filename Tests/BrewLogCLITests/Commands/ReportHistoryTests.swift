import BrewLogCore
import Foundation
import Testing
import BrewLogTestSupport
@testable import BrewLogCLI

@Suite("report over years: every year with brews drawn, a series per bag, no empty chart, headings before their charts")
struct ReportHistoryTests {
    private func report(_ journal: String, _ arguments: [String] = []) -> String {
        Sandbox(journal: journal, runner: .inProcess).ok(["report"] + arguments)
    }

    /// The HTML of the `<section id="ID">`, or "" when there is none.
    private func section(_ id: String, in html: String) -> String {
        guard let start = html.range(of: "<section id=\"\(id)\">") else { return "" }
        let rest = html[start.lowerBound...]
        return String(rest[..<(rest.range(of: "</section>")?.upperBound ?? rest.endIndex)])
    }

    /// Every `<svg class="chart">` of `html`, whole.
    private func charts(_ html: String) -> [String] {
        html.components(separatedBy: "<svg class=\"chart\"").dropFirst().map { "<svg class=\"chart\"" + ($0.components(separatedBy: "</svg>").first ?? "") }
    }

    /// The first capture group of each match of `pattern` in `text`.
    private func captures(_ pattern: String, in text: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { (text as NSString).substring(with: $0.range(at: 1)) }
    }

    /// V60s on every other day from Monday 2 March 2020 to Tuesday 30 June 2020, and nothing since.
    static let spring2020: String = (0...60).map { index in
        let day = Calendar(identifier: .gregorian).date(byAdding: .day, value: 2 * index, to: Date(timeIntervalSince1970: 1_583_143_200)) ?? Date()
        let date = ISO8601DateFormatter().string(from: day)
        return #"{"id":"old\#(String(format: "%09d", index))","date":"\#(date)","rating":4,"notes":"","method":"V60","coffee":"Kenya AA","dose_g":15,"water_g":250}"#
    }.joined(separator: "\n") + "\n"

    @Test("a journal whose brews are all in 2020 shows them: a 2020 calendar and weekly charts and runs over 2020, no empty year since")
    func allIn2020() throws {
        let html = report(Self.spring2020)
        #expect(html.contains("61 brews from 2020-03-02 to 2020-06-30."))
        let calendar = section("calendar", in: html)
        #expect(calendar.contains("<figcaption>2020&#58; 61 brews on 61 days</figcaption>"))
        #expect(calendar.contains("<title>2020-03-02 Mon&#58; 1 brew</title>") && calendar.contains("<title>2020-06-30 Tue&#58; 1 brew</title>"))
        #expect(try captures("<figcaption>([0-9]{4})&#58;", in: calendar) == ["2020"])
        let weeks = try captures("<title>Week of ([0-9-]+)&#58; ", in: section("weekly", in: html))
        #expect(weeks.first == "2020-03-02" && weeks.last == "2020-06-29", "\(weeks)")
        #expect(Set(weeks).count == 18 && weeks.allSatisfy { $0.hasPrefix("2020-") })
        let runs = section("runs", in: html)
        #expect(runs.contains("<figcaption>Runs from 2020-03-02 to 2020-06-30</figcaption>"))
        #expect(try captures("<title>([0-9-]+) to ", in: runs).count == 61)
    }

    @Test("a calendar per year with brews, newest first, the older ones compact; a year without a brew has none")
    func yearsNewestFirst() throws {
        let calendar = section("calendar", in: report(HistoryJournal.years()))
        #expect(try captures("<figcaption>([0-9]{4})&#58;", in: calendar) == ["2026", "2025", "2024", "2023", "2022", "2021", "2020"])
        #expect(try captures("<figure class=\"([a-z ]+)\"><figcaption>[0-9]{4}", in: calendar)
                == ["year", "year"] + Array(repeating: "year compact", count: 5))
        #expect(try captures("<tr><td data-label=\"Year\">([0-9]{4})</td>", in: calendar) == ["2026", "2025", "2024", "2023", "2022", "2021", "2020"])
    }

    @Test("twelve bags get twelve distinct series: a colour and shape pair each, in the chart and its legend, and no grey")
    func twelveBags() throws {
        let freshness = section("freshness", in: report(HistoryJournal.years(bags: 12)))
        let marks = try NSRegularExpression(pattern: "class=\"mark (s[0-9]+) ([A-Za-z]+)\"><title>(Coffee [0-9]+)&#58;")
        var pairs: [String: Set<String>] = [:]
        for match in marks.matches(in: freshness, range: NSRange(freshness.startIndex..., in: freshness)) {
            let text = { (group: Int) in (freshness as NSString).substring(with: match.range(at: group)) }
            pairs[text(3), default: []].insert(text(1) + " " + text(2))
        }
        #expect(pairs.count == 12)
        #expect(pairs.values.allSatisfy { $0.count == 1 }, "a bag drawn in two styles: \(pairs)")
        #expect(Set(pairs.values.compactMap(\.first)).count == 12, "two bags share a colour and a shape: \(pairs)")
        #expect(try captures("</svg>(Coffee [0-9]+)</li>", in: freshness).count == 12)
        #expect(!freshness.lowercased().contains("#7a7a7a"))
    }

    @Test("more bags than a legend holds are drawn as small multiples: a chart per bag, each its own series")
    func smallMultiples() throws {
        let freshness = section("freshness", in: report(HistoryJournal.years(bags: 14)))
        let charts = charts(freshness)
        // One of the 14 bags lies wholly in the journal's gap of 2022, so it has no brew to draw.
        #expect(charts.count == 13)
        let bags = try charts.map { Set(try captures("<title>(Coffee [0-9]+)&#58;", in: $0)) }
        #expect(bags.allSatisfy { $0.count == 1 } && Set(bags.compactMap(\.first)).count == 13, "\(bags)")
        #expect(!freshness.contains("<ul class=\"legend\">"))
    }

    @Test("a method without a ratio draws no ratio chart, in the ratio section or any coffee's dial-in")
    func methodWithoutRatio() {
        let html = report(HistoryJournal.years(bags: 3))
        #expect(section("totals", in: html).contains(">Moka pot</td>"))
        let ratios = section("ratios", in: html)
        #expect(ratios.contains("aria-label=\"Rating against ratio&#58; V60\"") && ratios.contains("aria-label=\"Rating against ratio&#58; Espresso\""))
        #expect(!ratios.contains("Moka pot\""))
        let dialIn = section("dial-in", in: html)
        #expect(dialIn.contains("aria-label=\"Ratio per brew&#58; Coffee 1, V60\"") && !dialIn.contains(", Moka pot\""))
        let moka = report(HistoryJournal.years(bags: 3), ["-m", "moka pot"])
        #expect(section("ratios", in: moka).isEmpty)
        #expect(!moka.contains("Ratio per brew") && !moka.contains("Rating against ratio"))
        #expect(section("dial-in", in: moka).contains("aria-label=\"Rating against grind&#58; Coffee 1\""))
    }

    @Test("each coffee's rating against grind: a column per setting, numbers in order then words, a point per method and rating")
    func ratingAgainstGrind() throws {
        let dialIn = section("dial-in", in: report(HistoryJournal.years(bags: 3)))
        let chart = try #require(charts(dialIn).first { $0.contains("aria-label=\"Rating against grind&#58; Coffee 1\"") })
        #expect(chart.contains("<title>Moka pot&#58; grind fine, rating ") && chart.contains("<title>Espresso&#58; grind 9, rating "))
        let labels = try captures("y=\"174\" text-anchor=\"middle\" class=\"tick\">([^<]+)</text>", in: chart).compactMap { Int($0) }
        #expect(labels == labels.sorted() && labels.count > 3, "\(labels)")
        let table = try #require(dialIn.components(separatedBy: "<caption>Coffee 1&#58; rated brews by grind</caption>").dropFirst().first)
        let grinds = try captures("<tr><td>([^<]+)</td>", in: table.components(separatedBy: "</table>")[0])
        let settings = grinds.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        #expect(settings.last == "fine" && settings.dropLast().map { Int($0) ?? -1 } == settings.dropLast().compactMap { Int($0) }.sorted(), "\(settings)")
        #expect(dialIn.contains("<caption>Coffee 1&#58; rated brews by grind</caption>"))
    }

    /// Journals whose every chart must have something to draw.
    static let journals: [String] = [
        HistoryJournal.years(), spring2020,
        // Unrated brews with neither a coffee nor a dose: a calendar, runs and brews per week, nothing else.
        #"{"id":"bare00000001","date":"2026-11-27T07:30:00+01:00","notes":"","method":"V60"}"# + "\n"
            + #"{"id":"bare00000002","date":"2026-11-28T07:30:00+01:00","notes":""}"# + "\n",
    ]

    @Test("no chart is drawn empty: every chart has a mark that stands for a number, and a chart without one is left out",
          arguments: journals.indices)
    func noEmptyChart(journal: Int) throws {
        let html = report(Self.journals[journal])
        let charts = charts(html)
        #expect(!charts.isEmpty)
        for chart in charts {
            let marks = try captures("class=\"(mark|bar|run|run longest|h[1-4])\"?[ >]", in: chart)
            #expect(!marks.isEmpty, "an empty chart: \(chart.prefix(200))")
        }
        if journal == 2 {
            #expect(charts.count == 3, "calendar, runs, brews per week: \(charts.map { $0.prefix(160) })")
            #expect(!html.contains("Grams of coffee per week") && section("ratios", in: html).isEmpty && section("freshness", in: html).isEmpty)
        }
    }

    @Test("each section's heading comes before its charts, each coffee's heading before its own, each caption before its chart")
    func headingsComeFirst() throws {
        let html = report(HistoryJournal.years())
        for id in ["calendar", "runs", "weekly", "freshness", "ratios", "dial-in"] {
            let text = section(id, in: html)
            let heading = try #require(text.range(of: "<h2>"), "\(id)")
            let chart = try #require(text.range(of: "<svg class=\"chart\""), "\(id)")
            #expect(heading.lowerBound < chart.lowerBound, "\(id)")
        }
        let groups = section("dial-in", in: html).components(separatedBy: "<div class=\"pair").dropFirst()
        #expect(groups.count == 12)
        for group in groups {
            let heading = try #require(group.range(of: "<h3>"))
            let chart = try #require(group.range(of: "<svg class=\"chart\""))
            #expect(heading.lowerBound < chart.lowerBound && group.hasPrefix(" wide\"><h3>"))
        }
        for figure in html.components(separatedBy: "<figure").dropFirst() where figure.contains("<svg class=\"chart\"") {
            let caption = try #require(figure.range(of: "<figcaption>"), "a chart without a caption")
            let chart = try #require(figure.range(of: "<svg class=\"chart\""))
            #expect(caption.lowerBound < chart.lowerBound)
        }
    }

    @Test("the bags' table has a cost per cup only when a bag's price is known, each to the cent")
    func costPerCupColumn() throws {
        let opened = try #require(CalendarDay(year: 2026, month: 11, day: 1))
        let bags = [BeanBag(id: try #require(BrewID("bagcost00001")), name: "Kenya AA", weightGrams: 250, opened: opened, price: 20),
                    BeanBag(id: try #require(BrewID("bagcost00002")), name: "Brazil", weightGrams: 250, opened: opened)]
        let brews = try ["Kenya AA", "Kenya AA", "Brazil"].enumerated().map { index, coffee in
            BrewRecord(id: try #require(BrewID("brewcost000\(index)")), timestamp: try #require(Timestamp(rfc3339: "2026-11-0\(index + 2)T08:00:00Z")),
                       coffee: coffee, doseGrams: 15)
        }
        let usage = BeanUsage.of(bags, brews: brews)
        let priced = ReportFreshness.bagsTable(usage, labels: ["Kenya AA", "Brazil"])
        #expect(priced.header.last == "Cost per cup")
        #expect(priced.rows.map { $0.last } == ["1.20", "-"])
        let unpriced = BeanUsage.of(bags.map { bag in
            var bag = bag
            bag.price = nil
            return bag
        }, brews: brews)
        #expect(ReportFreshness.bagsTable(unpriced, labels: ["Kenya AA", "Brazil"]).header.last == "Used")
    }
}

@testable import BrewLogCLI
import BrewLogCore
import Testing

@Suite("the chart module: nice ticks, labels that do not overlap, escaping")
struct ChartModuleTests {
    @Test("ticks fall on 1, 2 or 5 times a power of ten", arguments: [
        (0.0...13.0, 4, [0.0, 5, 10]), (0.0...15.0, 4, [0.0, 5, 10, 15]), (0.5...5.5, 5, [1.0, 2, 3, 4, 5]),
        (1.8...2.6, 4, [1.8, 2.0, 2.2, 2.4, 2.6]), (0.0...300.0, 4, [0.0, 100, 200, 300]),
    ])
    func niceTicks(domain: ClosedRange<Double>, count: Int, expected: [Double]) {
        #expect(LinearScale(domain: domain, from: 0, to: 100).ticks(count) == expected)
    }

    @Test("a domain is widened to whole steps, and a tick's text has the decimals its step needs")
    func niceDomainAndLabels() {
        #expect(LinearScale.nice(0...13, ticks: 4) == 0...15)
        #expect(LinearScale.label(2.2, step: 0.2) == "2.2")
        #expect(LinearScale.label(10, step: 5) == "10")
        #expect(LinearScale.label(0.30000000000000004, step: 0.1) == "0.3")
    }

    @Test("a label that would overlap the one before, or leave the axis, is left out")
    func labelsDoNotOverlap() {
        let kept = ChartAxis.nonOverlapping([(10, "Nov 2025"), (30, "Dec"), (90, "Jan 2026"), (390, "Nov")], left: 0, right: 400, anchor: .start)
        #expect(kept.map(\.text) == ["Nov 2025", "Jan 2026"])
    }

    @Test("text is escaped for elements and attributes, with : and control characters")
    func escaping() {
        #expect(HTMLEscaping.escaped("<a href=\"javascript:x\">'&amp;'</a>\u{7}")
                == "&lt;a href=&quot;javascript&#58;x&quot;&gt;&#39;&amp;amp;&#39;&lt;/a&gt;")
    }

    @Test("a bidirectional override or isolate in journal text is shown as an escape, so it cannot reorder the page",
          arguments: ["\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}"])
    func bidiControlsAreVisible(control: String) {
        let code = String(control.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true)
        #expect(HTMLEscaping.escaped("ab" + control + "cd") == "ab\\u{" + code + "}cd")
    }

    @Test("a week's totals leave out brews before the first week and after the last")
    func weeklyTotals() throws {
        func brew(_ date: String, dose: Double) throws -> BrewRecord {
            BrewRecord(id: try #require(BrewID("w" + date.prefix(10).filter(\.isNumber))), timestamp: try #require(Timestamp(rfc3339: date)),
                       rating: 4, doseGrams: dose)
        }
        let records = try [brew("2026-11-13T08:00:00Z", dose: 1), brew("2026-11-16T08:00:00Z", dose: 15), brew("2026-11-29T08:00:00Z", dose: 18),
                           brew("2026-11-30T08:00:00Z", dose: 99)]
        let today = try #require(CalendarDay(year: 2026, month: 11, day: 29))
        let totals = WeeklyTotals(records, weeks: 2, endingOn: today, rules: .standard, day: \.day)
        #expect(totals.weeks.map(\.start.description) == ["2026-11-16", "2026-11-23"])
        #expect(totals.weeks.map(\.brews) == [1, 1])
        #expect(totals.weeks.map(\.grams) == [15, 18])
        #expect(totals.weeks.map(\.averageRating) == [4, 4])
    }

    @Test("every series up to the palette's pairs has a colour and shape pair of its own, and no series is grey")
    func seriesPairsAreDistinct() {
        let pairs = (0..<ChartSeries.distinct).map { ChartSeries.style($0) + " " + ChartSeries.shape($0).rawValue }
        #expect(ChartSeries.distinct >= 48 && Set(pairs).count == ChartSeries.distinct)
        #expect(Set((0..<8).map(ChartSeries.style)).count == 8, "the first eight series share a colour")
        #expect(!ChartSeries.css.lowercased().contains("#7a7a7a"))
    }

    @Test("weeks spanning the brews: from the first brew's week to the last's, every week between, in any order")
    func weeklyTotalsSpanTheBrews() throws {
        func brew(_ date: String) throws -> BrewRecord {
            BrewRecord(id: try #require(BrewID("s" + date.prefix(10).filter(\.isNumber))), timestamp: try #require(Timestamp(rfc3339: date)), doseGrams: 15)
        }
        let records = try [brew("2026-11-28T08:00:00Z"), brew("2020-03-04T08:00:00Z"), brew("2020-03-20T08:00:00Z")]
        let totals = WeeklyTotals(spanning: records, rules: .standard, day: \.day)
        #expect(totals.weeks.first?.start.description == "2020-03-02" && totals.weeks.last?.start.description == "2026-11-23")
        #expect(totals.weeks.count == 352 && totals.weeks.map(\.brews).reduce(0, +) == 3)
        #expect(totals.weeks.map(\.brews).prefix(3) == [1, 0, 1])
        #expect(WeeklyTotals(spanning: [], rules: .standard, day: \.day).weeks.isEmpty)
    }

    @Test("grind settings sort by the number they start with, then the words, so 8 clicks comes before 22 clicks")
    func grindSettingOrder() {
        let settings = ["22 clicks", "fine", "8 clicks", "2", "1.5", "coarse", "nan", "1e999"]
        #expect(settings.sorted { ReportDialIn.settingOrder($0) < ReportDialIn.settingOrder($1) }
                == ["1e999", "1.5", "2", "8 clicks", "22 clicks", "coarse", "fine", "nan"])
    }
}

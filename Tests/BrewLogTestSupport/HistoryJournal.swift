import BrewLogCore

/// Journals of years for the report's tests, made brew by brew from a seed, so every run draws
/// the same page.
public enum HistoryJournal {
    /// Brews from March 2020 to November 2026 with a gap from July 2022 to February 2023, from
    /// `bags` bags opened one after another (each named "Coffee N"), by V60, espresso and a moka
    /// pot logged with a dose only (so it has no ratio), a brew on about two days in three.
    public static func years(bags: Int = 14) -> String {
        var random = SeededRandomGenerator(seed: 2020)
        guard let start = day(2020, 3, 2), let end = day(2026, 11, 28) else { return "" }
        let gap = (day(2022, 7, 1) ?? 0)..<(day(2023, 3, 1) ?? 0)
        let length = (end - start) / max(1, bags)
        var lines: [String] = []
        for bag in 0..<bags {
            let opened = start + bag * length
            let finished = bag == bags - 1 ? "" : #","finished":"\#(text(opened + length - 1))""#
            lines.append(#"{"id":"bag\#(hex(bag, 9))","kind":"bean","name":"Coffee \#(bag + 1)","roasted":"\#(text(opened - 5))","weight_g":5000,"opened":"\#(text(opened))"\#(finished)}"#)
        }
        var count = 0
        for today in start...end where !gap.contains(today) && Int.random(in: 0..<3, using: &random) > 0 {
            let bag = min(bags - 1, (today - start) / max(1, length))
            let rating = Int.random(in: 1...5, using: &random)
            let fields: String
            switch Int.random(in: 0..<3, using: &random) {
            case 0: fields = #""method":"V60","dose_g":15,"water_g":\#(Int.random(in: 230...260, using: &random)),"grind":"\#(Int.random(in: 18...26, using: &random))""#
            case 1: fields = #""method":"Espresso","dose_g":18,"yield_g":\#(Int.random(in: 32...46, using: &random)),"grind":"\#(Int.random(in: 7...11, using: &random))""#
            default: fields = #""method":"Moka pot","dose_g":17,"grind":"fine""#
            }
            lines.append(#"{"id":"brew\#(hex(count, 8))","date":"\#(text(today))T07:30:00Z","rating":\#(rating),"notes":"","coffee":"Coffee \#(bag + 1)",\#(fields)}"#)
            count += 1
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func day(_ year: Int, _ month: Int, _ day: Int) -> Int? {
        CalendarDay(year: year, month: month, day: day)?.daysSinceEpoch
    }

    private static func text(_ days: Int) -> String {
        CalendarDay(daysSinceEpoch: days).description
    }

    private static func hex(_ value: Int, _ width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

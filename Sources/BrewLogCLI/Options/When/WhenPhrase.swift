import BrewLogCore

/// A WHEN argument read into its parts, before anything is placed on a calendar (which takes
/// now and a time zone, see ``When``). Case is ignored; words are separated by spaces or tabs.
enum WhenPhrase: Equatable, Sendable {
    /// `now`.
    case now
    /// `-3h`, `90 minutes ago`: this many seconds before now.
    case before(seconds: Int)
    /// A day, with a time of day on the local clock or none (then it is the whole day).
    case local(WhenDay, WhenClock?)
    /// A time of day alone, `7:30`: today, on the local clock.
    case timeToday(WhenClock)
    /// The tool's own moment format with an offset: `2026-11-29T07:30:00.25+01:00`.
    case fixed(CalendarDay, WhenClock, utcOffsetSeconds: Int)
    /// Several whole days named as one: `2026-11`, `nov`, `last week`, `this month`.
    case period(WhenPeriod)

    /// Reads `text`, or says why it is no WHEN.
    init(parsing text: String) throws(WhenError) {
        // Every form is printable ASCII, so a character is a byte from here on.
        guard text.utf8.allSatisfy({ $0 == UInt8(ascii: "\t") || (0x20..<0x7F).contains($0) }) else { throw .unrecognised }
        let words = text.lowercased().split { $0 == " " || $0 == "\t" }
        guard let first = words.first else { throw .unrecognised }
        if words.count == 1, first == "now" {
            self = .now
            return
        }
        if let seconds = try WhenPhrase.secondsAgo(words[...]) {
            self = .before(seconds: seconds)
            return
        }
        if let moment = try WhenPhrase.ownFormat(words) {
            self = moment
            return
        }
        if let period = try WhenPeriod.parse(words) {
            self = .period(period)
            return
        }
        if let (day, used) = try WhenDay.parse(words[...]) {
            let rest = words[used...]
            if rest.isEmpty {
                self = .local(day, nil)
            } else if case let .date(date) = day, rest.count == 1, let first = rest.first,
                      let (clock, offset) = try WhenClock.parseWithOffset(first) {
                // Only a written-out date may carry an offset: "yesterday" has no meaning in +09:00.
                self = offset.map { .fixed(date, clock, utcOffsetSeconds: $0) } ?? .local(day, clock)
            } else if let clock = try WhenClock.parse(rest) {
                self = .local(day, clock)
            } else {
                throw .unrecognised
            }
            return
        }
        guard let clock = try WhenClock.parse(words[...]) else { throw .unrecognised }
        self = .timeToday(clock)
    }

    /// Whether the user typed a time of day and no day (the hint for a future `add --date 7:30`
    /// suggests the same time yesterday).
    var omitsDay: Bool {
        if case .timeToday = self { true } else { false }
    }

    /// `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]` as one word; the same with a space for the `T`
    /// is read as a date followed by a time.
    private static func ownFormat(_ words: [Substring]) throws(WhenError) -> WhenPhrase? {
        guard words.count == 1, let word = words.first, word.utf8.count > 11 else { return nil }
        let separator = word.index(word.startIndex, offsetBy: 10)
        guard word[separator] == "t", let day = try WhenDay.date(word[..<separator]),
              let (clock, offset) = try WhenClock.parseWithOffset(word[word.index(after: separator)...]) else { return nil }
        return offset.map { .fixed(day, clock, utcOffsetSeconds: $0) } ?? .local(.date(day), clock)
    }

    /// `-3h`, `-90m`, `3 hours ago`, `1 minute ago`: seconds before now, when `words` is one.
    private static func secondsAgo(_ words: ArraySlice<Substring>) throws(WhenError) -> Int? {
        guard let relative = try relativeCount(words, units: ["h": 3600, "m": 60, "hour": 3600, "hours": 3600, "minute": 60, "minutes": 60]),
              relative.used == words.count else { return nil }
        let (seconds, overflow) = relative.count.multipliedReportingOverflow(by: relative.unit)
        guard !overflow else { throw .outOfRange }
        return seconds
    }

    /// A count and its unit's size, written `-Nx` (one word) or `N unit ago` (three words), at
    /// the start of `words`: the count, how many words it took, and the size of its unit (in
    /// `units`' terms); `nil` when `words` does not start with one of those units.
    static func relativeCount(_ words: ArraySlice<Substring>, units: [Substring: Int]) throws(WhenError) -> (count: Int, used: Int, unit: Int)? {
        guard let first = words.first else { return nil }
        if first.hasPrefix("-"), let letter = first.last, let unit = units[Substring(String(letter))] {
            guard let count = try WhenDigits.count(first.dropFirst().dropLast()) else { return nil }
            return (count, 1, unit)
        }
        let index = words.startIndex
        guard words.count >= 3, let unit = units[words[index + 1]], words[index + 2] == "ago",
              let count = try WhenDigits.count(first) else { return nil }
        return (count, 3, unit)
    }
}

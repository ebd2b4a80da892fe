import BrewLogCore

/// The FILTERS of `list`, `stats` and `export`: a date range, a day or period (`--on`), methods
/// and coffees (equal ignoring case; repeated: any of them), tags (repeated: all of them), a
/// lowest rating and a text in the notes. A brew passes when it passes every filter given.
///
/// A brew's day is its date in the offset it was recorded in, for every date filter alike.
struct BrewFilter {
    static let since = OptionSpec("since", value: "when", completes: .fixed(["now", "today", "yesterday"]), help: "Only brews at or after this (a day includes its whole day; a week or month starts on its first day).")
    static let until = OptionSpec("until", value: "when", completes: .fixed(["now", "today", "yesterday"]), help: "Only brews at or before this (a day includes its whole day; a week or month ends on its last day).")
    static let on = OptionSpec("on", value: "when", completes: .fixed(["today", "yesterday"]), help: "Only brews on this day or in this week or month: today, last mon, this week, last month, nov, 2026-11.")
    static let method = OptionSpec("method", short: "m", value: "m", completes: .lookup(.methods), repeatable: true, help: "Only brews of this method, ignoring case (repeat: any of them).")
    static let coffee = OptionSpec("coffee", short: "c", value: "c", completes: .lookup(.coffees), repeatable: true, help: "Only brews of this coffee, ignoring case (repeat: any of them).")
    static let tag = OptionSpec("tag", value: "t", completes: .lookup(.tags), repeatable: true, help: "Only brews with this tag (repeat: all of them).")
    static let minRating = OptionSpec("min-rating", value: "n", completes: .nothing, help: "Only brews rated n (1 to 5) or more.")
    static let grep = OptionSpec("grep", value: "text", completes: .nothing, help: "Only brews whose notes contain text, ignoring case.")

    static let options = [since, until, on, method, coffee, tag, minRating, grep]

    var since: When?
    var until: When?
    /// The days `--on` keeps.
    var on: ClosedRange<CalendarDay>?
    /// Lowercased; empty means any.
    var methods: Set<String> = []
    /// Lowercased; empty means any.
    var coffees: Set<String> = []
    var tags: [String] = []
    var minRating: Int?
    /// Lowercased.
    var grep: String?

    init(_ context: CommandContext) throws(CLIError) {
        since = try context.whenSpan(BrewFilter.since)?.first
        until = try context.whenSpan(BrewFilter.until)?.last
        on = try BrewFilter.days(context)
        if let since, let until, BrewFilter.startsAfterEnd(since, until) {
            throw context.usage("'--since' is after '--until': no brew can match",
                                hint: "swap them, or check the dates (--since \(since.text), --until \(until.text))")
        }
        if let on, let since, BrewFilter.startsAfterEnd(since, .day(on.upperBound)) {
            throw context.usage("'--since' is after the last day of '--on': no brew can match",
                                hint: "check the dates (--since \(since.text), --on \(on.lowerBound) to \(on.upperBound))")
        }
        if let on, let until, BrewFilter.startsAfterEnd(.day(on.lowerBound), until) {
            throw context.usage("'--until' is before the first day of '--on': no brew can match",
                                hint: "check the dates (--on \(on.lowerBound) to \(on.upperBound), --until \(until.text))")
        }
        methods = Set(context.arguments.all(BrewFilter.method).map { $0.lowercased() })
        coffees = Set(context.arguments.all(BrewFilter.coffee).map { $0.lowercased() })
        tags = context.arguments.all(BrewFilter.tag)
        for tag in tags {
            do throws(InvalidFieldError) {
                try BrewRecord.validateTag(tag)
            } catch {
                throw context.usage("invalid value '\(cappedForMessage(tag))' for '--tag': \(error.message)", hint: "give one tag per --tag; repeat it for brews with all of them")
            }
        }
        if let text = context.arguments.value(BrewFilter.minRating) {
            guard text.utf8.count == 1, let rating = Int(text), (1...5).contains(rating) else {
                throw context.usage("invalid value '\(cappedForMessage(text))' for '--min-rating'", hint: "give a whole number from 1 to 5")
            }
            minRating = rating
        }
        if let text = context.arguments.value(BrewFilter.grep) {
            guard !text.isEmpty else { throw context.usage("'--grep' needs some text to look for") }
            grep = text.lowercased()
        }
    }

    /// Whether no filter is given.
    var isEmpty: Bool { since == nil && until == nil && on == nil && !needsFields }

    /// Whether a filter needs more than the date (so every brew must be read in full).
    var needsFields: Bool { !methods.isEmpty || !coffees.isEmpty || !tags.isEmpty || minRating != nil || grep != nil }

    /// Whether a brew at `timestamp` is inside `--since`, `--until` and `--on`.
    func admits(_ timestamp: Timestamp) -> Bool {
        (since?.startsOnOrBefore(timestamp) ?? true) && (until?.endsOnOrAfter(timestamp) ?? true)
            && (on?.contains(timestamp.day) ?? true)
    }

    func admits(_ brew: Brew) -> Bool {
        admits(brew.record)
    }

    func admits(_ record: BrewRecord) -> Bool {
        guard admits(record.timestamp) else { return false }
        if !methods.isEmpty, !methods.contains(record.method?.lowercased() ?? "") { return false }
        if !coffees.isEmpty, !coffees.contains(record.coffee?.lowercased() ?? "") { return false }
        if !tags.isEmpty, !tags.allSatisfy(record.tags.contains) { return false }
        if let minRating, (record.rating ?? 0) < minRating { return false }
        if let grep, !record.notes.lowercased().contains(grep) { return false }
        return true
    }

    /// The days `--on` names: a day, or a week's or a month's; a moment is refused, since no
    /// brew but one at that very instant could match.
    private static func days(_ context: CommandContext) throws(CLIError) -> ClosedRange<CalendarDay>? {
        guard let span = try context.whenSpan(BrewFilter.on) else { return nil }
        guard let days = span.days else {
            throw context.usage("'--on' takes a day, a week or a month, not a moment ('\(cappedForMessage(context.arguments.value(BrewFilter.on) ?? ""))')",
                                hint: "give a day or a period (--on today, --on 'last week', --on 2026-11), or a stretch of time with --since and --until")
        }
        return days
    }

    /// The widest offset a journal's date may have, in seconds (±23:59).
    private static let widestOffset = 23 * 3600 + 59 * 60

    /// Whether `since` starts after `until` ends: days compare as days, moments as moments, and a
    /// moment with a day by its own calendar day (as the filters compare them).
    ///
    /// A day against a moment allows for every offset a brew may be recorded with: a brew's day
    /// is its date in that offset (a journal holds any from −23:59 to +23:59, not only the zones'
    /// −12:00 to +14:00), so a brew on 30 November in New York may come after 1 December 00:00
    /// UTC. Only a gap no offset bridges is refused.
    private static func startsAfterEnd(_ since: When, _ until: When) -> Bool {
        switch (since, until) {
        case let (.day(start), .day(end)): start > end
        case let (.moment(start), .moment(end)): start.date > end.date
        case let (.day(start), .moment(end)): start > Timestamp(date: end.date.addingTimeInterval(Double(BrewFilter.widestOffset)), utcOffsetSeconds: 0).day
        case let (.moment(start), .day(end)): Timestamp(date: start.date.addingTimeInterval(-Double(BrewFilter.widestOffset)), utcOffsetSeconds: 0).day > end
        }
    }
}

extension When {
    /// The day or moment as BrewLog writes it, for messages.
    var text: String {
        switch self {
        case .day(let day): "\(day)"
        case .moment(let timestamp): timestamp.description
        }
    }
}

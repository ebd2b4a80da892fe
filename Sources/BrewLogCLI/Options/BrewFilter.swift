import BrewLogCore

/// The FILTERS of `list`, `stats`, `report` and `export`, read from the command line into the
/// core's ``BrewQuery`` (which holds the rules of what passes): a date range, a day or period
/// (`--on`), methods, coffees, tags, a lowest rating and a text in the notes.
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
    /// What the filters keep.
    private(set) var query = BrewQuery()

    init(_ context: CommandContext) throws(CLIError) {
        since = try context.whenSpan(BrewFilter.since)?.first
        until = try context.whenSpan(BrewFilter.until)?.last
        on = try BrewFilter.days(context)
        if let since, let until, since.bound.startsAfterEnd(until.bound) {
            throw context.usage("'--since' is after '--until': no brew can match",
                                hint: "swap them, or check the dates (--since \(since.text), --until \(until.text))")
        }
        if let on, let since, since.bound.startsAfterEnd(.day(on.upperBound)) {
            throw context.usage("'--since' is after the last day of '--on': no brew can match",
                                hint: "check the dates (--since \(since.text), --on \(on.lowerBound) to \(on.upperBound))")
        }
        if let on, let until, BrewQuery.Bound.day(on.lowerBound).startsAfterEnd(until.bound) {
            throw context.usage("'--until' is before the first day of '--on': no brew can match",
                                hint: "check the dates (--on \(on.lowerBound) to \(on.upperBound), --until \(until.text))")
        }
        let tags = context.arguments.all(BrewFilter.tag)
        for tag in tags {
            do throws(InvalidFieldError) {
                try BrewRecord.validateTag(tag)
            } catch {
                throw context.usage("invalid value '\(cappedForMessage(tag))' for '--tag': \(error.message)", hint: "give one tag per --tag; repeat it for brews with all of them")
            }
        }
        var minRating: Int?
        if let text = context.arguments.value(BrewFilter.minRating) {
            guard text.utf8.count == 1, let rating = Int(text), (1...5).contains(rating) else {
                throw context.usage("invalid value '\(cappedForMessage(text))' for '--min-rating'", hint: "give a whole number from 1 to 5")
            }
            minRating = rating
        }
        let grep = context.arguments.value(BrewFilter.grep)
        if grep?.isEmpty == true { throw context.usage("'--grep' needs some text to look for") }
        query = BrewQuery(since: since?.bound, until: until?.bound, days: on, methods: context.arguments.all(BrewFilter.method),
                          coffees: context.arguments.all(BrewFilter.coffee), tags: tags, minRating: minRating, grep: grep)
    }

    /// Whether no filter is given.
    var isEmpty: Bool { query.isEmpty }

    /// Whether a filter needs more than the date (so every brew must be read in full).
    var needsFields: Bool { query.needsFields }

    /// Whether a brew at `timestamp` is inside `--since`, `--until` and `--on`.
    func admits(_ timestamp: Timestamp) -> Bool { query.admits(timestamp) }

    func admits(_ brew: Brew) -> Bool { query.admits(brew.record) }

    func admits(_ record: BrewRecord) -> Bool { query.admits(record) }

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
}

extension When {
    /// The bound of a date range it is, for the core's query.
    var bound: BrewQuery.Bound {
        switch self {
        case .day(let day): .day(day)
        case .moment(let timestamp): .moment(timestamp)
        }
    }

    /// The day or moment as BrewLog writes it, for messages.
    var text: String {
        switch self {
        case .day(let day): "\(day)"
        case .moment(let timestamp): timestamp.description
        }
    }
}

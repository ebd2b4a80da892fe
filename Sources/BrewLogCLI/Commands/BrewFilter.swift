import BrewLogCore

/// The FILTERS of `list`, `stats` and `export`: a date range, methods and coffees (equal ignoring
/// case; repeated: any of them), tags (repeated: all of them), a lowest rating and a text in the
/// notes. A brew passes when it passes every filter given.
struct BrewFilter {
    static let since = OptionSpec("since", value: "when", help: "Only brews at or after this (a day includes its whole day).")
    static let until = OptionSpec("until", value: "when", help: "Only brews at or before this (a day includes its whole day).")
    static let method = OptionSpec("method", short: "m", value: "m", repeatable: true, help: "Only brews of this method, ignoring case (repeat: any of them).")
    static let coffee = OptionSpec("coffee", short: "c", value: "c", repeatable: true, help: "Only brews of this coffee, ignoring case (repeat: any of them).")
    static let tag = OptionSpec("tag", value: "t", repeatable: true, help: "Only brews with this tag (repeat: all of them).")
    static let minRating = OptionSpec("min-rating", value: "n", help: "Only brews rated n (1 to 5) or more.")
    static let grep = OptionSpec("grep", value: "text", help: "Only brews whose notes contain text, ignoring case.")

    static let options = [since, until, method, coffee, tag, minRating, grep]

    var since: When?
    var until: When?
    /// Lowercased; empty means any.
    var methods: Set<String> = []
    /// Lowercased; empty means any.
    var coffees: Set<String> = []
    var tags: [String] = []
    var minRating: Int?
    /// Lowercased.
    var grep: String?

    init(_ context: CommandContext) throws(CLIError) {
        since = try context.when(BrewFilter.since)
        until = try context.when(BrewFilter.until)
        if let since, let until, BrewFilter.startsAfterEnd(since, until) {
            throw context.usage("'--since' is after '--until': no brew can match",
                                hint: "swap them, or check the dates (--since \(since.text), --until \(until.text))")
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
    var isEmpty: Bool { since == nil && until == nil && !needsFields }

    /// Whether a filter needs more than the date (so every brew must be read in full).
    var needsFields: Bool { !methods.isEmpty || !coffees.isEmpty || !tags.isEmpty || minRating != nil || grep != nil }

    /// Whether a brew at `timestamp` is inside `--since` and `--until`.
    func admits(_ timestamp: Timestamp) -> Bool {
        (since?.startsOnOrBefore(timestamp) ?? true) && (until?.endsOnOrAfter(timestamp) ?? true)
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

    /// Whether `since` starts after `until` ends: days compare as days, moments as moments, and a
    /// moment with a day by its own calendar day (as the filters compare them).
    private static func startsAfterEnd(_ since: When, _ until: When) -> Bool {
        switch (since, until) {
        case let (.day(start), .day(end)): start > end
        case let (.moment(start), .moment(end)): start.date > end.date
        case let (.day(start), .moment(end)): start > end.day
        case let (.moment(start), .day(end)): start.day > end
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

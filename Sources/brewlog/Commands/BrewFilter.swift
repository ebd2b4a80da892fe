import BrewLogCore

/// The filters of `list`; `--since` and `--until` are shared with `stats` and `export`.
struct BrewFilter {
    static let since = OptionSpec("since", value: "when", help: "Only brews at or after this (a date includes its whole day).")
    static let until = OptionSpec("until", value: "when", help: "Only brews at or before this (a date includes its whole day).")

    static let method = OptionSpec("method", value: "m", help: "Only brews whose method contains m.")
    static let coffee = OptionSpec("coffee", value: "c", help: "Only brews whose coffee contains c.")
    static let tag = OptionSpec("tag", value: "t", repeatable: true, help: "Only brews with this tag (repeatable).")

    static let options = [since, until, method, coffee, tag]

    var since: When?
    var until: When?
    var method: String?
    var coffee: String?
    var tags: [String] = []

    init(_ context: CommandContext) throws(CLIError) {
        since = try context.when(BrewFilter.since)
        until = try context.when(BrewFilter.until)
        method = context.arguments.value(BrewFilter.method)?.lowercased()
        coffee = context.arguments.value(BrewFilter.coffee)?.lowercased()
        tags = context.arguments.all(BrewFilter.tag)
    }

    /// Whether a filter needs more than the date (so every brew must be read in full).
    var needsFields: Bool { method != nil || coffee != nil || !tags.isEmpty }

    /// Whether a brew at `timestamp` is inside `--since` and `--until`.
    func admits(_ timestamp: Timestamp) -> Bool {
        (since?.startsOnOrBefore(timestamp) ?? true) && (until?.endsOnOrAfter(timestamp) ?? true)
    }

    func admits(_ brew: Brew) -> Bool {
        guard admits(brew.timestamp) else { return false }
        if let method, !(brew.method?.lowercased().contains(method) ?? false) { return false }
        if let coffee, !(brew.coffee?.lowercased().contains(coffee) ?? false) { return false }
        if !tags.isEmpty {
            let brewTags = brew.tags
            if !tags.allSatisfy(brewTags.contains) { return false }
        }
        return true
    }
}

import BrewLogCore

/// The validators of ``KnownConfigKeys``. The brew fields use the field table's limits and
/// parsers (`BrewField`, `parseDecimal`, `BrewTime`, `BrewRecord.validateTag`), with the units the
/// command line accepts (`15g`, `94C`), so a default is refused exactly when the option would be.
/// Those that take a known set of values are ``ConfigValidator``s, which carry the set for
/// completion to offer.
enum ConfigValidators {
    typealias Reading = Result<ConfigValue, ConfigValueProblem>

    /// A path: not empty, not a folder (`/` at the end), `~` only as `~/`.
    @Sendable static func path(_ text: String) -> Reading {
        if text.isEmpty { return problem("give a file's path, e.g. ~/brews.jsonl") }
        if text.hasSuffix("/") || [".", ".."].contains(text) || text.hasSuffix("/.") || text.hasSuffix("/..") {
            return problem("it names a folder; give the journal file's path")
        }
        if text.hasSuffix(".lock") || text.hasSuffix(".rejected") {
            return problem("a journal's name may not end in .lock or .rejected (BrewLog keeps its lock and rejected lines there)")
        }
        if text.hasPrefix("~") && !text.hasPrefix("~/") { return problem("only '~/' (your home) is expanded; give a path") }
        return .success(.text(text))
    }

    /// One of `choices`, exactly.
    static func choice(_ choices: [String]) -> ConfigValidator {
        ConfigValidator(read: { text in
            choices.contains(text) ? .success(.text(text))
                : problem("use " + choices.listedWithOr)
        }, offers: .oneOf(choices))
    }

    /// A comma list of `list` columns, each once.
    static let columns = ConfigValidator(read: readColumns, offers: .listOf(KnownConfigKeys.listColumns))

    @Sendable private static func readColumns(_ text: String) -> Reading {
        // Any case, as `--columns` takes them.
        let names = commaList(text).map { $0.lowercased() }
        guard !names.isEmpty else { return problem("give at least one column") }
        for name in names where !KnownConfigKeys.listColumns.contains(name) {
            let hint = nearest(to: name, in: KnownConfigKeys.listColumns).map { "did you mean '\($0)'? " } ?? ""
            return problem("unknown column '\(cappedForMessage(name))'; \(hint)columns: " + KnownConfigKeys.listColumns.joined(separator: ","))
        }
        if let repeated = firstRepeated(names) { return problem("the column '\(repeated)' is listed twice") }
        return .success(.words(names))
    }

    /// Words to run: split as a shell splits plain words and quotes, never run by one.
    @Sendable static func alias(_ text: String) -> Reading {
        if text.trimmingWhitespaceForCLI().hasPrefix("!") {
            return problem("shell aliases ('!...') are not supported: brewlog never runs a shell; give brewlog's own words, e.g. 'list --since today'")
        }
        switch AliasWords.split(text) {
        case .failure(let problem): return .failure(problem)
        case .success(let words) where words.isEmpty: return problem("an alias needs at least a command, e.g. 'list --since today'")
        case .success(let words): return .success(.words(words))
        }
    }

    /// `HH:MM` (or `H:MM`), from 00:00 to 23:59.
    /// `ui.currency`: a code or a symbol (`EUR`, `€`, `kr`), 1 to 8 characters, no spaces or
    /// control characters: it follows every cost on a line of a table.
    @Sendable static func currency(_ text: String) -> Reading {
        guard (1...8).contains(text.count), !text.unicodeScalars.contains(where: { TerminalText.isControl($0) || $0.properties.isWhitespace }) else {
            return problem("give a currency code or symbol of 1 to 8 characters without spaces, e.g. EUR or €")
        }
        return .success(.text(text))
    }

    @Sendable static func timeOfDay(_ text: String) -> Reading {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60 else {
            return problem("use HH:MM, from 00:00 to 23:59, e.g. 04:00")
        }
        return .success(.minutes(hour * 60 + minute))
    }

    /// Weekdays (`mon` or `monday`, any case), comma-separated, each once, not all seven; empty
    /// for none. Completion offers the short names, as the hint words them.
    static let weekdays = ConfigValidator(read: readWeekdays, offers: .listOf(Weekday.allCases.map(\.shortName)))

    @Sendable private static func readWeekdays(_ text: String) -> Reading {
        var days: [Weekday] = []
        for name in commaList(text) {
            guard let day = Weekday(name: name) else {
                return problem("unknown weekday '\(cappedForMessage(name))'; use mon, tue, wed, thu, fri, sat, sun (or full names)")
            }
            if days.contains(day) { return problem("'\(day.name)' is listed twice") }
            days.append(day)
        }
        if days.count == Weekday.allCases.count { return problem("every day cannot be a rest day") }
        if days.isEmpty && !text.trimmingWhitespaceForCLI().isEmpty { return problem("give weekdays such as sat,sun") }
        return .success(.weekdays(days.sorted()))
    }

    /// How many days a tombstone is kept (`sync.keep-removed`): a whole number of days, 0 to
    /// 100,000 (about 270 years, so no arithmetic on it can overflow).
    @Sendable static func keepRemovedDays(_ text: String) -> Reading {
        guard !text.isEmpty, text.utf8.count <= 6, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let days = Int(text), days <= 100_000 else {
            return problem("give a whole number of days from 0 to 100000")
        }
        return .success(.integer(days))
    }

    /// A whole number of days in a week, from 1 to 7.
    static let weeklyTarget = ConfigValidator(read: readWeeklyTarget, offers: .oneOf(weeklyTargets.map(String.init)))

    private static let weeklyTargets = 1...Weekday.allCases.count

    @Sendable private static func readWeeklyTarget(_ text: String) -> Reading {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let days = Int(text), weeklyTargets.contains(days) else {
            return problem("give a whole number of days from \(weeklyTargets.lowerBound) to \(weeklyTargets.upperBound)")
        }
        return .success(.integer(days))
    }

    /// How many changes the history keeps, a whole number from 1 to a million.
    static let historyKeep = ConfigValidator(read: readHistoryKeep, offers: .nothing)

    static let historyKeeps = 1...1_000_000

    @Sendable private static func readHistoryKeep(_ text: String) -> Reading {
        guard !text.isEmpty, text.utf8.count <= 7, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let count = Int(text), historyKeeps.contains(count) else {
            return problem("give a whole number of changes from \(historyKeeps.lowerBound) to 1000000")
        }
        return .success(.integer(count))
    }

    /// The validator of the recipe field `field` (`add.dose`, `recipe.NAME.tags`): the field
    /// table's parser, the one `add` reads its option with, so a default is refused exactly when
    /// the option would be. Completion offers what the option offers.
    static func brewDefault(_ field: BrewField) -> ConfigValidator {
        ConfigValidator(read: { text in
            switch field.parse(text) {
            case .success(let value): .success(.field(value))
            case .failure(.empty): problem("must not be empty; to have no default, unset the key")
            case .failure(.controlCharacter(let scalar)): problem("contains the control character \(TerminalText.escaped(String(scalar)))")
            case .failure(let failure): problem(failure.hint(for: field))
            }
        }, offers: .field(field))
    }

    /// A recipe's steps for the brew timer (`bloom 0:45, pour 150g 1:15`), read by the core's
    /// ``BrewSteps/parse(_:)``.
    @Sendable static func brewSteps(_ text: String) -> Reading {
        switch BrewSteps.parse(text) {
        case .success(let steps): .success(.steps(steps))
        case .failure(let failure): problem(failure.message)
        }
    }

    /// A comma list of recipe fields a layer removes (`water,tags`), each once, by the names
    /// `--unset` takes.
    static let unsetFields = ConfigValidator(read: readUnsetFields, offers: .listOf(BrewField.recipeFields.map(\.name)))

    @Sendable private static func readUnsetFields(_ text: String) -> Reading {
        // Any case, by name or journal key (`dose`, `DOSE`, `dose_g`), as `--unset` takes them.
        let names = commaList(text).map { $0.lowercased() }.map { BrewField(name: $0)?.name ?? $0 }
        let known = BrewField.recipeFields.map(\.name)
        guard !names.isEmpty else { return problem("give at least one field, e.g. water,tags") }
        for name in names where !known.contains(name) {
            let hint = nearest(to: name, in: known).map { "did you mean '\($0)'? " } ?? ""
            return problem("'\(cappedForMessage(name))' is not a recipe field; \(hint)fields: " + known.joined(separator: ","))
        }
        if let repeated = firstRepeated(names) { return problem("the field '\(repeated)' is listed twice") }
        return .success(.words(names))
    }

    /// The items of a comma list, trimmed; an empty text has none, an empty item is kept (and refused by the caller).
    private static func commaList(_ text: String) -> [String] {
        guard !text.trimmingWhitespaceForCLI().isEmpty else { return [] }
        return text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespaceForCLI() }
    }

    private static func firstRepeated(_ items: [String]) -> String? {
        var seen: Set<String> = []
        return items.first { !seen.insert($0).inserted }
    }

    private static func problem(_ message: String) -> Reading {
        .failure(ConfigValueProblem(message: message))
    }
}

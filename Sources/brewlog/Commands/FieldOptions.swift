import BrewLogCore

/// The FIELDS options `add` and `edit` share, each with its parser, written through a binding.
enum FieldOptions {
    static let specs: [OptionSpec] = [
        OptionSpec("rating", value: "n", help: "Rating from 1 to 5."),
        OptionSpec("notes", value: "text", help: "Tasting notes ('-' reads standard input)."),
        OptionSpec("method", value: "text", help: "Brew method: V60, AeroPress, espresso, ..."),
        OptionSpec("coffee", value: "text", help: "The beans or blend."),
        OptionSpec("dose", value: "g", help: "Dose of coffee in grams (more than 0, at most 1000)."),
        OptionSpec("water", value: "g", help: "Water in grams (more than 0, at most 10000)."),
        OptionSpec("grind", value: "text", help: "Grind setting, e.g. '22 clicks'."),
        OptionSpec("temp", value: "c", help: "Water temperature in °C (0 to 100)."),
        OptionSpec("time", value: "duration", help: "Brew time: 165, 165s, 2:45 or 1h2m3s (at most 24h)."),
        OptionSpec("tag", value: "tag", repeatable: true, help: "Add a tag (repeatable; no commas or spaces)."),
    ]

    /// Whether any field option was given.
    static func anyGiven(in arguments: ParsedArguments) -> Bool {
        specs.contains { arguments.value($0.long) != nil }
    }

    /// Parses each field option given and writes it into `draft`, refusing a value outside its
    /// field's range here, where the text the user typed can be echoed (capped). Validation of
    /// the whole record happens after, in the core.
    ///
    /// `notes` is `--notes` as ``notes(_:_:)`` read it, which the command does before it opens
    /// the journal: standard input may be a person typing, who must not hold up other writers,
    /// and when it is closed the journal could be opened on its descriptor and read as notes.
    static func apply(_ context: CommandContext, notes: String?, to draft: Binding<BrewRecord>) throws(CLIError) {
        let arguments = context.arguments
        if let text = arguments.value("rating") {
            draft.rating.wrappedValue = try wholeNumber(text, "rating", .rating, hint: "give a whole number from 1 to 5", context)
        }
        if let notes {
            draft.notes.wrappedValue = notes
        }
        for (option, keyPath) in [("method", \BrewRecord.method), ("coffee", \.coffee), ("grind", \.grind)] {
            if let text = arguments.value(option) {
                draft[dynamicMember: keyPath].wrappedValue = try nonEmpty(text, option, context)
            }
        }
        let numbers: [(String, WritableKeyPath<BrewRecord, Double?>, FieldLimit, units: [String], example: String)] = [
            ("dose", \.doseGrams, .dose, ["g"], "--dose 15.5 or --dose 15.5g"),
            ("water", \.waterGrams, .water, ["g"], "--water 250 or --water 250g"),
            ("temp", \.temperatureCelsius, .temperature, ["°C", "C"], "--temp 94 or --temp 94C"),
        ]
        for (option, keyPath, limit, units, example) in numbers {
            if let text = arguments.value(option) {
                draft[dynamicMember: keyPath].wrappedValue = try number(text, option, limit, units: units, example: example, context)
            }
        }
        if let text = arguments.value("time") {
            guard let seconds = BrewTime.parse(text) else {
                throw context.usage("invalid value '\(cappedForMessage(text))' for '--time'", hint: "use 165, 165s, 2:45 or 1h2m3s")
            }
            guard FieldLimit.brewTime.contains(Double(seconds)) else {
                throw CLIError(FieldLimit.brewTime.problem(got: text.trimmingWhitespaceForCLI()), command: context.command)
            }
            draft.brewTimeSeconds.wrappedValue = seconds
        }
        for tag in arguments.all("tag") where !draft.tags.wrappedValue.contains(tag) {
            draft.tags.wrappedValue.append(tag)
        }
    }

    /// Validates the assembled record, as a usage error of the command.
    static func validate(_ record: BrewRecord, _ context: CommandContext) throws(CLIError) {
        do throws(InvalidFieldError) {
            try record.validate()
        } catch {
            throw CLIError(error, command: context.command)
        }
    }

    /// The notes text, or all of standard input for `-` (without its final newline), read
    /// strictly (``StandardInput/readText()``): a closed or unreadable input, or one that is not
    /// UTF-8, is refused rather than taken as empty or repaired notes.
    static func notes(_ text: String, _ context: CommandContext) throws(CLIError) -> String {
        guard text == "-" else { return text }
        var notes = try StandardInput.readText()
        if notes.hasSuffix("\n") { notes.removeLast() }
        return notes
    }

    private static func nonEmpty(_ text: String, _ option: String, _ context: CommandContext) throws(CLIError) -> String {
        guard !text.trimmingWhitespaceForCLI().isEmpty else {
            throw context.usage("'--\(option)' must not be empty", hint: "to clear it, use 'brewlog edit ID --unset \(option)'")
        }
        return text
    }

    /// A decimal number (see `parseDecimal`), optionally followed by one of the option's own
    /// `units` (`15g` for a dose, `94C` for a temperature, never the other way round), within `limit`.
    private static func number(_ text: String, _ option: String, _ limit: FieldLimit, units: [String], example: String,
                               _ context: CommandContext) throws(CLIError) -> Double {
        var digits = text.trimmingWhitespaceForCLI()
        for unit in units where digits.hasSuffix(unit) {
            digits = String(digits.dropLast(unit.count)).trimmingWhitespaceForCLI()
            break
        }
        guard let value = parseDecimal(digits) else {
            throw context.usage("invalid value '\(cappedForMessage(text))' for '--\(option)'",
                                hint: "give a decimal number, e.g. \(example)")
        }
        guard limit.contains(value) else { throw CLIError(limit.problem(got: digits), command: context.command) }
        return value
    }

    /// Whole-number text (an optional `-`, then ASCII digits) within `limit`; digits too many for
    /// an `Int` are out of range, not a different kind of mistake.
    private static func wholeNumber(_ text: String, _ option: String, _ limit: FieldLimit, hint: String,
                                    _ context: CommandContext) throws(CLIError) -> Int {
        let trimmed = text.trimmingWhitespaceForCLI()
        let digits = trimmed.hasPrefix("-") ? trimmed.dropFirst() : Substring(trimmed)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw context.usage("invalid value '\(cappedForMessage(text))' for '--\(option)'", hint: hint)
        }
        guard let value = Int(trimmed), limit.contains(Double(value)) else {
            throw CLIError(limit.problem(got: trimmed), command: context.command)
        }
        return value
    }
}

extension String {
    /// The text without trailing spaces (table rows and heatmap lines end where their text does).
    func trimmingTrailingSpaces() -> String {
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: " ") {
            end = utf8.index(before: end)
        }
        return String(self[..<end])
    }

    /// The text without surrounding spaces, tabs and newlines.
    func trimmingWhitespaceForCLI() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}

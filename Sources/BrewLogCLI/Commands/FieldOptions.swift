import BrewLogCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension BrewField {
    /// The field's name on the command line: its option (`--temp`), its name for `--unset` and
    /// in `show`'s rows and `edit`'s report. This is the one place it is spelled.
    var optionName: String {
        switch self {
        case .id: "id"
        case .date: "date"
        case .rating: "rating"
        case .notes: "notes"
        case .method: "method"
        case .coffee: "coffee"
        case .dose: "dose"
        case .water: "water"
        case .yield: "yield"
        case .grind: "grind"
        case .temperature: "temp"
        case .brewTime: "time"
        case .tags: "tags"
        }
    }

    /// The option that sets the field, and a sample value for hints (`15.5`); `nil` for the id
    /// (never typed) and the date (`--date`, whose help each command words itself).
    var option: (spec: OptionSpec, sample: String)? {
        switch self {
        case .id, .date: nil
        case .rating: (OptionSpec(optionName, short: "r", value: "n", help: "Rating from 1 to 5."), "4")
        case .notes: (OptionSpec(optionName, short: "n", value: "text", help: "Tasting notes ('-' reads standard input)."), "")
        case .method: (OptionSpec(optionName, short: "m", value: "text", help: "Brew method: V60, AeroPress, espresso, ..."), "")
        case .coffee: (OptionSpec(optionName, short: "c", value: "text", help: "The beans or blend."), "")
        case .dose: (OptionSpec(optionName, value: "g", help: "Dose of coffee in grams (more than 0, at most 1000)."), "15.5")
        case .water: (OptionSpec(optionName, value: "g", help: "Water in grams (more than 0, at most 10000)."), "250")
        case .yield: (OptionSpec(optionName, value: "g", help: "The beverage's weight in grams, espresso's 'out' (more than 0, at most 10000)."), "36")
        case .grind: (OptionSpec(optionName, value: "text", help: "Grind setting, e.g. '22 clicks'."), "")
        case .temperature: (OptionSpec(optionName, value: "temp", help: "Water temperature: 94 or 94C in °C, 201F in °F (stored in °C; 0 to 100 °C)."), "94")
        case .brewTime: (OptionSpec(optionName, value: "duration", help: "Brew time: 165, 165s, 2:45 or 1h2m3s (at most 24h)."), "")
        case .tags: (OptionSpec("tag", value: "tag", repeatable: true, help: "Add a tag (repeatable; no commas or spaces)."), "")
        }
    }

    /// The field named `name` on the command line (`temp`, `time`, ...) or in the journal (`temp_c`).
    init?(name: String) {
        guard let field = BrewField.allCases.first(where: { $0.optionName == name || $0.journalKey == name }) else {
            return nil
        }
        self = field
    }
}

/// The FIELDS options `add` and `edit` share, derived from the field table, each with its
/// parser, written into the record being assembled.
enum FieldOptions {
    /// `--ratio 1:R`: sets the water from the dose, or the dose from the water.
    static let ratio = OptionSpec("ratio", value: "1:r", help: "Brew ratio, 1:16 or 16: with a dose sets the water, with a water sets the dose.")

    /// The options, in field order, then `--ratio`.
    static let specs: [OptionSpec] = BrewField.allCases.compactMap { $0.option?.spec } + [ratio]

    /// The fields `--unset` clears, by their command-line names.
    static let unsettableNames: [String] = BrewField.allCases.filter(\.canUnset).map(\.optionName)

    /// `--unset`'s help: "Clear a field: rating, notes, ... or tags."
    static var unsetHelp: String {
        "Clear a field: " + unsettableNames.dropLast().joined(separator: ", ") + " or " + (unsettableNames.last ?? "") + "."
    }

    /// Whether any field option was given.
    static func anyGiven(in arguments: ParsedArguments) -> Bool {
        specs.contains { arguments.value($0) != nil }
    }

    /// The text given to `field`'s option, if it has one and it was given.
    static func value(of field: BrewField, in arguments: ParsedArguments) -> String? {
        field.option.flatMap { arguments.value($0.spec) }
    }

    /// Parses each field option given and writes it into `record`, refusing a value outside its
    /// field's range here, where the text the user typed can be echoed (capped). Validation of
    /// the whole record happens after, in the core. The options are read kind by kind (ratings,
    /// texts, numbers, durations, tags), so when several are wrong, the one reported first does
    /// not depend on where a field sits in the table.
    ///
    /// `notes` is `--notes` as ``notes(_:_:)`` read it (the one text field that may come from
    /// standard input), which the command does before it opens the journal: standard input may be
    /// a person typing, who must not hold up other writers, and when it is closed the journal
    /// could be opened on its descriptor and read as notes.
    static func apply(_ context: CommandContext, notes: String?, to record: inout BrewRecord) throws(CLIError) {
        for rank in 0..<rankCount {
            for field in BrewField.allCases where applyingRank(field) == rank {
                try apply(field, context, notes: notes, to: &record)
            }
        }
    }

    /// How many kinds ``applyingRank(_:)`` tells apart; the id and the date rank past them (no option sets them).
    private static let rankCount = 6

    private static func applyingRank(_ field: BrewField) -> Int {
        switch field.kind {
        case .rating: 0
        case .text: 1
        case .optionalText: 2
        case .number: 3
        case .duration: 4
        case .tags: 5
        case .id, .date: rankCount
        }
    }

    private static func apply(_ field: BrewField, _ context: CommandContext, notes: String?,
                              to record: inout BrewRecord) throws(CLIError) {
        // A command may take only some fields (`recipe save` takes no rating or notes).
        guard let (spec, sample) = field.option, context.command.options.contains(where: { $0.long == spec.long }) else { return }
        let arguments = context.arguments
        let option = spec.long
        let text = arguments.value(spec)
        switch field.kind {
        case .id, .date:
            return
        case .text(let path):
            if let notes { record[keyPath: path] = notes }
        case .optionalText(let path):
            if let text {
                record[keyPath: path] = try oneLine(try nonEmpty(text, option, context), option, context)
            }
        case .rating(let path, let limit):
            if let text {
                let hint = "give a whole number from \(formatNumber(limit.lower)) to \(formatNumber(limit.upper))"
                record[keyPath: path] = try wholeNumber(text, option, limit, hint: hint, context)
            }
        case .number(let path, _, _) where field == .temperature:
            if let text {
                switch TemperatureInput.celsius(text) {
                case .success(let celsius): record[keyPath: path] = celsius
                case .failure(.notANumber):
                    throw context.usage("invalid value '\(cappedForMessage(text))' for '--\(option)'", hint: TemperatureInput.Problem.notANumber.message)
                case .failure(let problem):
                    throw CLIError.usage(problem.message, hint: nil, command: context.command)
                }
            }
        case .number(let path, let limit, let unit):
            if let text {
                let typed = unit.replacingScalars(["°": ""])
                let units = typed == unit ? [unit] : [unit, typed]
                let example = "--\(option) \(sample) or --\(option) \(sample)\(typed)"
                record[keyPath: path] = try number(text, option, limit, units: units, example: example, context)
            }
        case .duration(let path, let limit):
            if let text {
                guard let seconds = BrewTime.parse(text) else {
                    throw context.usage("invalid value '\(cappedForMessage(text))' for '--\(option)'", hint: "use 165, 165s, 2:45 or 1h2m3s")
                }
                guard limit.contains(Double(seconds)) else {
                    throw CLIError(limit.problem(got: text), command: context.command)
                }
                record[keyPath: path] = seconds
            }
        case .tags(let path):
            for tag in arguments.all(spec) where !record[keyPath: path].contains(tag) {
                record[keyPath: path].append(try oneLine(tag, option, context))
            }
        }
    }

    /// Applies `--ratio 1:R`, when given, to the assembled `record`: with a dose typed on the
    /// command line it sets the water (dose × R); with a water typed, the dose (water ÷ R); with
    /// both typed, a usage error. With neither typed it works from the record's own dose (an
    /// edited brew's, or a default's), else its water; with neither known, a usage error. The
    /// grams it sets are rounded to a tenth (a scale's precision, and no `250.00000000000003`).
    /// A brew with a yield is refused: its ratio is yield ÷ dose, which setting the water would
    /// not change.
    static func applyRatio(_ context: CommandContext, to record: inout BrewRecord) throws(CLIError) {
        guard let text = context.arguments.value(ratio) else { return }
        guard let factor = parseRatio(text) else {
            throw context.usage("invalid value '\(cappedForMessage(text))' for '--ratio'", hint: "give the water (or yield) per gram of coffee, e.g. --ratio 1:16 or --ratio 16")
        }
        let typedDose = value(of: .dose, in: context.arguments) != nil
        let typedWater = value(of: .water, in: context.arguments) != nil
        if record.yieldGrams != nil {
            throw context.usage("'--ratio' sets the water, but this brew has a yield, and its ratio is yield ÷ dose",
                                hint: "give the yield instead, e.g. --dose 18 --yield 36 for 1:2")
        }
        if typedDose && typedWater {
            throw context.usage("'--ratio' with both '--dose' and '--water' says the same thing twice", hint: "give two of the three: --dose and --ratio, --water and --ratio, or --dose and --water")
        }
        if !typedWater, let dose = record.doseGrams {
            record.waterGrams = (dose * factor * 10).rounded() / 10
        } else if let water = record.waterGrams {
            record.doseGrams = (water / factor * 10).rounded() / 10
        } else {
            throw context.usage("'--ratio' needs a dose or a water to work from", hint: "add --dose G (the ratio sets the water) or --water G (it sets the dose)")
        }
        for (field, value) in [(BrewField.dose, record.doseGrams), (.water, record.waterGrams)] {
            if let limit = field.limit, let value, !limit.contains(value) {
                throw CLIError(limit.problem(got: formatNumber((value * 10).rounded() / 10) + " from --ratio"), command: context.command)
            }
        }
    }

    /// `1:R` or `R`, with R a decimal number above 0 and at most 1000.
    private static func parseRatio(_ text: String) -> Double? {
        let number = text.hasPrefix("1:") ? String(text.dropFirst(2)) : text
        guard let value = parseDecimal(number), value > 0, value <= 1000 else { return nil }
        return value
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
        // One final line break, of either kind ("\r\n" is a single Character).
        if notes.hasSuffix("\n") || notes.hasSuffix("\r\n") { notes.removeLast() }
        return notes
    }

    private static func nonEmpty(_ text: String, _ option: String, _ context: CommandContext) throws(CLIError) -> String {
        guard !text.trimmingWhitespaceForCLI().isEmpty else {
            throw context.usage("'--\(option)' must not be empty", hint: "to clear it, use 'brewlog edit ID --unset \(option)'")
        }
        return text
    }

    /// `text`, a one-line value typed for `--option`, unless it holds a control character (an
    /// escape, a line break, a tab): such a value is a typo or an attack, never a method, a coffee
    /// or a tag. Notes, which may span lines, are not read here.
    private static func oneLine(_ text: String, _ option: String, _ context: CommandContext) throws(CLIError) -> String {
        guard let bad = text.unicodeScalars.first(where: TerminalText.isControl) else { return text }
        throw context.usage("the value for '--\(option)' contains the control character \(TerminalText.escaped(String(bad)))",
                            hint: "type the \(option) as plain text on one line")
    }

    /// A decimal number (see `parseDecimal`), optionally followed directly by one of the option's
    /// own `units` (`15g` for a dose, `94C` for a temperature, never the other way round), within
    /// `limit`. No spaces anywhere: `' 15'` and `'15 g'` are typos a script should hear about.
    private static func number(_ text: String, _ option: String, _ limit: FieldLimit, units: [String], example: String,
                               _ context: CommandContext) throws(CLIError) -> Double {
        var digits = text
        for unit in units where digits.hasSuffix(unit) {
            digits = String(digits.dropLast(unit.count))
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
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw context.usage("invalid value '\(cappedForMessage(text))' for '--\(option)'", hint: hint)
        }
        guard let value = Int(text), limit.contains(Double(value)) else {
            throw CLIError(limit.problem(got: text), command: context.command)
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

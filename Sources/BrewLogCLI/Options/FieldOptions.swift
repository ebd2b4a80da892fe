import BrewLogCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension BrewField {
    /// The field's option as the parser knows it, and a sample value for hints (`15.5`); `nil`
    /// for the id and the date (see ``BrewField/Row/option``).
    var option: (spec: OptionSpec, sample: String)? {
        guard let option = row.option else { return nil }
        return (OptionSpec(option.long, short: option.short, value: option.placeholder, completes: completion, repeatable: option.repeatable, help: option.help),
                option.sample)
    }

    /// What a shell completes the field's option to: the values the journal holds for the text
    /// fields people repeat, the open bags for `--bean`. Every field is named, so a new one is a
    /// decision here, not a silent "nothing".
    var completion: CompletionSource {
        switch self {
        case .method: .lookup(.methods)
        case .coffee: .lookup(.coffees)
        case .tags: .lookup(.tags)
        case .bean: .lookup(.bags)
        case .grinder: .lookup(.grinders)
        case .id, .date, .rating, .notes, .dose, .water, .yield, .grind, .temperature, .brewTime, .tds: .nothing
        }
    }
}

/// The FIELDS options `add` and `edit` share, derived from the field table, each with its
/// parser, written into the record being assembled.
enum FieldOptions {
    /// `--ratio 1:R`: sets the water (or the yield) from the dose, or the dose from them.
    static let ratio = OptionSpec("ratio", value: "1:r", completes: .nothing, help: "Brew ratio, 1:16 or 16: with a dose sets the water, or the yield when the brew has one or its method's recent brews record yields and no water (espresso's 1:2); with those grams, sets the dose.")

    /// The options, in field order, then `--ratio`.
    static let specs: [OptionSpec] = BrewField.allCases.compactMap { $0.option?.spec } + [ratio]

    /// The fields `edit --unset` clears.
    static let unsettable: [BrewField] = BrewField.allCases.filter(\.canUnset)

    /// The fields `--unset` clears, by their command-line names.
    static let unsettableNames: [String] = unsettable.map(\.name)

    /// The fields `--unset` names, each checked to be one of `allowed` and not also typed.
    static func fieldsToUnset(_ context: CommandContext, _ option: OptionSpec, from allowed: [BrewField]) throws(CLIError) -> [BrewField] {
        var fields: [BrewField] = []
        for name in context.arguments.all(option) {
            // Any case, by name or journal key, as the config's unset lists take them.
            guard let field = BrewField(name: name.lowercased()), allowed.contains(field) else {
                let names = allowed.map(\.name)
                throw context.usage("cannot unset '\(cappedForMessage(name))'",
                                    hint: nearest(to: name, in: names).map { "did you mean '\($0)'?" } ?? "fields: \(names.joined(separator: ", "))")
            }
            if let spec = field.option?.spec, context.arguments.value(spec) != nil {
                throw context.usage("'--unset \(name)' and '--\(spec.long)' contradict each other")
            }
            if !fields.contains(field) { fields.append(field) }
        }
        return fields
    }

    /// `--unset`'s help: "Clear a field: rating, notes, ... or tags."
    static var unsetHelp: String {
        "Clear a field: " + unsettableNames.listedWithOr + "."
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
        guard let (spec, _) = field.option, context.command.options.contains(where: { $0.long == spec.long }) else { return }
        switch field.kind {
        case .id, .date:
            return
        case .text:
            if let notes { record.set(field, .text(notes)) }
        case .tags(let path):
            for text in context.arguments.all(spec) where !record[keyPath: path].contains(text) {
                switch field.parseTag(text) {
                case .success(let tag): record[keyPath: path].append(tag)
                case .failure(let problem): throw refusal(problem, text, field, spec.long, context)
                }
            }
        case .optionalText, .rating, .number, .duration:
            guard let text = context.arguments.value(spec) else { return }
            switch field.parse(text) {
            case .success(let value): record.set(field, value)
            case .failure(let problem): throw refusal(problem, text, field, spec.long, context)
            }
        }
    }

    /// The usage error for `text` typed for `--option`, which the field's parser refused (a
    /// bag's `--tag` is refused by the brews' parser too, so by the same words).
    static func refusal(_ problem: FieldInputProblem, _ text: String, _ field: BrewField, _ option: String,
                                _ context: CommandContext) -> CLIError {
        switch problem {
        case .outOfRange(let error), .badTag(let error):
            return CLIError(error, command: context.command)
        case .empty:
            return context.usage("'--\(option)' must not be empty", hint: "to clear it, use 'brewlog edit ID --unset \(field.name)'")
        case .controlCharacter(let scalar):
            return context.usage("the value for '--\(option)' contains the control character \(TerminalText.escaped(String(scalar)))",
                                 hint: "type the \(option) as plain text on one line")
        case .notANumber, .notATemperature, .notADuration, .notAWholeNumber, .noTags:
            return context.usage("invalid value '\(cappedForMessage(text))' for '--\(option)'", hint: problem.hint(for: field, prefix: "--\(option) "))
        }
    }

    /// Applies `--ratio 1:R`, when given, to the assembled `record` by the core's ratio rule
    /// (``BrewRatio/apply(_:to:typed:target:)``), each way it can fail a usage error; returns
    /// the field it set (`nil` without `--ratio`). `recent` are the newest brews of the record's
    /// method, which say whether the method measures its yield or its water.
    @discardableResult
    static func applyRatio(_ context: CommandContext, to record: inout BrewRecord, recent: [BrewRecord] = []) throws(CLIError) -> BrewField? {
        guard let text = context.arguments.value(ratio) else { return nil }
        guard let factor = BrewRatio.parse(text) else {
            throw context.usage("invalid value '\(cappedForMessage(text))' for '--ratio'", hint: "give the water (or yield) per gram of coffee, e.g. --ratio 1:16 or --ratio 16")
        }
        let target = BrewRatio.target(for: record, recent: recent)
        do throws(BrewRatio.Problem) {
            return try BrewRatio.apply(factor, to: &record, typed: Set(BrewField.recipeFields.filter { value(of: $0, in: context.arguments) != nil }), target: target)
        } catch {
            switch error {
            case .doseAndGramsGiven(let target):
                throw context.usage("'--ratio' with both '--dose' and '--\(target.name)' says the same thing twice",
                                    hint: "give two of the three: --dose and --ratio, --\(target.name) and --ratio, or --dose and --\(target.name)")
            case .nothingToWorkFrom(let target):
                throw context.usage("'--ratio' needs a dose or a \(target.name) to work from",
                                    hint: "add --dose G (the ratio sets the \(target.name)) or --\(target.name) G (it sets the dose)")
            case .outOfRange(let problem):
                throw CLIError(problem, command: context.command)
            }
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
    /// strictly (``StandardInput/readText(maximumLength:hint:)``): a closed or unreadable input, or one that is not
    /// UTF-8, is refused rather than taken as empty or repaired notes.
    static func notes(_ text: String, _ context: CommandContext) throws(CLIError) -> String {
        guard text == "-" else { return text }
        // A journal line holds at most 16 MiB: longer notes could never be written.
        var notes = try StandardInput.readText(maximumLength: 16 << 20, hint: "notes are at most 16 MiB, in lines of at most 16 MiB; shorten them")
        // One final line break, of either kind ("\r\n" is a single Character).
        if notes.hasSuffix("\n") || notes.hasSuffix("\r\n") { notes.removeLast() }
        return notes
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

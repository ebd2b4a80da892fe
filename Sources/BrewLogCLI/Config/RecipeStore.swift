import BrewLogCore

/// Writes recipes into the config file: each `recipe.NAME.*` key through ``ConfigEditor``, all in
/// one locked, atomic update, so the rest of the file (comments, order, other recipes) stays.
enum RecipeStore {
    /// Makes recipe `name` exactly `fields` (with its `unset` key for the fields it removes): its
    /// keys are set in place (or added to its section), then the keys it no longer has are
    /// removed, so the section keeps its place in the file. Its `steps` are timing, not fields,
    /// and stay as they are.
    static func replace(_ name: String, with fields: BrewFieldValues, _ context: CommandContext) throws(CLIError) {
        var values = fields.fields.map { (key: $0.field.name, value: $0.field.typedText($0.value)) }
        let unset = BrewField.recipeFields.filter(fields.unset.contains).map(\.name)
        if !unset.isEmpty { values.append((key: "unset", value: unset.joined(separator: ","))) }
        // What a recipe holds must read back as it is (a brew's method may hold a line break the
        // config reader refuses): refused here, nothing written, rather than a file every command refuses.
        for (field, value) in fields.fields {
            guard case .failure(let problem) = field.parse(field.typedText(value)) else { continue }
            let why = switch problem {
            case .empty: "is blank"
            case .controlCharacter(let scalar): "contains the control character \(TerminalText.escaped(String(scalar)))"
            default: problem.hint(for: field)
            }
            throw context.usage("the recipe's \(field.name) \(why), which a recipe cannot hold",
                                hint: "give the \(field.name) on the command line, e.g. --\(field.row.option?.long ?? field.name) VALUE, or leave it out")
        }
        for (key, value) in values {
            if let bad = ConfigValueText.forbiddenCharacter(in: value) {
                throw context.usage("the recipe's \(key) contains the control character \(TerminalText.escaped(String(bad)))",
                                    hint: "a config value can hold text, tabs and line breaks")
            }
        }
        let kept = Set(values.map(\.key) + ["steps"])
        try update(context) { document throws(ConfigError) in
            for (key, value) in values {
                document = try reparsed(ConfigEditor(document).setting(ConfigKey(section: "recipe", subsection: name, name: key), to: value), document.path)
            }
            for key in keys(of: name, in: document) where !kept.contains(key.name) {
                if let edited = ConfigEditor(document).unsetting(key) { document = try reparsed(edited, document.path) }
            }
        }
    }

    /// Removes every key of recipe `name`.
    static func remove(_ name: String, _ context: CommandContext) throws(CLIError) {
        try update(context) { document throws(ConfigError) in
            for key in keys(of: name, in: document) {
                if let edited = ConfigEditor(document).unsetting(key) { document = try reparsed(edited, document.path) }
            }
        }
    }

    /// The distinct keys of recipe `name` in `document`.
    private static func keys(of name: String, in document: ParsedConfig) -> [ConfigKey] {
        var seen: Set<ConfigKey> = []
        return document.document.entries.map(\.key).filter { $0.section == "recipe" && $0.subsection == name && seen.insert($0).inserted }
    }

    /// A config document with the path its errors name.
    struct ParsedConfig {
        let document: ConfigDocument
        let path: String
    }

    private static func reparsed(_ bytes: [UInt8], _ path: String) throws(ConfigError) -> ParsedConfig {
        do throws(ConfigSyntaxError) {
            return ParsedConfig(document: try ConfigParser.parse(bytes), path: path)
        } catch {
            throw .syntax(path: path, line: error.line, message: error.message)
        }
    }

    private static func update(_ context: CommandContext, _ edit: (inout ParsedConfig) throws(ConfigError) -> Void) throws(CLIError) {
        let lockTimeout = try context.lockTimeout
        do throws(ConfigError) {
            let file = ConfigFile(path: try ConfigLocation.required(context.environment, unreadable: context.unreadableVariables))
            try file.update(lockTimeout: lockTimeout) { old throws(ConfigError) in
                var document = try reparsed(old ?? [], file.path)
                try edit(&document)
                return document.document.bytes
            }
        } catch {
            throw CLIError(error)
        }
    }
}

extension ConfigEditor {
    /// An editor of a parsed document.
    init(_ parsed: RecipeStore.ParsedConfig) {
        self.init(parsed.document)
    }
}

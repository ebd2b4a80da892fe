import BrewLogCore

/// `brewlog config get|set|unset|list|edit`: reads and changes the configuration file, keeping
/// its comments, order and layout.
enum ConfigCommand: CommandFamily {
    static let spec = CommandSpec(
        name: "config",
        abstract: "Read and change the configuration file.",
        usage: "config <subcommand>",
        options: [],
        discussion: "KEYS:\n" + KnownConfigKeys.help.map { "  \($0.display) = \($0.example)\n      \($0.summary)" }.joined(separator: "\n") + """


            The file is $BREWLOG_CONFIG, else $XDG_CONFIG_HOME/brewlog/config, else
            ~/.config/brewlog/config, in git-config syntax. 'get' of a key that is not set
            exits 1 and prints nothing; 'unset' of one says so and exits 1.

            EXAMPLES:
              brewlog config set ui.color never
              brewlog config set alias.today "list --since today"
              brewlog config set recipe.Morning.dose 15
            """,
        lenientConfiguration: true,
        subcommands: [Get.self, SetKey.self, Unset.self, List.self, Edit.self])

    /// The key named `text`, or a usage error; `existing` for a key that is only read or removed.
    ///
    /// A method's section is named ignoring case, as `add` matches it: `add.espresso.dose` is the
    /// key of an `[add "Espresso"]` the file already has, so no second section is made for it.
    static func key(_ text: String, existing: Bool = false, _ context: CommandContext) throws(CLIError) -> ConfigKey {
        guard let key = ConfigKey(text, existing: existing) else {
            throw context.usage("invalid key '\(cappedForMessage(text))'",
                                hint: "keys are section.key or section.NAME.key (letters, digits and '-'), e.g. ui.color")
        }
        guard key.section == "add", let method = key.subsection else { return key }
        let sections = context.configuration.document.entries.compactMap { $0.key.section == "add" ? $0.key.subsection : nil }
        guard !sections.contains(method), let spelled = sections.first(where: { $0.lowercased() == method.lowercased() }) else { return key }
        return ConfigKey(section: key.section, subsection: spelled, name: key.name)
    }

    /// The file as read at the start of the run; an error when it could not be read or parsed.
    private static func document(_ context: CommandContext) throws(CLIError) -> ConfigDocument {
        if let error = context.configuration.loadError { throw CLIError(error) }
        return context.configuration.document
    }

    static func get(_ text: String, _ context: CommandContext) throws(CLIError) {
        let key = try key(text, existing: true, context)
        _ = try document(context)
        guard let value = context.configuration.value(key) else { throw CLIError.checkFailed }
        // For scripts (`$(brewlog config get ui.pager)`): the value exactly, as `-q` output is; on
        // a terminal a control character in it is shown escaped, never sent raw.
        context.out.line(context.standardOutputIsTerminal ? (value ?? "").terminalSafe : value ?? "")
    }

    static func list(_ context: CommandContext) throws(CLIError) {
        _ = try document(context)
        let entries = context.configuration.entries.map(\.entry)
        if context.arguments.has(List.json) {
            var order: [String] = []
            var values: [String: String?] = [:]
            for entry in entries {
                let name = entry.key.description
                if values[name] == nil { order.append(name) }
                values[name] = .some(entry.value)
            }
            context.out.line(JSONText.object(order.map { ($0, JSONText.string(values[$0] ?? nil)) }).text)
            return
        }
        // Backslashes doubled before control characters are escaped, so a value holding the two
        // characters `\n` and one holding a line break never print alike.
        for entry in entries {
            let line = entry.key.description + (entry.value.map { "=" + $0.replacingScalars(["\\": "\\\\"]) } ?? "")
            context.out.line(line.terminalSafe)
        }
    }

    static func set(_ text: String, to value: String, _ context: CommandContext) throws(CLIError) {
        let key = try key(text, context)
        guard let known = KnownConfigKeys.find(key) else {
            let hint = KnownConfigKeys.suggestion(for: text).map { "did you mean '\($0)'? " } ?? ""
            throw context.usage("unknown key '\(cappedForMessage(key.description))'", hint: hint + "'brewlog config --help' lists the keys")
        }
        if key.section == "alias", Commands.names.contains(key.name) {
            throw context.usage("cannot make an alias named '\(key.name)': it is a command", hint: "choose another name")
        }
        // A recipe made here must be one `recipe save` could make: the same names.
        if key.section == "recipe", let name = key.subsection, !RecipeCommand.isValidName(name) {
            throw context.usage("invalid recipe name '\(cappedForMessage(name))'",
                                hint: "use 1 to 64 characters without control characters, no spaces at either end, not starting with '-'")
        }
        if let bad = ConfigValueText.forbiddenCharacter(in: value) {
            throw context.usage("the value for '\(key)' contains the control character \(TerminalText.escaped(String(bad)))",
                                hint: "a config value can hold text, tabs and line breaks")
        }
        switch known.read(value) {
        case .failure(let problem):
            throw context.usage("invalid value '\(cappedForMessage(value))' for '\(key)': \(problem.message)")
        case .success(.words(let words)) where key.section == "alias":
            // The alias must run something: a command, or another alias that is already set.
            if let first = words.first, !Commands.names.contains(first),
               first.lowercased() == key.name || !context.configuration.aliasNames.contains(first.lowercased()) {
                throw context.usage("the alias '\(key.name)' would run '\(cappedForMessage(first))', which is neither a command nor an alias",
                                    hint: "start it with a command, e.g. 'list --since today'")
            }
        case .success:
            break
        }
        let file = try configFile(context)
        try write(file, context) { document in ConfigEditor(document).setting(key, to: value) }
    }

    static func unset(_ text: String, _ context: CommandContext) throws(CLIError) {
        let key = try key(text, existing: true, context)
        let file = try configFile(context)
        let exists: Bool
        do throws(ConfigError) {
            exists = try ConfigFile.read(file.path) != nil
        } catch {
            throw CLIError(error)
        }
        var found = exists
        if exists {
            try write(file, context) { document in
                let edited = ConfigEditor(document).unsetting(key)
                found = edited != nil
                return edited
            }
        }
        guard found else {
            if let included = context.configuration.entries.last(where: { $0.entry.key == key }) {
                throw CLIError.notFound("'\(cappedForMessage(key.description))' is set in the included file '\(included.path)', line \(included.entry.line), not in '\(file.path)'",
                                        hint: "edit that file to change it, or set the key here to override it: brewlog config set \(ShellWord.quoted(key.description)) VALUE")
            }
            throw CLIError.notFound("'\(cappedForMessage(key.description))' is not set", hint: "'brewlog config list' shows the keys that are set")
        }
    }

    private static func configFile(_ context: CommandContext) throws(CLIError) -> ConfigFile {
        do throws(ConfigError) {
            return ConfigFile(path: try ConfigLocation.required(context.environment, unreadable: context.unreadableVariables))
        } catch {
            throw CLIError(error)
        }
    }

    private static func write(_ file: ConfigFile, _ context: CommandContext,
                              _ change: (ConfigDocument) -> [UInt8]?) throws(CLIError) {
        let lockTimeout = try context.lockTimeout
        do throws(ConfigError) {
            try file.updateDocument(lockTimeout: lockTimeout, change)
        } catch {
            throw CLIError(error)
        }
    }
}

import BrewLogCore
/// The configuration of one run, read once at the root: every entry of the file, the typed
/// values of the known keys, the aliases, and what was wrong.
///
/// Commands read it through the typed accessors (``color``, ``addDefaults``, ``recipe(_:)``,
/// ``streakRestDays``, ...), never by parsing the file again. A value that breaks its key's rule
/// is kept in ``problems`` and left out of the typed values; the root refuses to run any command
/// but `config` while there is one, so `config unset` and `config edit` can always repair it.
struct Configuration: Sendable {
    /// The file's path (as located, before links are followed), or `nil` when no location is set.
    let path: String?
    /// The file as read; empty when there is no file. What `config set` and `unset` edit.
    let document: ConfigDocument
    /// Every entry that counts: the file's and, where its `[include] path` lines name other
    /// files, theirs (``ConfigIncludes``), in order.
    let entries: [SourcedEntry]
    /// Why the file could not be read or parsed, if so (then ``document`` is empty).
    let loadError: ConfigError?
    /// Bad values of known keys and unusable aliases, in file order.
    let problems: [ConfigError]
    /// Lines for standard error: unknown keys, aliases that a command shadows.
    let warnings: [String]
    private let values: [ConfigKey: ConfigValue]
    private let aliasEntries: [String: (text: String, words: [String], line: Int)]

    /// No file: the defaults.
    static let defaults = Configuration(path: nil, document: .empty, loadError: nil, commandNames: [])

    /// Reads the file at the location `environment` gives. Never fails: a file that cannot be
    /// read or parsed comes back empty with its ``loadError``, as does a location read from a
    /// variable in `unreadable` (not UTF-8). `commandNames` are the names an alias cannot take.
    static func load(environment: [String: String], unreadable: Set<String> = [], commandNames: Set<String>) -> Configuration {
        let path: String?
        do throws(ConfigError) {
            path = try ConfigLocation.resolve(environment, unreadable: unreadable)
            guard let path, let bytes = try ConfigFile.read(path) else { return .defaults }
            let document: ConfigDocument
            do throws(ConfigSyntaxError) {
                document = try ConfigParser.parse(bytes)
            } catch {
                return Configuration(path: path, document: .empty,
                                     loadError: .syntax(path: path, line: error.line, message: error.message), commandNames: [])
            }
            do throws(ConfigError) {
                let entries = try ConfigIncludes.expand(document, path: path, environment: environment)
                return Configuration(path: path, document: document, entries: entries, loadError: nil, commandNames: commandNames)
            } catch {
                return Configuration(path: path, document: document, entries: [], loadError: error, commandNames: [])
            }
        } catch {
            return Configuration(path: nil, document: .empty, loadError: error, commandNames: [])
        }
    }

    /// The configuration in `document`, read from `path`, with `entries` the entries that count
    /// (by default the document's own: no include followed).
    init(path: String?, document: ConfigDocument, entries: [SourcedEntry]? = nil, loadError: ConfigError?, commandNames: Set<String>) {
        self.path = path
        self.document = document
        self.loadError = loadError
        let entries = entries ?? document.entries.map { SourcedEntry(path: path ?? "config", entry: $0) }
        self.entries = entries
        var values: [ConfigKey: ConfigValue] = [:]
        var problems: [ConfigError] = []
        var warnings: [String] = []
        var aliases: [String: (text: String, words: [String], line: Int)] = [:]
        for sourced in entries {
            let entry = sourced.entry, shownPath = sourced.path
            let key = entry.key
            if ConfigIncludes.isInclude(key) { continue }
            guard let known = KnownConfigKeys.find(key) else {
                let suggestion = KnownConfigKeys.suggestion(for: key.description).map { " (did you mean '\($0)'?)" } ?? ""
                warnings.append("\(shownPath):\(entry.line): unknown key '\(key)'\(suggestion)")
                continue
            }
            guard let text = entry.value else {
                problems.append(.badValue(path: shownPath, line: entry.line, key: "\(key)", value: nil, problem: "write '\(key.name) = VALUE'"))
                continue
            }
            switch known.read(text) {
            case .failure(let problem):
                problems.append(.badValue(path: shownPath, line: entry.line, key: "\(key)", value: text, problem: problem.message))
            case .success(let value):
                if key.section == "alias" {
                    if commandNames.contains(key.name) {
                        warnings.append("\(shownPath):\(entry.line): alias '\(key.name)' is ignored: '\(key.name)' is a command")
                        continue
                    }
                    if case .words(let words) = value { aliases[key.name] = (text, words, entry.line) }
                }
                values[key] = value
            }
        }
        self.values = values
        self.problems = problems
        self.warnings = warnings
        self.aliasEntries = aliases
    }

    private func text(_ section: String, _ name: String) -> String? {
        if case .text(let text)? = values[ConfigKey(section: section, subsection: nil, name: name)] { return text }
        return nil
    }

    /// The value that counts for `key`, includes followed: its last entry's (`.some(nil)` for a
    /// bare key), or `nil` when not set.
    func value(_ key: ConfigKey) -> String?? {
        entries.last { $0.entry.key == key }.map(\.entry.value)
    }

    // MARK: ui

    /// `ui.color`: `auto`, `always` or `never`.
    var color: String? { text("ui", "color") }
    /// `ui.pager`: the pager command; empty or `cat` means none.
    var pager: String? { text("ui", "pager") }
    /// `ui.week-start`.
    var weekStart: Weekday? { text("ui", "week-start").flatMap { Weekday(name: $0) } }
    /// `ui.currency`: the text a cost is shown with (`EUR`, `€`); `nil` when not set.
    var currency: String? {
        guard case .text(let currency)? = values[ConfigKey(section: "ui", subsection: nil, name: "currency")], !currency.isEmpty else { return nil }
        return currency
    }
    /// `ui.list-order = newest`: a plain `list` on a terminal shows the newest brew first.
    var listsNewestFirst: Bool { text("ui", "list-order") == "newest" }
    /// `ui.list-columns`, in order.
    var listColumns: [String]? {
        if case .words(let columns)? = values[ConfigKey(section: "ui", subsection: nil, name: "list-columns")] { return columns }
        return nil
    }

    // MARK: journal

    /// `journal.file` resolved: `~/` is `HOME`, a relative path is beside the config file.
    /// An error when it needs a `HOME` that is not an absolute path, or not UTF-8 (in `unreadable`).
    func journalFile(environment: [String: String], unreadable: Set<String> = []) throws(CLIError) -> String? {
        guard let file = text("journal", "file") else { return nil }
        if file.hasPrefix("~/") {
            if unreadable.contains("HOME") { throw ProcessInput.refusal(of: "HOME", value: environment["HOME"] ?? "") }
            guard let home = environment["HOME"], home.hasPrefix("/") else {
                throw CLIError.configuration("journal.file starts with '~/' but HOME is not an absolute path",
                                             hint: "set HOME, or give journal.file as an absolute path")
            }
            return (home.hasSuffix("/") ? String(home.dropLast()) : home) + file.dropFirst()
        }
        if file.hasPrefix("/") { return file }
        return ConfigFile.folder(of: path ?? ".") + "/" + file
    }

    // MARK: add and recipes

    /// The `[add]` defaults.
    var addDefaults: BrewFieldValues { defaults(subsection: nil, section: "add") }

    /// The sticky fields of a brew of `method` (`add.METHOD.sticky`, the section named ignoring
    /// case, the file's last such key winning), else `add.sticky`; none when neither is set.
    func stickyFields(method: String?) -> Set<BrewField> {
        let key = { (subsection: String?) in ConfigKey(section: "add", subsection: subsection, name: "sticky") }
        var chosen = values[key(nil)]
        if let method = method?.lowercased() {
            for entry in document.entries where entry.key.section == "add" && entry.key.subsection?.lowercased() == method {
                if let value = values[key(entry.key.subsection)] { chosen = value }
            }
        }
        guard case .words(let names)? = chosen else { return [] }
        return Set(names.compactMap { BrewField(name: $0) })
    }

    /// The recipe `name` (case-sensitive), or `nil` when no key of it is set.
    func recipe(_ name: String) -> BrewFieldValues? {
        guard recipeNames.contains(name) else { return nil }
        return defaults(subsection: name, section: "recipe")
    }

    /// The recipe `name`'s steps for the brew timer (`recipe.NAME.steps`); empty when not set.
    func recipeSteps(_ name: String) -> [BrewStep] {
        if case .steps(let steps)? = values[ConfigKey(section: "recipe", subsection: name, name: "steps")] { return steps }
        return []
    }

    /// The names of the recipes with at least one good key, sorted.
    var recipeNames: [String] {
        Set(values.keys.filter { $0.section == "recipe" }.compactMap(\.subsection)).sorted()
    }

    /// Every `[add "METHOD"]` section with a good key, with the method as the file spells it, in
    /// the order the file first names them: of two spellings of one method, the later one's
    /// values win, as the later of two keys does.
    var methodDefaults: [(method: String, values: BrewFieldValues)] {
        var seen: Set<String> = []
        return entries.compactMap { $0.entry.key.section == "add" ? $0.entry.key.subsection : nil }
            .filter { seen.insert($0).inserted }
            .map { ($0, defaults(subsection: $0, section: "add")) }
            .filter { !$0.1.isEmpty }
    }

    /// The recipe fields a section sets, each under its field's name (`add.temp`), and those its
    /// `unset` key removes.
    private func defaults(subsection: String?, section: String) -> BrewFieldValues {
        var defaults = BrewFieldValues()
        for field in BrewField.recipeFields {
            if case .field(let value)? = values[ConfigKey(section: section, subsection: subsection, name: field.name)] {
                defaults[field] = value
            }
        }
        if case .words(let names)? = values[ConfigKey(section: section, subsection: subsection, name: "unset")] {
            defaults.unset = Set(names.compactMap { BrewField(name: $0) })
        }
        return defaults
    }

    // MARK: streak

    /// `streak.day-starts` in minutes after midnight (`nil`: midnight).
    var streakDayStarts: Int? {
        if case .minutes(let minutes)? = values[ConfigKey(section: "streak", subsection: nil, name: "day-starts")] { return minutes }
        return nil
    }

    /// `streak.rest-days` (empty when not set).
    var streakRestDays: [Weekday] {
        if case .weekdays(let days)? = values[ConfigKey(section: "streak", subsection: nil, name: "rest-days")] { return days }
        return []
    }

    /// `streak.weekly-target`, 1–7.
    var streakWeeklyTarget: Int? {
        if case .integer(let days)? = values[ConfigKey(section: "streak", subsection: nil, name: "weekly-target")] { return days }
        return nil
    }

    /// `sync.keep-removed`: the days a tombstone is kept by `check --compact` (default 400).
    var keepRemovedDays: Int {
        if case .integer(let days)? = values[ConfigKey(section: "sync", subsection: nil, name: "keep-removed")] { return days }
        return 400
    }

    /// `history.keep`: how many changes the history keeps.
    var historyKeep: Int {
        if case .integer(let count)? = values[ConfigKey(section: "history", subsection: nil, name: "keep")] { return count }
        return HistoryBounds.defaultKeep
    }

    // MARK: aliases

    /// The alias `name` (any case): its text as written, its words, and its line.
    func alias(_ name: String) -> (text: String, words: [String], line: Int)? {
        aliasEntries[name.lowercased()]
    }

    /// What is wrong with the alias `name` (any case), when its value is bad.
    func problem(forAlias name: String) -> ConfigError? {
        problems.last { problem in
            if case let .badValue(_, _, key, _, _) = problem { return key == "alias." + name.lowercased() }
            return false
        }
    }

    /// Every alias's name, sorted.
    var aliasNames: [String] { aliasEntries.keys.sorted() }
}

import BrewLogCore

/// One key BrewLog knows: which keys it matches, one line of description, and its validator.
struct KnownConfigKey: Sendable {
    /// How the key's subsection is named.
    enum Subsection: Equatable, Sendable {
        /// `section.key`.
        case none
        /// `section.NAME.key`, any non-empty NAME (`recipe.NAME.dose`).
        case any
    }

    let section: String
    let subsection: Subsection
    /// The key's name, or `nil` for any name (`alias.NAME`).
    let name: String?
    /// The key as help shows it (`recipe.NAME.dose`).
    let display: String
    /// One line of help.
    let summary: String
    /// An example value, for help.
    let example: String
    /// Reads a value, or says in words what is wrong with it.
    let read: @Sendable (String) -> Result<ConfigValue, ConfigValueProblem>
    /// Whether help lists the key on its own line (the keys of `[add "METHOD"]` are listed once,
    /// as ``KnownConfigKeys/methodDefaultsHelp``).
    var listed = true
    /// What completion offers as the value: from the validator, when it takes a known set.
    var offers: ConfigValueOffers = .nothing

    /// Whether this entry describes `key`.
    func matches(_ key: ConfigKey) -> Bool {
        guard key.section == section, name == nil || key.name == name else { return false }
        switch subsection {
        case .none: return key.subsection == nil
        case .any: return key.subsection.map { !$0.isEmpty } ?? false
        }
    }
}

/// Why a value was refused: words a user can act on ("use auto, always or never").
struct ConfigValueProblem: Error, Equatable, Sendable {
    let message: String
}

/// Every key BrewLog knows, in the order help lists them.
enum KnownConfigKeys {
    /// The columns `list` can show, for `ui.list-columns`.
    static let listColumns = BrewColumn.all.map(\.name)

    static let all: [KnownConfigKey] = [
        KnownConfigKey(section: "journal", subsection: .none, name: "file", display: "journal.file",
                       summary: "The journal file, after --file and $BREWLOG_FILE ('~/' is your home; a relative path is beside the config file).",
                       example: "~/Documents/brews.jsonl", read: ConfigValidators.path),
        KnownConfigKey(section: "ui", subsection: .none, name: "color", display: "ui.color",
                       summary: "The --color default: auto, always or never.", example: "never",
                       read: ConfigValidators.choice(["auto", "always", "never"])),
        KnownConfigKey(section: "ui", subsection: .none, name: "pager", display: "ui.pager",
                       summary: "The pager for long output on a terminal; 'cat' or empty turns it off.", example: "less -FRX",
                       read: { .success(.text($0)) }),
        KnownConfigKey(section: "ui", subsection: .none, name: "week-start", display: "ui.week-start",
                       summary: "The first day of the week: monday or sunday.", example: "sunday",
                       read: ConfigValidators.choice(["monday", "sunday"])),
        KnownConfigKey(section: "ui", subsection: .none, name: "list-columns", display: "ui.list-columns",
                       summary: "The default 'list --columns': a comma list of " + listColumns.joined(separator: ", ") + ".",
                       example: "date,rating,method,coffee,notes", read: ConfigValidators.columns),
        KnownConfigKey(section: "ui", subsection: .none, name: "list-order", display: "ui.list-order",
                       summary: "A plain 'list' on a terminal: oldest (the pager opens at the newest, at the bottom) or newest (newest first); a pipe always gets oldest first.",
                       example: "newest", read: ConfigValidators.choice(["oldest", "newest"])),
        KnownConfigKey(section: "ui", subsection: .none, name: "currency", display: "ui.currency",
                       summary: "The currency of bags' prices, shown after a cost (default: none).", example: "EUR",
                       read: ConfigValidators.currency),
        KnownConfigKey(section: "alias", subsection: .none, name: nil, display: "alias.NAME",
                       summary: "'brewlog NAME ARGS...' runs these words, then ARGS (quotes group words; never a shell).",
                       example: "list --since today", read: ConfigValidators.alias),
    ] + BrewField.recipeFields.map { field in
        let option = field.row.option
        return KnownConfigKey(section: "add", subsection: .none, name: field.name, display: "add." + field.name,
                              summary: "The default for 'add --\(option?.long ?? field.name)'" + (option?.repeatable == true ? " (comma-separated)." : "."),
                              example: field.row.example, read: ConfigValidators.brewDefault(field))
    } + BrewField.recipeFields.map { field in
        KnownConfigKey(section: "add", subsection: .any, name: field.name, display: "add.METHOD." + field.name,
                       summary: "The default for 'add --\(field.row.option?.long ?? field.name)' when the method is METHOD.",
                       example: field.row.example, read: ConfigValidators.brewDefault(field), listed: false)
    } + BrewField.recipeFields.map { field in
        KnownConfigKey(section: "recipe", subsection: .any, name: field.name, display: "recipe.NAME." + field.name,
                       summary: "The recipe NAME's \(field.name), as for add.\(field.name).", example: field.row.example,
                       read: ConfigValidators.brewDefault(field))
    } + [
        KnownConfigKey(section: "add", subsection: .none, name: "sticky", display: "add.sticky",
                       summary: "Fields a new brew carries over from the newest brew of its method when no default, recipe or option sets them.",
                       example: "grind,temp,dose", read: ConfigValidators.unsetFields),
        KnownConfigKey(section: "add", subsection: .any, name: "sticky", display: "add.METHOD.sticky",
                       summary: "The sticky fields of brews of METHOD, instead of add.sticky.", example: "grind,grinder,temp",
                       read: ConfigValidators.unsetFields, listed: false),
        KnownConfigKey(section: "add", subsection: .any, name: "unset", display: "add.METHOD.unset",
                       summary: "Fields the [add] defaults set that brews of METHOD go without.", example: "water,tags",
                       read: ConfigValidators.unsetFields, listed: false),
        KnownConfigKey(section: "recipe", subsection: .any, name: "unset", display: "recipe.NAME.unset",
                       summary: "Fields the defaults set that the recipe NAME goes without, comma-separated.", example: "water,tags",
                       read: ConfigValidators.unsetFields),
        KnownConfigKey(section: "recipe", subsection: .any, name: "steps", display: "recipe.NAME.steps",
                       summary: "The recipe NAME's steps for 'brewlog brew': LABEL TIME, comma-separated, in order; a bell rings at each.",
                       example: "bloom 0:45, pour 150g 1:15, pour 250g 1:45, done 3:00", read: ConfigValidators.brewSteps),
    ] + [
        KnownConfigKey(section: "streak", subsection: .none, name: "day-starts", display: "streak.day-starts",
                       summary: "When a brewing day starts, HH:MM (default 00:00).", example: "04:00", read: ConfigValidators.timeOfDay),
        KnownConfigKey(section: "streak", subsection: .none, name: "rest-days", display: "streak.rest-days",
                       summary: "Weekdays that never break a streak, comma-separated.", example: "sat,sun", read: ConfigValidators.weekdays),
        KnownConfigKey(section: "streak", subsection: .none, name: "weekly-target", display: "streak.weekly-target",
                       summary: "Brew days a week for the weekly streak, 1 to 7.", example: "5", read: ConfigValidators.weeklyTarget),
        KnownConfigKey(section: "sync", subsection: .none, name: "keep-removed", display: "sync.keep-removed",
                       summary: "Days 'check --compact' keeps the tombstones of removed records (default 400).", example: "400",
                       read: ConfigValidators.keepRemovedDays),
        KnownConfigKey(section: "history", subsection: .none, name: "keep", display: "history.keep",
                       summary: "How many changes 'brewlog history' keeps for 'brewlog undo' (default 1000).", example: "200",
                       read: ConfigValidators.historyKeep),
    ]

    /// The lines of help for the keys: each listed key, and one line for every `[add "METHOD"]`
    /// key, after the `add.*` keys.
    static var help: [(display: String, example: String, summary: String)] {
        var lines: [(display: String, example: String, summary: String)] = []
        for key in all where key.listed {
            lines.append((key.display, key.example, key.summary))
            if key.section == "add", key.name == BrewField.recipeFields.last?.name, key.subsection == .none {
                lines.append(methodDefaultsHelp)
            }
        }
        return lines
    }

    /// The one line of help for the keys of `[add "METHOD"]`.
    static let methodDefaultsHelp = (display: "add.METHOD.FIELD", example: "18",
                                     summary: "A default for brews of METHOD only ([add \"Espresso\"], matched ignoring case), over add.FIELD; add.METHOD.unset lists add.* defaults those brews go without (water,tags); add.METHOD.sticky their sticky fields.")

    /// The known key `key` is, or `nil`.
    static func find(_ key: ConfigKey) -> KnownConfigKey? {
        all.first { $0.matches(key) }
    }

    /// The known key closest to `text`, for "did you mean".
    static func suggestion(for text: String) -> String? {
        let names = all.filter { $0.name != nil && $0.subsection == .none }.map(\.display)
        return nearest(to: text.lowercased(), in: names)
    }
}

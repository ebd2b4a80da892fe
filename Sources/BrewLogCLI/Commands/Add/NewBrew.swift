import BrewLogCore

/// What the command line says about a brew to record (`add`, `brew`): its moment, the fields
/// typed, and where it starts from (a recipe or an earlier brew). Read, and every typed value
/// checked, before the journal's lock is taken; ``AddCommand/log(_:onceADay:asJSON:_:)`` records it.
struct NewBrew {
    /// The new brew's id.
    let id = BrewID.random()
    /// When it was brewed.
    let timestamp: Timestamp
    /// The fields the command line set or unset: the top layer.
    private(set) var typed = BrewFieldValues()
    /// The recipe `--recipe` named, with its fields.
    let recipe: (name: String, fields: BrewFieldValues)?
    /// The brew `--like` named, as typed.
    let like: String?

    /// Reads the field options and `date`, `recipe`, `like` and `unset` (when the command has
    /// them) from `context`; a value outside its field's range, an unknown recipe, or both a
    /// recipe and `--like` is a usage error.
    init(_ context: CommandContext, date: OptionSpec?, recipe: OptionSpec, like: OptionSpec, unset: OptionSpec) throws(CLIError) {
        if let date {
            timestamp = try WhenOptions.moment(context, date)
        } else {
            timestamp = Timestamp(date: try context.now, timeZone: try context.timeZone)
        }
        let notes = try FieldOptions.value(of: .notes, in: context.arguments).map { (text: String) throws(CLIError) in try FieldOptions.notes(text, context) }
        var record = BrewRecord(id: id, timestamp: timestamp)
        try FieldOptions.apply(context, notes: notes, to: &record)
        for field in BrewField.allCases where FieldOptions.value(of: field, in: context.arguments) != nil {
            typed[field] = record[field]
        }
        typed.unset = Set(try FieldOptions.fieldsToUnset(context, unset, from: BrewField.recipeFields))
        self.like = context.arguments.value(like)
        self.recipe = try Self.recipe(context, recipe)
        if self.recipe != nil && self.like != nil {
            throw context.usage("'--\(recipe.long)' and '--\(like.long)' both say where the brew starts from", hint: "give one of them")
        }
    }

    /// Sets `field` on the command line's layer, as if it had been typed.
    mutating func set(_ field: BrewField, to value: FieldValue) {
        typed[field] = value
    }

    /// The recipe `option` names, or `nil` when not given; an unknown name is a usage error.
    private static func recipe(_ context: CommandContext, _ option: OptionSpec) throws(CLIError) -> (name: String, fields: BrewFieldValues)? {
        guard let name = context.arguments.value(option) else { return nil }
        guard let fields = context.configuration.recipe(name) else {
            let names = context.configuration.recipeNames
            let hint = nearest(to: name, in: names).map { "did you mean '\($0)'?" }
                ?? (names.isEmpty ? "save one with 'brewlog recipe save NAME'" : "recipes: " + names.map(\.terminalSafe).joined(separator: ", "))
            throw context.usage("no recipe named '\(cappedForMessage(name))'", hint: hint)
        }
        return (name, fields)
    }
}

import BrewLogCore

/// `brewlog recipe save|edit|list|show|rm`: named recipes, kept in the config file as
/// `[recipe "NAME"]` sections (written through the config writer, so comments stay).
enum RecipeCommand: CommandFamily {
    /// Its options.
    enum Option {
        static let from = OptionSpec("from", value: "id", completes: .lookup(.ids), help: "Start from this brew's method parameters (" + BrewField.recipeFields.filter(\.isMethodParameter).map(\.name).joined(separator: ", ") + "; an id, a prefix, last, last~N or last:METHOD).")
        static let with = OptionSpec("with", value: "fields", completes: .fixed(RecipeCommand.withFields), repeatable: true,
                                     help: "With --from: keep these of the brew's fields too, comma-separated: " + withFields.joined(separator: ", ") + ".")
        static let replace = OptionSpec("replace", help: "Replace the recipe when one of that name exists.")
        static let unset = OptionSpec("unset", value: "field", completes: .fixed(BrewField.recipeFields.map(\.name)), repeatable: true,
                                      help: "With 'save': the recipe goes without this field, also when the defaults set it. With 'edit': the field leaves the recipe (the defaults' value stands again).")
        static let json = OptionSpec("json", help: "Print JSON (the journal's keys).")
    }

    /// The fields of a brew `--with` can add to what `save --from` keeps: its occasion, not the method's parameters.
    static let withFields = BrewField.recipeFields.filter { !$0.isMethodParameter }.map(\.name)

    /// The FIELDS a recipe holds: every recipe field's option (no rating, no notes), and `--ratio`.
    static let fieldOptions: [OptionSpec] = BrewField.allCases.filter(\.isRecipe).compactMap { $0.option?.spec } + [FieldOptions.ratio]

    static let spec = CommandSpec(
        name: "recipe",
        abstract: "Save, list, show and remove named recipes.",
        usage: "recipe <subcommand>",
        options: [],
        discussion: "A recipe is the fields a brew starts from with 'brewlog add --recipe NAME': "
            + BrewField.recipeFields.dropLast().map(\.name).joined(separator: ", ") + " and " + (BrewField.recipeFields.last?.name ?? "")
            + " (never a rating or notes). " + """
            'save' refuses a name that exists unless --replace is given; 'save --from ID' keeps the
            brew's method parameters, not its coffee, bag, time or tags (--with coffee,bean adds them).
            'edit' changes only the fields it names. 'save --unset FIELD' removes the field from the
            recipe and from what the defaults give a brew made from it (recipe.NAME.unset); 'edit
            --unset FIELD' takes the field out of the recipe, so the defaults' value stands again.
            A recipe whose bag is finished makes brews of the open bag of that coffee, else of none,
            and 'add' says so. Recipes live in the config file as recipe.NAME.* keys, so 'brewlog
            config' edits them too.

            EXAMPLES:
              brewlog recipe save v60 -m V60 -c "House blend" --dose 15 --ratio 1:16 --temp 94
              brewlog recipe save shot --from last:espresso --unset water
              brewlog recipe save kenya --from last:v60 --with coffee,bean
              brewlog recipe edit v60 --grind 21
              brewlog add --recipe v60 -r 4
            """,
        subcommands: [Save.self, Edit.self, List.self, Show.self, Remove.self])

    /// Whether `name` is one `recipe save` accepts: 1 to 64 characters, no control characters,
    /// no spaces at either end, not starting with `-` (it would read as an option). A name with
    /// spaces (`"Morning V60"`) is quoted when typed, as git's subsection names are.
    static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.count) && !name.hasPrefix("-") && name.trimmingWhitespaceForCLI() == name
            && !name.unicodeScalars.contains(where: TerminalText.isControl)
    }

    static func save(_ name: String, _ context: CommandContext) throws(CLIError) {
        guard isValidName(name) else {
            throw context.usage("invalid recipe name '\(cappedForMessage(name))'",
                                hint: "use 1 to 64 characters without control characters, no spaces at either end, not starting with '-'")
        }
        let existed = context.configuration.recipe(name) != nil
        if existed && !context.arguments.has(Option.replace) {
            throw CLIError.refused("a recipe named '\(cappedForMessage(name))' exists; nothing was saved",
                                   hint: "change some of its fields with: brewlog recipe edit \(ShellWord.quoted(name)) FIELDS; or replace it: brewlog recipe save \(ShellWord.quoted(name)) --replace ...")
        }
        var start = BrewFieldValues()
        if let reference = context.arguments.value(Option.from) {
            let store = try context.session().read()
            let kept = try withFields(context)
            start = BrewFieldValues(recipeOf: try context.brew(reference, in: store).record, keeping: { $0.isMethodParameter || kept.contains($0) })
            // The brew's bag by name, not id: brews made with the recipe follow the open bag of
            // that name, not one that will be finished.
            if case .text(let id)? = start[.bean], let bag = store.beanBags.first(where: { $0.id.rawValue == id }) {
                start[.bean] = .text(bag.name)
            }
        }
        let fields = try changed(start, context)
        guard !fields.isEmpty else {
            throw context.usage("a recipe needs at least one field", hint: "e.g. brewlog recipe save \(ShellWord.quoted(name)) -m V60 --dose 15 --water 250, or --from last")
        }
        try RecipeStore.replace(name, with: fields, context)
        if !context.quiet {
            context.out.line("\(existed ? "Replaced" : "Saved") recipe \(context.style.bold(name.terminalSafe)): \(RecipeText.summary(fields))")
        }
    }

    /// `recipe edit NAME`: the fields typed replace the recipe's, `--unset` removes some, the rest stays.
    static func edit(_ name: String, _ context: CommandContext) throws(CLIError) {
        let before = try recipe(name, context)
        let changes = fieldOptions.contains(where: { context.arguments.value($0) != nil }) || !context.arguments.all(Option.unset).isEmpty
        guard changes else {
            throw context.usage("'recipe edit' needs a field to change", hint: "e.g. brewlog recipe edit \(ShellWord.quoted(name)) --grind 21, or --unset water")
        }
        var fields = try changed(before, context)
        // Edited away, a field leaves the recipe: the defaults' value stands again (the recipe does not force it empty).
        fields.unset.subtract(try FieldOptions.fieldsToUnset(context, Option.unset, from: BrewField.recipeFields))
        guard !fields.isEmpty else {
            throw context.usage("the recipe would have no field left", hint: "remove it with: brewlog recipe rm \(ShellWord.quoted(name))")
        }
        guard fields != before else {
            if !context.quiet { context.out.line("No changes to recipe \(name.terminalSafe).") }
            return
        }
        try RecipeStore.replace(name, with: fields, context)
        if !context.quiet {
            context.out.line("Changed recipe \(context.style.bold(name.terminalSafe)): \(RecipeText.summary(fields))")
        }
    }

    /// The fields `--with` names (comma-separated, repeatable); one that is a method parameter,
    /// or no recipe field, is a usage error.
    private static func withFields(_ context: CommandContext) throws(CLIError) -> Set<BrewField> {
        var fields: Set<BrewField> = []
        for list in context.arguments.all(Option.with) {
            for name in list.split(separator: ",", omittingEmptySubsequences: false).map({ String($0).trimmingWhitespaceForCLI().lowercased() }) {
                guard let field = BrewField(name: name), withFields.contains(field.name) else {
                    throw context.usage("'--with' takes " + withFields.joined(separator: ", ") + "; not '\(cappedForMessage(name))'",
                                        hint: "the method's parameters (" + BrewField.recipeFields.filter(\.isMethodParameter).map(\.name).joined(separator: ", ") + ") are always kept")
                }
                fields.insert(field)
            }
        }
        return fields
    }

    /// `start` with the typed fields written over it (typed tags replace its tags), the ratio
    /// applied, and the `--unset` fields removed (and kept as the recipe's unset list); a field
    /// typed again leaves that list.
    private static func changed(_ start: BrewFieldValues, _ context: CommandContext) throws(CLIError) -> BrewFieldValues {
        var record = BrewRecord(id: .random(), timestamp: Timestamp(date: try context.now, utcOffsetSeconds: 0))
        start.apply(to: &record)
        var typed = record
        typed.tags = []
        try FieldOptions.apply(context, notes: nil, to: &typed)
        let typedFields = BrewField.recipeFields.filter { FieldOptions.value(of: $0, in: context.arguments) != nil }
        for field in typedFields {
            record.copy(field, from: typed)
        }
        let unset = try FieldOptions.fieldsToUnset(context, Option.unset, from: BrewField.recipeFields)
        for field in unset { record.clear(field) }
        try FieldOptions.applyRatio(context, to: &record)
        try FieldOptions.validate(record, context)
        var fields = BrewFieldValues(recipeOf: record)
        fields.unset = start.unset.subtracting(typedFields).union(unset)
        return fields
    }

    static func list(_ context: CommandContext) {
        let recipes = context.configuration.recipeNames.compactMap { name in context.configuration.recipe(name).map { (name, $0) } }
        if context.arguments.has(Option.json) {
            context.out.line(JSONText.array(recipes.map { RecipeText.json(name: $0.0, $0.1) }).text)
            return
        }
        if context.quiet {
            // As `list -q` prints ids: the names, one per line.
            for (name, _) in recipes { context.out.line(name) }
            return
        }
        if recipes.isEmpty {
            context.out.line("No recipes yet. Save one with 'brewlog recipe save NAME [FIELDS]'.")
            return
        }
        let width = recipes.map { BrewFormatting.displayWidth($0.0.terminalSafe) }.max() ?? 0
        for (name, fields) in recipes {
            context.out.line(context.style.bold(BrewFormatting.padded(name.terminalSafe, to: width)) + "  " + RecipeText.summary(fields))
        }
    }

    static func show(_ name: String, _ context: CommandContext) throws(CLIError) {
        let fields = try recipe(name, context)
        if context.arguments.has(Option.json) {
            context.out.line(RecipeText.json(name: name, fields).text)
            return
        }
        guard !context.quiet else { return }
        context.out.line(context.style.bold(BrewFormatting.padded("name", to: 8)) + "  " + name.terminalSafe)
        for (label, value) in RecipeText.rows(fields) {
            context.out.line(context.style.bold(BrewFormatting.padded(label, to: 8)) + "  " + value.terminalSafe)
        }
    }

    static func remove(_ name: String, _ context: CommandContext) throws(CLIError) {
        _ = try recipe(name, context)
        try RecipeStore.remove(name, context)
        if !context.quiet { context.out.line("Removed recipe \(name.terminalSafe).") }
    }

    /// The recipe `name`, or "not found" (exit 1) with the names there are.
    private static func recipe(_ name: String, _ context: CommandContext) throws(CLIError) -> BrewFieldValues {
        guard let fields = context.configuration.recipe(name) else {
            let names = context.configuration.recipeNames
            let hint = nearest(to: name, in: names).map { "did you mean '\($0)'?" }
                ?? (names.isEmpty ? "save one with 'brewlog recipe save NAME'" : "recipes: " + names.map(\.terminalSafe).joined(separator: ", "))
            throw CLIError.notFound("no recipe named '\(cappedForMessage(name))'", hint: hint)
        }
        return fields
    }
}

import BrewLogCore

/// `brewlog dial COFFEE [-m METHOD]`: every brew of one coffee in date order with its recipe,
/// what changed from the brew before, and the best-rated recipe with the commands that save it
/// and repeat it.
enum DialCommand: BrewLogCommand {
    /// Its options.
    enum Option {
        static let method = OptionSpec("method", short: "m", value: "m", completes: .lookup(.methods), help: "Only brews of this method, ignoring case.")
        static let json = OptionSpec("json", help: #"Print {"coffee":C,"brews":[brew + "ratio","days_off_roast","changed"],"best":brew|null}."#)
    }

    static let spec = CommandSpec(
        name: "dial",
        abstract: "Dial in a coffee: its brews, what changed each time, and the best recipe.",
        usage: "dial <coffee> [-m <m>] [--json]",
        arguments: [ArgumentSpec("coffee", completes: .lookup(.coffees), help: "The coffee, as logged (ignoring case), or a part of its name that no other coffee has.")],
        positionalCount: 1...1,
        options: [Option.method, Option.json],
        discussion: """
            A cell marked '*' changed from the brew above it (the method too, when it changes).
            The best recipe is the highest rated brew (ties: the most recent); the commands after
            it save that recipe and log it again.
            """,
        pagesOutput: true)

    /// The recipe fields a row shows, each with its column title: every setting one turns while
    /// dialling in (the method and coffee are the dial's subject, tags no setting) and the ratio
    /// (`nil`), in the table's column order but for the grind, the knob turned most, first.
    private static let columns: [(field: BrewField?, title: String)] = {
        let settings: [(field: BrewField?, title: String)] = BrewColumn.all.compactMap { column in
            switch column {
            case .field(let field) where field.isRecipe && ![.method, .coffee, .tags].contains(field): (field, column.name.uppercased())
            case .ratio: (nil, column.name.uppercased())
            case .field, .bean, .beanName, .daysOffRoast, .extractionYield, .cost: nil
            }
        }
        return settings.filter { $0.field == .grind } + settings.filter { $0.field != .grind }
    }()

    static func run(_ context: CommandContext) throws(CLIError) {
        let store = try context.session().read()
        let (name, brews) = try selection(context.arguments.positionals[0], method: context.arguments.value(Option.method),
                                          in: store, context)
        try store.ensureReadWhole()
        let changes = brews.indices.map { index in changed(from: index == 0 ? nil : brews[index - 1], to: brews[index]) }
        let bags = BeanMatching(bags: store.beanBags)
        let offRoast = brews.map(bags.daysOffRoast(of:))
        let best = CoffeeSelection.best(of: brews)
        if context.arguments.has(Option.json) {
            let rows = zip(zip(brews, changes), offRoast).map { pair, days in
                let (brew, changed) = pair
                return JSONText.brew(brew, with: [("ratio", brew.ratio.map { .number(($0 * 1000).rounded() / 1000) } ?? .null),
                                                  ("days_off_roast", days.map(JSONText.int) ?? .null),
                                                  ("changed", .array(changed.map(JSONText.string)))])
            }
            context.out.line(#"{"coffee":"# + JSONText.string(name).text + #","brews":["# + rows.joined(separator: ",") + #"],"best":"#
                + (best.map(BrewLineCodec.encode) ?? "null") + "}")
            return
        }
        guard !context.quiet else { return }
        // With `-m`, the heading names the method as the brews spell it.
        let heading = context.arguments.value(Option.method) == nil ? name : name + " with " + (brews.first?.method ?? "")
        render(name, heading: heading, brews, changes, offRoast: offRoast, best: best, context)
    }

    /// The journal keys of the recipe fields that differ from the brew before (none for the first).
    /// A method spelled in another case is the same method, as the filters and `-m` read it.
    private static func changed(from previous: BrewRecord?, to brew: BrewRecord) -> [String] {
        guard let previous else { return [] }
        return BrewField.allCases.filter { field in
            guard field.isRecipe, field != .coffee, field != .tags else { return false }
            return field == .method ? previous.method?.lowercased() != brew.method?.lowercased() : previous[field] != brew[field]
        }.map(\.journalKey)
    }

    /// The table, the best brew and the commands that save and repeat it; `name` makes the
    /// recipe's name, `heading` (the coffee, and the method under `-m`) titles the table.
    private static func render(_ name: String, heading: String, _ brews: [BrewRecord], _ changes: [[String]], offRoast: [Int?], best: BrewRecord?,
                               _ context: CommandContext) {
        let style = context.style
        let out = context.out
        out.line(style.bold("Dialling in \(heading.terminalSafe)") + ": \(brews.count) brew\(brews.count == 1 ? "" : "s")")
        // The days off roast column only when some brew has a bag with a roast date.
        let showsRoast = offRoast.contains { $0 != nil }
        // The grinder too only when some brew names one: most people have one grinder.
        let columns = columns.filter { $0.field != .grinder || brews.contains { $0.grinder != nil } }
        var table: [[String]] = [["DATE", "METHOD"] + columns.map(\.title) + (showsRoast ? ["OFF ROAST"] : []) + ["RATING"]]
        var previousRatio: String?
        for ((brew, changed), days) in zip(zip(brews, changes), offRoast) {
            let method = (brew.method ?? "-").terminalSafe + (changed.contains(BrewField.method.journalKey) ? "*" : "")
            var row = [BrewFormatting.dateTime(brew.timestamp), method]
            let ratio = BrewFormatting.ratio(brew.ratio)
            for column in columns {
                // A field is marked when it changed; the ratio, derived, when it reads differently.
                let value = column.field.map { cell($0, brew) } ?? ratio
                let isChanged = column.field.map { changed.contains($0.journalKey) } ?? (previousRatio.map { $0 != ratio } ?? false)
                row.append(value + (isChanged ? "*" : ""))
            }
            previousRatio = ratio
            if showsRoast { row.append(days.map { "\($0) d" } ?? "-") }
            row.append(BrewFormatting.stars(brew.rating))
            table.append(row)
        }
        let widths = table[0].indices.map { column in table.map { BrewFormatting.displayWidth($0[column]) }.max() ?? 0 }
        for (index, row) in table.enumerated() {
            let line = zip(row, widths).map { BrewFormatting.padded($0, to: $1) }.joined(separator: "  ").trimmingTrailingSpaces()
            out.line(index == 0 ? style.bold(line) : line)
        }
        guard let best, let rating = best.rating else {
            out.line("No rated brew yet: rate one (brewlog edit ID -r N) to find the best recipe.")
            return
        }
        // The coffee says which beans; the bag's id would only add noise.
        var fields = BrewFieldValues(recipeOf: best)
        fields[.bean] = nil
        let recipe = RecipeText.summary(fields)
        out.line("Best: \(BrewFormatting.dateTime(best.timestamp)) \(BrewFormatting.stars(rating)) \(recipe)")
        let id = ShellWord.quoted(best.id.rawValue)
        // A recipe name not taken yet (`kenya-aa-2`), so the line works as printed.
        let taken = Set(context.configuration.recipeNames)
        let base = recipeName(for: name)
        let free = ([base] + (2...99).map { "\(base)-\($0)" }).first { !taken.contains($0) } ?? base
        out.line("Save it: \(context.commandPrefix) recipe save \(ShellWord.quoted(free)) --from \(id)")
        out.line("Repeat it: \(context.commandPrefix) add --like \(id)")
    }

    /// A field's cell: its value with the unit, or `-`.
    private static func cell(_ field: BrewField, _ brew: BrewRecord) -> String {
        brew[field].map { field.display($0).terminalSafe } ?? "-"
    }

    /// A recipe name made from a coffee's name: lowercase letters and digits, other runs as `-`.
    static func recipeName(for coffee: String) -> String {
        var name = ""
        for scalar in coffee.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar)) {
                name.unicodeScalars.append(scalar)
            } else if !name.isEmpty, !name.hasSuffix("-") {
                name += "-"
            }
        }
        while name.hasSuffix("-") { name.removeLast() }
        return name.isEmpty ? "dialled" : String(name.prefix(40))
    }
}

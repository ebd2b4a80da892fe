import BrewLogCore

/// A recipe as `recipe list`, `recipe show` and `recipe save` print it, field by field from the
/// field table.
enum RecipeText {
    /// `V60 · House blend · dose 15 g · water 250 g · ratio 1:16.7 · grind 22 clicks · temp 94.0 °C`:
    /// the method and coffee as they are, every other field with its label, then `without water`
    /// for the fields it removes.
    static func summary(_ fields: BrewFieldValues) -> String {
        rows(fields).map { [BrewField.method.name, BrewField.coffee.name].contains($0.label) ? $0.value
            : $0.label == "unset" ? "without " + $0.value : $0.label + " " + $0.value }
            .joined(separator: " · ").terminalSafe
    }

    /// Label and value of each field that is set, in the table's column order (the ratio after
    /// the grams it comes from), then `unset` with the fields the recipe goes without.
    static func rows(_ fields: BrewFieldValues) -> [(label: String, value: String)] {
        var record = BrewRecord(id: .random(), timestamp: Timestamp(date: .init(timeIntervalSince1970: 0), utcOffsetSeconds: 0))
        fields.apply(to: &record)
        let unset = unsetNames(fields)
        return fieldRows(fields, record) + (unset.isEmpty ? [] : [("unset", unset.joined(separator: ", "))])
    }

    /// The names of the fields the recipe removes from the defaults, in table order.
    static func unsetNames(_ fields: BrewFieldValues) -> [String] {
        BrewField.recipeFields.filter(fields.unset.contains).map(\.name)
    }

    private static func fieldRows(_ fields: BrewFieldValues, _ record: BrewRecord) -> [(label: String, value: String)] {
        BrewColumn.all.compactMap { column in
            switch column {
            case .field(let field):
                guard let value = fields[field] else { return nil }
                if case .tags(let tags) = value, tags.isEmpty { return nil }
                return (field.name, field.display(value))
            case .ratio:
                return record.ratio.map { (column.name, BrewFormatting.ratio($0)) }
            case .bean:
                // The bag as the recipe names it: a name, a part of one or an id.
                return fields[.bean].map { (column.name, BrewField.bean.display($0)) }
            case .beanName, .daysOffRoast, .extractionYield, .cost:
                // A bag's name and age, what a brew extracted and cost, belong to the brews made from it, not to a recipe.
                return nil
            }
        }
    }

    /// `{"name":N,"method":…,"dose_g":…}`: the recipe with the journal's keys.
    static func json(name: String, _ fields: BrewFieldValues) -> JSONText {
        var members: [(key: String, value: JSONText)] = [("name", .string(name))]
        for (field, value) in fields.fields {
            if case .tags(let tags) = value, tags.isEmpty { continue }
            members.append((field.journalKey, JSONText.field(value)))
        }
        let unset = unsetNames(fields)
        if !unset.isEmpty { members.append(("unset", .array(unset.map(JSONText.string)))) }
        return .object(members)
    }
}

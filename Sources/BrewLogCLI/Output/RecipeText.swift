import BrewLogCore

/// A recipe as `recipe list`, `recipe show` and `recipe save` print it.
enum RecipeText {
    /// `V60 · House blend · dose 15 g · water 250 g · ratio 1:16.7 · grind 22 clicks · temp 94.0 °C`:
    /// the method and coffee as they are, every other field with its label.
    static func summary(_ fields: BrewDefaults) -> String {
        rows(fields).map { ["method", "coffee"].contains($0.label) ? $0.value : $0.label + " " + $0.value }
            .joined(separator: " · ").terminalSafe
    }

    /// Label and value of each field that is set, in field order (the ratio after the yield).
    static func rows(_ fields: BrewDefaults) -> [(label: String, value: String)] {
        var record = BrewRecord(id: .random(), timestamp: Timestamp(date: .init(timeIntervalSince1970: 0), utcOffsetSeconds: 0))
        fields.apply(to: &record)
        var rows: [(label: String, value: String)] = []
        if let method = fields.method { rows.append(("method", method)) }
        if let coffee = fields.coffee { rows.append(("coffee", coffee)) }
        if let dose = fields.dose { rows.append(("dose", formatNumber(dose) + " g")) }
        if let water = fields.water { rows.append(("water", formatNumber(water) + " g")) }
        if let yield = fields.yield { rows.append(("yield", formatNumber(yield) + " g")) }
        if let ratio = record.ratio { rows.append(("ratio", BrewFormatting.ratio(ratio))) }
        if let grind = fields.grind { rows.append(("grind", grind)) }
        if let temperature = fields.temperature { rows.append(("temp", BrewFormatting.oneDecimal(temperature) + " °C")) }
        if let time = fields.time { rows.append(("time", BrewTime.format(time))) }
        if let tags = fields.tags, !tags.isEmpty { rows.append(("tags", tags.joined(separator: ", "))) }
        return rows
    }

    /// `{"name":N,"method":…,"dose_g":…}`: the recipe with the journal's keys.
    static func json(name: String, _ fields: BrewDefaults) -> JSONText {
        var members: [(key: String, value: JSONText)] = [("name", .string(name))]
        if let method = fields.method { members.append(("method", .string(method))) }
        if let coffee = fields.coffee { members.append(("coffee", .string(coffee))) }
        if let dose = fields.dose { members.append(("dose_g", .number(dose))) }
        if let water = fields.water { members.append(("water_g", .number(water))) }
        if let yield = fields.yield { members.append(("yield_g", .number(yield))) }
        if let grind = fields.grind { members.append(("grind", .string(grind))) }
        if let temperature = fields.temperature { members.append(("temp_c", .number(temperature))) }
        if let time = fields.time { members.append(("time_s", .int(time))) }
        if let tags = fields.tags, !tags.isEmpty { members.append(("tags", .array(tags.map(JSONText.string)))) }
        return .object(members)
    }
}

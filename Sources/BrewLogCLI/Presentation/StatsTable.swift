import BrewLogCore

/// A table of `stats`: the methods with their averages, or the coffees. A heading row, then one
/// row per group; the name cut to keep a row within 80 columns, the figures aligned right.
struct StatsTable {
    /// A figure averaged per method: a numeric recipe field, or the ratio.
    struct Average: Sendable {
        /// Its key in `--json` (the field's journal key, `ratio`).
        let key: String
        /// Its column's heading.
        let title: String
        /// A group's mean, `nil` when it has none.
        let mean: @Sendable (BrewStatistics.Group) -> Double?
        /// A group's mean as people read it (`15.5 g`, `1:16.7`, `2:45`), `-` when it has none.
        let text: @Sendable (BrewStatistics.Group) -> String
    }

    /// The averages, in the order of the table columns (`list --columns`): the fields the
    /// statistics average, with the ratio where the columns place it.
    static let averages: [Average] = BrewColumn.all.compactMap { column in
        if column == .ratio {
            return Average(key: column.name, title: column.name.uppercased(), mean: { $0.averageRatio }) { BrewFormatting.ratio($0.averageRatio) }
        }
        guard case .field(let field) = column, BrewStatistics.averagedFields.contains(field) else { return nil }
        return Average(key: field.journalKey, title: column.name.uppercased(), mean: { $0.averages[field] }) { group in
            group.average(of: field).map { field.display($0) } ?? "-"
        }
    }

    /// The width a row is kept within, when the figures leave the name room enough.
    static let width = 80
    /// The fewest columns a name is cut to.
    static let narrowestName = 8
    /// The most columns a name takes.
    static let widestName = 40

    /// The heading's cells.
    let header: [String]
    /// Each group's cells: its name (made safe for the terminal), then its figures.
    let rows: [[String]]

    /// The methods, each with its brews, average rating and averages; a column of averages that
    /// no method listed has is left out.
    static func methods(_ groups: some Collection<BrewStatistics.Group>) -> StatsTable {
        let shown = averages.filter { average in groups.contains { average.mean($0) != nil } }
        return StatsTable(header: ["METHOD", "BREWS", "RATING"] + shown.map(\.title),
                          rows: groups.map { group in row(group, name: group.name ?? "(no method)") + shown.map { $0.text(group) } })
    }

    /// The coffees, each with its brews and average rating.
    static func coffees(_ groups: some Collection<BrewStatistics.Group>) -> StatsTable {
        StatsTable(header: ["COFFEE", "BREWS", "RATING"], rows: groups.map { row($0, name: $0.name ?? "") })
    }

    private static func row(_ group: BrewStatistics.Group, name: String) -> [String] {
        [name.terminalSafe, String(group.brews), group.averageRating.map { "★ " + BrewFormatting.oneDecimal($0) } ?? "-"]
    }

    /// The heading and the rows, each column as wide as its widest cell; the name column no
    /// wider than ``widestName``, and narrower (down to ``narrowestName``) when the figures
    /// would otherwise take the row past ``width``.
    var lines: [String] {
        let table = [header] + rows
        var widths = header.indices.map { column in table.map { BrewFormatting.displayWidth($0[column]) }.max() ?? 0 }
        let figures = widths.dropFirst().reduce(0) { $0 + 2 + $1 }
        widths[0] = min(widths[0], StatsTable.widestName, max(StatsTable.narrowestName, StatsTable.width - figures))
        return table.map { cells in
            let name = BrewFormatting.padded(BrewFormatting.truncate(cells[0], to: widths[0]), to: widths[0])
            let figures = zip(cells.dropFirst(), widths.dropFirst()).map { BrewFormatting.padded($0, to: $1, alignedRight: true) }
            return ([name] + figures).joined(separator: "  ").trimmingTrailingSpaces()
        }
    }
}

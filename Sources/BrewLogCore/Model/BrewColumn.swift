/// A column a table of brews can show: a field of the field table, or a value derived from a
/// brew's fields, declared here beside them. `list --columns`, `ui.list-columns` and the table
/// itself take their names and order from ``all``.
public enum BrewColumn: Hashable, Sendable {
    /// A field, shown as the field table shows it.
    case field(BrewField)
    /// The brew ratio (``BrewRecord/ratio``), after the grams it comes from.
    case ratio
    /// The bean bag the brew was made from, named by its link (the `bean` field) or by its
    /// coffee; it stands for the `bean` field, whose bag id alone says little.
    case bean

    /// Every column, in the order they are listed: the fields in table order with each derived
    /// column after the field it comes from, and the notes (free text of any length) last.
    public static let all: [BrewColumn] = {
        var columns: [BrewColumn] = []
        for field in BrewField.allCases where field != .notes {
            columns.append(field == .bean ? .bean : .field(field))
            if field == .yield { columns.append(.ratio) }
        }
        return columns + [.field(.notes)]
    }()

    /// The column's name (`dose`, `ratio`), which is also its heading in capitals.
    public var name: String {
        switch self {
        case .field(let field): field.name
        case .ratio: "ratio"
        case .bean: "bean"
        }
    }

    /// The column named `name`.
    public init?(name: String) {
        guard let column = BrewColumn.all.first(where: { $0.name == name }) else { return nil }
        self = column
    }
}

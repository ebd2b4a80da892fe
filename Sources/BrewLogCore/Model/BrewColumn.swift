/// A column a table of brews can show, and a key a brew's record can hold in `list --json` and
/// `export` with `--columns`: a field of the field table, or a value derived from a brew's fields
/// (and its bag), declared here beside them. `list --columns`, `--sort`, `ui.list-columns`, the
/// table and the column exports take their names and order from ``all``.
public enum BrewColumn: Hashable, Sendable {
    /// A field, shown as the field table shows it.
    case field(BrewField)
    /// The brew ratio (``BrewRecord/ratio``), after the grams it comes from.
    case ratio
    /// The bean bag the brew was made from (``BeanMatching/bag(of:)``: by its link, the `bean`
    /// field, or by its coffee). It stands for the `bean` field, whose stored link alone says
    /// little: a table names the bag, a record holds the bag's id.
    case bean
    /// The name of the bean bag the brew was made from.
    case beanName
    /// Days from the roast of the brew's bag to the day it was brewed
    /// (``BeanMatching/daysOffRoast(of:)``).
    case daysOffRoast
    /// The extraction yield in percent (``BrewRecord/extractionYield``), after the TDS.
    case extractionYield
    /// What the brew's coffee cost (``BeanMatching/cost(of:)``), after its bag's age.
    case cost

    /// Every column, in the order they are listed: the fields in table order with each derived
    /// column after the value it comes from (the bag's name after the bag, the ratio after the
    /// grams, the days off roast after the recipe), and the tags and notes (lists and free text
    /// of any length) last.
    public static let all: [BrewColumn] = {
        var columns: [BrewColumn] = []
        for field in BrewField.allCases where field != .notes && field != .tags {
            columns += field == .bean ? [.bean, .beanName] : [.field(field)]
            if field == .yield { columns.append(.ratio) }
            if field == .tds { columns.append(.extractionYield) }
        }
        return columns + [.daysOffRoast, .cost, .field(.tags), .field(.notes)]
    }()

    /// The column's name (`dose`, `ratio`, `days_off_roast`), which is also its heading in
    /// capitals.
    public var name: String {
        switch self {
        case .field(let field): field.name
        case .ratio: "ratio"
        case .bean: "bean"
        case .beanName: "bean_name"
        case .daysOffRoast: "days_off_roast"
        case .extractionYield: "ey"
        case .cost: "cost"
        }
    }

    /// The column's key in a JSON object or a CSV header: a field's journal key (`dose_g`,
    /// `temp_c`), so a record with chosen columns reads like a journal line, else its name.
    public var key: String {
        if case .field(let field) = self { return field.journalKey }
        return name
    }

    /// The column named `name`, or whose ``key`` is `name` (`dose` or `dose_g`).
    public init?(name: String) {
        guard let column = BrewColumn.all.first(where: { $0.name == name }) ?? BrewColumn.all.first(where: { $0.key == name }) else {
            return nil
        }
        self = column
    }

    /// The column's value for `record`, as a JSON object or a CSV row with chosen columns holds
    /// it; `nil` when the brew has none (JSON's `null`, an empty CSV cell).
    ///
    /// A field is its journal value, but the notes are always text and the tags always a list
    /// (maybe empty). The ratio is rounded to thousandths, as every `--json` writes it; the
    /// extraction yield and the cost to hundredths. `bean` is
    /// the id of the bag the brew belongs to by ``BeanMatching``, so a brew linked to a bag that
    /// was removed has none; `bean_name` is that bag's name.
    public func value(of record: BrewRecord, bags: BeanMatching) -> FieldValue? {
        switch self {
        case .field(.notes): .text(record.notes)
        case .field(.tags): .tags(record.tags)
        case .field(let field): record[field]
        case .ratio: record.ratio.map { ratio in
            let scaled = ratio * 1000
            return .number(scaled.isFinite ? scaled.rounded() / 1000 : ratio)
        }
        case .bean: bags.bag(of: record).map { .id($0.id) }
        case .beanName: bags.bag(of: record).map { .text($0.name) }
        case .daysOffRoast: bags.daysOffRoast(of: record).map(FieldValue.integer)
        case .extractionYield: record.extractionYield.map { .number(BrewColumn.hundredths($0)) }
        case .cost: bags.cost(of: record).map { .number(BrewColumn.hundredths($0)) }
        }
    }

    /// `value` rounded to hundredths (a percent's, a currency's cents), as long as that is finite.
    private static func hundredths(_ value: Double) -> Double {
        let scaled = value * 100
        return scaled.isFinite ? scaled.rounded() / 100 : value
    }
}

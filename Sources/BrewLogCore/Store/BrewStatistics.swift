/// Totals and averages over a set of brews: what `brewlog stats` reports.
///
/// A recipe's figures (its numeric fields, ``averagedFields``, and the ratio) are averaged per
/// method only: an 18 g espresso and a 30 g French press averaged together describe neither.
public struct BrewStatistics: Equatable, Sendable {
    /// A method or coffee with how often it was brewed, its average rating and, for a method, the
    /// averages of its recipe's figures.
    public struct Group: Equatable, Sendable {
        /// The method or coffee as written; `nil` for the brews that name no method.
        public let name: String?
        /// How many brews used it.
        public let brews: Int
        /// The mean rating of its rated brews, `nil` when none is rated.
        public let averageRating: Double?
        /// For a method, the mean of each of ``BrewStatistics/averagedFields`` over its brews that
        /// have the field; a field none of them has is absent. Empty for a coffee (one coffee is
        /// brewed by several methods).
        public let averages: [BrewField: Double]
        /// For a method, the mean ratio of its brews that have one; `nil` when none has one, and
        /// always for a coffee.
        public let averageRatio: Double?

        /// The mean of `field` as a value of that field, as ``BrewField/averageValue(_:)`` rounds
        /// it for people; `nil` when the group has no mean for it.
        public func average(of field: BrewField) -> FieldValue? {
            averages[field].map(field.averageValue)
        }
    }

    /// The fields averaged per method: the numeric fields of a recipe, in table order.
    public static let averagedFields = BrewField.recipeFields.filter(\.isNumeric)

    /// Number of brews.
    public let brews: Int
    /// Number of distinct days with a brew (streak days, when a day function is given).
    public let brewDays: Int
    /// Mean rating of the rated brews (a rating means the same whatever the method).
    public let averageRating: Double?
    /// Per method, most brewed first (ties by name), then the brews that name no method, if any;
    /// spellings that differ only in case are one group, named by its most frequent spelling.
    public let methods: [Group]
    /// Per coffee, most brewed first (ties by name); brews that name no coffee are left out.
    public let coffees: [Group]
    /// Brews per day.
    public let brewsPerDay: [CalendarDay: Int]

    /// The statistics of `records`, each counted on the day `day` gives (its calendar date by
    /// default; the store's streak day, so the day start applies, for `brewlog stats`).
    public init(_ records: [BrewRecord], day: (Timestamp) -> CalendarDay = \.day) {
        brews = records.count
        var perDay: [CalendarDay: Int] = [:]
        for record in records { perDay[day(record.timestamp), default: 0] += 1 }
        brewsPerDay = perDay
        brewDays = perDay.count
        averageRating = BrewStatistics.mean(records.compactMap { $0.rating.map(Double.init) })
        let unnamed = records.filter { $0.method == nil }
        methods = BrewStatistics.groups(records, by: \.method, withAverages: true)
            + (unnamed.isEmpty ? [] : [BrewStatistics.group(named: nil, unnamed, withAverages: true)])
        coffees = BrewStatistics.groups(records, by: \.coffee, withAverages: false)
    }

    /// The mean of `values`, finite whenever they all are: when their sum overflows (the journal's
    /// ranges keep it from doing so, but records handed in directly are not checked), each value
    /// is divided by the count before it is added.
    private static func mean(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let count = Double(values.count)
        let sum = values.reduce(0, +)
        return sum.isFinite ? sum / count : values.reduce(0) { $0 + $1 / count }
    }

    /// The groups of the records that have a value at `key`, whose values equal ignoring case.
    private static func groups(_ records: [BrewRecord], by key: KeyPath<BrewRecord, String?>, withAverages: Bool) -> [Group] {
        var byKey: [String: [(name: String, record: BrewRecord)]] = [:]
        for record in records {
            if let name = record[keyPath: key] { byKey[name.lowercased(), default: []].append((name, record)) }
        }
        return byKey.values
            .map { members in
                var spellings: [String: Int] = [:]
                for member in members { spellings[member.name, default: 0] += 1 }
                let name = spellings.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? members[0].name
                return group(named: name, members.map(\.record), withAverages: withAverages)
            }
            .sorted { ($0.brews, $1.name ?? "") > ($1.brews, $0.name ?? "") }
    }

    private static func group(named name: String?, _ records: [BrewRecord], withAverages: Bool) -> Group {
        var averages: [BrewField: Double] = [:]
        if withAverages {
            for field in averagedFields {
                averages[field] = mean(records.compactMap { $0[field]?.doubleValue })
            }
        }
        return Group(name: name, brews: records.count, averageRating: mean(records.compactMap { $0.rating.map(Double.init) }),
                     averages: averages, averageRatio: withAverages ? mean(records.compactMap(\.ratio)) : nil)
    }
}

extension FieldValue {
    /// A number or a whole number as a `Double`; `nil` for every other kind of value.
    var doubleValue: Double? {
        switch self {
        case .number(let number): number
        case .integer(let integer): Double(integer)
        case .id, .date, .text, .tags: nil
        }
    }
}

extension BrewField {
    /// `mean`, an average of this numeric field, as a value of the field rounded the way people
    /// read it: a whole number of seconds for a duration (a whole number for a rating), else the
    /// field's display precision, or a tenth for a field shown with as many decimals as it has
    /// (an average of 15 g and 16 g is 15.5 g, of three doses not 15.333333333333334 g).
    public func averageValue(_ mean: Double) -> FieldValue {
        switch kind {
        case .duration, .rating:
            if let whole = Int(exactly: mean.rounded()) { return .integer(whole) }
            return .number(mean)
        case .number, .id, .date, .text, .optionalText, .tags:
            var scale = 1.0
            for _ in 0..<(row.decimals ?? 1) { scale *= 10 }
            let rounded = (mean * scale).rounded() / scale
            return .number(rounded.isFinite ? rounded : mean)
        }
    }
}

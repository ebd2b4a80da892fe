/// Totals and averages over a set of brews: what `brewlog stats` reports.
public struct BrewStatistics: Equatable, Sendable {
    /// A method or coffee with how often it was brewed, its average rating and its average ratio.
    public struct Group: Equatable, Sendable {
        /// The method or coffee as written.
        public let name: String
        /// How many brews used it.
        public let brews: Int
        /// The mean rating of its rated brews, `nil` when none is rated.
        public let averageRating: Double?
        /// For a method, the mean ratio of its brews that have one (never mixing an espresso's
        /// 1:2 with a pour-over's 1:16, as one figure over every brew would); `nil` when none
        /// has one, and always for a coffee (one coffee is brewed by several methods).
        public let averageRatio: Double?
    }

    /// Number of brews.
    public let brews: Int
    /// Number of distinct days with a brew (streak days, when a day function is given).
    public let brewDays: Int
    /// Mean rating of the rated brews.
    public let averageRating: Double?
    /// Mean dose of the brews that have one.
    public let averageDose: Double?
    /// Per method, most brewed first (ties by name); spellings that differ only in case are one
    /// group, named by its most frequent spelling.
    public let methods: [Group]
    /// Per coffee, most brewed first (ties by name).
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
        averageDose = BrewStatistics.mean(records.compactMap(\.doseGrams))
        methods = BrewStatistics.groups(records, by: \.method, withRatio: true)
        coffees = BrewStatistics.groups(records, by: \.coffee, withRatio: false)
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

    private static func groups(_ records: [BrewRecord], by key: KeyPath<BrewRecord, String?>, withRatio: Bool) -> [Group] {
        var byKey: [String: [(name: String, record: BrewRecord)]] = [:]
        for record in records {
            if let name = record[keyPath: key] { byKey[name.lowercased(), default: []].append((name, record)) }
        }
        return byKey.values
            .map { members in
                var spellings: [String: Int] = [:]
                for member in members { spellings[member.name, default: 0] += 1 }
                let name = spellings.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? members[0].name
                return Group(name: name, brews: members.count, averageRating: mean(members.compactMap { $0.record.rating.map(Double.init) }),
                             averageRatio: withRatio ? mean(members.compactMap(\.record.ratio)) : nil)
            }
            .sorted { ($0.brews, $1.name) > ($1.brews, $0.name) }
    }
}

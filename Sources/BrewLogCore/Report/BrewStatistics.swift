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
    public let brewsPerDay: DayCounts

    /// The statistics of `records`, each counted on the day `day` gives (its calendar date by
    /// default; the store's streak day, so the day start applies, for `brewlog stats`).
    public init(_ records: [BrewRecord], day: @escaping (Timestamp) -> CalendarDay = \.day) {
        var accumulator = Accumulator(day: day)
        for record in records { accumulator.add(record) }
        self = accumulator.statistics
    }

    private init(brews: Int, brewsPerDay: DayCounts, averageRating: Double?, methods: [Group], coffees: [Group]) {
        self.brews = brews
        self.brewsPerDay = brewsPerDay
        brewDays = brewsPerDay.dayCount
        self.averageRating = averageRating
        self.methods = methods
        self.coffees = coffees
    }

    /// The statistics built brew by brew, holding only the sums they need (a million brews are
    /// folded in without being held): `stats` adds each brew as it reads the journal.
    public struct Accumulator {
        private let day: (Timestamp) -> CalendarDay
        private var brews = 0
        private var perDay = DayCounts()
        private var rating = Mean()
        private var methods = Groups()
        private var unnamed = Sums()
        private var coffees = Groups()

        /// An empty fold, counting each brew on the day `day` gives.
        public init(day: @escaping (Timestamp) -> CalendarDay = \.day) {
            self.day = day
        }

        /// Counts `record` in.
        public mutating func add(_ record: BrewRecord) {
            brews += 1
            perDay.add(day(record.timestamp))
            if let value = record.rating { rating.add(Double(value)) }
            if let method = record.method {
                methods.add(record, spelled: method, withAverages: true)
            } else {
                unnamed.add(record, spelling: nil, withAverages: true)
            }
            if let coffee = record.coffee {
                coffees.add(record, spelled: coffee, withAverages: false)
            }
        }

        /// The statistics of the brews added.
        public var statistics: BrewStatistics {
            let order: (Group, Group) -> Bool = { ($0.brews, $1.name ?? "") > ($1.brews, $0.name ?? "") }
            let named = methods.sums.map { $0.group(withAverages: true) }.sorted(by: order)
            return BrewStatistics(brews: brews, brewsPerDay: perDay, averageRating: rating.value,
                                  methods: named + (unnamed.brews == 0 ? [] : [unnamed.group(withAverages: true)]),
                                  coffees: coffees.sums.map { $0.group(withAverages: false) }.sorted(by: order))
        }
    }

    /// Sums per name, spellings that differ only in case in one group. A spelling seen before
    /// costs one lookup: the name is lowercased only the first time it is met.
    private struct Groups {
        var sums: [Sums] = []
        /// Each group by its lowercased name.
        var byKey: [String: Int] = [:]
        /// Each spelling's group and its place among the group's spellings.
        var bySpelling: [String: (group: Int, spelling: Int)] = [:]

        mutating func add(_ record: BrewRecord, spelled name: String, withAverages: Bool) {
            let place: (group: Int, spelling: Int)
            if let known = bySpelling[name] {
                place = known
            } else {
                let key = name.lowercased()
                let group = byKey[key] ?? sums.count
                if group == sums.count {
                    sums.append(Sums())
                    byKey[key] = group
                }
                sums[group].spellings.append((name, 0))
                place = (group, sums[group].spellings.count - 1)
                bySpelling[name] = place
            }
            sums[place.group].add(record, spelling: place.spelling, withAverages: withAverages)
        }
    }

    /// What a group's figures are made of: its brews, how its name is spelled, and the means.
    private struct Sums {
        var brews = 0
        /// Each spelling of the name and its brews, in the order met.
        var spellings: [(name: String, brews: Int)] = []
        var rating = Mean()
        /// The mean of each of ``BrewStatistics/averagedFields``, in that order.
        var fields = [Mean](repeating: Mean(), count: averagedFields.count)
        var ratio = Mean()

        mutating func add(_ record: BrewRecord, spelling: Int?, withAverages: Bool) {
            brews += 1
            if let spelling { spellings[spelling].brews += 1 }
            if let value = record.rating { rating.add(Double(value)) }
            guard withAverages else { return }
            for (offset, field) in averagedFields.enumerated() {
                if let value = record.numericValue(field) { fields[offset].add(value) }
            }
            if let value = record.ratio { ratio.add(value) }
        }

        /// The group, named by its most frequent spelling (ties: the first in sorted order).
        func group(withAverages: Bool) -> Group {
            let name = spellings.max { ($0.brews, $1.name) < ($1.brews, $0.name) }?.name
            var averages: [BrewField: Double] = [:]
            if withAverages {
                for (offset, field) in averagedFields.enumerated() { averages[field] = fields[offset].value }
            }
            return Group(name: name, brews: brews, averageRating: rating.value, averages: averages, averageRatio: withAverages ? ratio.value : nil)
        }
    }

    /// A mean built value by value, finite whenever the values are: when their sum overflows
    /// (the journal's ranges keep it from doing so, but records handed in directly are not
    /// checked), the running mean is given instead.
    private struct Mean {
        var sum = 0.0
        var count = 0
        var running = 0.0

        mutating func add(_ value: Double) {
            sum += value
            count += 1
            running += (value - running) / Double(count)
        }

        var value: Double? {
            guard count > 0 else { return nil }
            return sum.isFinite ? sum / Double(count) : running
        }
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

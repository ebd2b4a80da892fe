/// Which bag of beans a brew was made from: a pure function of the bags and the brew.
///
/// A brew with a `bean` key belongs to the bag with that id, whatever its coffee says, and to no
/// bag when that bag no longer exists. Any other brew belongs to a bag when its `coffee` equals the bag's name ignoring case and it was
/// brewed (on its own calendar date, in the offset it was recorded with) on or after the day the
/// bag was opened, else roasted (with neither, any day), and not after the day it was finished.
/// When several bags match, the one opened most recently wins, by ``opensAfter(_:_:)``: the rule
/// `prompt`'s newest open bag follows too.
public struct BeanMatching: Sendable {
    /// The bags of each name, lowercased, with their position in the journal.
    private let bagsByName: [String: [(position: Int, bag: BeanBag)]]
    /// The bags by id, for brews that name theirs.
    private let bagsByID: [String: BeanBag]

    /// A matcher over `bags`, in journal order.
    public init(bags: [BeanBag]) {
        var byName: [String: [(position: Int, bag: BeanBag)]] = [:]
        for (position, bag) in bags.enumerated() {
            byName[bag.name.lowercased(), default: []].append((position, bag))
        }
        bagsByName = byName
        bagsByID = Dictionary(bags.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The bag a brew of `coffee` brewed on `day` belongs to, if any.
    public func bag(coffee: String?, on day: CalendarDay) -> BeanBag? {
        guard let coffee, let candidates = bagsByName[coffee.lowercased()] else { return nil }
        var best: (position: Int, bag: BeanBag)?
        for candidate in candidates where candidate.bag.isInUse(on: day) {
            guard let current = best else { best = candidate; continue }
            if Self.opensAfter(candidate, current) { best = candidate }
        }
        return best?.bag
    }

    /// The bag `brew` belongs to, if any: the one it names, else the one its coffee names.
    public func bag(of brew: BrewRecord) -> BeanBag? {
        if let id = brew.bean { return bagsByID[id] }
        return bag(coffee: brew.coffee, on: brew.timestamp.day)
    }

    /// Days from the roast of `brew`'s bag to the day it was brewed; `nil` without a bag or a
    /// roast date.
    public func daysOffRoast(of brew: BrewRecord) -> Int? {
        bag(of: brew)?.daysOffRoast(on: brew.timestamp.day)
    }

    /// Whether bag `a` counts as opened after bag `b` (each with its position in the journal):
    /// the later opening day wins (a bag without one counts as opened when it was roasted, and one
    /// with neither as opened before any other); of bags opened the same day, the later roast
    /// when both have a roast day, else the later line in the journal.
    static func opensAfter(_ a: (position: Int, bag: BeanBag), _ b: (position: Int, bag: BeanBag)) -> Bool {
        if let later = later(a.bag.firstDay, b.bag.firstDay) { return later }
        if let x = a.bag.roasted, let y = b.bag.roasted, x != y { return x > y }
        return a.position > b.position
    }

    /// Whether `a` is after `b`, a missing day before every day; `nil` when they are the same.
    private static func later(_ a: CalendarDay?, _ b: CalendarDay?) -> Bool? {
        switch (a, b) {
        case let (x?, y?): x == y ? nil : x > y
        case (nil, _?): false
        case (_?, nil): true
        case (nil, nil): nil
        }
    }
}

/// What a bag's brews add up to: the brews, the grams they used, what is left, the average rating.
public struct BeanUsage: Sendable {
    /// The bag.
    public let bag: BeanBag
    /// Its brews, oldest first.
    public let brews: [BrewRecord]

    /// The usage once `brew` (which belongs to the bag) is added too, without reading the
    /// journal again: what `add` compares with the usage before it, to say when a bag runs low.
    public func adding(_ brew: BrewRecord) -> BeanUsage {
        let place = brews.firstIndex { $0.timestamp.date > brew.timestamp.date } ?? brews.count
        var brews = brews
        brews.insert(brew, at: place)
        return BeanUsage(bag: bag, brews: brews)
    }

    /// The sum of its brews' doses, in grams (a brew without a dose adds nothing), to the
    /// microgram: binary fractions must not make 0.1 + 0.2 g more than a 0.3 g bag held.
    public var gramsUsed: Double {
        let sum = brews.reduce(0) { $0 + ($1.doseGrams ?? 0) }
        return sum.isFinite && abs(sum) < 1e12 ? (sum * 1e6).rounded() / 1e6 : sum
    }

    /// The bag's weight less the grams used, or `nil` without a weight; negative when the brews
    /// used more than the bag held (a weight typed too low), which the command line shows as 0.
    public var gramsLeft: Double? {
        bag.weightGrams.map { $0 - gramsUsed }
    }

    /// Whether the bag is running low: fewer grams left than two of its brews' average dose
    /// (two 15 g brews: under 30 g), or under 30 g before it has a brew with a dose; never for a
    /// bag without a weight or a finished one.
    public var isLow: Bool {
        guard bag.isOpen, let left = gramsLeft else { return false }
        let doses = brews.compactMap(\.doseGrams)
        let threshold = doses.isEmpty ? 30 : 2 * doses.reduce(0, +) / Double(doses.count)
        return left < threshold
    }

    /// The average rating of its rated brews, or `nil` when none is rated.
    public var averageRating: Double? {
        let ratings = brews.compactMap(\.rating)
        guard !ratings.isEmpty else { return nil }
        return Double(ratings.reduce(0, +)) / Double(ratings.count)
    }

    /// What a cup from the bag cost, when the bag cost `price`: the price of the grams each brew
    /// used on average (price × grams used ÷ weight ÷ brews) when the bag has a weight and its
    /// brews a dose, else, for a finished bag, the price shared by its brews; `nil` without a price,
    /// a brew, or either way to count (an open bag without a weight has no cost per cup yet).
    public func costPerCup(price: Double?) -> Double? {
        guard let price, price.isFinite, price >= 0, !brews.isEmpty else { return nil }
        let cups = Double(brews.count)
        if let weight = bag.weightGrams, weight > 0, gramsUsed > 0, gramsUsed.isFinite {
            return price * (gramsUsed / weight) / cups
        }
        return bag.isOpen ? nil : price / cups
    }

    /// The usage of every bag in `bags` by `brews` (in date order), in the order of `bags`.
    public static func of(_ bags: [BeanBag], brews: [BrewRecord]) -> [BeanUsage] {
        var tally = Tally(bags: bags)
        for brew in brews { tally.add(brew) }
        return tally.usage
    }

    /// Every bag's usage built brew by brew, in date order: only the brews that belong to a bag
    /// are kept, so a pass over a million brews holds no more than the bags' own.
    public struct Tally {
        private let bags: [BeanBag]
        private let matching: BeanMatching
        private var brewsByBag: [BrewID: [BrewRecord]] = [:]

        /// No brews yet for `bags`.
        public init(bags: [BeanBag]) {
            self.bags = bags
            matching = BeanMatching(bags: bags)
        }

        /// Whether there is a bag at all (without one, no brew needs to be added).
        public var isEmpty: Bool { bags.isEmpty }

        /// Counts `brew` in for the bag it belongs to, if any.
        public mutating func add(_ brew: BrewRecord) {
            if let bag = matching.bag(of: brew) { brewsByBag[bag.id, default: []].append(brew) }
        }

        /// The usage of every bag, in the order of the bags.
        public var usage: [BeanUsage] {
            bags.map { BeanUsage(bag: $0, brews: brewsByBag[$0.id] ?? []) }
        }
    }
}

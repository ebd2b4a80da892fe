/// A bag of coffee beans: a record of kind `bean`.
///
/// Brews are not linked to a bag by id: a brew belongs to the bag whose name its `coffee` has,
/// on the days the bag was in use (see ``BeanMatching``), so logging a brew never needs the bag.
public struct BeanBag: Hashable, Sendable {
    /// The most a bag may weigh, in grams (a 100 kg sack).
    public static let maximumWeightGrams = 100_000.0
    /// The most a bag may cost (a billion, in any currency): more is a slip, and sums of many
    /// brews' costs stay exact enough.
    public static let maximumPrice = 1_000_000_000.0

    /// The record's id, unique across every kind of record in the journal.
    public var id: BrewID
    /// The coffee's name, as brews name it in their `coffee` (compared ignoring case).
    public var name: String
    /// Who roasted it.
    public var roaster: String?
    /// Where it grew.
    public var origin: String?
    /// How it was processed (washed, natural, honey).
    public var process: String?
    /// The day it was roasted.
    public var roasted: CalendarDay?
    /// What the bag held when opened, in grams (more than 0, at most ``maximumWeightGrams``).
    public var weightGrams: Double?
    /// The day it was opened.
    public var opened: CalendarDay?
    /// The day it was finished; a bag without one is open.
    public var finished: CalendarDay?
    /// What the bag cost, in the user's currency (`ui.currency`): 0 or more, at most
    /// ``maximumPrice``.
    public var price: Double?
    /// Free text.
    public var notes: String?
    /// Tags, each non-empty with no comma or whitespace.
    public var tags: [String]
    /// Keys BrewLog does not know, with their raw JSON values, kept through every rewrite.
    public var unknownFields: [UnknownField]

    /// A bag with the given fields.
    public init(id: BrewID, name: String, roaster: String? = nil, origin: String? = nil, process: String? = nil,
                roasted: CalendarDay? = nil, weightGrams: Double? = nil, opened: CalendarDay? = nil,
                finished: CalendarDay? = nil, price: Double? = nil, notes: String? = nil, tags: [String] = [],
                unknownFields: [UnknownField] = []) {
        self.price = price
        self.id = id
        self.name = name
        self.roaster = roaster
        self.origin = origin
        self.process = process
        self.roasted = roasted
        self.weightGrams = weightGrams
        self.opened = opened
        self.finished = finished
        self.notes = notes
        self.tags = tags
        self.unknownFields = unknownFields
    }

    /// Whether the bag is still in use (not finished).
    public var isOpen: Bool { finished == nil }

    /// The first day its brews may be on: the day it was opened, else roasted; `nil` for any day.
    public var firstDay: CalendarDay? { opened ?? roasted }

    /// Whether a brew of this bag's coffee brewed on `day` belongs to it (ignoring other bags):
    /// on or after ``firstDay`` and not after ``finished``.
    public func isInUse(on day: CalendarDay) -> Bool {
        if let first = firstDay, day < first { return false }
        if let finished, day > finished { return false }
        return true
    }

    /// Days from the roast to `day` (`day` − roasted), or `nil` without a roast date.
    public func daysOffRoast(on day: CalendarDay) -> Int? {
        roasted.map { day.daysSinceEpoch - $0.daysSinceEpoch }
    }

    /// The bag's age as of `today`: its days off roast today, or on its finish day once it is
    /// finished (its beans aged no further in anyone's cup).
    public func daysOffRoast(asOf today: CalendarDay) -> Int? {
        daysOffRoast(on: finished.map { min($0, today) } ?? today)
    }

    /// What `doseGrams` of this bag cost: price × dose ÷ weight; `nil` without a price or a
    /// weight.
    public func cost(ofDose doseGrams: Double) -> Double? {
        guard let price, let weightGrams, weightGrams > 0 else { return nil }
        let cost = price * doseGrams / weightGrams
        return cost.isFinite ? cost : nil
    }

    /// Throws unless the weight and the price are inside their ranges and the tags are valid.
    public func validate() throws(BeanProblem) {
        if let price, !(price.isFinite && price >= 0 && price <= Self.maximumPrice) {
            throw BeanProblem("price must be 0 or more and at most 1000000000 (got \(formatNumber(price)))")
        }
        if let weightGrams, !(weightGrams.isFinite && weightGrams > 0 && weightGrams <= Self.maximumWeightGrams) {
            throw BeanProblem("weight must be more than 0 and at most 100000 grams (got \(formatNumber(weightGrams)))")
        }
        if name.isEmpty { throw BeanProblem("a bag's name must not be empty") }
        for tag in tags {
            do throws(InvalidFieldError) { try BrewRecord.validateTag(tag) } catch { throw BeanProblem(error.message) }
        }
    }
}

/// What is wrong with a bag's fields, in words ("weight must be more than 0 …").
public struct BeanProblem: Error, Equatable, Sendable {
    /// The reason.
    public let message: String

    /// A problem described by `message`.
    public init(_ message: String) {
        self.message = message
    }
}

extension BeanBag {
    /// The journal keys whose values differ between this bag and `other` (the id aside), in the
    /// order the journal writes them; unknown keys count as one, `unknown`.
    public func differingKeys(from other: BeanBag) -> [String] {
        var keys: [String] = []
        if name != other.name { keys.append("name") }
        if roaster != other.roaster { keys.append("roaster") }
        if origin != other.origin { keys.append("origin") }
        if process != other.process { keys.append("process") }
        if roasted != other.roasted { keys.append("roasted") }
        if weightGrams != other.weightGrams { keys.append("weight_g") }
        if opened != other.opened { keys.append("opened") }
        if finished != other.finished { keys.append("finished") }
        if price != other.price { keys.append("price") }
        if notes != other.notes { keys.append("notes") }
        if tags != other.tags { keys.append("tags") }
        return keys
    }
}

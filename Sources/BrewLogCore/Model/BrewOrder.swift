#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An order of brews by one or more columns, each ascending or descending: what `list --sort`
/// sorts by.
///
/// Numbers compare by value, the date by its moment, ids as written, and text ignoring case with
/// each run of digits read as a number, so grind `9` comes before grind `22`; the `bean` column
/// compares the bags' names, as a table shows them. A brew without a value for a key comes before
/// the brews with one, in either direction: the brews a key says nothing about stay together at
/// the start, and `--limit`, which keeps the end, never picks one for a value it lacks. Brews
/// equal on every key keep the order they were given in (the sort is stable), so brews given in
/// date order are tied by date.
public struct BrewOrder: Hashable, Sendable {
    /// One column to order by, and which way.
    public struct Key: Hashable, Sendable {
        /// The column whose values are compared.
        public let column: BrewColumn
        /// Whether the greatest value comes first.
        public let descending: Bool

        /// Orders by `column`, lowest first unless `descending`.
        public init(_ column: BrewColumn, descending: Bool = false) {
            self.column = column
            self.descending = descending
        }
    }

    /// The keys, most significant first: a later key orders only brews equal on those before it.
    public let keys: [Key]

    /// An order by `keys`, most significant first.
    public init(_ keys: [Key]) {
        self.keys = keys
    }

    /// `elements` in this order; `record` gives each one's brew and `bags` the bags its derived
    /// columns come from. Each value is worked out once per element, not once per comparison.
    public func sorted<Element>(_ elements: [Element], record: (Element) -> BrewRecord, bags: BeanMatching) -> [Element] {
        var sorter = Sorter(self, bags: bags)
        for element in elements {
            sorter.append(record(element))
        }
        return sorter.order().map { elements[$0] }
    }

    /// Brews given one by one and ordered at the end, holding only the values they are
    /// compared by, not the brews: `list --sort` over a journal of a million brews keeps a few
    /// bytes a brew. A text value that recurs (a method, a coffee) is held once.
    public struct Sorter {
        private var keys: SortKeys
        /// Every brew's values, key by key, brew after brew.
        private var values: [SortValue?] = []
        /// How many brews were appended.
        private var count = 0

        /// A sorter in `order`, reading derived columns' values from `bags`.
        public init(_ order: BrewOrder, bags: BeanMatching) {
            keys = SortKeys(order, bags: bags)
        }

        /// Adds the next brew.
        public mutating func append(_ record: BrewRecord) {
            count += 1
            keys.append(record, to: &values)
        }

        /// The brews' places in the order they were appended (0 the first), in this order; brews
        /// equal on every key are ordered by `tie` (by default, the order they were appended in).
        public func order(tiedBy tie: (Int, Int) -> Bool = { $0 < $1 }) -> [Int] {
            let stride = keys.stride
            return (0..<count).sorted { a, b in
                let comparison = keys.compare(values, at: a * stride, values, at: b * stride)
                return comparison != 0 ? comparison < 0 : tie(a, b)
            }
        }
    }
}

/// The values brews are compared by under an order's keys, and how two brews' values compare:
/// what ``BrewOrder/Sorter`` and ``BrewOrder/LastSelection`` share.
struct SortKeys {
    private let keys: [BrewOrder.Key]
    private let bags: BeanMatching
    /// The values of texts already seen, so each recurring one is lowercased and held once.
    private var texts: [String: SortValue] = [:]
    /// The most texts remembered (a selection of a few brews must not hold every brew's notes).
    private let textLimit: Int

    /// The keys of `order`, derived columns read from `bags`, at most `textLimit` texts remembered.
    init(_ order: BrewOrder, bags: BeanMatching, textLimit: Int = .max) {
        keys = order.keys
        self.bags = bags
        self.textLimit = textLimit
    }

    /// How many values a brew has: one a key.
    var stride: Int { keys.count }

    /// Appends `record`'s value for each key, in key order, to `values`.
    mutating func append(_ record: BrewRecord, to values: inout [SortValue?]) {
        for key in keys {
            switch BrewOrder.sortValue(key.column, of: record, bags: bags) {
            case .text(let text)?:
                if let known = texts[text] {
                    values.append(known)
                } else {
                    let value = SortValue.words(Array(text.lowercased().unicodeScalars))
                    if texts.count < textLimit { texts[text] = value }
                    values.append(value)
                }
            case .exact(let id)?: values.append(.exact(id))
            case .number(let number)?: values.append(.number(number))
            case nil: values.append(nil)
            }
        }
    }

    /// Negative when the brew whose values start at `lhs[a]` comes before the one whose values
    /// start at `rhs[b]`, positive when after, 0 when they are equal on every key. A brew without
    /// a value for a key comes before one with it, in either direction.
    func compare(_ lhs: [SortValue?], at a: Int, _ rhs: [SortValue?], at b: Int) -> Int {
        for (index, key) in keys.enumerated() {
            switch (lhs[a + index], rhs[b + index]) {
            case (nil, nil): continue
            case (nil, _?): return -1
            case (_?, nil): return 1
            case let (x?, y?):
                let comparison = x.compare(to: y)
                if comparison != 0 { return key.descending ? -comparison : comparison }
            }
        }
        return 0
    }
}

extension BrewOrder {
    /// What `column` compares by for `record`, or `nil` when it has no value.
    fileprivate static func sortValue(_ column: BrewColumn, of record: BrewRecord, bags: BeanMatching) -> RawSortValue? {
        switch column {
        case .field(.id): .exact(record.id.rawValue)
        case .field(.date): .number(record.timestamp.date.timeIntervalSince1970)
        case .bean, .beanName: bags.bag(of: record).map { .text($0.name) }
        case .ratio: record.ratio.map(RawSortValue.number)
        case .daysOffRoast: bags.daysOffRoast(of: record).map { .number(Double($0)) }
        case .extractionYield: record.extractionYield.map(RawSortValue.number)
        case .cost: bags.cost(of: record).map(RawSortValue.number)
        case .field:
            switch column.value(of: record, bags: bags) {
            case .number(let number)?: .number(number)
            case .integer(let integer)?: .number(Double(integer))
            case let value?: .text(value.typedText)
            case nil: nil
            }
        }
    }
}

/// A brew's value for a key before ``BrewOrder/Sorter`` keeps it.
private enum RawSortValue {
    case number(Double)
    /// An id, compared as written.
    case exact(String)
    /// Text compared ignoring case, digits by value.
    case text(String)
}

/// A value as ``BrewOrder`` compares it.
enum SortValue {
    /// A number, compared by value.
    case number(Double)
    /// Text compared scalar by scalar, as written (ids): by its UTF-8 bytes, whose order is the
    /// scalars' order. An id fits in a string's inline storage, so a million of them allocate nothing.
    case exact(String)
    /// Text compared ignoring case, runs of digits by their value: lowercased once.
    case words([Unicode.Scalar])

    /// Negative when `self` comes before `other`, positive after, 0 when they are equal. Values
    /// of one column are always of one case; across cases, numbers come first.
    func compare(to other: SortValue) -> Int {
        switch (self, other) {
        case let (.number(a), .number(b)): a < b ? -1 : (a > b ? 1 : 0)
        case let (.exact(a), .exact(b)): Self.compareBytes(a.utf8, b.utf8)
        case let (.words(a), .words(b)): Self.compareWords(a, b)
        case (.number, _): -1
        case (_, .number): 1
        case (.exact, _): -1
        case (_, .exact): 1
        }
    }

    /// `a` against `b` byte by byte, a prefix first.
    private static func compareBytes(_ a: String.UTF8View, _ b: String.UTF8View) -> Int {
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        let countA = a.count, countB = b.count
        return countA == countB ? 0 : (countA < countB ? -1 : 1)
    }

    /// `a` against `b` scalar by scalar, a prefix first.
    private static func compareScalars(_ a: ArraySlice<Unicode.Scalar>, _ b: ArraySlice<Unicode.Scalar>) -> Int {
        for (x, y) in zip(a, b) where x != y { return x.value < y.value ? -1 : 1 }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// `a` against `b` scalar by scalar, but each run of ASCII digits met at the same place in
    /// both as one whole number (leading zeros aside): `9` before `22`, `v60` after `v8`.
    private static func compareWords(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var i = a.startIndex, j = b.startIndex
        while i < a.endIndex, j < b.endIndex {
            guard isDigit(a[i]), isDigit(b[j]) else {
                if a[i] != b[j] { return a[i].value < b[j].value ? -1 : 1 }
                i += 1
                j += 1
                continue
            }
            let startA = i, startB = j
            while i < a.endIndex, isDigit(a[i]) { i += 1 }
            while j < b.endIndex, isDigit(b[j]) { j += 1 }
            let x = a[startA..<i].drop { $0 == "0" }, y = b[startB..<j].drop { $0 == "0" }
            // More digits without leading zeros is a greater number; as many, the first digit that differs decides.
            if x.count != y.count { return x.count < y.count ? -1 : 1 }
            let digits = compareScalars(x, y)
            if digits != 0 { return digits }
        }
        let restA = a.endIndex - i, restB = b.endIndex - j
        return restA == restB ? 0 : (restA < restB ? -1 : 1)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }
}

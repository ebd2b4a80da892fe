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
        let values = elements.map { element in
            let brew = record(element)
            return keys.map { Self.sortValue($0.column, of: brew, bags: bags) }
        }
        let order = elements.indices.sorted { a, b in
            for (index, key) in keys.enumerated() {
                switch (values[a][index], values[b][index]) {
                case (nil, nil): continue
                case (nil, _?): return true
                case (_?, nil): return false
                case let (x?, y?):
                    let comparison = x.compare(to: y)
                    if comparison != 0 { return key.descending ? comparison > 0 : comparison < 0 }
                }
            }
            return a < b
        }
        return order.map { elements[$0] }
    }

    /// What `column` compares by for `record`, or `nil` when it has no value.
    private static func sortValue(_ column: BrewColumn, of record: BrewRecord, bags: BeanMatching) -> SortValue? {
        switch column {
        case .field(.id): .exact(Array(record.id.rawValue.unicodeScalars))
        case .field(.date): .number(record.timestamp.date.timeIntervalSince1970)
        case .bean, .beanName: bags.bag(of: record).map { .text($0.name) }
        case .ratio: record.ratio.map(SortValue.number)
        case .daysOffRoast: bags.daysOffRoast(of: record).map { .number(Double($0)) }
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

/// A value as ``BrewOrder`` compares it.
private enum SortValue {
    /// A number, compared by value.
    case number(Double)
    /// Text compared scalar by scalar, as written (ids).
    case exact([Unicode.Scalar])
    /// Text compared ignoring case, runs of digits by their value: lowercased once, here.
    case words([Unicode.Scalar])

    /// Text compared ignoring case, digits by value.
    static func text(_ text: String) -> SortValue {
        .words(Array(text.lowercased().unicodeScalars))
    }

    /// Negative when `self` comes before `other`, positive after, 0 when they are equal. Values
    /// of one column are always of one case; across cases, numbers come first.
    func compare(to other: SortValue) -> Int {
        switch (self, other) {
        case let (.number(a), .number(b)): a < b ? -1 : (a > b ? 1 : 0)
        case let (.exact(a), .exact(b)): Self.compareScalars(a[...], b[...])
        case let (.words(a), .words(b)): Self.compareWords(a, b)
        case (.number, _): -1
        case (_, .number): 1
        case (.exact, _): -1
        case (_, .exact): 1
        }
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

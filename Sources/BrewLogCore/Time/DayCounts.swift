/// How many times each day was counted, for a pass over many brews: `stats` and the report count
/// every brew on its streak day, and a million brews fall on hundreds of thousands of days.
///
/// The counts are an array indexed by day, from the earliest day counted, grown at either end as
/// days outside it come (a journal's days mostly come in date order, so nearly every brew is one
/// increment in place): 4 bytes a day of the span, at most 14.8 MB for every day of the years 1
/// to 9999, where a dictionary took about 36 bytes a day and a hash a brew. A span absurd for
/// the days counted (a brew dated in the year 1 beside a journal of this decade) is kept in a
/// dictionary instead, until enough days fill it.
public struct DayCounts: Sequence, Sendable {
    /// The most days the array spans, whatever was counted: every day of the years 1 to 9999.
    static let maximumSpan = 3_700_000
    /// A span this short is an array whatever the days counted (256 KB).
    static let smallSpan = 1 << 16
    /// Beyond ``smallSpan``, the array spans at most this many days per day counted; the
    /// dictionary goes back to an array once the span is within a quarter of that.
    static let spanPerDay = 32

    /// The day number (days since 1970-01-01) of `counts[0]`.
    private var first = 0
    /// Each day's count, from `first`, while the counts are in an array.
    private var counts: [Int32] = []
    /// The counts by day number, when the span is too long for an array; `nil` while it is not.
    private var sparse: [Int: Int]?
    /// Whether a count outgrew an array's, which keeps the dictionary for good.
    private var outgrewArray = false
    /// The earliest and latest day numbers counted.
    private var bounds: (first: Int, last: Int)?
    /// How many different days were counted.
    public private(set) var dayCount = 0

    /// No day counted yet.
    public init() {}

    /// Counts `day` once more.
    public mutating func add(_ day: CalendarDay) {
        let number = day.daysSinceEpoch
        if sparse == nil {
            let index = number &- first
            if index >= 0, index < counts.count, counts[index] < Int32.max {
                if counts[index] == 0 {
                    dayCount += 1
                    // The front grows ahead of the days counted: this day may be the earliest.
                    if let known = bounds, number < known.first { bounds = (number, known.last) }
                }
                counts[index] += 1
                return
            }
        }
        addOutsideArray(number)
    }

    /// How many times `day` was counted (0 when never).
    public subscript(day: CalendarDay) -> Int {
        if let sparse { return sparse[day.daysSinceEpoch] ?? 0 }
        let index = day.daysSinceEpoch &- first
        return index >= 0 && index < counts.count ? Int(counts[index]) : 0
    }

    /// The earliest day counted.
    public var firstDay: CalendarDay? { bounds.map { CalendarDay(daysSinceEpoch: $0.first) } }

    /// The days counted, earliest first.
    public var days: [CalendarDay] { map { $0.day } }

    /// Each day counted and its count, earliest first.
    public func makeIterator() -> Iterator {
        Iterator(first: first, counts: sparse == nil ? counts : [],
                 sorted: sparse.map { $0.sorted { $0.key < $1.key } } ?? [])
    }

    /// The days counted and their counts, earliest first.
    public struct Iterator: IteratorProtocol {
        fileprivate let first: Int
        fileprivate let counts: [Int32]
        fileprivate let sorted: [(key: Int, value: Int)]
        private var index = 0

        fileprivate init(first: Int, counts: [Int32], sorted: [(key: Int, value: Int)]) {
            self.first = first
            self.counts = counts
            self.sorted = sorted
        }

        public mutating func next() -> (day: CalendarDay, count: Int)? {
            if sorted.isEmpty {
                while index < counts.count, counts[index] == 0 { index += 1 }
                guard index < counts.count else { return nil }
                defer { index += 1 }
                return (CalendarDay(daysSinceEpoch: first + index), Int(counts[index]))
            }
            guard index < sorted.count else { return nil }
            defer { index += 1 }
            return (CalendarDay(daysSinceEpoch: sorted[index].key), sorted[index].value)
        }
    }

    // MARK: - Helpers

    /// Counts day number `number` when it is not a day inside the array: the array grows to hold
    /// it, or the counts move to the dictionary (or back) as the span and the days counted say.
    private mutating func addOutsideArray(_ number: Int) {
        bounds = bounds.map { (Swift.min($0.first, number), Swift.max($0.last, number)) } ?? (number, number)
        let span = bounds.map { bounds in
            let (distance, overflow) = bounds.last.subtractingReportingOverflow(bounds.first)
            return overflow ? Int.max : distance + 1
        } ?? 1
        if sparse == nil {
            let index = number &- first
            let inside = index >= 0 && index < counts.count
            guard !inside, span <= DayCounts.allowedSpan(days: dayCount + 1) else {
                // A count past Int32's, or a span too long for the days counted.
                makeSparse()
                addSparse(number)
                return
            }
            grow(toHold: number)
            dayCount += 1
            counts[number - first] = 1
            return
        }
        addSparse(number)
        if !outgrewArray, span <= DayCounts.allowedSpan(days: dayCount) / 4 { makeDense() }
    }

    /// The longest span an array may have while `days` days are counted.
    private static func allowedSpan(days: Int) -> Int {
        Swift.min(maximumSpan, Swift.max(smallSpan, days.multipliedReportingOverflow(by: spanPerDay).partialValue))
    }

    /// Grows the array to hold day number `day`: at the end as far as needed (the array's own
    /// growth keeps appends cheap), at the front by at least as many days again as it holds (so
    /// a journal in reverse date order costs a copy a doubling), within ``maximumSpan``.
    private mutating func grow(toHold day: Int) {
        if counts.isEmpty {
            first = day
            counts = [0]
        } else if day >= first + counts.count {
            counts.append(contentsOf: repeatElement(0, count: day - first - counts.count + 1))
        } else {
            let last = first + counts.count - 1
            let front = Swift.max(first - day, Swift.min(counts.count, DayCounts.maximumSpan - (last - day + 1)))
            counts = [Int32](repeating: 0, count: front) + counts
            first -= front
        }
    }

    /// Moves the counts from the array into the dictionary.
    private mutating func makeSparse() {
        var moved: [Int: Int] = [:]
        moved.reserveCapacity(dayCount)
        for (index, count) in counts.enumerated() where count > 0 { moved[first + index] = Int(count) }
        sparse = moved
        counts = []
    }

    /// Counts day number `day` once more in the dictionary.
    private mutating func addSparse(_ day: Int) {
        let count = sparse?[day] ?? 0
        if count == 0 { dayCount += 1 }
        if count == Int(Int32.max) { outgrewArray = true }
        sparse?[day] = count + 1
    }

    /// Moves the counts from the dictionary back into an array spanning the days counted.
    private mutating func makeDense() {
        guard let moved = sparse, let bounds else { return }
        first = bounds.first
        counts = [Int32](repeating: 0, count: bounds.last - bounds.first + 1)
        for (day, count) in moved { counts[day - first] = Int32(count) }
        sparse = nil
    }
}

extension DayCounts: Equatable {
    /// Equal when the same days were counted as many times, however each is stored.
    public static func == (lhs: DayCounts, rhs: DayCounts) -> Bool {
        lhs.dayCount == rhs.dayCount && lhs.elementsEqual(rhs) { $0.day == $1.day && $0.count == $1.count }
    }
}

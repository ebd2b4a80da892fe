#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which brews a reading command keeps: a date range, a day or a period, methods and coffees
/// (equal ignoring case; several: any of them), tags (several: all of them), a lowest rating and
/// a text in the notes. A brew passes when it passes every part that is set.
///
/// A brew's day is its date in the offset it was recorded in, for every date part alike.
public struct BrewQuery: Sendable, Equatable {
    /// One end of a date range: a whole day, or a moment.
    public enum Bound: Sendable, Equatable {
        case day(CalendarDay)
        case moment(Timestamp)

        /// Whether a brew at `timestamp` is at or after this bound's start.
        public func startsOnOrBefore(_ timestamp: Timestamp) -> Bool {
            switch self {
            case let .day(day): day <= timestamp.day
            case let .moment(moment): moment.date <= timestamp.date
            }
        }

        /// Whether a brew at `timestamp` is at or before this bound's end.
        public func endsOnOrAfter(_ timestamp: Timestamp) -> Bool {
            switch self {
            case let .day(day): timestamp.day <= day
            case let .moment(moment): timestamp.date <= moment.date
            }
        }

        /// The widest offset a journal's date may have, in seconds (±23:59).
        private static let widestOffset = 23 * 3600 + 59 * 60

        /// Whether a range from `self` to `end` holds no brew: days compare as days, moments as
        /// moments, and a moment with a day by its own calendar day (as the query compares them).
        ///
        /// A day against a moment allows for every offset a brew may be recorded with: a brew's
        /// day is its date in that offset (a journal holds any from −23:59 to +23:59, not only the
        /// zones' −12:00 to +14:00), so a brew on 30 November in New York may come after
        /// 1 December 00:00 UTC. Only a gap no offset bridges is empty.
        public func startsAfterEnd(_ end: Bound) -> Bool {
            switch (self, end) {
            case let (.day(start), .day(end)): start > end
            case let (.moment(start), .moment(end)): start.date > end.date
            case let (.day(start), .moment(end)): start > Timestamp(date: end.date.addingTimeInterval(Double(Bound.widestOffset)), utcOffsetSeconds: 0).day
            case let (.moment(start), .day(end)): Timestamp(date: start.date.addingTimeInterval(-Double(Bound.widestOffset)), utcOffsetSeconds: 0).day > end
            }
        }
    }

    public var since: Bound?
    public var until: Bound?
    /// The days kept (a day, a week, a month).
    public var days: ClosedRange<CalendarDay>?
    /// Lowercased; empty means any.
    public var methods: Set<String>
    /// Lowercased; empty means any.
    public var coffees: Set<String>
    public var tags: [String]
    public var minRating: Int?
    /// Lowercased.
    public var grep: String?

    /// A query; every part left out keeps every brew. Methods, coffees and the text are
    /// compared ignoring case.
    public init(since: Bound? = nil, until: Bound? = nil, days: ClosedRange<CalendarDay>? = nil, methods: [String] = [], coffees: [String] = [],
                tags: [String] = [], minRating: Int? = nil, grep: String? = nil) {
        self.since = since
        self.until = until
        self.days = days
        self.methods = Set(methods.map { $0.lowercased() })
        self.coffees = Set(coffees.map { $0.lowercased() })
        self.tags = tags
        self.minRating = minRating
        self.grep = grep?.lowercased()
    }

    /// Whether it keeps every brew.
    public var isEmpty: Bool { since == nil && until == nil && days == nil && !needsFields }

    /// Whether a part needs more than the date (so every brew must be read in full).
    public var needsFields: Bool { !methods.isEmpty || !coffees.isEmpty || !tags.isEmpty || minRating != nil || grep != nil }

    /// Whether a brew at `timestamp` is inside the date range and the days.
    public func admits(_ timestamp: Timestamp) -> Bool {
        (since?.startsOnOrBefore(timestamp) ?? true) && (until?.endsOnOrAfter(timestamp) ?? true)
            && (days?.contains(timestamp.day) ?? true)
    }

    /// Whether `record` passes every part.
    public func admits(_ record: BrewRecord) -> Bool {
        guard admits(record.timestamp) else { return false }
        if !methods.isEmpty, !methods.contains(record.method?.lowercased() ?? "") { return false }
        if !coffees.isEmpty, !coffees.contains(record.coffee?.lowercased() ?? "") { return false }
        if !tags.isEmpty, !tags.allSatisfy(record.tags.contains) { return false }
        if let minRating, (record.rating ?? 0) < minRating { return false }
        if let grep, !record.notes.lowercased().contains(grep) { return false }
        return true
    }
}

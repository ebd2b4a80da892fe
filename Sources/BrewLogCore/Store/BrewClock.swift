#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the store gets "now": the system clock in production, a fixed or scripted one in tests.
public struct BrewClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock that answers `read()` each time it is asked.
    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The current moment.
    public var now: Date { read() }

    /// The real system clock.
    public static let system = BrewClock { Date() }

    /// A clock stopped at `date`.
    public static func fixed(_ date: Date) -> BrewClock {
        BrewClock { date }
    }
}

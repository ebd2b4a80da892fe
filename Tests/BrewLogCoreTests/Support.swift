import Foundation
import Synchronization
import Testing
@testable import BrewLogCore

/// Counts `onChange` calls from any thread.
final class CallCounter: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func increment() { count.withLock { $0 += 1 } }
}

/// A parsed RFC 3339 timestamp; tests only pass literals they know are valid.
func stamp(_ text: String) -> Timestamp {
    guard let timestamp = Timestamp(rfc3339: text) else {
        Issue.record("bad timestamp literal \(text)")
        return Timestamp(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0)
    }
    return timestamp
}

/// A time zone the test names; falls back to UTC (and records an issue) if the system lacks it.
func zone(_ identifier: String) -> TimeZone {
    guard let zone = TimeZone(identifier: identifier) else {
        Issue.record("time zone \(identifier) unavailable")
        return TimeZone(secondsFromGMT: 0) ?? .current
    }
    return zone
}

/// A store on an in-memory journal with a clock stopped at `now`.
func makeStore(now: String, timeZone: String = "UTC", records: [BrewRecord] = []) throws -> BrewLogStore {
    let store = BrewLogStore(journal: InMemoryJournal(records), clock: .fixed(stamp(now).date), timeZone: zone(timeZone))
    try store.load()
    return store
}

/// A record at `date` with a fresh id.
func record(_ date: String, notes: String = "") -> BrewRecord {
    BrewRecord(id: .random(), timestamp: stamp(date), notes: notes)
}

/// The journal line of the tombstone `store` holds for the record `id` removed, so a test of a
/// rewrite can say where it goes; records an issue when there is none.
func tombstoneLine(_ store: BrewLogStore, _ id: String) -> String {
    guard let entry = store.entry(id: BrewID(unchecked: id)), entry.tombstone != nil else {
        Issue.record("no tombstone for \(id)")
        return ""
    }
    return RecordLineCodec.encode(entry)
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The brews a journal holds, read and validated but not yet turned into `Brew` objects, and its
/// records of other kinds (``entries``; few, so they are decoded at once).
///
/// A file journal keeps each brew's id, timestamp and place in the file (32 bytes a brew; not the
/// text) and reads and decodes a brew's line only when it is asked for it, so commands that need
/// only ids and dates (`streak`, `add`, `edit last`) never build a million objects nor hold the file.
public final class JournalSnapshot: Sendable {
    enum Storage {
        case records([BrewRecord])
        case lines(source: any JournalLineSource, entries: [Entry])
    }

    /// One validated line: where it starts in the file, and the two fields read eagerly. Packed
    /// into 32 bytes (a million brews are held at once): the line's start takes 48 bits (256 TiB)
    /// and the UTC offset, whole minutes as every journal date writes it (`±HH:MM`), the other 16.
    /// The line's end is not kept: it is the first newline after the start, found when the line
    /// is read again.
    struct Entry {
        let id: BrewID
        private let seconds: Double
        private let packed: UInt64

        init(id: BrewID, timestamp: Timestamp, start: Int) {
            self.id = id
            seconds = timestamp.date.timeIntervalSinceReferenceDate
            let minutes = Int16(clamping: timestamp.utcOffsetSeconds / 60)
            packed = UInt64(truncatingIfNeeded: start) & Entry.startMask | UInt64(UInt16(bitPattern: minutes)) << 48
        }

        /// An entry from the two words ``seconds`` and ``packed`` hold (as an index stores them).
        init(id: BrewID, rawSeconds: UInt64, rawPacked: UInt64) {
            self.id = id
            seconds = Double(bitPattern: rawSeconds)
            packed = rawPacked
        }

        private static let startMask: UInt64 = 0xFFFF_FFFF_FFFF

        /// The date's seconds, as stored.
        var rawSeconds: UInt64 { seconds.bitPattern }
        /// The start and UTC offset, as stored.
        var rawPacked: UInt64 { packed }

        /// Where the line starts in the file.
        var start: Int { Int(packed & Entry.startMask) }

        /// The brew's date, as read.
        var timestamp: Timestamp {
            let minutes = Int16(bitPattern: UInt16(truncatingIfNeeded: packed >> 48))
            return Timestamp(date: Date(timeIntervalSinceReferenceDate: seconds), utcOffsetSeconds: Int(minutes) * 60)
        }
    }

    /// One validated record of another kind and where its line is in the text.
    struct OtherLine: Sendable {
        let entry: JournalEntry
        let start: Int
        let end: Int
    }

    let storage: Storage
    /// The records of kinds other than brews that BrewLog knows, in journal order.
    public let entries: [JournalEntry]
    /// How many lines hold a kind BrewLog does not know (kept byte for byte, otherwise ignored).
    public let unknownKindCount: Int
    /// The ids of those lines: taken, so no brew or record added later may use one.
    public let unknownKindIDs: Set<BrewID>

    /// Brews and other records given as values (the in-memory journal).
    public init(records: [BrewRecord], entries: [JournalEntry] = []) {
        storage = .records(records)
        linked = nil
        self.entries = entries
        unknownKindCount = 0
        unknownKindIDs = []
    }

    /// Validated lines, read again from `source` when asked for (the file journal).
    init(source: any JournalLineSource, entries: [Entry], others: [OtherLine], linked: [Int], unknownKindCount: Int, unknownKindIDs: Set<BrewID>) {
        storage = .lines(source: source, entries: entries)
        self.linked = linked
        self.entries = others.map(\.entry)
        self.unknownKindCount = unknownKindCount
        self.unknownKindIDs = unknownKindIDs
    }

    /// For a file journal, the indices of the brews whose line may name a bag, in order (see
    /// `JournalReader.linked`); `nil` for brews given as values, any of which may.
    let linked: [Int]?

    /// The number of brews.
    public var count: Int {
        switch storage {
        case let .records(records): records.count
        case let .lines(_, entries): entries.count
        }
    }

    /// The id of brew `index`.
    public func id(at index: Int) -> BrewID {
        switch storage {
        case let .records(records): records[index].id
        case let .lines(_, entries): entries[index].id
        }
    }

    /// The timestamp of brew `index`.
    public func timestamp(at index: Int) -> Timestamp {
        switch storage {
        case let .records(records): records[index].timestamp
        case let .lines(_, entries): entries[index].timestamp
        }
    }

    /// Calls `body` with a function giving the timestamp of brew `index`: for passes over every
    /// brew, which would otherwise pay for reaching the storage once per brew.
    func withTimestamps<Result>(_ body: ((Int) -> Timestamp) -> Result) -> Result {
        switch storage {
        case let .records(records):
            return records.withUnsafeBufferPointer { buffer in body { buffer[$0].timestamp } }
        case let .lines(_, entries):
            return entries.withUnsafeBufferPointer { buffer in body { buffer[$0].timestamp } }
        }
    }

    /// ``withTimestamps(_:)`` for ids: passes that look for an id among every brew.
    func withIDs<Result>(_ body: ((Int) -> BrewID) -> Result) -> Result {
        switch storage {
        case let .records(records):
            return records.withUnsafeBufferPointer { buffer in body { buffer[$0].id } }
        case let .lines(_, entries):
            return entries.withUnsafeBufferPointer { buffer in body { buffer[$0].id } }
        }
    }

    /// Every field of brew `index`, decoded from its line on demand.
    public func record(at index: Int) -> BrewRecord {
        switch storage {
        case let .records(records):
            return records[index]
        case let .lines(source, entries):
            let entry = entries[index]
            // The line passed the same checks when the journal was read, and the file stays open;
            // only a failing disk, or a program writing into the file regardless of the lock, can
            // make it unreadable now. The brew is then given with only its id and date, and the
            // source remembers the failure, so a save refuses to write anything.
            let line = source.line(at: entry.start) ?? []
            return line.withUnsafeBufferPointer { JournalSnapshot.brew(in: $0, validatedAs: entry) } ?? JournalSnapshot.lost(entry, in: source)
        }
    }

    /// The brew `line` holds when it still holds the one validated as `entry` (the same id).
    static func brew(in line: UnsafeBufferPointer<UInt8>, validatedAs entry: Entry) -> BrewRecord? {
        guard let record = try? BrewLineCodec.decode(line), record.id == entry.id else { return nil }
        return record
    }

    /// The brew of `entry` with only its id and date, its line's failure noted in `source`.
    static func lost(_ entry: Entry, in source: any JournalLineSource) -> BrewRecord {
        source.lost(at: entry.start)
        return BrewRecord(id: entry.id, timestamp: entry.timestamp)
    }

    /// Where brew `index`'s line is, for a file journal (`nil` for brews given as values).
    func origin(at index: Int) -> JournalLineOrigin? {
        switch storage {
        case .records: nil
        case let .lines(source, entries): JournalLineOrigin(source: source, start: entries[index].start)
        }
    }

    /// Why a validated line could not be read again as it was (a failing disk, or a program
    /// writing into the file regardless of the lock), once that has happened; `nil` while every
    /// brew made from a line was read whole.
    public var readFailure: String? {
        switch storage {
        case .records: nil
        case let .lines(source, _): source.failure
        }
    }

    /// Every brew's fields, in journal order.
    public var records: [BrewRecord] {
        (0..<count).map(record(at:))
    }
}

/// Where a file journal's validated lines can be read again: `nil` if the bytes can no longer be
/// read.
protocol JournalLineSource: AnyObject, Sendable {
    /// The line that starts at byte `start` of the file, without its newline.
    func line(at start: Int) -> [UInt8]?
    /// Up to `count` bytes of the file from `start` (fewer at its end), or `nil` when they cannot
    /// be read: for passes that read every line in order.
    func bytes(at start: Int, count: Int) -> [UInt8]?
    /// Notes that the validated line at `start` no longer reads as it did.
    func lost(at start: Int)
    /// The first failure noted, if any.
    var failure: String? { get }
}

/// Where a brew read from a file journal has its line: so output that promises the journal's own
/// text can print that line exactly, for as long as the brew is unchanged.
struct JournalLineOrigin: Sendable {
    let source: any JournalLineSource
    let start: Int

    /// The line as the journal holds it (without its line break, a CR before it included), or
    /// `nil` when it can no longer be read.
    var text: String? {
        guard var bytes = source.line(at: start) else { return nil }
        if bytes.last == 0x0D { bytes.removeLast() }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// The brews a journal holds, read and validated but not yet turned into `Brew` objects, and its
/// records of other kinds (``entries``; few, so they are decoded at once).
///
/// A file journal keeps each brew's line bytes, id and timestamp (about 48 bytes a brew beside the
/// text) and decodes a brew's other fields only when it is asked for it, so commands that need
/// only ids and dates (`streak`, `add`, `edit last`) never build a million objects.
public final class JournalSnapshot: Sendable {
    private enum Storage {
        case records([BrewRecord])
        case lines(text: [UInt8], entries: [Entry])
    }

    /// One validated line: where it is in the text, and the two fields read eagerly.
    struct Entry {
        let id: BrewID
        let timestamp: Timestamp
        let start: Int
        let end: Int
    }

    /// One validated record of another kind and where its line is in the text.
    struct OtherLine: Sendable {
        let entry: JournalEntry
        let start: Int
        let end: Int
    }

    private let storage: Storage
    /// The records of kinds other than brews that BrewLog knows, in journal order.
    public let entries: [JournalEntry]
    /// How many lines hold a kind BrewLog does not know (kept byte for byte, otherwise ignored).
    public let unknownKindCount: Int
    /// The ids of those lines: taken, so no brew or record added later may use one.
    public let unknownKindIDs: Set<BrewID>

    /// Brews and other records given as values (the in-memory journal).
    public init(records: [BrewRecord], entries: [JournalEntry] = []) {
        storage = .records(records)
        self.entries = entries
        unknownKindCount = 0
        unknownKindIDs = []
    }

    /// Validated lines of `text` (the file journal).
    init(text: [UInt8], entries: [Entry], others: [OtherLine], unknownKindCount: Int, unknownKindIDs: Set<BrewID>) {
        storage = .lines(text: text, entries: entries)
        self.entries = others.map(\.entry)
        self.unknownKindCount = unknownKindCount
        self.unknownKindIDs = unknownKindIDs
    }

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

    /// Every field of brew `index`, decoded from its line on demand.
    public func record(at index: Int) -> BrewRecord {
        switch storage {
        case let .records(records):
            return records[index]
        case let .lines(text, entries):
            let entry = entries[index]
            let result = text.withUnsafeBufferPointer { buffer in
                Result { () throws(LineProblem) in try BrewLineCodec.decode(UnsafeBufferPointer(rebasing: buffer[entry.start..<entry.end])) }
            }
            switch result {
            case let .success(record):
                return record
            case let .failure(problem):
                // The line passed the same checks when the journal was read; decoding is deterministic.
                preconditionFailure("a validated journal line no longer decodes: \(problem.reason)")
            }
        }
    }

    /// Every brew's fields, in journal order.
    public var records: [BrewRecord] {
        (0..<count).map(record(at:))
    }
}

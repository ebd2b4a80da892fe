/// One change to a journal as the history keeps it: when, which command, and each record's line
/// before and after (`nil` where the record did not exist), so the change can be taken back.
///
/// An entry whose lines would not fit in the history keeps only the records' ids
/// (``linesOmitted``): it is listed, but cannot be undone.
public struct HistoryEntry: Equatable, Sendable {
    /// One record the change touched.
    public struct Change: Equatable, Sendable {
        /// The record's id (of any kind).
        public var id: BrewID
        /// The record's journal line before the change; `nil` when the change created it.
        public var before: String?
        /// The record's journal line after the change; `nil` when the change removed it.
        public var after: String?

        /// A record `id` that went from `before` to `after`.
        public init(id: BrewID, before: String?, after: String?) {
            self.id = id
            self.before = before
            self.after = after
        }
    }

    /// The entry's own id, which an undo names.
    public var id: String
    /// When the change was made, on the clock of the machine that made it.
    public var at: Timestamp
    /// The command's name, as `brewlog help` names it (`add`, `bean edit`).
    public var command: String
    /// The words the command was run with, after the program's name.
    public var arguments: [String]
    /// The entry this change took back, when it is an undo.
    public var undoes: String?
    /// The records touched, in the order the change touched them.
    public var changes: [Change]
    /// Whether the lines were dropped (the change was too large to keep); ``changes`` then holds
    /// the ids only.
    public var linesOmitted: Bool
    /// The journal file as it was just before the change, so a later run can tell whether the
    /// change reached it (a crash between the history and the journal leaves it so); `nil`
    /// when not known (the entry then counts as done).
    public var journalBefore: JournalState?

    /// An entry; `id` is random unless given.
    public init(id: String = HistoryEntry.freshID(), at: Timestamp, command: String, arguments: [String], undoes: String? = nil,
                changes: [Change], linesOmitted: Bool = false, journalBefore: JournalState? = nil) {
        self.id = id
        self.at = at
        self.command = command
        self.arguments = arguments
        self.undoes = undoes
        self.changes = changes
        self.linesOmitted = linesOmitted
        self.journalBefore = journalBefore
    }

    /// A random entry id: 16 hexadecimal digits.
    public static func freshID() -> String {
        let value = UInt64.random(in: 0...UInt64.max)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The journal file as `fstat` gives it: identity, length and last modification. A change that
/// reached the journal replaced it (a rewrite makes a new file) or made it longer (an append),
/// so a journal still exactly so has not taken the change.
public struct JournalFingerprint: Hashable, Sendable {
    /// The file system's device number.
    public var device: UInt64
    /// The file's inode number.
    public var inode: UInt64
    /// The file's length in bytes.
    public var size: Int
    /// The last modification, in nanoseconds since the epoch.
    public var modified: Int64

    /// A fingerprint of a file on `device` at `inode`, `size` bytes long, modified at `modified`.
    public init(device: UInt64, inode: UInt64, size: Int, modified: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
    }
}

/// Whether a journal file existed, and which it was.
public enum JournalState: Hashable, Sendable {
    /// There was no journal file.
    case missing
    /// The journal file, as it was.
    case file(JournalFingerprint)
}

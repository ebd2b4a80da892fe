#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A journal file while this process holds its lock: the only value that can load, save, check
/// and repair it. Made by ``FileJournal/open(_:timeout:)``; after ``release()`` (or when opened
/// for reading, for the writing calls) every call throws ``JournalError/notHeld(path:operation:)``.
///
/// Inserts alone are appended with one `write` and an `fsync` (and cut back if either fails);
/// any update or removal rewrites the file into a temporary sibling, `fsync`s it, swaps it in
/// with `rename` and `fsync`s the folder, keeping untouched lines byte for byte and in order and
/// the journal's mode, owner and group. Just before either commits, the writer checks that the
/// lock file and the journal are still the ones it locked and read (device, inode, size,
/// modification time); if another program changed either, it writes nothing.
public final class LockedJournal: Journal {
    /// The journal's path as given (what messages name).
    public let path: String
    /// How it was opened.
    public let access: JournalAccess
    /// The file actually read and written: `path` with symbolic links followed.
    let target: String
    let system: any SystemCalls
    /// The lock held, or `nil` for a reader without one (a journal that does not exist, or a
    /// lock file a reader may not create).
    var lock: JournalLock?
    /// Whether the journal did not exist when it was opened for reading (it then loads empty).
    public internal(set) var wasMissing = false
    private var released = false
    /// False for a writer that holds no lock because the journal does not exist (see ``withoutLock()``).
    private var mayWrite = true
    /// Where reads stop, when a reader found an interrupted append's unfinished line.
    var readLimit: Int?
    var loaded: LoadedFile?
    /// What messages call the file: "journal", or what else the engine keeps (the config file).
    var subject = "journal"
    /// The command whose saves append to the history (``historyPath``); `nil`: saves are not
    /// recorded (the config file, tests of the journal alone).
    public var recording: HistoryRecording?
    /// What went wrong with the history, which is never an error for the journal: the command
    /// shows these as warnings.
    public internal(set) var historyWarnings: [String] = []
    /// How much a load reads at a time: large enough that both cores get long runs of lines,
    /// small enough to stay in cache (tests make it tiny, to cut lines and characters apart).
    var chunkSize = 1 << 20

    /// What the last load or save left on disk, so the next save knows what it is replacing and
    /// the index can describe it.
    struct LoadedFile {
        /// The brews' lines, in file order, by byte offset (shared with the snapshot, not copied;
        /// no text is kept: a rewrite reads the file again).
        var entries: [JournalSnapshot.Entry]
        /// The brews appended since, after every line of ``entries``: kept apart so an append does
        /// not copy the entries it shares with the snapshot (32 MB at a million brews).
        var appended: [JournalSnapshot.Entry] = []
        /// The lines of records of other kinds BrewLog knows, in file order.
        var others: [JournalSnapshot.OtherLine] = []
        /// The file as read or last written; `nil` when it does not exist.
        var file: FileStatus?
        var endsWithNewline: Bool
        /// The file as opened by the load, while it is still the journal (an append keeps it;
        /// a rewrite makes a new file): where a rewrite copies untouched lines from.
        var source: FileLineSource?
        /// The indices (in ``entries`` then ``appended``) of the brews whose line may name a bag.
        var linked: [Int] = []
        /// How many lines hold a kind BrewLog does not know, and their ids (copied as they are by
        /// every save).
        var unknownKindCount = 0
        var unknownKindIDs: [BrewID] = []
        /// The hashes of the file's blocks, when known (``BlockHasher``).
        var blocks: [UInt64]?
        /// The realtime clock read before the file's bytes were last read or written and
        /// ``file`` taken: what the index's racy-timestamp rule compares the file's times with.
        var statedAt: Int64?
    }

    /// Whether this journal keeps an index beside it (``FileJournal/indexed``).
    var keepsIndex = false
    /// How the last load read the journal.
    var loadedFrom: LoadSource?
    /// Whether ``loaded`` describes the whole journal better than its index does: the index is
    /// written when the journal is let go (``release()``), under its lock.
    var indexPending = false

    /// Where a load found the journal's brews.
    enum LoadSource: Equatable {
        /// Every line, read and validated.
        case wholeFile
        /// The index alone: the journal was as it recorded.
        case index
        /// The index, and the lines the journal grew by since, validated.
        case indexAndNewLines
    }

    init(path: String, target: String, access: JournalAccess, system: any SystemCalls) {
        self.path = path
        self.target = target
        self.access = access
        self.system = system
    }

    deinit {
        release()
    }

    /// A writer of a journal that does not exist and may not be created: it loads as empty and
    /// cannot save (there is nothing such a writer could change).
    func withoutLock() {
        mayWrite = false
    }

    /// Releases the lock; the journal can do nothing afterwards.
    public func release() {
        if !released, indexPending { writeIndex() }
        released = true
        lock?.release()
        lock = nil
        loaded = nil
    }

    /// The folder holding the journal's file.
    var directory: String { folder(of: target) }

    /// Throws unless the journal is still open, for writing when `writing`.
    func requireOpen(_ operation: String, writing: Bool = false) throws(JournalError) {
        if released || (writing && (access != .writing || !mayWrite)) {
            throw .notHeld(path: path, operation: operation)
        }
    }

    /// Reads and validates the whole journal, streamed in chunks; an absent file is an empty
    /// journal. Throws the first bad line. The snapshot keeps the file open and reads a brew's
    /// line again when it is asked for it.
    public func load() throws(JournalError) -> JournalSnapshot {
        try requireOpen("load")
        if let indexed = loadThroughIndex() { return indexed }
        guard let streamed = try streamFile() else {
            loaded = LoadedFile(entries: [], file: nil, endsWithNewline: true)
            return JournalSnapshot(records: [])
        }
        let reader = streamed.reader
        if let problem = reader.problems.first {
            if problem.isUnresolvedMergeConflict {
                throw .unresolvedMergeConflict(path: path, line: problem.line, reason: problem.reason)
            }
            throw .malformedLine(path: path, line: problem.line, reason: problem.reason)
        }
        noteWholeRead(streamed)
        return JournalSnapshot(source: streamed.source, entries: reader.entries, others: reader.others, linked: reader.linked,
                               unknownKindCount: reader.unknownKindCount, unknownKindIDs: reader.unknownKindIDs)
    }

    /// Keeps what a read of the whole journal without a problem found, for a save to start from
    /// and for the index (written when the journal is released; not after an interrupted append,
    /// whose unfinished line the read stopped before).
    func noteWholeRead(_ streamed: StreamedFile) {
        let reader = streamed.reader
        loaded = LoadedFile(entries: reader.entries, others: reader.others, file: streamed.file,
                            endsWithNewline: streamed.endsWithNewline, source: streamed.source, linked: reader.linked,
                            unknownKindCount: reader.unknownKindCount, unknownKindIDs: Array(reader.unknownKindIDs),
                            blocks: readLimit == nil ? streamed.blocks : nil, statedAt: streamed.statedAt)
        indexPending = readLimit == nil
        loadedFrom = .wholeFile
    }

    /// Writes `changes`: appended when they are inserts only, otherwise an atomic rewrite.
    public func save(_ changes: JournalChanges) throws(JournalError) {
        guard !changes.isEmpty else { return }
        try requireOpen("save", writing: true)
        guard let loaded else { throw .notHeld(path: path, operation: "save before loading") }
        if let failure = loaded.source?.failure {
            // A brew could not be read again: what the store holds of it is incomplete.
            throw .io(path: path, operation: "read", reason: failure)
        }
        let trim: HistoryBounds?
        if changes.isAppendOnly {
            trim = try append(changes, to: loaded)
        } else {
            trim = try rewrite(changes, loaded: loaded)
        }
        if let trim { trimHistory(to: trim) }
    }

    /// Appends the history's entry for `changes` (`before` and `after` give each touched record's
    /// lines), the journal being `journal` before they are in: the first half of a save's one
    /// step. `nil` when nothing is recorded.
    func recordHistory(_ changes: JournalChanges, journal: FileStatus?, before: (BrewID) -> String?,
                       after: (BrewID) -> String?) -> HistoryMark? {
        guard let recording, let entry = recording.entry(for: changes, before: before, after: after) else { return nil }
        return appendHistory(entry, journal: journal, bounds: recording.bounds)
    }

    /// Throws unless the lock file and the journal are still the ones this writer locked and
    /// read: called right before a commit, so a program that ignored the lock loses nothing.
    func verifyUnchanged(since file: FileStatus?) throws(JournalError) {
        try verifyStillResolves()
        try lock?.verifyStillInPlace()
        let now = try FileJournal(path: path, system: system).status(of: target)
        switch (file, now) {
        case (nil, nil):
            return
        case (nil, .some):
            throw .changedByAnotherProgram(path: path, what: "another program created the \(subject)")
        case (.some, nil):
            throw .changedByAnotherProgram(path: path, what: "another program removed the \(subject)")
        case let (.some(before), .some(after)):
            guard before.identity == after.identity else {
                throw .changedByAnotherProgram(path: path, what: before.isSameFile(as: after)
                                               ? "another program changed the \(subject)" : "another program replaced the \(subject)")
            }
        }
    }

    /// Throws unless `path` still leads to the file this journal locked: a symbolic link
    /// retargeted meanwhile (a dotfile manager's `ln -sfn`) would send the change to a file the
    /// user no longer reads.
    func verifyStillResolves() throws(JournalError) {
        guard try FileJournal(path: path, system: system).resolveTarget() == target else {
            throw .changedByAnotherProgram(path: path, what: "the symbolic link '\(path)' was pointed at another file")
        }
    }

    /// The journal line for `record`, checked by the same rules a reader applies: a writer never
    /// writes a line that would make the journal unreadable (a date outside the years RFC 3339
    /// allows, a line too long, a value out of range), whatever let the record through.
    func line(for record: BrewRecord) throws(JournalError) -> String {
        try checked(BrewLineCodec.encode(record), record: "brew \(record.id.rawValue)")
    }

    /// The journal line for `entry`, checked like a brew's.
    func line(for entry: JournalEntry) throws(JournalError) -> String {
        try checked(RecordLineCodec.encode(entry), record: "\(entry.kind.noun) \(entry.id.rawValue)")
    }

    /// `line`, unless a reader would refuse it; `record` names the record in the error.
    private func checked(_ line: String, record: String) throws(JournalError) -> String {
        // One record, one line: a line break inside would make it two lines no reader accepts.
        if line.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            throw .unwritable(path: path, record: record, reason: "it holds a line break outside a string")
        }
        var text = line
        let problem: LineProblem? = text.withUTF8 { bytes in
            if case let .failure(problem) = checkLine(bytes, terminated: true, first: false) { return problem }
            return nil
        }
        if let problem {
            throw .unwritable(path: path, record: record, reason: problem.reason)
        }
        return text
    }
}

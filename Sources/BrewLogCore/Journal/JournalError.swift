/// Why a journal could not be read or written. Each case carries the path it concerns.
public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A line that is not a valid brew; `line` counts from 1, blank lines included.
    case malformedLine(path: String, line: Int, reason: String)
    /// A merge left both versions of a record between marker lines, and nobody has chosen one
    /// yet; `line` is the conflict's first marker line.
    case unresolvedMergeConflict(path: String, line: Int, reason: String)
    /// The journal (or its folder) could not be created.
    case cannotCreate(path: String, reason: String)
    /// A system call failed while reading or writing.
    case io(path: String, operation: String, reason: String)
    /// Another BrewLog held the journal's lock for longer than `seconds`.
    case lockTimeout(path: String, seconds: Double)
    /// Something exists at the journal's path but is not a regular file (a folder, a FIFO...).
    case notRegularFile(path: String, kind: String)
    /// The path cannot be a journal at all (it names a lock or rejected file, or its links loop).
    case unusablePath(path: String, reason: String)
    /// Another program changed the journal or its lock file while this one held the lock:
    /// nothing was written.
    case changedByAnotherProgram(path: String, what: String)
    /// A record whose line would not read back (a value no reader accepts); nothing was written.
    /// `record` names it as a message does: "brew 0f3a9c2e71d4", "bean bag 3b0c8f1e5a27".
    case unwritable(path: String, record: String, reason: String)
    /// A file BrewLog keeps beside the journal (`PATH.lock`, `PATH.rejected`) is a symbolic link,
    /// a special file or shares its inode: BrewLog will not write into it. Nothing was written.
    case unsafeSibling(path: String, reason: String)
    /// A journal was used after its lock was released, or written through a reading handle.
    case notHeld(path: String, operation: String)
    /// A file read or written whole (``StoredFile``) is, or would become, larger than `limit`
    /// bytes; nothing was written.
    case tooLarge(path: String, size: Int, limit: Int)

    /// `PATH:LINE: reason` for parse errors, a sentence for the rest.
    public var description: String {
        switch self {
        case let .malformedLine(path, line, reason), let .unresolvedMergeConflict(path, line, reason):
            "\(path):\(line): \(reason)"
        case let .cannotCreate(path, reason):
            "cannot create journal '\(path)': \(reason)"
        case let .io(path, operation, reason):
            "\(operation) '\(path)' failed: \(reason)"
        case let .lockTimeout(path, seconds):
            "journal '\(path)' is locked by another brewlog; gave up after \(formatNumber(seconds)) s"
        case let .notRegularFile(path, kind):
            "journal '\(path)' is \(kind), not a regular file"
        case let .unusablePath(path, reason):
            "'\(path)' cannot be a journal: \(reason)"
        case let .changedByAnotherProgram(path, what):
            "\(what) while this command held the lock of '\(path)'; nothing was written"
        case let .unsafeSibling(path, reason):
            "'\(path)' \(reason), so BrewLog will not write into it; nothing was written"
        case let .unwritable(path, record, reason):
            "\(record) cannot be written to '\(path)': its line would not read back (\(reason)); nothing was written"
        case let .tooLarge(path, size, limit):
            "'\(path)' is \(size) bytes, more than the \(limit) a file BrewLog reads whole may be; nothing was written"
        case let .notHeld(path, operation):
            "cannot \(operation) '\(path)': the journal is not open for that (its lock is released, or it was opened for reading)"
        }
    }
}

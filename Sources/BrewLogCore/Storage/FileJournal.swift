#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a journal file is opened: to read (a shared lock) or to write (an exclusive one).
public enum JournalAccess: Sendable {
    /// A shared lock; ``LockedJournal/load()`` and ``LockedJournal/check()`` only.
    case reading
    /// An exclusive lock, held from before the load until after the save.
    case writing
}

/// An error type a journal error can become, so ``FileJournal/reading(timeout:_:)`` and
/// ``FileJournal/writing(timeout:_:)`` can take closures that throw the caller's own errors.
public protocol JournalErrorConvertible: Error {
    /// The caller's error for `error`.
    init(_ error: JournalError)
}

extension JournalError: JournalErrorConvertible {
    /// The error itself.
    public init(_ error: JournalError) {
        self = error
    }
}

/// Where a JSON Lines journal lives. It cannot read or write by itself: ``open(_:timeout:)``,
/// ``reading(timeout:_:)`` and ``writing(timeout:_:)`` take the lock and hand out the one value
/// that can (a ``LockedJournal``), so loading without the lock cannot be written.
///
/// Opening resolves a symbolic link at `path` (a chain of them too) to the file it names, and
/// from then on everything happens beside that file: the lock is `TARGET.lock`, temporary files
/// go in the target's folder and a rewrite renames over the target, so the link stays a link
/// and two paths to one journal share one lock.
public struct FileJournal: Sendable {
    /// The journal's path as given (what messages name).
    public let path: String
    let system: any SystemCalls
    /// Whether a full read of the journal is kept beside it (`PATH.index`) and used, while it
    /// still matches the journal, instead of reading it all again: the user's own journal, not
    /// a copy in a shared folder, where the index would travel to other machines.
    public let indexed: Bool

    /// A journal at `path`, making its system calls through `system`, kept with an index when `indexed`.
    public init(path: String, system: any SystemCalls = PosixSystemCalls(), indexed: Bool = false) {
        self.path = path
        self.system = system
        self.indexed = indexed
    }

    /// The folder the journal's path is in.
    public var directory: String { folder(of: path) }

    /// The file bad lines are moved to by ``LockedJournal/repair()``.
    public var rejectedPath: String { path + ".rejected" }

    /// Takes the lock (waiting up to `timeout` seconds) and returns the journal it guards;
    /// release it with ``LockedJournal/release()``, or prefer ``reading(timeout:_:)`` and
    /// ``writing(timeout:_:)``, which release on every path.
    ///
    /// Nothing blocks on a journal that is not a regular file: that is refused first. A reader of
    /// a journal that does not exist creates nothing (no folder, no lock file), and nor does a
    /// writer that is not `creating` (one that can only change or remove brews): it gets an
    /// empty journal it cannot save to.
    public func open(_ access: JournalAccess, timeout: Double, creating: Bool = true) throws(JournalError) -> LockedJournal {
        let target = try resolveTarget()
        let existing = try status(of: target)
        if let existing, existing.kind != .regular {
            throw .notRegularFile(path: path, kind: existing.kindDescription)
        }
        let journal = LockedJournal(path: path, target: target, access: access, system: system)
        journal.keepsIndex = indexed
        switch access {
        case .writing where existing == nil && !creating:
            journal.withoutLock()
        case .writing:
            try journal.ensureDirectory()
            let lock = try JournalLock.acquire(at: target + ".lock", journalPath: path, exclusive: true,
                                              journalExists: existing != nil, timeout: timeout, system: system)
            journal.lock = lock
            journal.removeStaleTemporaryFiles()
            try journal.recoverInterruptedAppend()
        case .reading:
            guard existing != nil else {
                journal.wasMissing = true
                return journal
            }
            journal.lock = try JournalLock.acquire(at: target + ".lock", journalPath: path, exclusive: false,
                                                      journalExists: true, timeout: timeout, system: system)
            journal.noteInterruptedAppend()
        }
        return journal
    }

    /// Runs `body` with the journal open for reading, and releases it on every path.
    public func reading<T, E: JournalErrorConvertible>(timeout: Double, _ body: (LockedJournal) throws(E) -> T) throws(E) -> T {
        try withOpen(.reading, timeout: timeout, body)
    }

    /// Runs `body` with the journal open for writing (its exclusive lock held throughout), and
    /// releases it on every path. Unless `creating`, a journal that does not exist is not made.
    public func writing<T, E: JournalErrorConvertible>(timeout: Double, creating: Bool = true,
                                                      _ body: (LockedJournal) throws(E) -> T) throws(E) -> T {
        try withOpen(.writing, timeout: timeout, creating: creating, body)
    }

    private func withOpen<T, E: JournalErrorConvertible>(_ access: JournalAccess, timeout: Double, creating: Bool = true,
                                                        _ body: (LockedJournal) throws(E) -> T) throws(E) -> T {
        let journal: LockedJournal
        do throws(JournalError) {
            journal = try open(access, timeout: timeout, creating: creating)
        } catch {
            throw E(error)
        }
        defer { journal.release() }
        return try body(journal)
    }

    /// The file `path` names once symbolic links are followed; the path itself when nothing is
    /// there yet. A path that names a lock or rejected file, or whose links loop, is refused.
    func resolveTarget() throws(JournalError) -> String {
        try refuseReservedName(path)
        var current = path
        for _ in 0..<40 {
            guard let found = try status(of: current), found.kind == .symbolicLink else {
                try refuseReservedName(current)
                return current
            }
            let link: [UInt8]
            do throws(SystemCallError) {
                link = try system.readlink(current)
            } catch {
                throw .io(path: path, operation: "read the symbolic link", reason: error.description)
            }
            guard let destination = String(validating: link, as: UTF8.self), !destination.isEmpty else {
                throw .unusablePath(path: path, reason: "the symbolic link '\(current)' points to a name that is not UTF-8")
            }
            current = destination.hasPrefix("/") ? destination : folder(of: current) + "/" + destination
        }
        throw .notRegularFile(path: path, kind: "a loop of symbolic links")
    }

    /// The endings of the names BrewLog keeps for its own files beside a journal (its lock, the
    /// lines `check --repair` set aside, its history, its index): no journal, and no file BrewLog writes,
    /// may end so.
    public static let reservedSuffixes = [".lock", ".rejected", ".history", ".index"]

    private func refuseReservedName(_ candidate: String) throws(JournalError) {
        for suffix in Self.reservedSuffixes where candidate.hasSuffix(suffix) {
            throw .unusablePath(path: path, reason: "a name ending in '\(suffix)' is BrewLog's own \(suffix.dropFirst()) file")
        }
    }

    /// `lstat` of `candidate`, or `nil` when nothing is there.
    func status(of candidate: String) throws(JournalError) -> FileStatus? {
        do throws(SystemCallError) {
            return try system.lstat(candidate)
        } catch {
            // Nothing is there (ENOTDIR: a part of the path is a file); creating it will say why it cannot.
            if error.code == ENOENT || error.code == ENOTDIR { return nil }
            throw .io(path: path, operation: "look at", reason: error.description)
        }
    }
}

/// The folder part of `path` (`.` for a bare name).
func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

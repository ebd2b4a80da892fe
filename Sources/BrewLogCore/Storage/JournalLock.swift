#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A held `flock(2)` on a journal's sibling `TARGET.lock`, released by ``release()``.
///
/// The lock lives on its own file because an atomic rewrite renames a new file over the journal:
/// a lock on the journal's old inode would not stop a second writer that opened the new one.
/// The lock file is opened without following a symbolic link, must be a regular file with a
/// single link (so appends' intent records, written into it, can never land in the journal),
/// must hold nothing but such a record (a user's file of that name is refused, not overwritten),
/// and is never truncated. Because a program that deletes the lock file breaks the lock, a
/// writer calls ``verifyStillInPlace()`` right before it commits.
final class JournalLock {
    /// The lock file's path.
    let path: String
    /// The lock file's descriptor; appends record their intent in it (see `AppendIntent`).
    let fd: Int32
    /// Whether the lock is exclusive (a writer's).
    let exclusive: Bool
    private let file: FileStatus
    private let journalPath: String
    private let system: any SystemCalls
    private(set) var held = true

    private init(path: String, fd: Int32, file: FileStatus, exclusive: Bool, journalPath: String, system: any SystemCalls) {
        self.path = path
        self.fd = fd
        self.file = file
        self.exclusive = exclusive
        self.journalPath = journalPath
        self.system = system
    }

    deinit {
        release()
    }

    /// Releases the lock (closing the descriptor releases the `flock`).
    func release() {
        guard held else { return }
        held = false
        system.close(fd)
    }

    /// Throws unless `path` still names the file this lock is held on: a program that removed or
    /// replaced the lock file let another writer in, so this one must not write.
    func verifyStillInPlace() throws(JournalError) {
        let now: FileStatus
        do throws(SystemCallError) {
            now = try system.lstat(path)
        } catch {
            throw .changedByAnotherProgram(path: journalPath, what: "the lock file '\(path)' was removed")
        }
        guard now.isSameFile(as: file) else {
            throw .changedByAnotherProgram(path: journalPath, what: "the lock file '\(path)' was replaced")
        }
    }

    /// Waits for the lock on `path`, polling every 10 ms, until `timeout` seconds have passed.
    ///
    /// An exclusive lock creates the lock file when needed (failing as `cannotCreate` when the
    /// journal does not exist yet either); a shared lock reads without one
    /// (`nil`) when the lock file can be neither opened nor created (a read-only folder), since a
    /// reader has nothing to protect then.
    static func acquire(at path: String, journalPath: String, exclusive: Bool, journalExists: Bool, timeout: Double,
                        system: any SystemCalls) throws(JournalError) -> JournalLock? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int64(min(max(timeout, 0), 1e9) * 1000)))
        while true {
            let opened: JournalLock?
            do throws(JournalError) {
                opened = try openLockFile(at: path, journalPath: journalPath, exclusive: exclusive,
                                          journalExists: journalExists, system: system)
            } catch {
                // Removed between open and fstat by someone tidying up: open the one there now.
                guard case .changedByAnotherProgram = error, clock.now < deadline else { throw error }
                continue
            }
            guard let lock = opened else { return nil }
            do throws(SystemCallError) {
                try system.flock(lock.fd, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB)
            } catch {
                lock.release()
                guard error.code == EWOULDBLOCK || error.code == EAGAIN else {
                    throw .io(path: path, operation: "lock", reason: error.description)
                }
                guard clock.now < deadline else {
                    throw .lockTimeout(path: journalPath, seconds: timeout)
                }
                usleep(10_000)
                continue
            }
            // The lock file may have been removed (and made again) between open and flock: then
            // this lock guards nothing, so start over with the file that is there now.
            do throws(JournalError) {
                try lock.verifyStillInPlace()
            } catch {
                // Bounded like the wait itself: a lock file that keeps vanishing (or cannot be
                // looked at) must not keep this loop going.
                lock.release()
                guard clock.now < deadline else { throw error }
                usleep(10_000)
                continue
            }
            return lock
        }
    }

    private static func openLockFile(at path: String, journalPath: String, exclusive: Bool, journalExists: Bool,
                                     system: any SystemCalls) throws(JournalError) -> JournalLock? {
        let fd: Int32
        do throws(SystemCallError) {
            fd = try system.open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK, 0o600)
        } catch {
            if error.code == ELOOP {
                throw .unsafeSibling(path: path, reason: "is a symbolic link")
            }
            if !exclusive, [EACCES, EROFS, EPERM].contains(error.code) {
                // A reader in a folder it cannot write: open the lock file read-only if it is there.
                guard let readOnly = try? system.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, 0) else { return nil }
                return try checked(readOnly, path: path, journalPath: journalPath, exclusive: exclusive, system: system)
            }
            let reason = error.code == EROFS ? "the file system is read-only" : error.description
            if exclusive, !journalExists, [ENOTDIR, EACCES, EROFS, ENOENT, EPERM].contains(error.code) {
                throw .cannotCreate(path: journalPath, reason: reason)
            }
            throw .io(path: journalPath, operation: exclusive ? "lock for writing" : "lock for reading",
                      reason: "cannot create or open the lock file '\(path)': \(reason)")
        }
        return try checked(fd, path: path, journalPath: journalPath, exclusive: exclusive, system: system)
    }

    private static func checked(_ fd: Int32, path: String, journalPath: String, exclusive: Bool,
                                system: any SystemCalls) throws(JournalError) -> JournalLock {
        let file: FileStatus
        do throws(SystemCallError) {
            file = try system.fstat(fd)
        } catch {
            system.close(fd)
            throw .io(path: path, operation: "look at", reason: error.description)
        }
        if file.kind == .regular && file.links == 0 {
            system.close(fd)
            throw .changedByAnotherProgram(path: journalPath, what: "the lock file '\(path)' was removed")
        }
        guard file.kind == .regular, file.links == 1 else {
            system.close(fd)
            let what = file.kind == .regular ? "has other hard links (it could be the journal itself)" : "is \(file.kindDescription)"
            throw .unsafeSibling(path: path, reason: what)
        }
        guard holdsOnlyOwnRecord(fd, size: file.size, system: system) else {
            system.close(fd)
            throw .unsafeSibling(path: path, reason: "holds something BrewLog did not write (its lock files are empty or hold one \(AppendIntent.width)-byte record)")
        }
        // A lock file made under a restrictive umask would lock out its own owner next time.
        if exclusive, file.owner == geteuid(), file.permissions & 0o600 != 0o600 {
            try? system.fchmod(fd, file.permissions | 0o600)
        }
        return JournalLock(path: path, fd: fd, file: file, exclusive: exclusive, journalPath: journalPath, system: system)
    }

    /// Whether the lock file is empty or holds exactly one record an append writes (idle or an
    /// intent): a file of that name with anything else in it is someone's, and an append's
    /// record would overwrite its first bytes.
    private static func holdsOnlyOwnRecord(_ fd: Int32, size: Int, system: any SystemCalls) -> Bool {
        guard size != 0 else { return true }
        guard size == AppendIntent.width else { return false }
        var record = [UInt8](repeating: 0, count: AppendIntent.width)
        let count = (try? record.withUnsafeMutableBytes { raw in
            Result { () throws(SystemCallError) in try system.pread(fd, into: raw, at: 0) }
        }.get()) ?? 0
        guard count == AppendIntent.width else { return false }
        return record == AppendIntent.idle || AppendIntent(decoding: record)?.encoded == record
    }
}

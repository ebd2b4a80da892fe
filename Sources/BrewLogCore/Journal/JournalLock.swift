#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A held `flock(2)` on a journal's sibling `PATH.lock`; released by ``release()`` or when it goes away.
///
/// The lock lives on its own file because an atomic rewrite renames a new file over the journal:
/// a lock on the journal's old inode would not stop a second writer that opened the new one.
public final class JournalLock {
    /// The lock file's descriptor; appends record their intent in the file (see `AppendIntent`).
    let fd: Int32
    /// Whether the lock is exclusive (a writer's).
    let exclusive: Bool
    private let system: any SystemCalls
    private(set) var held = true

    private init(fd: Int32, exclusive: Bool, system: any SystemCalls) {
        self.fd = fd
        self.exclusive = exclusive
        self.system = system
    }

    deinit {
        release()
    }

    /// Releases the lock (closing the descriptor releases the `flock`).
    public func release() {
        guard held else { return }
        held = false
        system.close(fd)
    }

    /// Waits for the lock, polling every 10 ms, until `timeout` seconds have passed.
    static func acquire(journal: FileJournal, exclusive: Bool, timeout: Double) throws(JournalError) -> JournalLock? {
        let system = journal.system
        let lockPath = journal.path + ".lock"
        if exclusive {
            try journal.ensureDirectory()
        }
        let fd: Int32
        do throws(SystemCallError) {
            fd = try system.open(lockPath, O_RDWR | O_CREAT, 0o600)
        } catch {
            guard exclusive else { return nil }
            throw JournalError.cannotCreate(path: lockPath, reason: error.description)
        }
        let lock = JournalLock(fd: fd, exclusive: exclusive, system: system)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int64(timeout * 1000)))
        while true {
            do throws(SystemCallError) {
                try system.flock(fd, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB)
            } catch {
                guard error.code == EWOULDBLOCK || error.code == EAGAIN else {
                    throw JournalError.io(path: lockPath, operation: "lock", reason: error.description)
                }
                guard clock.now < deadline else {
                    throw JournalError.lockTimeout(path: journal.path, seconds: timeout)
                }
                usleep(10_000)
                continue
            }
            // Holding the lock, no other brewlog is writing: what a killed writer left is stale.
            if exclusive {
                journal.removeStaleTemporaryFiles()
                try journal.recoverInterruptedAppend(lockFD: fd)
            } else {
                journal.noteInterruptedAppend(lockFD: fd)
            }
            journal.heldLock = lock
            return lock
        }
    }
}

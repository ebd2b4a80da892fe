import BrewLogCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on the config file's sibling `TARGET.lock`, so two writers take turns.
///
/// Like the journal's lock: the lock file is opened without following a link, kept (never
/// removed or truncated), and checked after locking to still be the file at its path (a lock
/// on a file someone deleted would guard nothing).
struct ConfigLock {
    private let fd: Int32
    private static let system = PosixSystemCalls()

    /// Waits for the lock, polling every 10 ms, up to `timeout` seconds.
    static func acquire(_ lockPath: String, for target: String, timeout: Double) throws(ConfigError) -> ConfigLock {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int64(min(max(timeout, 0), 1e9) * 1000)))
        while true {
            let fd: Int32
            do throws(SystemCallError) {
                fd = try system.open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK, 0o600)
            } catch {
                let reason = error.code == ELOOP ? "the lock file '\(lockPath)' is a symbolic link" : "cannot open the lock file '\(lockPath)': \(error.description)"
                throw .io(path: target, reason: reason)
            }
            do {
                let status = try system.fstat(fd)
                guard status.kind == .regular else {
                    system.close(fd)
                    throw ConfigError.io(path: target, reason: "the lock file '\(lockPath)' is not a regular file")
                }
                try system.flock(fd, LOCK_EX | LOCK_NB)
                let now = try system.lstat(lockPath)
                if now.device == status.device && now.inode == status.inode { return ConfigLock(fd: fd) }
                system.close(fd)
            } catch let error as SystemCallError {
                system.close(fd)
                guard error.code == EWOULDBLOCK || error.code == EAGAIN || error.code == ENOENT else {
                    throw .io(path: target, reason: "cannot lock '\(lockPath)': \(error.description)")
                }
            } catch let error as ConfigError {
                throw error
            } catch {
                system.close(fd)
                throw .io(path: target, reason: "\(error)")
            }
            guard clock.now < deadline else { throw .lockTimeout(path: target, seconds: timeout) }
            usleep(10_000)
        }
    }

    /// Releases the lock.
    func release() {
        ConfigLock.system.close(fd)
    }
}

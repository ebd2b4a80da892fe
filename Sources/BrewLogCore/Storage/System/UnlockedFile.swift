#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file replaced whole, atomically, without BrewLog's lock: one another program holds for the
/// moment, as git holds the files it hands a merge driver. A `TARGET.lock` beside it would be
/// left behind in the repository's working tree, and git runs nothing else on the file meanwhile.
///
/// The new bytes go to a temporary sibling (0600, never through a link), which is synced, given
/// the old file's permissions and renamed over it; then the folder is synced. On any failure the
/// file is as it was and the temporary file is gone.
public struct UnlockedFile: Sendable {
    /// The file's path.
    public let path: String
    let system: any SystemCalls

    /// The file at `path`, making its system calls through `system`.
    public init(path: String, system: any SystemCalls = PosixSystemCalls()) {
        self.path = path
        self.system = system
    }

    /// Replaces the file's contents with `bytes`.
    public func replace(with bytes: [UInt8]) throws(JournalError) {
        let folder = folder(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let temporary = folder + "/." + name + ".brewlog-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do throws(SystemCallError) {
            let permissions = (try? system.lstat(path)).flatMap { $0.kind == .regular ? $0.permissions : nil }
            let fd = try system.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            do throws(SystemCallError) {
                defer { system.close(fd) }
                try system.writeAll(fd, bytes)
                if let permissions { try system.fchmod(fd, permissions) }
                try system.fsync(fd)
            } catch {
                try? system.unlink(temporary)
                throw error
            }
            do throws(SystemCallError) {
                try system.rename(temporary, path)
            } catch {
                try? system.unlink(temporary)
                throw error
            }
            let directory = try system.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
            defer { system.close(directory) }
            try system.fsync(directory)
        } catch {
            throw .io(path: path, operation: "write", reason: "\(error.call): \(error)")
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Files the engine makes for a person rather than for itself: a rescue file that keeps text a
/// command could not apply, and a private scratch file an editor opens. Both are created
/// private (0600) with every call through ``SystemCalls``.
public enum PrivateFiles {
    /// Writes `bytes` to a new file at `path`: created 0600, never over an existing file or
    /// through a link, written whole and synced. `false`, and no file left, when any step fails.
    public static func writeNew(_ bytes: [UInt8], to path: String, system: any SystemCalls = PosixSystemCalls()) -> Bool {
        guard let fd = try? system.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600) else { return false }
        let kept = (try? system.writeAll(fd, bytes)) != nil && (try? system.fsync(fd)) != nil
        system.close(fd)
        if !kept { try? system.unlink(path) }
        return kept
    }
}

/// One file, `0600`, alone in a fresh `0700` folder: what an editor is given to edit, so no
/// other user can read it or swap it, and removing the folder takes whatever the editor left
/// beside it (a swap or backup file).
public struct PrivateScratchFile: Sendable {
    /// Which step failed, with the system call's error.
    public enum Failure: Error, Sendable {
        /// The folder could not be made in `base`.
        case folder(base: String, SystemCallError)
        /// The file could not be created in `folder`.
        case file(folder: String, SystemCallError)
        /// The file could not be written.
        case write(path: String, SystemCallError)
    }

    /// The folder made for the file.
    public let folder: String
    /// The file's path.
    public let path: String
    private let system: any SystemCalls

    /// Makes a folder in `base` (whose name starts `brewlog-`) holding `bytes` as `name`.
    public init(named name: String, holding bytes: [UInt8], under base: String,
                system: any SystemCalls = PosixSystemCalls()) throws(Failure) {
        self.system = system
        do throws(SystemCallError) {
            folder = try system.makeTemporaryFolder((base.hasSuffix("/") ? base : base + "/") + "brewlog-")
        } catch {
            throw .folder(base: base, error)
        }
        path = folder + "/" + name
        let fd: Int32
        do throws(SystemCallError) {
            fd = try system.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        } catch {
            try? system.rmdir(folder)
            throw .file(folder: folder, error)
        }
        defer { system.close(fd) }
        do throws(SystemCallError) {
            // The mode given to open is narrowed by the umask; the file must be readable by its owner.
            try system.fchmod(fd, 0o600)
            try system.writeAll(fd, bytes)
        } catch {
            remove()
            throw .write(path: path, error)
        }
    }

    /// Removes the file, anything else in its folder (an editor's swap or backup file, or an
    /// empty folder it made), and the folder. Best effort.
    public func remove() {
        for name in (try? system.directoryEntries(folder)) ?? [] {
            let entry = folder + "/" + name
            if (try? system.unlink(entry)) == nil { try? system.rmdir(entry) }
        }
        try? system.rmdir(folder)
    }
}

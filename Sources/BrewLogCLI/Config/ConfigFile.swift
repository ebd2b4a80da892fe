import BrewLogCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The configuration file on disk: read without creating anything, and changed atomically under
/// a lock.
///
/// A change holds an exclusive `flock` on the sibling `TARGET.lock` (waiting up to the lock
/// timeout, like the journal's writers), re-reads the file under it, and writes the new text to
/// a temporary file in the same folder, `fsync`s it, renames it over the file and `fsync`s the
/// folder, keeping the file's mode, owner and group. A file reached through symbolic links is
/// written where they lead, so the links stay links and two paths to one file share one lock.
/// A new file is made 0600 in a folder made 0700.
struct ConfigFile {
    /// The path as given (the location), which may be a symbolic link.
    let path: String

    /// A config file this large is surely not one (and would be read on every run).
    static let sizeLimit = 4 << 20

    private static let system = PosixSystemCalls()

    /// The file's bytes, or `nil` when there is no file (or a file stands where a folder on its
    /// path should be). Opened without blocking (a FIFO cannot
    /// hold up the run) and refused unless it is a regular file.
    static func read(_ path: String) throws(ConfigError) -> [UInt8]? {
        let fd: Int32
        do throws(SystemCallError) {
            fd = try system.open(path, O_RDONLY | O_NONBLOCK, 0)
        } catch {
            // As git: a missing file, or a folder on the way that is a file, means no file.
            if error.code == ENOENT || error.code == ENOTDIR { return nil }
            throw .unreadable(path: path, reason: error.code == ELOOP ? "a loop of symbolic links" : error.description)
        }
        defer { system.close(fd) }
        do {
            let status = try system.fstat(fd)
            guard status.kind == .regular else { throw SystemCallError("fstat", EISDIR) }
            guard status.size <= sizeLimit else {
                throw ConfigError.unreadable(path: path, reason: "it is larger than \(sizeLimit >> 20) MiB")
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: max(4096, status.size + 1))
            while true {
                let count = try chunk.withUnsafeMutableBytes { buffer throws(SystemCallError) in try system.read(fd, into: buffer) }
                if count == 0 { break }
                bytes += chunk[0..<count]
                guard bytes.count <= sizeLimit else {
                    throw ConfigError.unreadable(path: path, reason: "it is larger than \(sizeLimit >> 20) MiB")
                }
            }
            return bytes
        } catch let error as SystemCallError {
            let reason = error.call == "fstat" && error.code == EISDIR ? "it is not a regular file" : error.description
            throw .unreadable(path: path, reason: reason)
        } catch let error as ConfigError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }

    /// Locks the file, reads it (`nil` when there is none), and writes what `change` makes of
    /// its bytes (nothing when `change` returns `nil` or the same bytes, or bytes past
    /// ``sizeLimit``, which throw).
    func update(lockTimeout: Double, _ change: ([UInt8]?) throws(ConfigError) -> [UInt8]?) throws(ConfigError) {
        let target = try resolvedTarget()
        let folder = ConfigFile.folder(of: target)
        try ConfigFile.makeFolder(folder, for: target)
        let lock = try ConfigLock.acquire(target + ".lock", for: target, timeout: lockTimeout)
        defer { lock.release() }
        ConfigFile.removeLeftovers(of: target, in: folder)
        let old = try ConfigFile.read(target)
        guard let bytes = try change(old), old == nil || bytes != old else { return }
        // What BrewLog writes it must read back: every command, `config unset` and `config edit`
        // included, refuses a file past the limit.
        guard bytes.count <= ConfigFile.sizeLimit else { throw .tooLarge(path: path, size: bytes.count) }
        try ConfigFile.replace(target, in: folder, with: bytes, existing: old != nil)
    }

    /// Like ``update(lockTimeout:_:)``, with the bytes parsed: a syntax error stops the change.
    func updateDocument(lockTimeout: Double, _ change: (ConfigDocument) -> [UInt8]?) throws(ConfigError) {
        try update(lockTimeout: lockTimeout) { old throws(ConfigError) in
            do throws(ConfigSyntaxError) {
                return change(try ConfigParser.parse(old ?? []))
            } catch {
                throw .syntax(path: path, line: error.line, message: error.message)
            }
        }
    }

    /// Where writing `path` lands: the end of its chain of symbolic links (the file need not exist).
    func resolvedTarget() throws(ConfigError) -> String {
        var current = path
        for _ in 0..<40 {
            let status: FileStatus
            do throws(SystemCallError) {
                status = try ConfigFile.system.lstat(current)
            } catch {
                if error.code == ENOENT || error.code == ENOTDIR { return current }
                throw .unreadable(path: path, reason: error.description)
            }
            guard status.kind == .symbolicLink else {
                guard status.kind == .regular else { throw .unreadable(path: path, reason: "it is not a regular file") }
                return current
            }
            let link: [UInt8]
            do throws(SystemCallError) {
                link = try ConfigFile.system.readlink(current)
            } catch {
                throw .unreadable(path: path, reason: error.description)
            }
            let destination = String(decoding: link, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : ConfigFile.folder(of: current) + "/" + destination
        }
        throw .unreadable(path: path, reason: "a loop of symbolic links")
    }

    /// The folder holding `path` (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Makes `folder` and the folders above it that are missing, each 0700.
    private static func makeFolder(_ folder: String, for file: String) throws(ConfigError) {
        if (try? system.lstat(folder)) != nil { return }
        let parent = self.folder(of: folder)
        if parent != folder { try makeFolder(parent, for: file) }
        do throws(SystemCallError) {
            try system.mkdir(folder, 0o700)
        } catch {
            guard error.code == EEXIST else { throw .cannotCreate(path: file, reason: "cannot make the folder '\(folder)': \(error.description)") }
        }
    }

    /// The prefix of temporary files, so a writer can remove those a killed one left.
    private static func temporaryPrefix(of target: String) -> String {
        "." + (target.split(separator: "/").last.map(String.init) ?? "config") + ".tmp-"
    }

    /// Removes temporary files a killed writer left beside `target` (under the lock, so none is in use).
    private static func removeLeftovers(of target: String, in folder: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let prefix = temporaryPrefix(of: target)
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name.hasPrefix(prefix) { try? system.unlink(folder + "/" + name) }
        }
    }

    /// Writes `bytes` to a new temporary file in `folder`, syncs it, renames it over `target`
    /// and syncs the folder. The old file's mode, owner and group are kept (a new file is 0600);
    /// when the owner cannot be kept, nothing is written.
    private static func replace(_ target: String, in folder: String, with bytes: [UInt8], existing: Bool) throws(ConfigError) {
        var template = Array((folder + "/" + temporaryPrefix(of: target) + "XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            if existing { throw .io(path: target, reason: reason) }
            throw .cannotCreate(path: target, reason: reason)
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var committed = false
        defer {
            system.close(fd)
            if !committed { try? system.unlink(temporary) }
        }
        do throws(SystemCallError) {
            if existing, let old = try? system.lstat(target) {
                let new = try system.fstat(fd)
                if new.owner != old.owner || new.group != old.group { try system.fchown(fd, old.owner, old.group) }
                try system.fchmod(fd, old.permissions)
            } else {
                try system.fchmod(fd, 0o600)
            }
            var written = 0
            while written < bytes.count {
                let result = bytes.withUnsafeBytes { buffer in
                    Result { () throws(SystemCallError) -> Int in
                        try system.write(fd, from: UnsafeRawBufferPointer(rebasing: buffer[written...]))
                    }
                }
                written += try result.get()
            }
            try system.fsync(fd)
            try system.rename(temporary, target)
            committed = true
        } catch {
            throw .io(path: target, reason: "\(error.call): \(error.description)")
        }
        // The rename is durable once the folder is synced; a failure here leaves the new text in place.
        if let folderFD = try? system.open(folder, O_RDONLY | O_DIRECTORY, 0) {
            try? system.fsync(folderFD)
            system.close(folderFD)
        }
    }
}

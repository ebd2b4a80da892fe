#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations reading and writing share.
extension LockedJournal {
    /// The journal opened for reading (never through a symbolic link), or `nil` when it does not exist.
    func openForReading() throws(JournalError) -> Int32? {
        do throws(SystemCallError) {
            return try system.open(target, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, 0)
        } catch {
            if error.code == ENOENT { return nil }
            if error.code == ELOOP { throw .changedByAnotherProgram(path: path, what: "another program replaced the \(subject) with a symbolic link") }
            throw .io(path: path, operation: "open", reason: error.description)
        }
    }

    /// The journal's status and whole text, or `nil` when it does not exist.
    func readFile() throws(JournalError) -> (file: FileStatus, bytes: [UInt8])? {
        guard let fd = try openForReading() else { return nil }
        defer { system.close(fd) }
        do throws(SystemCallError) {
            let file = try system.fstat(fd)
            guard file.kind == .regular else { throw SystemCallError("open", EINVAL) }
            return (file, try readAll(fd, expecting: file.size))
        } catch {
            if error.call == "open" { throw .notRegularFile(path: path, kind: "no longer a regular file") }
            throw .io(path: path, operation: "read", reason: error.description)
        }
    }

    /// Reads `fd` to its end into uninitialised memory (no pass zeroing a large journal first),
    /// with one spare byte so the read that finds the end needs no bigger buffer.
    func readAll(_ fd: Int32, expecting size: Int) throws(SystemCallError) -> [UInt8] {
        var failure: SystemCallError?
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
            adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            do throws(SystemCallError) {
                initialized = try fill(UnsafeMutableRawBufferPointer(buffer), from: 0, at: 0, fd: fd, limit: nil)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        // A file that grew while being read: take the rest too.
        while bytes.count == size + 1 {
            var more = [UInt8](repeating: 0, count: 1 << 16)
            let read = try more.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemCallError) in try system.read(fd, into: buffer) }
            }.get()
            if read == 0 { break }
            bytes.append(contentsOf: more[0..<read])
        }
        return bytes
    }

    func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemCallError) {
        try system.writeAll(fd, bytes)
    }

    /// Creates the journal's folder (and missing parents) with mode 0700.
    func ensureDirectory() throws(JournalError) {
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            do throws(SystemCallError) {
                try system.mkdir(prefix, 0o700)
                // The mode exactly, whatever the umask.
                try system.chmod(prefix, 0o700)
            } catch {
                if error.code != EEXIST {
                    throw .cannotCreate(path: path, reason: "mkdir '\(prefix)': \(error)")
                }
            }
        }
    }

    func syncDirectory() throws(JournalError) {
        do throws(SystemCallError) {
            let fd = try system.open(directory, O_RDONLY | O_DIRECTORY, 0)
            defer { system.close(fd) }
            try system.fsync(fd)
        } catch {
            throw .io(path: path, operation: "sync the folder of", reason: "\(error.call): \(error)")
        }
    }

    var fileName: String {
        guard let slash = target.lastIndex(of: "/") else { return target }
        return String(target[target.index(after: slash)...])
    }

    func cannotCreate(_ error: SystemCallError) -> JournalError {
        .cannotCreate(path: path, reason: error.code == EROFS ? "the file system is read-only" : error.description)
    }

    /// Runs a system call, turning its error into a journal error.
    func call<T>(_ operation: String, _ body: () throws(SystemCallError) -> T) throws(JournalError) -> T {
        do throws(SystemCallError) {
            return try body()
        } catch {
            throw .io(path: path, operation: operation, reason: "\(error.call): \(error)")
        }
    }
}

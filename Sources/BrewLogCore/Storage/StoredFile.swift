#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small file read whole and replaced whole by the journal's storage engine: the config file.
///
/// Everything a journal rewrite promises holds: symbolic links are followed to the file they
/// name; a change holds the exclusive lock on the sibling `TARGET.lock` (the same lock file
/// rules: no link, one hard link, nothing in it BrewLog did not write), removes the temporary
/// files a killed writer left (one rule for every file the engine keeps), writes a temporary
/// sibling, `fsync`s it, keeps the old file's mode, owner and group (a new file is 0600 in
/// folders made 0700), checks that neither the file nor its lock file was changed by another
/// program meanwhile, swaps or renames it in, and `fsync`s the folder. Every system call goes
/// through ``SystemCalls``, so the fault-injection and interference tests reach these writes.
public struct StoredFile: Sendable {
    /// The path as given (what messages name); it may be a symbolic link.
    public let path: String
    /// What messages call the file ("config file").
    let subject: String
    let system: any SystemCalls

    /// The file at `path`, called `subject` in messages, making its system calls through `system`.
    public init(path: String, subject: String, system: any SystemCalls = PosixSystemCalls()) {
        self.path = path
        self.subject = subject
        self.system = system
    }

    /// The file's bytes, or `nil` when there is none (or a file stands where a folder on its
    /// path should be, as git reads it). Opened without blocking (a FIFO cannot hold up the run)
    /// and refused unless it is a regular file of at most `limit` bytes.
    public func read(limit: Int) throws(JournalError) -> [UInt8]? {
        try read(path, limit: limit)?.bytes
    }

    /// Locks the file (waiting up to `lockTimeout` seconds), reads it (`nil` when there is none),
    /// and writes what `change` makes of its bytes, atomically; nothing when `change` returns
    /// `nil` or the same bytes. Bytes past `limit` are refused (``JournalError/tooLarge(path:size:limit:)``)
    /// and nothing is written: what the engine writes, it can read back.
    public func update(limit: Int, lockTimeout: Double, _ change: ([UInt8]?) -> [UInt8]?) throws(JournalError) {
        let locked = try FileJournal(path: path, system: system).open(.writing, timeout: lockTimeout)
        defer { locked.release() }
        locked.subject = subject
        // The status is the one of the file the bytes came from, so a replacement after this read
        // is caught before the commit.
        let old = try read(locked.target, limit: limit)
        guard let new = change(old?.bytes), new != old?.bytes else { return }
        guard new.count <= limit else { throw .tooLarge(path: path, size: new.count, limit: limit) }
        _ = try locked.replaceContents(replacing: old?.status) { (output: inout ChunkedWriter) throws(SystemCallError) in
            try new.withUnsafeBufferPointer { bytes throws(SystemCallError) in try output.write(bytes) }
        }
    }

    /// `body`'s result, a failed system call reported as reading the file.
    private func call<T>(_ body: () throws(SystemCallError) -> T) throws(JournalError) -> T {
        do throws(SystemCallError) {
            return try body()
        } catch {
            throw .io(path: path, operation: "read the \(subject)", reason: error.description)
        }
    }

    /// The bytes of `file` and the status of the file they were read from.
    private func read(_ file: String, limit: Int) throws(JournalError) -> (bytes: [UInt8], status: FileStatus)? {
        let fd: Int32
        do throws(SystemCallError) {
            fd = try system.open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0)
        } catch {
            if error.code == ENOENT || error.code == ENOTDIR { return nil }
            throw .io(path: path, operation: "read the \(subject)", reason: error.code == ELOOP ? "a loop of symbolic links" : error.description)
        }
        defer { system.close(fd) }
        let status = try call { () throws(SystemCallError) in try system.fstat(fd) }
        guard status.kind == .regular else { throw .notRegularFile(path: path, kind: status.kindDescription) }
        guard status.size <= limit else { throw .tooLarge(path: path, size: status.size, limit: limit) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(4096, status.size + 1))
        while true {
            let count = try call { () throws(SystemCallError) in
                try chunk.withUnsafeMutableBytes { raw in Result { () throws(SystemCallError) in try system.read(fd, into: raw) } }.get()
            }
            if count == 0 { return (bytes, status) }
            bytes += chunk[0..<count]
            // A file that grows while it is read is still held to the limit.
            guard bytes.count <= limit else { throw .tooLarge(path: path, size: bytes.count, limit: limit) }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The journal as a JSON Lines file: appends for new brews, atomic rewrites for everything else.
///
/// A file that cannot be parsed is never written. Inserts alone are appended with one `write`
/// and an `fsync` (and cut back to the old length if either fails); any update or removal
/// rewrites the file into a temporary sibling, `fsync`s it, `rename`s it over the journal and
/// `fsync`s the folder, keeping untouched lines byte for byte and in order. Callers that write
/// hold ``lock(exclusive:timeout:)`` from before ``load()`` until after ``save(_:)``.
public final class FileJournal: Journal {
    /// The journal file's path.
    public let path: String
    let system: any SystemCalls
    private var loaded: LoadedFile?
    /// The lock this journal's caller holds, if any (appends record their intent in it).
    weak var heldLock: JournalLock?
    /// Where reads stop, when a shared-lock reader found an interrupted append's unfinished line.
    var readLimit: Int?

    /// What the last load saw, so a save knows what is on disk.
    private struct LoadedFile {
        var lineIDs: [BrewID?]
        var size: Int
        var endsWithNewline: Bool
        var exists: Bool
        /// The text as read (shared with the snapshot, not copied), while it is still the file's.
        var text: [UInt8] = []
    }

    /// A journal at `path`, making its system calls through `system`.
    public init(path: String, system: any SystemCalls = PosixSystemCalls()) {
        self.path = path
        self.system = system
    }

    /// The folder holding the journal.
    public var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Reads and validates the whole journal; an absent file is an empty journal. Throws the
    /// first bad line. The text is kept in the snapshot, which decodes brews from it on demand.
    public func load() throws(JournalError) -> JournalSnapshot {
        guard var bytes = try readFile() else {
            loaded = LoadedFile(lineIDs: [], size: 0, endsWithNewline: true, exists: false)
            return JournalSnapshot(records: [])
        }
        if let readLimit, readLimit < bytes.count {
            bytes.removeLast(bytes.count - readLimit)
        }
        let reader = try ParallelLineReader(bytes, path: path)
        loaded = LoadedFile(lineIDs: reader.lineIDs, size: bytes.count, endsWithNewline: bytes.last.map { $0 == 0x0A } ?? true,
                            exists: true, text: bytes)
        return JournalSnapshot(text: bytes, entries: reader.entries)
    }

    /// Writes `changes`: appended when they are inserts only, otherwise an atomic rewrite.
    public func save(_ changes: JournalChanges) throws(JournalError) {
        guard !changes.isEmpty else { return }
        guard let loaded else { throw JournalError.io(path: path, operation: "save", reason: "the journal was not loaded first") }
        if changes.isAppendOnly {
            try append(changes.inserted, to: loaded)
        } else {
            try rewrite(changes, loaded: loaded)
        }
    }

    /// Holds the lock on `PATH.lock` (not the journal, whose inode a rewrite replaces).
    ///
    /// Exclusive locks create the folder and lock file when needed; a shared lock is skipped
    /// (`nil`) when the lock file cannot be opened, since a reader has nothing to protect then.
    public func lock(exclusive: Bool, timeout: Double) throws(JournalError) -> JournalLock? {
        try JournalLock.acquire(journal: self, exclusive: exclusive, timeout: timeout)
    }

    // MARK: - Appending

    private func append(_ records: [BrewRecord], to loaded: LoadedFile) throws(JournalError) {
        try ensureDirectory()
        var text = loaded.size > 0 && !loaded.endsWithNewline ? "\n" : ""
        for record in records {
            text += BrewLineCodec.encode(record) + "\n"
        }
        let fd = try call("open", creating: !loaded.exists) { () throws(SystemCallError) in
            try system.open(path, O_WRONLY | O_APPEND | O_CREAT, 0o600)
        }
        defer { system.close(fd) }
        let size = try call("stat") { () throws(SystemCallError) in try system.fstat(fd).size }
        guard size == loaded.size else {
            throw JournalError.io(path: path, operation: "append to", reason: "the file changed since it was read; run the command again")
        }
        let intentFD = heldLock.flatMap { $0.held && $0.exclusive ? $0.fd : nil }
        do throws(SystemCallError) {
            if let intentFD { try writeAppendIntent(offset: loaded.size, lockFD: intentFD) }
            try writeAll(fd, Array(text.utf8))
            try system.fsync(fd)
        } catch {
            // Leave the journal as it was: cut off whatever part of the new lines reached it.
            try? system.ftruncate(fd, loaded.size)
            if let intentFD { clearAppendIntent(lockFD: intentFD) }
            throw JournalError.io(path: path, operation: "append to", reason: "\(error.call): \(error)")
        }
        if let intentFD { clearAppendIntent(lockFD: intentFD) }
        if !loaded.exists {
            try syncDirectory()
        }
        self.loaded = LoadedFile(lineIDs: loaded.lineIDs + records.map { $0.id },
                                 size: loaded.size + text.utf8.count, endsWithNewline: true, exists: true)
    }

    // MARK: - Rewriting

    private func rewrite(_ changes: JournalChanges, loaded: LoadedFile) throws(JournalError) {
        // Under the lock the file is still what was read; its size is checked, not its bytes.
        let current = try currentSize()
        guard current == loaded.size else {
            throw JournalError.io(path: path, operation: "rewrite", reason: "the file changed since it was read; run the command again")
        }
        let bytes = loaded.text.count == loaded.size ? loaded.text : try readFile() ?? []
        let removed = Set(changes.removed)
        let updated = Dictionary(changes.updated.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        var lineIDs: [BrewID?] = []
        let size = try replaceContents { (output: inout ChunkedWriter) throws(SystemCallError) in
            try bytes.withUnsafeBufferPointer { buffer throws(SystemCallError) in
                try forEachLine(in: buffer) { line throws(SystemCallError) in
                    let id = line.number <= loaded.lineIDs.count ? loaded.lineIDs[line.number - 1] : nil
                    if let id, removed.contains(id) { return }
                    if let id, let record = updated[id] {
                        try output.write(BrewLineCodec.encode(record))
                    } else {
                        try output.write(UnsafeBufferPointer(rebasing: buffer[line.range]))
                    }
                    try output.write("\n")
                    lineIDs.append(id)
                }
            }
            for record in changes.inserted {
                try output.write(BrewLineCodec.encode(record) + "\n")
                lineIDs.append(record.id)
            }
        }
        self.loaded = LoadedFile(lineIDs: lineIDs, size: size, endsWithNewline: true, exists: true)
    }

    /// The journal's size now (0 when it does not exist).
    private func currentSize() throws(JournalError) -> Int {
        do throws(SystemCallError) {
            let fd = try system.open(path, O_RDONLY, 0)
            defer { system.close(fd) }
            return try system.fstat(fd).size
        } catch {
            if error.code == ENOENT { return 0 }
            throw JournalError.io(path: path, operation: "stat", reason: error.description)
        }
    }

    /// The prefix of the temporary files a rewrite creates next to the journal.
    var temporaryPrefix: String { "." + fileName + ".tmp-" }

    /// Deletes temporary files a killed rewrite left behind. Only call it holding the exclusive
    /// lock: then no other writer can be using one. Best effort; failures are ignored.
    func removeStaleTemporaryFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(temporaryPrefix) {
            try? system.unlink(directory + "/" + name)
        }
    }

    /// Replaces the journal atomically with what `produce` writes: temporary sibling, fsync,
    /// rename, fsync of the folder. Returns the new size.
    func replaceContents(_ produce: (inout ChunkedWriter) throws(SystemCallError) -> Void) throws(JournalError) -> Int {
        try ensureDirectory()
        let existingMode = existingPermissions()
        let temporary = directory + "/" + temporaryPrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = try call("create", creating: true) { () throws(SystemCallError) in
            try system.open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        }
        let size: Int
        do throws(SystemCallError) {
            var writer = ChunkedWriter(fd: fd, journal: self)
            try produce(&writer)
            try writer.flush()
            size = writer.total
            if let existingMode { try system.fchmod(fd, existingMode) }
            try system.fsync(fd)
            system.close(fd)
        } catch {
            system.close(fd)
            try? system.unlink(temporary)
            throw JournalError.io(path: path, operation: "rewrite", reason: "\(error.call): \(error)")
        }
        do throws(SystemCallError) {
            try system.rename(temporary, path)
        } catch {
            try? system.unlink(temporary)
            throw JournalError.io(path: path, operation: "rewrite", reason: "\(error.call): \(error)")
        }
        try syncDirectory()
        return size
    }

    // MARK: - Files and folders

    /// The whole file, or `nil` when it does not exist.
    func readFile() throws(JournalError) -> [UInt8]? {
        try readFile(at: path)
    }

    func readFile(at filePath: String) throws(JournalError) -> [UInt8]? {
        let fd: Int32
        do throws(SystemCallError) {
            fd = try system.open(filePath, O_RDONLY, 0)
        } catch {
            if error.code == ENOENT { return nil }
            throw JournalError.io(path: filePath, operation: "open", reason: error.description)
        }
        defer { system.close(fd) }
        do throws(SystemCallError) {
            let size = try system.fstat(fd).size
            // Read into uninitialised memory (no pass zeroing a large journal first), with one
            // spare byte so the read that finds the end needs no bigger buffer.
            var failure: SystemCallError?
            var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
                adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
                while initialized < buffer.count {
                    do throws(SystemCallError) {
                        let read = try system.read(fd, into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[initialized...])))
                        if read == 0 { return }
                        initialized += read
                    } catch {
                        failure = error
                        return
                    }
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
        } catch {
            throw JournalError.io(path: filePath, operation: "read", reason: error.description)
        }
    }

    func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemCallError) {
        var written = 0
        while written < bytes.count {
            written += try bytes.withUnsafeBytes { buffer in
                Result { () throws(SystemCallError) in
                    try system.write(fd, from: UnsafeRawBufferPointer(rebasing: buffer[written...]))
                }
            }.get()
        }
    }

    /// Creates the journal's folder (and missing parents) with mode 0700.
    func ensureDirectory() throws(JournalError) {
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            do throws(SystemCallError) {
                try system.mkdir(prefix, 0o700)
            } catch {
                if error.code != EEXIST {
                    throw JournalError.cannotCreate(path: path, reason: "mkdir '\(prefix)': \(error)")
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
            throw JournalError.io(path: path, operation: "sync the folder of", reason: "\(error.call): \(error)")
        }
    }

    private var fileName: String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    private func existingPermissions() -> mode_t? {
        guard let fd = try? system.open(path, O_RDONLY, 0) else { return nil }
        defer { system.close(fd) }
        return try? system.fstat(fd).mode
    }

    /// Runs a system call, turning its error into a journal error (`cannotCreate` when creating).
    private func call<T>(_ operation: String, creating: Bool = false, _ body: () throws(SystemCallError) -> T) throws(JournalError) -> T {
        do throws(SystemCallError) {
            return try body()
        } catch {
            if creating && [EACCES, EROFS, ENOENT, ENOTDIR, EPERM, EISDIR].contains(error.code) {
                throw JournalError.cannotCreate(path: path, reason: error.description)
            }
            throw JournalError.io(path: path, operation: operation, reason: "\(error.call): \(error)")
        }
    }
}

/// Asks the kernel to back the 2 MiB-aligned middle of `buffer` with huge pages (`madvise(2)`,
/// `MADV_HUGEPAGE`) before it is first written: reading a large journal then takes a few hundred
/// page faults instead of tens of thousands. Advice only; where it is not available nothing changes.
private func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
    #if os(Linux)
    let huge = 2 << 20
    guard buffer.count >= 2 * huge, let base = buffer.baseAddress else { return }
    let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
    let end = (Int(bitPattern: base) + buffer.count) & ~(huge - 1)
    guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
    _ = madvise(aligned, end - start, MADV_HUGEPAGE)
    #endif
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A journal file while this process holds its lock: the only value that can load, save, check
/// and repair it. Made by ``FileJournal/open(_:timeout:)``; after ``release()`` (or when opened
/// for reading, for the writing calls) every call throws ``JournalError/notHeld(path:operation:)``.
///
/// Inserts alone are appended with one `write` and an `fsync` (and cut back if either fails);
/// any update or removal rewrites the file into a temporary sibling, `fsync`s it, swaps it in
/// with `rename` and `fsync`s the folder, keeping untouched lines byte for byte and in order and
/// the journal's mode, owner and group. Just before either commits, the writer checks that the
/// lock file and the journal are still the ones it locked and read (device, inode, size,
/// modification time); if another program changed either, it writes nothing.
public final class LockedJournal: Journal {
    /// The journal's path as given (what messages name).
    public let path: String
    /// How it was opened.
    public let access: JournalAccess
    /// The file actually read and written: `path` with symbolic links followed.
    let target: String
    let system: any SystemCalls
    /// The lock held, or `nil` for a reader without one (a journal that does not exist, or a
    /// lock file a reader may not create).
    var lock: JournalLock?
    private var released = false
    /// Where reads stop, when a reader found an interrupted append's unfinished line.
    var readLimit: Int?
    private var loaded: LoadedFile?

    /// What the last load or save left on disk, so the next save knows what it is replacing.
    private struct LoadedFile {
        /// The brews' lines, in file order, by byte offset (shared with the snapshot, not copied).
        var entries: [JournalSnapshot.Entry]
        /// The file as read or last written; `nil` when it does not exist.
        var file: FileStatus?
        var endsWithNewline: Bool
        /// The text as read (shared with the snapshot, not copied), while it is still the file's.
        var text: [UInt8] = []
    }

    init(path: String, target: String, access: JournalAccess, system: any SystemCalls) {
        self.path = path
        self.target = target
        self.access = access
        self.system = system
    }

    deinit {
        release()
    }

    /// Releases the lock; the journal can do nothing afterwards.
    public func release() {
        released = true
        lock?.release()
        lock = nil
        loaded = nil
    }

    /// The folder holding the journal's file.
    var directory: String { folder(of: target) }

    /// Throws unless the journal is still open, for writing when `writing`.
    func requireOpen(_ operation: String, writing: Bool = false) throws(JournalError) {
        if released || (writing && access != .writing) {
            throw .notHeld(path: path, operation: operation)
        }
    }

    /// Reads and validates the whole journal; an absent file is an empty journal. Throws the
    /// first bad line. The text is kept in the snapshot, which decodes brews from it on demand.
    public func load() throws(JournalError) -> JournalSnapshot {
        try requireOpen("load")
        guard let (file, read) = try readFile() else {
            loaded = LoadedFile(entries: [], file: nil, endsWithNewline: true)
            return JournalSnapshot(records: [])
        }
        var bytes = read
        if let readLimit, readLimit < bytes.count {
            bytes.removeLast(bytes.count - readLimit)
        }
        let entries = try JournalReader.brews(of: bytes, path: path)
        loaded = LoadedFile(entries: entries, file: file, endsWithNewline: bytes.last.map { $0 == 0x0A } ?? true, text: bytes)
        return JournalSnapshot(text: bytes, entries: entries)
    }

    /// Writes `changes`: appended when they are inserts only, otherwise an atomic rewrite.
    public func save(_ changes: JournalChanges) throws(JournalError) {
        guard !changes.isEmpty else { return }
        try requireOpen("save", writing: true)
        guard let loaded else { throw .notHeld(path: path, operation: "save before loading") }
        if changes.isAppendOnly {
            try append(changes.inserted, to: loaded)
        } else {
            try rewrite(changes, loaded: loaded)
        }
    }

    /// Throws unless the lock file and the journal are still the ones this writer locked and
    /// read: called right before a commit, so a program that ignored the lock loses nothing.
    func verifyUnchanged(since file: FileStatus?) throws(JournalError) {
        try lock?.verifyStillInPlace()
        let now = try FileJournal(path: path, system: system).status(of: target)
        switch (file, now) {
        case (nil, nil):
            return
        case (nil, .some):
            throw .changedByAnotherProgram(path: path, what: "another program created the journal")
        case (.some, nil):
            throw .changedByAnotherProgram(path: path, what: "another program removed the journal")
        case let (.some(before), .some(after)):
            guard before.identity == after.identity else {
                throw .changedByAnotherProgram(path: path, what: before.isSameFile(as: after)
                                               ? "another program changed the journal" : "another program replaced the journal")
            }
        }
    }

    // MARK: - Appending

    private func append(_ records: [BrewRecord], to loaded: LoadedFile) throws(JournalError) {
        let startSize = loaded.file?.size ?? 0
        var text = startSize > 0 && !loaded.endsWithNewline ? "\n" : ""
        var entries = loaded.entries
        for record in records {
            let line = BrewLineCodec.encode(record)
            let start = startSize + text.utf8.count
            entries.append(.init(id: record.id, timestamp: record.timestamp, start: start, end: start + line.utf8.count))
            text += line + "\n"
        }
        let creating = loaded.file == nil
        if creating { try ensureDirectory() }
        let flags = O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | (creating ? O_CREAT | O_EXCL : 0)
        let fd: Int32
        do throws(SystemCallError) {
            fd = try system.open(target, flags, 0o600)
        } catch {
            if error.code == EEXIST || error.code == ENOENT || error.code == ELOOP {
                throw .changedByAnotherProgram(path: path, what: "another program created, removed or replaced the journal")
            }
            throw creating ? cannotCreate(error) : .io(path: path, operation: "open for appending", reason: error.description)
        }
        defer { system.close(fd) }
        let intentFD = lock.flatMap { $0.exclusive ? $0.fd : nil }
        var opened: FileStatus?
        var wrote = false
        do throws(JournalError) {
            let file = try call("stat") { () throws(SystemCallError) in try system.fstat(fd) }
            opened = file
            if let before = loaded.file, before.identity != file.identity {
                throw .changedByAnotherProgram(path: path, what: "another program changed the journal")
            }
            if let intentFD {
                try call("record the append in the lock file") { () throws(SystemCallError) in
                    try writeAppendIntent(offset: file.size, lockFD: intentFD)
                }
            }
            // The last look before writing: the lock file and the journal are still the ones locked and opened.
            try verifyUnchanged(since: file)
            wrote = true
            do throws(SystemCallError) {
                try writeAll(fd, Array(text.utf8))
                try system.fsync(fd)
            } catch {
                throw .io(path: path, operation: "append to", reason: "\(error.call): \(error); nothing was added")
            }
            // The lines are durable in the file this writer opened; it must still be the journal.
            let written = try call("stat") { () throws(SystemCallError) in try system.fstat(fd) }
            guard let now = try FileJournal(path: path, system: system).status(of: target), now.isSameFile(as: written) else {
                throw .changedByAnotherProgram(path: path, what: "another program replaced the journal during the append (the brew went to the old file)")
            }
            if creating {
                try syncDirectory()
            }
            if let intentFD { clearAppendIntent(lockFD: intentFD) }
            self.loaded = LoadedFile(entries: entries, file: written, endsWithNewline: true)
        } catch {
            // Leave the journal as it was: remove the file this append created, or cut off
            // whatever part of the new lines reached it (unless the file is no longer the journal).
            if let opened, case .changedByAnotherProgram = error {
                if creating && !wrote { removeIfStill(opened) }
            } else if creating {
                // The file was made by this open (O_EXCL); without its status, remove it by name.
                if let opened { removeIfStill(opened) } else { try? system.unlink(target) }
            } else if wrote, let opened {
                try? system.ftruncate(fd, opened.size)
            }
            if let intentFD { clearAppendIntent(lockFD: intentFD) }
            throw error
        }
    }

    /// Removes the journal file this writer created, unless another program has put its own there.
    private func removeIfStill(_ created: FileStatus) {
        guard let now = try? system.lstat(target), now.isSameFile(as: created) else { return }
        try? system.unlink(target)
    }

    // MARK: - Rewriting

    private func rewrite(_ changes: JournalChanges, loaded: LoadedFile) throws(JournalError) {
        try verifyUnchanged(since: loaded.file)
        let bytes = loaded.text.count == loaded.file?.size ? loaded.text : try readFile()?.bytes ?? []
        let removed = Set(changes.removed)
        let updated = Dictionary(changes.updated.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        var entries: [JournalSnapshot.Entry] = []
        var next = loaded.entries.startIndex
        let file = try replaceContents(replacing: loaded.file) { (output: inout ChunkedWriter) throws(SystemCallError) in
            try bytes.withUnsafeBufferPointer { buffer throws(SystemCallError) in
                try forEachLine(in: buffer) { line throws(SystemCallError) in
                    // The brews' lines come in file order: the next one is this line or a later one.
                    var entry: JournalSnapshot.Entry?
                    if next < loaded.entries.endIndex, loaded.entries[next].start == line.range.lowerBound {
                        entry = loaded.entries[next]
                        next += 1
                    }
                    if let entry, removed.contains(entry.id) { return }
                    let start = output.total
                    if let entry, let record = updated[entry.id] {
                        try output.write(BrewLineCodec.encode(record))
                        entries.append(.init(id: record.id, timestamp: record.timestamp, start: start, end: output.total))
                    } else {
                        try output.write(UnsafeBufferPointer(rebasing: buffer[line.range]))
                        if let entry {
                            entries.append(.init(id: entry.id, timestamp: entry.timestamp, start: start, end: output.total))
                        }
                    }
                    try output.write("\n")
                }
            }
            for record in changes.inserted {
                let start = output.total
                try output.write(BrewLineCodec.encode(record))
                entries.append(.init(id: record.id, timestamp: record.timestamp, start: start, end: output.total))
                try output.write("\n")
            }
        }
        self.loaded = LoadedFile(entries: entries, file: file, endsWithNewline: true)
    }

    /// The prefix of the temporary files a rewrite creates next to the journal.
    var temporaryPrefix: String { "." + fileName + ".tmp-" }

    /// Deletes temporary files a killed rewrite left behind. Only called holding the exclusive
    /// lock: then no other writer can be using one. Best effort; failures are ignored.
    func removeStaleTemporaryFiles() {
        guard let folder = opendir(directory) else { return }
        defer { closedir(folder) }
        var stale: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(temporaryPrefix) { stale.append(name) }
        }
        for name in stale {
            try? system.unlink(directory + "/" + name)
        }
    }

    /// Replaces the journal atomically with what `produce` writes (temporary sibling, fsync,
    /// rename, fsync of the folder), keeping `existing`'s mode, owner and group. Returns the
    /// status of the new file.
    ///
    /// Where the system can swap two paths atomically, the commit is a swap, after which the file
    /// swapped out must be the one that was read; if another program replaced the journal in the
    /// instant between the last check and the swap, the swap is undone and nothing is lost.
    func replaceContents(replacing existing: FileStatus?,
                         _ produce: (inout ChunkedWriter) throws(SystemCallError) -> Void) throws(JournalError) -> FileStatus {
        try ensureDirectory()
        let temporary = directory + "/" + temporaryPrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd: Int32
        do throws(SystemCallError) {
            fd = try system.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        } catch {
            throw .io(path: path, operation: "rewrite", reason: "cannot create a temporary file in '\(directory)': \(error.description); nothing was changed")
        }
        let written: FileStatus
        do throws(SystemCallError) {
            defer { system.close(fd) }
            var writer = ChunkedWriter(fd: fd, journal: self)
            try produce(&writer)
            try writer.flush()
            if let existing {
                try system.fchmod(fd, existing.permissions)
                let made = try system.fstat(fd)
                if made.owner != existing.owner || made.group != existing.group {
                    try system.fchown(fd, existing.owner, existing.group)
                }
            }
            try system.fsync(fd)
            written = try system.fstat(fd)
        } catch {
            try? system.unlink(temporary)
            let reason = error.call == "fchown"
                ? "cannot keep the journal's owner and group (\(error.description)); run the command as the journal's owner"
                : "\(error.call): \(error)"
            throw .io(path: path, operation: "rewrite", reason: reason + "; nothing was changed")
        }
        do throws(JournalError) {
            try verifyUnchanged(since: existing)
        } catch {
            try? system.unlink(temporary)
            throw error
        }
        try commit(temporary, replacing: existing)
        try syncDirectory()
        return written
    }

    /// Puts `temporary` in the journal's place; on failure the journal is as it was and
    /// `temporary` is gone.
    private func commit(_ temporary: String, replacing existing: FileStatus?) throws(JournalError) {
        if let existing, try swap(temporary, replacing: existing) { return }
        do throws(SystemCallError) {
            try system.rename(temporary, target)
        } catch {
            try? system.unlink(temporary)
            throw .io(path: path, operation: "rewrite", reason: "\(error.call): \(error); nothing was changed")
        }
    }

    /// Swaps `temporary` and the journal, then checks that what was swapped out is the file that
    /// was read, and swaps back if not. `false` when the system cannot swap (then nothing happened).
    private func swap(_ temporary: String, replacing existing: FileStatus) throws(JournalError) -> Bool {
        do throws(SystemCallError) {
            try system.exchange(temporary, target)
        } catch {
            if [ENOSYS, EINVAL, ENOTSUP, EOPNOTSUPP].contains(error.code) { return false }
            try? system.unlink(temporary)
            throw .io(path: path, operation: "rewrite", reason: "\(error.call): \(error); nothing was changed")
        }
        // `temporary` now names the file that was the journal until the swap.
        if let swappedOut = try? system.lstat(temporary), swappedOut.identity == existing.identity {
            try? system.unlink(temporary)
            return true
        }
        do throws(SystemCallError) {
            try system.exchange(temporary, target)
        } catch {
            throw .changedByAnotherProgram(path: path, what: "another program replaced the journal at the last moment (its version is now '\(temporary)')")
        }
        try? system.unlink(temporary)
        throw .changedByAnotherProgram(path: path, what: "another program replaced the journal")
    }

    // MARK: - Files and folders

    /// The journal's status and whole text, or `nil` when it does not exist.
    func readFile() throws(JournalError) -> (file: FileStatus, bytes: [UInt8])? {
        let fd: Int32
        do throws(SystemCallError) {
            fd = try system.open(target, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, 0)
        } catch {
            if error.code == ENOENT { return nil }
            if error.code == ELOOP { throw .changedByAnotherProgram(path: path, what: "another program replaced the journal with a symbolic link") }
            throw .io(path: path, operation: "open", reason: error.description)
        }
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

    private var fileName: String {
        guard let slash = target.lastIndex(of: "/") else { return target }
        return String(target[target.index(after: slash)...])
    }

    private func cannotCreate(_ error: SystemCallError) -> JournalError {
        .cannotCreate(path: path, reason: error.code == EROFS ? "the file system is read-only" : error.description)
    }

    /// Runs a system call, turning its error into a journal error.
    private func call<T>(_ operation: String, _ body: () throws(SystemCallError) -> T) throws(JournalError) -> T {
        do throws(SystemCallError) {
            return try body()
        } catch {
            throw .io(path: path, operation: operation, reason: "\(error.call): \(error)")
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

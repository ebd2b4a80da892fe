#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Rewriting: how updates and removals reach the journal, atomically.
extension LockedJournal {
    /// Writes the whole journal anew with `changes` applied, copying untouched lines (brews, records
    /// of other kinds, lines of kinds BrewLog does not know) byte for byte; the lines it replaces
    /// or drops go to the history's entry. Returns the bounds to trim the history to, when it has
    /// outgrown them.
    func rewrite(_ changes: JournalChanges, loaded: LoadedFile) throws(JournalError) -> HistoryBounds? {
        try verifyUnchanged(since: loaded.file)
        // The file as loaded is read again a piece at a time (never held whole); a journal
        // loaded without its open file (one this journal just wrote) is read whole.
        let size: Int
        let read: (Range<Int>) throws(SystemCallError) -> [UInt8]
        // What is copied is hashed as it is read, and must be what the load read (see `beforeCommit`).
        var copied = BlockHasher()
        if let source = loaded.source, let loadedSize = loaded.file?.size {
            size = loadedSize
            read = { range throws(SystemCallError) in
                let bytes = try source.text(in: range)
                bytes.withUnsafeBytes { copied.add($0) }
                return bytes
            }
        } else {
            let bytes = try readFile()?.bytes ?? []
            size = bytes.count
            read = { range in
                let piece = Array(bytes[range])
                piece.withUnsafeBytes { copied.add($0) }
                return piece
            }
        }
        let removed = Set(changes.removed)
        var updated: [BrewID: (record: BrewRecord, line: String)] = [:]
        for record in changes.updated {
            updated[record.id] = (record, try line(for: record))
        }
        var inserted: [(record: BrewRecord, line: String)] = []
        for record in changes.inserted {
            inserted.append((record, try line(for: record)))
        }
        var updatedEntries: [BrewID: (entry: JournalEntry, line: String)] = [:]
        for entry in changes.updatedEntries {
            updatedEntries[entry.id] = (entry, try line(for: entry))
        }
        var insertedEntries: [(entry: JournalEntry, line: String)] = []
        // A tombstone takes the place of the record it stands for, so a removal is one changed
        // line (in `git diff`, and for the merge driver), not a line gone and one added at the end.
        var inPlace: [BrewID: (entry: JournalEntry, line: String)] = [:]
        for entry in changes.insertedEntries {
            if entry.tombstone != nil, removed.contains(entry.id), inPlace[entry.id] == nil {
                inPlace[entry.id] = (entry, try line(for: entry))
            } else {
                insertedEntries.append((entry, try line(for: entry)))
            }
        }
        // What the history records after a removal: the tombstone's line, written in its place.
        let tombstoneLines = inPlace.mapValues(\.line)
        var entries: [JournalSnapshot.Entry] = []
        var others: [JournalSnapshot.OtherLine] = []
        var linked: [Int] = []
        var nextLinked = loaded.linked.startIndex
        var before: [BrewID: String] = [:]
        let keepBefore = recording != nil
        func keep(_ line: UnsafeBufferPointer<UInt8>, of id: BrewID) {
            if keepBefore { before[id] = String(decoding: line, as: UTF8.self) }
        }
        let known = loaded.appended.isEmpty ? loaded.entries : loaded.entries + loaded.appended
        var next = known.startIndex
        var nextOther = loaded.others.startIndex
        let file = try replaceContents(replacing: loaded.file) { (output: inout ChunkedWriter) throws(SystemCallError) in
            /// Writes the tombstone of the removed record `id` where its line was, if it has one.
            func writeInPlace(_ id: BrewID) throws(SystemCallError) {
                guard let (entry, text) = inPlace.removeValue(forKey: id) else { return }
                let start = output.total
                try output.write(text)
                others.append(.init(entry: entry, start: start, end: output.total))
                try output.write("\n")
            }
            try eachLine(ofFirst: size, reading: read) { line, lineStart throws(SystemCallError) in
                // The brews' lines come in file order: the next one is this line or a later one.
                var entry: JournalSnapshot.Entry?
                var wasLinked = false
                if next < known.endIndex, known[next].start == lineStart {
                    entry = known[next]
                    while nextLinked < loaded.linked.endIndex, loaded.linked[nextLinked] < next { nextLinked += 1 }
                    wasLinked = nextLinked < loaded.linked.endIndex && loaded.linked[nextLinked] == next
                    next += 1
                }
                if entry == nil, nextOther < loaded.others.endIndex, loaded.others[nextOther].start == lineStart {
                    let other = loaded.others[nextOther]
                    nextOther += 1
                    guard !removed.contains(other.entry.id) else {
                        keep(line, of: other.entry.id)
                        try writeInPlace(other.entry.id)
                        return
                    }
                    let start = output.total
                    if let (entry, text) = updatedEntries[other.entry.id] {
                        keep(line, of: entry.id)
                        try output.write(text)
                        others.append(.init(entry: entry, start: start, end: output.total))
                    } else {
                        try output.write(line)
                        others.append(.init(entry: other.entry, start: start, end: output.total))
                    }
                    try output.write("\n")
                    return
                }
                if let entry, removed.contains(entry.id) {
                    keep(line, of: entry.id)
                    try writeInPlace(entry.id)
                    return
                }
                let start = output.total
                if let entry, let (record, text) = updated[entry.id] {
                    keep(line, of: record.id)
                    try output.write(text)
                    if LockedJournal.mayNameBag(text) { linked.append(entries.count) }
                    entries.append(.init(id: record.id, timestamp: record.timestamp, start: start))
                } else {
                    try output.write(line)
                    if let entry {
                        if wasLinked { linked.append(entries.count) }
                        entries.append(.init(id: entry.id, timestamp: entry.timestamp, start: start))
                    }
                }
                try output.write("\n")
            }
            for (record, text) in inserted {
                let start = output.total
                try output.write(text)
                if LockedJournal.mayNameBag(text) { linked.append(entries.count) }
                entries.append(.init(id: record.id, timestamp: record.timestamp, start: start))
                try output.write("\n")
            }
            // Tombstones of records whose line was not met (none, unless the file changed) go last.
            let unplaced = changes.insertedEntries.compactMap { inPlace[$0.id] }
            for (entry, text) in unplaced + insertedEntries {
                let start = output.total
                try output.write(text)
                others.append(.init(entry: entry, start: start, end: output.total))
                try output.write("\n")
            }
        } beforeCommit: { () throws(JournalError) in
            // A program writing through a shared memory mapping changes the bytes without the
            // times: the rewrite would carry its lines over unchecked, so it is refused, and the
            // index that described the old bytes is dropped so the next command reads every line.
            guard let blocks = loaded.blocks, copied.hashes != blocks else { return }
            indexPending = false
            try? system.unlink(indexPath)
            throw .changedByAnotherProgram(path: path, what: "another program wrote into the journal in place (its bytes are not the ones read)")
        } history: {
            let inserted = Dictionary(inserted.map { ($0.record.id, $0.line) }, uniquingKeysWith: { $1 })
            let insertedEntries = Dictionary(insertedEntries.map { ($0.entry.id, $0.line) }, uniquingKeysWith: { $1 })
            return recordHistory(changes, journal: loaded.file, before: { before[$0] }, after: { id in
                updated[id]?.line ?? updatedEntries[id]?.line ?? inserted[id] ?? insertedEntries[id] ?? tombstoneLines[id]
            })
        }
        self.loaded = LoadedFile(entries: entries, others: others, file: file.status, endsWithNewline: true, linked: linked,
                                 unknownKindCount: loaded.unknownKindCount, unknownKindIDs: loaded.unknownKindIDs,
                                 blocks: file.blocks, statedAt: file.committedAt)
        indexPending = true
        return file.history?.trim
    }

    /// Calls `body` with each line of the first `size` bytes `read` gives (without its newline;
    /// the last line may have none) and the byte where it starts, reading a megabyte at a time:
    /// a rewrite holds a piece of the file and the line that crosses into the next, never the file.
    func eachLine(ofFirst size: Int, reading read: (Range<Int>) throws(SystemCallError) -> [UInt8],
                             _ body: (UnsafeBufferPointer<UInt8>, Int) throws(SystemCallError) -> Void) throws(SystemCallError) {
        var pending: [UInt8] = []
        var pendingStart = 0
        var offset = 0
        while offset < size {
            let piece = try read(offset..<min(size, offset + (1 << 20)))
            guard !piece.isEmpty else { break }
            try piece.withUnsafeBufferPointer { buffer throws(SystemCallError) in
                var start = 0
                while let newline = buffer[start...].firstIndex(of: 0x0A) {
                    if pending.isEmpty {
                        try body(UnsafeBufferPointer(rebasing: buffer[start..<newline]), offset + start)
                    } else {
                        pending.append(contentsOf: buffer[start..<newline])
                        try pending.withUnsafeBufferPointer { line throws(SystemCallError) in try body(line, pendingStart) }
                        pending = []
                    }
                    start = newline + 1
                }
                if start < buffer.count {
                    if pending.isEmpty { pendingStart = offset + start }
                    pending.append(contentsOf: buffer[start...])
                }
            }
            offset += piece.count
        }
        if !pending.isEmpty {
            try pending.withUnsafeBufferPointer { line throws(SystemCallError) in try body(line, pendingStart) }
        }
    }

    /// The prefix of the temporary files a rewrite creates next to the journal.
    var temporaryPrefix: String { "." + fileName + ".tmp-" }

    /// Deletes temporary files a killed rewrite or index write left behind. The journal's only
    /// holding the exclusive lock (then no other writer can be using one); with `indexOnly`, under
    /// any lock, only the index's (each is its own process's, and that process is gone). Best
    /// effort; failures are ignored.
    func removeStaleTemporaryFiles(indexOnly: Bool = false) {
        guard let names = try? system.directoryEntries(directory) else { return }
        for name in names where isStaleTemporaryFile(name) && (!indexOnly || name.hasPrefix(indexTemporaryPrefix)) {
            let path = directory + "/" + name
            guard let file = try? system.lstat(path), file.kind == .regular else { continue }
            try? system.unlink(path)
        }
    }

    /// Whether `name` is exactly what a rewrite of this journal names its temporary file
    /// or its index (`.NAME.tmp-PID-RANDOM`, `.NAME.index.tmp-PID-RANDOM`) and the process that made it is gone. Anything else, even with
    /// the same prefix, is someone else's file.
    private func isStaleTemporaryFile(_ name: String) -> Bool {
        guard let prefix = [temporaryPrefix, indexTemporaryPrefix].first(where: name.hasPrefix) else { return false }
        let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 10 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let pid = Int32(parts[0]) else { return false }
        // A process that still runs (or that we may not signal) may be writing it.
        return pid != getpid() && !system.processExists(pid)
    }

    /// Replaces the journal atomically with what `produce` writes (temporary sibling, fsync,
    /// rename, fsync of the folder), keeping `existing`'s mode, owner and group. Returns the
    /// status of the new file, the history's mark, the hashes of the new file's blocks, and the
    /// realtime clock read just before the new file took the journal's place.
    ///
    /// `beforeCommit` may still refuse once the new file is written (then it is removed);
    /// `history` appends the change's history entry once the new file is durable, before the
    /// commit; if the commit fails, the entry is cut off again.
    ///
    /// Where the system can swap two paths atomically, the commit is a swap, after which the file
    /// swapped out must be the one that was read; if another program replaced the journal in the
    /// instant between the last check and the swap, the swap is undone and nothing is lost.
    func replaceContents(replacing existing: FileStatus?,
                         _ produce: (inout ChunkedWriter) throws(SystemCallError) -> Void,
                         beforeCommit: () throws(JournalError) -> Void = {},
                         history: () -> HistoryMark? = { nil }) throws(JournalError)
        -> (status: FileStatus, history: HistoryMark?, blocks: [UInt64], committedAt: Int64) {
        try ensureDirectory()
        let temporary = directory + "/" + temporaryPrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd: Int32
        do throws(SystemCallError) {
            fd = try system.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        } catch {
            throw .io(path: path, operation: "rewrite", reason: "cannot create a temporary file in '\(directory)': \(error.description); nothing was changed")
        }
        let written: FileStatus
        let blocks: [UInt64]
        do throws(SystemCallError) {
            defer { system.close(fd) }
            var writer = ChunkedWriter(fd: fd, journal: self)
            try produce(&writer)
            try writer.flush()
            blocks = writer.blocks
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
                ? "cannot keep the \(subject)'s owner and group (\(error.description)); run the command as the \(subject)'s owner"
                : "\(error.call): \(error)"
            throw .io(path: path, operation: "rewrite", reason: reason + "; nothing was changed")
        }
        do throws(JournalError) {
            try beforeCommit()
        } catch {
            try? system.unlink(temporary)
            throw error
        }
        let mark = history()
        do throws(JournalError) {
            try verifyUnchanged(since: existing)
        } catch {
            try? system.unlink(temporary)
            retractHistory(mark)
            throw error
        }
        let committedAt = system.realtimeNanoseconds()
        do throws(JournalError) {
            try commit(temporary, replacing: existing)
        } catch {
            retractHistory(mark)
            throw error
        }
        try syncDirectory()
        return (written, mark, blocks, committedAt)
    }

    /// Puts `temporary` in the journal's place; on failure the journal is as it was and
    /// `temporary` is gone.
    private func commit(_ temporary: String, replacing existing: FileStatus?) throws(JournalError) {
        if let existing, try swap(temporary, replacing: existing) { return }
        do throws(SystemCallError) {
            try system.rename(temporary, target)
        } catch {
            try? system.unlink(temporary)
            if error.code == ENOENT { throw removedTemporary() }
            throw .io(path: path, operation: "rewrite", reason: "\(error.call): \(error); nothing was changed")
        }
    }

    /// What it means when this writer's temporary file vanished: only another writer removes
    /// them, and only when it holds the lock, so the lock was broken (its file deleted).
    private func removedTemporary() -> JournalError {
        .changedByAnotherProgram(path: path, what: "another writer removed this one's temporary file (the lock file was deleted)")
    }

    /// Swaps `temporary` and the journal, then checks that what was swapped out is the file that
    /// was read, and swaps back if not. `false` when the system cannot swap (then nothing happened).
    private func swap(_ temporary: String, replacing existing: FileStatus) throws(JournalError) -> Bool {
        do throws(SystemCallError) {
            try system.exchange(temporary, target)
        } catch {
            if [ENOSYS, EINVAL, ENOTSUP, EOPNOTSUPP].contains(error.code) { return false }
            try? system.unlink(temporary)
            if error.code == ENOENT { throw removedTemporary() }
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
            throw .changedByAnotherProgram(path: path, what: "another program replaced the \(subject) at the last moment (its version is now '\(temporary)')")
        }
        try? system.unlink(temporary)
        throw .changedByAnotherProgram(path: path, what: "another program replaced the \(subject)")
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Appending: how inserts alone reach the journal.
extension LockedJournal {
    /// Appends the inserted brews, then the inserted records of other kinds, with one `write`
    /// and an `fsync`, recording the intent in the lock file first (and the history's entry
    /// before that); on any failure the journal and the history are left as `loaded` found them.
    /// Returns the bounds to trim the history to, when it has outgrown them.
    func append(_ changes: JournalChanges, to loaded: LoadedFile) throws(JournalError) -> HistoryBounds? {
        let startSize = loaded.file?.size ?? 0
        var text = startSize > 0 && !loaded.endsWithNewline ? "\n" : ""
        var appended = loaded.appended
        var others = loaded.others
        var linked = loaded.linked
        var lines: [BrewID: String] = [:]
        for record in changes.inserted {
            let line = try line(for: record)
            lines[record.id] = line
            let start = startSize + text.utf8.count
            if LockedJournal.mayNameBag(line) { linked.append(loaded.entries.count + appended.count) }
            appended.append(.init(id: record.id, timestamp: record.timestamp, start: start))
            text += line + "\n"
        }
        for entry in changes.insertedEntries {
            let line = try line(for: entry)
            lines[entry.id] = line
            let start = startSize + text.utf8.count
            others.append(.init(entry: entry, start: start, end: start + line.utf8.count))
            text += line + "\n"
        }
        let creating = loaded.file == nil
        // The index's hashes go on from the journal's last block, read again before it changes.
        var hasher = creating ? BlockHasher() : lastBlock(of: loaded)
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
        var history: HistoryMark?
        do throws(JournalError) {
            if creating {
                // The mode exactly, whatever the umask.
                try call("set the mode of") { () throws(SystemCallError) in try system.fchmod(fd, 0o600) }
            }
            let file = try call("stat") { () throws(SystemCallError) in try system.fstat(fd) }
            opened = file
            if let before = loaded.file, before.identity != file.identity {
                throw .changedByAnotherProgram(path: path, what: "another program changed the journal")
            }
            history = recordHistory(changes, journal: file, before: { _ in nil }, after: { lines[$0] })
            if let intentFD {
                try call("record the append in the lock file") { () throws(SystemCallError) in
                    try writeAppendIntent(AppendIntent(offset: file.size, length: text.utf8.count, device: file.device, inode: file.inode),
                                          lockFD: intentFD)
                }
            }
            // The last look before writing: the lock file and the journal are still the ones locked and opened.
            try verifyUnchanged(since: file)
            wrote = true
            let writingAt = system.realtimeNanoseconds()
            let bytes = Array(text.utf8)
            do throws(SystemCallError) {
                try writeAll(fd, bytes)
                try system.fsync(fd)
            } catch {
                throw .io(path: path, operation: "append to", reason: "\(error.call): \(error); nothing was added")
            }
            // The lines are durable in the file this writer opened; it must still be the journal.
            let written = try call("stat") { () throws(SystemCallError) in try system.fstat(fd) }
            guard let now = try FileJournal(path: path, system: system).status(of: target), now.isSameFile(as: written) else {
                throw .changedByAnotherProgram(path: path, what: "another program replaced the journal during the append (the brew went to the old file)")
            }
            do throws(JournalError) {
                try verifyStillResolves()
            } catch {
                throw .changedByAnotherProgram(path: path, what: "the symbolic link '\(path)' was pointed at another file during the append (the brew went to '\(target)')")
            }
            if creating {
                try syncDirectory()
            }
            if let intentFD { clearAppendIntent(lockFD: intentFD) }
            bytes.withUnsafeBytes { hasher?.add($0) }
            self.loaded = LoadedFile(entries: loaded.entries, appended: appended, others: others, file: written, endsWithNewline: true,
                                     source: loaded.source, linked: linked, unknownKindCount: loaded.unknownKindCount,
                                     unknownKindIDs: loaded.unknownKindIDs, blocks: hasher?.hashes, statedAt: writingAt)
            indexPending = true
            return history?.trim
        } catch {
            retractHistory(history)
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

    /// A block hasher that has taken every block of `loaded`'s file but the last, shorter one,
    /// and holds that one's bytes; `nil` when its hashes are unknown or the bytes unreadable.
    private func lastBlock(of loaded: LoadedFile) -> BlockHasher? {
        guard let blocks = loaded.blocks, let size = loaded.file?.size, let source = loaded.source else { return nil }
        let start = (blocks.count - 1) * BlockHasher.blockSize
        guard start <= size, let bytes = try? source.text(in: start..<size), bytes.count == size - start,
              ContentHash.of(bytes) == blocks[blocks.count - 1] else { return nil }
        return BlockHasher(blocks: Array(blocks.dropLast()), pending: bytes)
    }

    /// Removes the journal file this writer created, unless another program has put its own there.
    private func removeIfStill(_ created: FileStatus) {
        guard let now = try? system.lstat(target), now.isSameFile(as: created) else { return }
        try? system.unlink(target)
    }
}

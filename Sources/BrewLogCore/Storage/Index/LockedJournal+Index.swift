import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The verified index: a load that finds an index matching the journal takes what it needs from
/// there instead of reading every line, and every full read or save leaves one behind.
///
/// An index is trusted only while the journal's `stat` (device, inode, size, modification and
/// change times) is the one it recorded and the journal's first and last 64 KiB hash as they did;
/// when the journal was written less than a clock tick before that `stat` (git's racy-timestamp
/// rule) every block is hashed again first. A journal that only grew (the same file, longer, its
/// old part hashing block for block as before) is read from where the index ends, and only the
/// new lines are validated.
/// Anything else (no index, a damaged or foreign one, a journal replaced, truncated or rewritten)
/// is a full read, which writes a new index. Nothing about the index is ever an error.
extension LockedJournal {
    /// Where the index is kept: beside the file itself (symbolic links followed), like the lock.
    var indexPath: String { target + ".index" }

    /// The snapshot the index gives, with ``loaded`` set as a full read would set it, or `nil`
    /// when the index cannot be used (then the caller reads the journal in full).
    func loadThroughIndex() -> JournalSnapshot? {
        guard keepsIndex, readLimit == nil, let fd = try? openForReading() else { return nil }
        // From here the descriptor belongs to the source, which closes it when let go.
        let source = FileLineSource(fd: fd, system: system)
        guard let (file, statedAt) = try? status(of: fd),
              let index = readIndex(describing: { $0.matches(file) || $0.isGrown(into: file) }) else { return nil }
        let recorded = index.journal
        let racy = recorded.isRacy(tick: system.fileTimeTick())
        let grown = recorded.isGrown(into: file)
        guard recorded.matches(file) || (grown && index.endsWithNewline),
              // A journal that grew may have changed anywhere else too: its old part is hashed whole.
              let lastBlock = blocksHold(index.blocks, size: recorded.size, in: source, all: racy || grown),
              let others = otherLines(at: index.others, in: source) else { return nil }
        var loaded = LoadedFile(entries: [], others: others, file: file, endsWithNewline: index.endsWithNewline, source: source,
                                linked: index.linked, unknownKindCount: index.unknownKindCount, unknownKindIDs: index.unknownKindIDs,
                                blocks: index.blocks, statedAt: statedAt)
        if grown {
            var hasher: BlockHasher? = BlockHasher(blocks: Array(index.blocks.dropLast()), pending: lastBlock)
            var reader = JournalReader(continuing: index, others: others, expectingBytes: file.size - recorded.size)
            let lastByte: UInt8?
            do throws(SystemCallError) {
                try system.seek(fd, to: recorded.size)
                lastByte = try stream(fd, from: recorded.size, limit: nil, into: &reader, hashing: &hasher, expecting: file.size - recorded.size)
            } catch {
                return nil
            }
            reader.finish()
            // A bad new line is reported by a full read, which numbers the lines of the whole file.
            guard reader.problems.isEmpty, let blocks = hasher?.hashes else { return nil }
            loaded.entries = reader.entries
            loaded.others = reader.others
            loaded.linked = reader.linked
            loaded.unknownKindCount = reader.unknownKindCount
            loaded.unknownKindIDs = Array(reader.unknownKindIDs)
            loaded.endsWithNewline = lastByte.map { $0 == 0x0A } ?? index.endsWithNewline
            loaded.blocks = blocks
        } else {
            loaded.entries = index.entries
        }
        self.loaded = loaded
        loadedFrom = grown ? .indexAndNewLines : .index
        // What was verified now is written down, so the next command need not verify it again.
        indexPending = grown || racy
        return JournalSnapshot(source: source, entries: loaded.entries, others: loaded.others, linked: loaded.linked,
                               unknownKindCount: loaded.unknownKindCount, unknownKindIDs: Set(loaded.unknownKindIDs))
    }

    /// The index beside the journal, if there is one of this user's that reads whole and
    /// `describing` takes the journal it was made for; never throws.
    private func readIndex(describing: (IndexedJournal) -> Bool) -> JournalIndex? {
        guard let fd = try? system.open(indexPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, 0) else { return nil }
        defer { system.close(fd) }
        // Only an index of this user's: like the lock, BrewLog's files beside a journal are its own.
        guard let status = try? system.fstat(fd), status.kind == .regular, status.owner == geteuid() else { return nil }
        return JournalIndex.read(from: fd, size: status.size, system: system, describes: describing)
    }

    /// Whether the first `size` bytes of the journal still hash as `blocks` says: the first and
    /// last blocks (the last 64 KiB at least), or every block when `all`. Returns the bytes of the
    /// last, shorter block (where hashing goes on when the journal grew), or `nil` when they differ.
    private func blocksHold(_ blocks: [UInt64], size: Int, in source: FileLineSource, all: Bool) -> [UInt8]? {
        let block = BlockHasher.blockSize
        let last = blocks.count - 1
        func holds(_ number: Int) -> [UInt8]? {
            let range = number * block..<min(size, (number + 1) * block)
            guard let bytes = try? source.text(in: range), bytes.count == range.count, ContentHash.of(bytes) == blocks[number] else { return nil }
            return bytes
        }
        guard let lastBytes = holds(last), last == 0 || holds(0) != nil else { return nil }
        if all {
            guard allBlocksHold(blocks[..<last], in: source) else { return nil }
        } else if last > 1 {
            guard holds(last - 1) != nil else { return nil }
        }
        return lastBytes
    }

    /// Whether the whole blocks `blocks` (the first ones of the file) hash as they did, read a
    /// megabyte at a time on every core: the check a racy index needs, about as fast as `cat`.
    private func allBlocksHold(_ blocks: ArraySlice<UInt64>, in source: FileLineSource) -> Bool {
        let block = BlockHasher.blockSize, perRead = 16
        let reads = (blocks.count + perRead - 1) / perRead
        let differs = Atomic(false)
        DispatchQueue.concurrentPerform(iterations: reads) { read in
            guard !differs.load(ordering: .relaxed) else { return }
            let first = read * perRead, count = min(perRead, blocks.count - first)
            guard let bytes = try? source.text(in: first * block..<(first + count) * block), bytes.count == count * block else {
                differs.store(true, ordering: .relaxed)
                return
            }
            bytes.withUnsafeBytes { raw in
                for offset in 0..<count where ContentHash.of(UnsafeRawBufferPointer(rebasing: raw[offset * block..<(offset + 1) * block])) != blocks[first + offset] {
                    differs.store(true, ordering: .relaxed)
                    return
                }
            }
        }
        return !differs.load(ordering: .relaxed)
    }

    /// The records of other kinds at `ranges`, read and decoded again (they are few), or `nil`
    /// when a line no longer holds one.
    private func otherLines(at ranges: [Range<Int>], in source: FileLineSource) -> [JournalSnapshot.OtherLine]? {
        var others: [JournalSnapshot.OtherLine] = []
        others.reserveCapacity(ranges.count)
        for range in ranges {
            guard let bytes = try? source.text(in: range), bytes.count == range.count else { return nil }
            let content = bytes.withUnsafeBufferPointer { checkLine($0, terminated: true, first: range.lowerBound == 0) }
            guard case let .success(.entry(entry)?) = content else { return nil }
            others.append(.init(entry: entry, start: range.lowerBound, end: range.upperBound))
        }
        return others
    }

    /// Writes the index of what ``loaded`` describes, if the journal is still that file: into a
    /// temporary sibling, renamed over the old index. Best effort, and silent: a journal in a
    /// folder this user cannot write to simply has no index.
    func writeIndex() {
        indexPending = false
        guard keepsIndex, let loaded, let recorded = loaded.file, let blocks = loaded.blocks, let statedAt = loaded.statedAt,
              let now = try? system.lstat(target), now.kind == .regular, now.identity == recorded.identity else { return }
        // The change time now (a rename sets it), with the clock as it was before the last read
        // or write: a change in between is then racy, and the next reader hashes every block.
        let index = JournalIndex(journal: IndexedJournal(now, statedAt: statedAt), endsWithNewline: loaded.endsWithNewline,
                                 entries: loaded.entries, appended: loaded.appended, others: loaded.others.map { $0.start..<$0.end },
                                 linked: loaded.linked, unknownKindCount: loaded.unknownKindCount,
                                 unknownKindIDs: loaded.unknownKindIDs, blocks: blocks)
        // A killed reader's temporary index is no one's: whoever writes the next one removes it.
        removeStaleTemporaryFiles(indexOnly: true)
        let temporary = directory + "/" + indexTemporaryPrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard let fd = try? system.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600) else { return }
        do throws(SystemCallError) {
            defer { system.close(fd) }
            try index.write(to: fd, system: system)
            try system.rename(temporary, indexPath)
        } catch {
            try? system.unlink(temporary)
        }
    }

    /// Whether a brew's `line`, as a save writes it, may name a bag (see `JournalReader.linked`).
    static func mayNameBag(_ line: String) -> Bool {
        var line = line
        return line.withUTF8 { BrewLineFastPath.recogniseNamingBag($0)?.namesBag ?? true }
    }

    /// The prefix of the temporary files the index is written to.
    var indexTemporaryPrefix: String { "." + fileName + ".index.tmp-" }
}

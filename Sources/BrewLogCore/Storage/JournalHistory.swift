#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The history beside the journal (`TARGET.history`), written in the same locked step as each
/// change.
///
/// The journal is the commit point. A save appends its entry to the history first (made
/// durable), naming the journal file as it is before the change (``JournalFingerprint``: a
/// committed change replaces that file or makes it longer), then commits the journal; if the
/// commit fails the entry is cut off again. A crash between the two leaves an entry whose change
/// never happened, and only as the newest entry: every later run checks the newest entry before
/// it trusts it (a journal still exactly as the entry found it did not take the change, nor one
/// that an append cut short ends where the entry found it) and ignores it, and the next writer
/// cuts it off. So the history never shows a change the journal
/// does not hold, and a change always has its entry, unless the history cannot be written (a
/// foreign file, a full disk), which is a warning, never an error.
extension LockedJournal {
    /// Where the history lives: beside the file the journal resolves to.
    public var historyPath: String { target + ".history" }

    /// A history this small is checked line by line when it is trimmed.
    static var historyCheckedWhole: Int { 1 << 20 }

    /// A history file larger than this is not read (the history keeps itself far smaller).
    static var largestHistoryRead: Int { 4 * HistoryBounds.defaultMaxBytes }

    /// The history, oldest first, without an entry whose change never reached the journal.
    /// Never throws for the history's sake: what could not be read is in its `problems`.
    public func history() throws(JournalError) -> HistoryLog {
        try requireOpen("read the history of")
        guard let bytes = readHistoryBytes() else { return HistoryLog() }
        var log = HistoryLog(bytes)
        if try newestIsUncommitted(log) {
            log.dropNewest()
        }
        return log
    }

    /// The history's bytes, or `nil` when there is none that can be read (a warning says why).
    private func readHistoryBytes() -> [UInt8]? {
        let fd: Int32
        do throws(SystemCallError) {
            fd = try system.open(historyPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, 0)
        } catch {
            if error.code != ENOENT { warnHistory(error.code == ELOOP ? "it is a symbolic link; ignored" : "cannot open it: \(error)") }
            return nil
        }
        defer { system.close(fd) }
        do throws(SystemCallError) {
            let file = try system.fstat(fd)
            guard file.kind == .regular else {
                warnHistory("it is not a regular file; ignored")
                return nil
            }
            guard file.size <= Self.largestHistoryRead else {
                warnHistory("it is \(file.size) bytes, far more than BrewLog keeps; ignored")
                return nil
            }
            return try readAll(fd, expecting: file.size)
        } catch {
            warnHistory("cannot read it: \(error)")
            return nil
        }
    }

    func warnHistory(_ text: String) {
        historyWarnings.append("\(historyPath): \(text)")
    }

    /// Whether the newest entry of `log` names a change the journal does not hold: the journal
    /// is still exactly the file it was just before that change.
    func newestIsUncommitted(_ log: HistoryLog) throws(JournalError) -> Bool {
        guard let state = log.lines.last?.entry.journalBefore else { return false }
        let now = try FileJournal(path: path, system: system).status(of: target)
        switch (state, now) {
        case (.missing, nil): return true
        case let (.file(before), now?):
            // An append a crash cut short: a reader stops where it started.
            if let readLimit, readLimit == before.size, before.device == now.device, before.inode == now.inode { return true }
            return before == JournalFingerprint(now)
        default: return false
        }
    }

    /// After the next writer cut an interrupted append back to `length` bytes of the file on
    /// `device` at `inode`: drops the newest entry when it is that append's (made when the file
    /// was exactly so), since the cut gave the file a new modification time but not the change.
    func forgetInterruptedAppend(device: UInt64, inode: UInt64, length: Int) {
        guard let fd = try? system.open(historyPath, O_RDWR | O_NOFOLLOW | O_NONBLOCK, 0) else { return }
        defer { system.close(fd) }
        guard let file = try? system.fstat(fd), file.kind == .regular, file.links == 1, file.size <= Self.largestHistoryRead,
              let bytes = try? readAll(fd, expecting: file.size) else { return }
        let log = HistoryLog(bytes, newestOnly: true)
        guard !log.isForeign, let newest = log.lines.last, case let .file(before)? = newest.entry.journalBefore,
              before.device == device, before.inode == inode, before.size == length else { return }
        try? system.ftruncate(fd, newest.range.lowerBound)
        try? system.fsync(fd)
    }

    // MARK: - Writing

    /// Where the history stood before a save appended its entry, to cut it back if the save fails.
    struct HistoryMark {
        let length: Int
        let created: Bool
        /// The history file appended to: a retraction touches no other.
        let file: FileStatus
        /// The bounds to trim to once the change is in, when the history has outgrown them.
        let trim: HistoryBounds?
    }

    /// Appends `entry` (the journal being `journal` just before its change) and makes it
    /// durable; first cuts off an unfinished last line and a newest entry whose change never
    /// reached the journal. `nil` (with a warning) when the history cannot be written.
    func appendHistory(_ entry: HistoryEntry, journal: FileStatus?, bounds: HistoryBounds) -> HistoryMark? {
        guard lock?.exclusive == true else { return nil }
        var entry = entry
        entry.journalBefore = journal.map { .file(JournalFingerprint($0)) } ?? .missing
        let existed = (try? system.lstat(historyPath)) != nil
        let fd: Int32
        do throws(SystemCallError) {
            fd = try system.open(historyPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK, 0o600)
        } catch {
            warnHistory((error.code == ELOOP ? "it is a symbolic link" : "cannot open it: \(error)") + "; this change is not in the history")
            return nil
        }
        defer { system.close(fd) }
        do throws(SystemCallError) {
            let file = try system.fstat(fd)
            guard file.kind == .regular, file.links == 1, file.size <= Self.largestHistoryRead else {
                warnHistory("it is not a history BrewLog can write (not a regular file, another name's too, or too large); "
                            + "this change is not in the history")
                return nil
            }
            var log = HistoryLog(try readAll(fd, expecting: file.size), newestOnly: true)
            guard !log.isForeign else {
                warnHistory("it is not BrewLog's history, so it is left alone; this change is not in the history")
                return nil
            }
            if (try? newestIsUncommitted(log)) == true { log.dropNewest() }
            var text = log.wholeLength == 0 ? HistoryCodec.header + "\n" : ""
            text += HistoryCodec.encode(entry) + "\n"
            if !existed { try system.fchmod(fd, 0o600) }
            if file.size != log.wholeLength { try system.ftruncate(fd, log.wholeLength) }
            try pwriteAll(fd, Array(text.utf8), at: log.wholeLength)
            try system.fsync(fd)
            if !existed { try? syncDirectory() }
            let outgrown = log.ranges.count + 1 > bounds.keep || log.wholeLength + text.utf8.count > bounds.maxBytes
                || !log.problems.isEmpty
            return HistoryMark(length: log.wholeLength, created: !existed, file: file, trim: outgrown ? bounds : nil)
        } catch {
            warnHistory("cannot write it (\(error.call): \(error)); this change is not in the history")
            return nil
        }
    }

    /// Cuts off the entry a failed save appended.
    func retractHistory(_ mark: HistoryMark?) {
        guard let mark, let now = try? system.lstat(historyPath), now.device == mark.file.device, now.inode == mark.file.inode else { return }
        if mark.created {
            try? system.unlink(historyPath)
            return
        }
        guard let fd = try? system.open(historyPath, O_WRONLY | O_NOFOLLOW | O_NONBLOCK, 0) else { return }
        defer { system.close(fd) }
        guard let opened = try? system.fstat(fd), opened.device == mark.file.device, opened.inode == mark.file.inode else { return }
        try? system.ftruncate(fd, mark.length)
        try? system.fsync(fd)
    }

    /// After a save: drops the oldest entries beyond `bounds`, by an atomic rewrite of the
    /// history. Best effort: a history that stays longer for a while is no error. A small
    /// history loses its damaged lines too; a large one is not read line by line (that would
    /// cost every change a parse of megabytes), so its damaged lines go as they age out.
    func trimHistory(to bounds: HistoryBounds) {
        guard let bytes = readHistoryBytes() else { return }
        let large = bytes.count > Self.historyCheckedWhole
        let log = HistoryLog(bytes, newestOnly: large)
        guard !log.isForeign else { return }
        let ranges = large ? log.ranges : log.lines.map(\.range)
        let kept = bounds.keptCount(ranges.map(\.count))
        guard kept < log.ranges.count || log.wholeLength < bytes.count else { return }
        var text = Array((HistoryCodec.header + "\n").utf8)
        for range in ranges.suffix(kept) {
            text.append(contentsOf: bytes[range])
            text.append(0x0A)
        }
        let temporary = directory + "/" + temporaryPrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do throws(SystemCallError) {
            let fd = try system.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
            defer { system.close(fd) }
            try system.fchmod(fd, 0o600)
            try system.writeAll(fd, text)
            try system.fsync(fd)
            try system.rename(temporary, historyPath)
            try? syncDirectory()
        } catch {
            try? system.unlink(temporary)
            warnHistory("cannot drop its oldest entries (\(error.call): \(error))")
        }
    }

    private func pwriteAll(_ fd: Int32, _ bytes: [UInt8], at offset: Int) throws(SystemCallError) {
        var done = 0
        while done < bytes.count {
            let written = try bytes.withUnsafeBytes { raw in
                Result { () throws(SystemCallError) in
                    try system.pwrite(fd, from: UnsafeRawBufferPointer(rebasing: raw[done...]), at: offset + done)
                }
            }.get()
            guard written > 0 else { throw SystemCallError("pwrite", EIO) }
            done += written
        }
    }
}

extension JournalFingerprint {
    init(_ file: FileStatus) {
        self.init(device: file.device, inode: file.inode, size: file.size, modified: file.modified)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension LockedJournal {
    /// Reads the whole journal, streamed like a load, and reports every problem, without
    /// stopping at the first. An unresolved merge conflict is one problem, at its first marker
    /// line, naming the records in it.
    public func check() throws(JournalError) -> JournalReport {
        try requireOpen("check")
        // It writes no index: `check` is what a user runs when in doubt, and stays the plain read.
        guard let reader = try streamFile(firstProblemOnly: false, hashing: false)?.reader else { return JournalReport(brewCount: 0, problems: []) }
        var problems = reader.problems
        if problems.contains(where: \.isUnresolvedMergeConflict), let bytes = try readFile()?.bytes {
            problems = MergeConflictBlock.grouping(problems, in: bytes)
        }
        return JournalReport(brewCount: reader.entries.count, problems: problems,
                             entries: reader.others.map(\.entry), unknownKindCount: reader.unknownKindCount)
    }

    /// Moves every bad line, byte for byte, to `PATH.rejected` (appending, each ending in a
    /// newline), then atomically rewrites the journal without them. Returns the lines moved.
    /// A UTF-8 byte order mark at the start of the file is dropped (the line after it is kept).
    ///
    /// The rejected lines are made durable before the journal is replaced, so a crash between
    /// the two leaves a line in both files, never in neither; a rewrite that fails (or finds the
    /// journal changed by another program) cuts `PATH.rejected` back to what it held.
    ///
    /// A journal with an unresolved merge conflict is not repaired at all
    /// (``JournalError/unresolvedMergeConflict(path:line:reason:)``): setting the marker lines
    /// aside would keep one version of each record and reject the other, a choice only the
    /// person who brewed them can make.
    public func repair() throws(JournalError) -> JournalRepair {
        try requireOpen("repair")
        guard let (file, read) = try readFile() else { return JournalRepair(moved: [], removedByteOrderMark: false) }
        try requireOpen("repair", writing: true)
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let removedByteOrderMark = read.starts(with: byteOrderMark)
        let bytes = removedByteOrderMark ? Array(read.dropFirst(3)) : read
        let scan = JournalReader(bytes, firstProblemOnly: false)
        guard !scan.problems.isEmpty || removedByteOrderMark else { return JournalRepair(moved: [], removedByteOrderMark: false) }
        if let conflict = MergeConflictBlock.grouping(scan.problems, in: bytes).first(where: \.isUnresolvedMergeConflict) {
            throw .unresolvedMergeConflict(path: path, line: conflict.line, reason: conflict.reason)
        }
        try verifyUnchanged(since: file)
        var rejectedBefore: Int?
        if !scan.problems.isEmpty {
            var rejected: [UInt8] = []
            for problem in scan.problems {
                rejected.append(contentsOf: bytes[problem.range])
                rejected.append(0x0A)
            }
            rejectedBefore = try appendRejected(rejected)
        }
        let bad = Set(scan.problems.map(\.line))
        do throws(JournalError) {
            _ = try replaceContents(replacing: file) { (output: inout ChunkedWriter) throws(SystemCallError) in
                try bytes.withUnsafeBufferPointer { buffer throws(SystemCallError) in
                    try forEachLine(in: buffer) { line throws(SystemCallError) in
                        guard !bad.contains(line.number) else { return }
                        try output.write(UnsafeBufferPointer(rebasing: buffer[line.range]))
                        try output.write("\n")
                    }
                }
            }
        } catch {
            if let rejectedBefore { cutRejected(to: rejectedBefore) }
            throw error
        }
        return JournalRepair(moved: scan.problems, removedByteOrderMark: removedByteOrderMark)
    }

    /// The file bad lines are moved to.
    public var rejectedPath: String { path + ".rejected" }

    /// Appends `bytes` to `PATH.rejected`, all or nothing: opened without following a symbolic
    /// link, never truncated below what it held, cut back to that if the write or sync fails; a
    /// fragment an earlier crash left unterminated gets its newline first, so lines never merge.
    /// Returns the length `PATH.rejected` had before.
    private func appendRejected(_ bytes: [UInt8]) throws(JournalError) -> Int {
        let rejected = target + ".rejected"
        let fd: Int32
        do throws(SystemCallError) {
            fd = try system.open(rejected, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK, 0o600)
        } catch {
            if error.code == ELOOP {
                throw .unsafeSibling(path: rejectedPath, reason: "is a symbolic link")
            }
            throw .io(path: rejectedPath, operation: "open", reason: error.description)
        }
        defer { system.close(fd) }
        // Where the file ended before this append, once known: what a failure cuts back to.
        var start: Int?
        do throws(SystemCallError) {
            let file = try system.fstat(fd)
            guard file.kind == .regular, file.links == 1 else {
                throw SystemCallError("fstat", EINVAL)
            }
            start = file.size
            if file.owner == geteuid(), file.permissions & 0o600 != 0o600 {
                try system.fchmod(fd, file.permissions | 0o600)
            }
            var last: UInt8 = 0x0A
            if file.size > 0 {
                _ = try withUnsafeMutableBytes(of: &last) { raw in
                    Result { () throws(SystemCallError) in try system.pread(fd, into: raw, at: file.size - 1) }
                }.get()
            }
            try writeAll(fd, last == 0x0A ? bytes : [0x0A] + bytes)
            try system.fsync(fd)
            return file.size
        } catch {
            if error.call == "fstat" && error.code == EINVAL {
                throw .unsafeSibling(path: rejectedPath, reason: "is not a plain file of its own (a special file, or one with other hard links)")
            }
            if let start { try? system.ftruncate(fd, start) }
            throw .io(path: rejectedPath, operation: "append to", reason: "\(error.call): \(error); nothing was moved")
        }
    }

    /// Takes back what a repair appended to `PATH.rejected` when the journal could not be
    /// rewritten. Best effort: if even this fails, the lines are in both files, never in neither.
    private func cutRejected(to length: Int) {
        guard let fd = try? system.open(target + ".rejected", O_WRONLY | O_NOFOLLOW | O_NONBLOCK, 0) else { return }
        defer { system.close(fd) }
        try? system.ftruncate(fd, length)
        try? system.fsync(fd)
    }
}

/// What ``LockedJournal/repair()`` did.
public struct JournalRepair: Equatable, Sendable {
    /// The bad lines moved to `PATH.rejected`, in file order.
    public let moved: [JournalProblem]
    /// Whether a UTF-8 byte order mark at the start of the file was dropped.
    public let removedByteOrderMark: Bool
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What an append writes at the start of the lock file before it touches the journal:
/// `append OFFSET`, the journal's length before the new lines, in a fixed-width record. Made
/// durable first and overwritten with an idle record after the lines are, so a writer killed in
/// between (even mid-`write`, which Linux can cut short between pages) leaves a record of exactly
/// which bytes were never confirmed. The record is overwritten in place, never truncated.
///
/// The next writer, holding the exclusive lock, cuts an unfinished last line after that offset
/// (its writer never reported success); a reader ignores it. A last line without a newline
/// and without such a record is someone else's and is reported.
enum AppendIntent {
    /// The record's width: `append ` or `idle   `, 20 digits, a newline.
    static let width = 28

    static func encode(offset: Int) -> [UInt8] {
        let digits = String(offset)
        return Array(("append " + String(repeating: "0", count: max(0, 20 - digits.count)) + digits + "\n").utf8)
    }

    static let idle: [UInt8] = Array(("idle" + String(repeating: " ", count: width - 5) + "\n").utf8)

    /// The offset an `append` record names; `nil` for an idle, empty or foreign record.
    static func decode(_ bytes: some Collection<UInt8>) -> Int? {
        let prefix = Array("append ".utf8)
        guard bytes.starts(with: prefix) else { return nil }
        let digits = bytes.dropFirst(prefix.count).prefix { $0 != 0x0A }
        guard !digits.isEmpty, digits.count <= 20, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }
}

extension LockedJournal {
    /// Records, durably, that an append starting at `offset` is under way.
    func writeAppendIntent(offset: Int, lockFD: Int32) throws(SystemCallError) {
        try writeRecord(AppendIntent.encode(offset: offset), lockFD: lockFD)
        try system.fsync(lockFD)
    }

    /// Clears the record once the appended lines are durable. A clear that is lost does no harm:
    /// the lines after the offset are then whole and are kept.
    func clearAppendIntent(lockFD: Int32) {
        try? writeRecord(AppendIntent.idle, lockFD: lockFD)
    }

    private func writeRecord(_ record: [UInt8], lockFD: Int32) throws(SystemCallError) {
        let written = try record.withUnsafeBytes { buffer in
            Result { () throws(SystemCallError) in try system.pwrite(lockFD, from: buffer, at: 0) }
        }.get()
        guard written == record.count else { throw SystemCallError("pwrite", EIO) }
    }

    /// The offset of an append that did not finish, if the lock file records one.
    func pendingAppendOffset(lockFD: Int32) -> Int? {
        var buffer = [UInt8](repeating: 0, count: 40)
        let count = (try? buffer.withUnsafeMutableBytes { raw in
            Result { () throws(SystemCallError) in try system.pread(lockFD, into: raw, at: 0) }
        }.get()) ?? 0
        return count > 0 ? AppendIntent.decode(buffer[0..<count]) : nil
    }

    /// Opening for writing: cuts the unfinished last line of an interrupted append (the whole
    /// lines it managed to write are kept), then clears the record.
    func recoverInterruptedAppend() throws(JournalError) {
        guard let lockFD = lock?.fd, let offset = pendingAppendOffset(lockFD: lockFD) else { return }
        do throws(SystemCallError) {
            let fd: Int32
            do throws(SystemCallError) {
                fd = try system.open(target, O_RDWR | O_NOFOLLOW | O_NONBLOCK, 0)
            } catch {
                if error.code == ENOENT { clearAppendIntent(lockFD: lockFD); return }
                throw error
            }
            defer { system.close(fd) }
            let size = try system.fstat(fd).size
            let keep = try endOfWholeLines(fd, from: offset, to: size)
            if keep < size {
                try system.ftruncate(fd, keep)
                try system.fsync(fd)
            }
        } catch {
            throw .io(path: path, operation: "recover the interrupted append to", reason: "\(error.call): \(error)")
        }
        clearAppendIntent(lockFD: lockFD)
    }

    /// Opening for reading: if an interrupted append left an unfinished last line, reads stop
    /// before it (the next writer will cut it).
    func noteInterruptedAppend() {
        readLimit = nil
        guard let lockFD = lock?.fd, let offset = pendingAppendOffset(lockFD: lockFD),
              let fd = try? system.open(target, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, 0) else { return }
        defer { system.close(fd) }
        if let size = try? system.fstat(fd).size, let keep = try? endOfWholeLines(fd, from: offset, to: size), keep < size {
            readLimit = keep
        }
    }

    /// The end of the last whole line the append wrote (just after its newline), or `offset`
    /// when it wrote none; `size` when everything after `offset` is whole lines.
    private func endOfWholeLines(_ fd: Int32, from offset: Int, to size: Int) throws(SystemCallError) -> Int {
        guard size > offset else { return size }
        var tail = [UInt8](repeating: 0, count: size - offset)
        var read = 0
        while read < tail.count {
            let count = try tail.withUnsafeMutableBytes { raw in
                Result { () throws(SystemCallError) in
                    try system.pread(fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[read...]), at: offset + read)
                }
            }.get()
            if count == 0 { break }
            read += count
        }
        guard let lastNewline = tail[0..<read].lastIndex(of: 0x0A) else { return offset }
        return offset + lastNewline + 1
    }
}

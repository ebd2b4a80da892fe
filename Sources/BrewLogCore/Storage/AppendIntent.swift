#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What an append writes at the start of the lock file before it touches the journal: which file
/// it appends to (device and inode), where (the length before the new lines) and how much, in a
/// fixed-width record. Made durable first and overwritten with an idle record after the lines
/// are, so a writer killed in between (even mid-`write`, which Linux can cut short between pages)
/// leaves a record of exactly which bytes were never confirmed. The record is overwritten in
/// place, never truncated.
///
/// The next writer, holding the exclusive lock, cuts an unfinished last line after that offset,
/// and a reader stops before it, but only when everything says it is that append's: the same
/// file, a length short of what the append meant to write, and a tail that is not a valid brew
/// line. Anything else (another program's line, a record left behind by a failed clear, a
/// replaced file) is left alone, and `check` reports what is unfinished.
struct AppendIntent: Equatable {
    /// The journal's length before the append.
    var offset: Int
    /// How many bytes the append writes.
    var length: Int
    /// The journal file appended to.
    var device: UInt64
    var inode: UInt64

    /// The record's width: a word, four 20-digit numbers, spaces and a newline.
    static let width = 7 + 4 * 21

    var encoded: [UInt8] {
        let numbers = [UInt64(offset), UInt64(length), device, inode].map { value in
            let digits = String(value)
            return String(repeating: "0", count: max(0, 20 - digits.count)) + digits
        }
        return Array(("append " + numbers.joined(separator: " ") + "\n").utf8)
    }

    static let idle: [UInt8] = Array(("idle" + String(repeating: " ", count: width - 5) + "\n").utf8)

    /// The intent a record names; `nil` for an idle, empty or foreign record.
    init?(decoding bytes: some Collection<UInt8>) {
        let prefix = Array("append ".utf8)
        guard bytes.starts(with: prefix) else { return nil }
        let fields = bytes.dropFirst(prefix.count).prefix { $0 != 0x0A }.split(separator: 0x20)
        guard fields.count == 4 else { return nil }
        var numbers: [UInt64] = []
        for field in fields {
            guard field.count <= 20, field.allSatisfy({ (0x30...0x39).contains($0) }),
                  let value = UInt64(String(decoding: field, as: UTF8.self)) else { return nil }
            numbers.append(value)
        }
        guard numbers[0] <= UInt64(Int.max), numbers[1] <= UInt64(Int.max) else { return nil }
        self.init(offset: Int(numbers[0]), length: Int(numbers[1]), device: numbers[2], inode: numbers[3])
    }

    init(offset: Int, length: Int, device: UInt64, inode: UInt64) {
        self.offset = offset
        self.length = length
        self.device = device
        self.inode = inode
    }
}

extension LockedJournal {
    /// Records, durably, that `intent` is under way.
    func writeAppendIntent(_ intent: AppendIntent, lockFD: Int32) throws(SystemCallError) {
        try writeRecord(intent.encoded, lockFD: lockFD)
        try system.fsync(lockFD)
    }

    /// Clears the record once the appended lines are durable. A clear that is lost does no harm:
    /// the lines the record names are then whole, and whole lines are never cut.
    func clearAppendIntent(lockFD: Int32) {
        try? writeRecord(AppendIntent.idle, lockFD: lockFD)
    }

    private func writeRecord(_ record: [UInt8], lockFD: Int32) throws(SystemCallError) {
        let written = try record.withUnsafeBytes { buffer in
            Result { () throws(SystemCallError) in try system.pwrite(lockFD, from: buffer, at: 0) }
        }.get()
        guard written == record.count else { throw SystemCallError("pwrite", EIO) }
    }

    /// The append that did not finish, if the lock file records one.
    func pendingAppend(lockFD: Int32) -> AppendIntent? {
        var buffer = [UInt8](repeating: 0, count: AppendIntent.width + 8)
        let count = (try? buffer.withUnsafeMutableBytes { raw in
            Result { () throws(SystemCallError) in try system.pread(lockFD, into: raw, at: 0) }
        }.get()) ?? 0
        return count > 0 ? AppendIntent(decoding: buffer[0..<count]) : nil
    }

    /// Opening for writing: cuts the unfinished last line of an interrupted append (the whole
    /// lines it managed to write are kept), then clears the record.
    func recoverInterruptedAppend() throws(JournalError) {
        guard let lockFD = lock?.fd, let intent = pendingAppend(lockFD: lockFD) else { return }
        do throws(SystemCallError) {
            let fd: Int32
            do throws(SystemCallError) {
                fd = try system.open(target, O_RDWR | O_NOFOLLOW | O_NONBLOCK, 0)
            } catch {
                if error.code == ENOENT || error.code == ELOOP { clearAppendIntent(lockFD: lockFD); return }
                throw error
            }
            defer { system.close(fd) }
            if let keep = try unfinishedEnd(fd, intent) {
                try system.ftruncate(fd, keep)
                try system.fsync(fd)
                forgetInterruptedAppend(device: intent.device, inode: intent.inode, length: keep)
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
        guard let lockFD = lock?.fd, let intent = pendingAppend(lockFD: lockFD),
              let fd = try? system.open(target, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, 0) else { return }
        defer { system.close(fd) }
        readLimit = (try? unfinishedEnd(fd, intent)) ?? nil
    }

    /// Where the file should end once `intent`'s unfinished line is cut, or `nil` to leave it
    /// alone: the file must be the one the append wrote to, hold less than the append meant to
    /// write, and end in a line that is not a valid brew (a whole line is kept either way).
    private func unfinishedEnd(_ fd: Int32, _ intent: AppendIntent) throws(SystemCallError) -> Int? {
        let file = try system.fstat(fd)
        guard file.device == intent.device, file.inode == intent.inode,
              file.size > intent.offset, file.size < intent.offset + intent.length else { return nil }
        var tail = [UInt8](repeating: 0, count: file.size - intent.offset)
        var read = 0
        while read < tail.count {
            let count = try tail.withUnsafeMutableBytes { raw in
                Result { () throws(SystemCallError) in
                    try system.pread(fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[read...]), at: intent.offset + read)
                }
            }.get()
            if count == 0 { break }
            read += count
        }
        let start = tail[0..<read].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        guard start < read else { return nil }
        let isBrew = tail[start..<read].withUnsafeBufferPointer { line in
            if case .success(.some) = checkLine(line, terminated: true, first: false) { return true }
            return false
        }
        return isBrew ? nil : intent.offset + start
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Loading: the journal is read in fixed-size chunks into one reused buffer and each chunk's whole
/// lines are validated as they arrive, so memory follows the brews (their ids, dates and byte
/// ranges), never the file's size. A brew's line is read again, from the same open file, when it
/// is made into an object.
extension LockedJournal {
    /// What a streamed load found: the file's status, the validated lines, whether the text read
    /// ends with a newline, and the open file they were read from.
    struct StreamedFile {
        let file: FileStatus
        let reader: JournalReader
        let endsWithNewline: Bool
        let source: FileLineSource
    }

    /// Reads and validates the journal chunk by chunk (up to ``readLimit``), or `nil` when it does
    /// not exist. Stops at the first bad line.
    func streamFile() throws(JournalError) -> StreamedFile? {
        let fd: Int32
        do throws(SystemCallError) {
            fd = try system.open(target, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, 0)
        } catch {
            if error.code == ENOENT { return nil }
            if error.code == ELOOP { throw .changedByAnotherProgram(path: path, what: "another program replaced the journal with a symbolic link") }
            throw .io(path: path, operation: "open", reason: error.description)
        }
        // From here the descriptor belongs to the source, which closes it when let go.
        let source = FileLineSource(fd: fd, system: system)
        let file: FileStatus
        do throws(SystemCallError) {
            file = try system.fstat(fd)
        } catch {
            throw .io(path: path, operation: "read", reason: error.description)
        }
        guard file.kind == .regular else { throw .notRegularFile(path: path, kind: "no longer a regular file") }
        var reader = JournalReader(expectingBytes: file.size, firstProblemOnly: true)
        var lastByte: UInt8?
        do throws(SystemCallError) {
            lastByte = try stream(fd, limit: readLimit, into: &reader)
            reader.finish()
        } catch {
            throw .io(path: path, operation: "read", reason: error.description)
        }
        return StreamedFile(file: file, reader: reader, endsWithNewline: lastByte.map { $0 == 0x0A } ?? true, source: source)
    }

    /// Feeds `fd` from its start to `reader`, whole lines at a time, until its end, `limit` bytes,
    /// or the reader's first problem; returns the last byte read. A line longer than the buffer
    /// grows it (a journal line is at most 16 MiB; a longer one is read whole to be reported).
    private func stream(_ fd: Int32, limit: Int?, into reader: inout JournalReader) throws(SystemCallError) -> UInt8? {
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, chunkSize), alignment: 64)
        defer { buffer.deallocate() }
        // `pending` bytes at the buffer's start are the beginning of a line not yet ended; they
        // start at byte `offset` of the file.
        var pending = 0
        var offset = 0
        var lastByte: UInt8?
        while !reader.isFinished {
            if pending == buffer.count {
                let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 64)
                bigger.copyMemory(from: UnsafeRawBufferPointer(buffer))
                buffer.deallocate()
                buffer = bigger
            }
            var room = buffer.count - pending
            if let limit { room = min(room, limit - offset - pending) }
            let count = room > 0 ? try system.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[pending..<pending + room])) : 0
            let bytes = UnsafeBufferPointer(start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), count: pending + count)
            if count == 0 {
                // The end: what is pending is a last line without its newline.
                if pending > 0 { reader.read(bytes, at: offset) }
                return lastByte
            }
            lastByte = bytes[bytes.count - 1]
            // The pending bytes hold no newline; only the new ones need looking at.
            guard let whole = bytes[pending...].lastIndex(of: 0x0A).map({ $0 + 1 }) else {
                pending = bytes.count
                continue
            }
            reader.read(UnsafeBufferPointer(rebasing: bytes[..<whole]), at: offset)
            pending = bytes.count - whole
            offset += whole
            if pending > 0, let start = buffer.baseAddress {
                start.copyMemory(from: start + whole, byteCount: pending)
            }
        }
        return lastByte
    }
}

/// The journal file a load read, kept open so a brew's line can be read again (`pread`) when it
/// is made into an object, and a rewrite can copy untouched lines: the bytes come from the file
/// that was validated even if another program renames a new one into its place. Closed when the
/// last snapshot or load using it is let go.
final class FileLineSource: JournalLineSource {
    private let fd: Int32
    private let system: any SystemCalls
    private let firstFailure = Mutex<String?>(nil)

    init(fd: Int32, system: any SystemCalls) {
        self.fd = fd
        self.system = system
    }

    deinit {
        system.close(fd)
    }

    /// Why a line could not be read again as it was validated, if one could not.
    var failure: String? { firstFailure.withLock { $0 } }

    func lost(at start: Int) {
        firstFailure.withLock { $0 = $0 ?? "the bytes from \(start) on no longer hold the brew validated there (another program wrote into the journal regardless of its lock)" }
    }

    /// Reads a few hundred bytes, then four times as many while no newline has come: a brew's
    /// line is about 270 bytes, and at most ``longestLine``.
    func line(at start: Int) -> [UInt8]? {
        var size = 512
        do throws(SystemCallError) {
            while true {
                let bytes = try read(start..<start + size)
                if let newline = bytes.firstIndex(of: 0x0A) { return Array(bytes[..<newline]) }
                // The file's end: a last line without its newline.
                if bytes.count < size { return bytes.isEmpty ? nil : bytes }
                guard size <= longestLine else { return nil }
                size *= 4
            }
        } catch {
            firstFailure.withLock { $0 = $0 ?? "\(error.call): \(error)" }
            return nil
        }
    }

    /// The file's first `count` bytes (fewer if it is shorter).
    func text(count: Int) throws(SystemCallError) -> [UInt8] {
        try read(0..<count)
    }

    private func read(_ range: Range<Int>) throws(SystemCallError) -> [UInt8] {
        var failure: SystemCallError?
        let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, initialized in
            while initialized < buffer.count {
                do throws(SystemCallError) {
                    let read = try system.pread(fd, into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[initialized...])), at: range.lowerBound + initialized)
                    if read == 0 { return }
                    initialized += read
                } catch {
                    failure = error
                    return
                }
            }
        }
        if let failure { throw failure }
        return bytes
    }
}

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
    /// What a streamed load found: the file's status (and the realtime clock just before it was
    /// taken), the validated lines, whether the text read ends with a newline, the open file they
    /// were read from, and the hashes of its blocks (`nil` when a line too long to keep was
    /// skipped unhashed).
    struct StreamedFile {
        let file: FileStatus
        let statedAt: Int64
        let reader: JournalReader
        let endsWithNewline: Bool
        let source: FileLineSource
        let blocks: [UInt64]?
    }

    /// Reads and validates the journal chunk by chunk (up to ``readLimit``), or `nil` when it does
    /// not exist. Stops at the first bad line when `firstProblemOnly` (loading); `check` reads on.
    /// Its blocks are hashed for the index when `hashing` and the journal keeps one.
    func streamFile(firstProblemOnly: Bool = true, hashing: Bool = true) throws(JournalError) -> StreamedFile? {
        guard let fd = try openForReading() else { return nil }
        // From here the descriptor belongs to the source, which closes it when let go.
        let source = FileLineSource(fd: fd, system: system)
        let (file, statedAt) = try status(of: fd)
        var reader = JournalReader(expectingBytes: file.size, firstProblemOnly: firstProblemOnly)
        var hasher: BlockHasher? = hashing && keepsIndex ? BlockHasher() : nil
        var lastByte: UInt8?
        do throws(SystemCallError) {
            lastByte = try stream(fd, limit: readLimit, into: &reader, hashing: &hasher, expecting: file.size)
            reader.finish()
        } catch {
            throw .io(path: path, operation: "read", reason: error.description)
        }
        return StreamedFile(file: file, statedAt: statedAt, reader: reader, endsWithNewline: lastByte.map { $0 == 0x0A } ?? true,
                            source: source, blocks: hasher?.hashes)
    }

    /// The status of the open journal `fd`, and the realtime clock read just before it (what an
    /// index needs to tell a later write apart).
    func status(of fd: Int32) throws(JournalError) -> (FileStatus, statedAt: Int64) {
        let statedAt = system.realtimeNanoseconds()
        let file: FileStatus
        do throws(SystemCallError) {
            file = try system.fstat(fd)
        } catch {
            throw .io(path: path, operation: "read", reason: error.description)
        }
        guard file.kind == .regular else { throw .notRegularFile(path: path, kind: "no longer a regular file") }
        return (file, statedAt)
    }

    /// Feeds `fd` from byte `start` (the start of a line) to `reader`, whole lines at a time, until
    /// its end, `limit` bytes, or the reader's first problem, and every byte fed to `hasher`
    /// (`nil` once a line too long to keep is skipped); returns the last byte read. Two buffers take turns: while
    /// the lines of one are checked, the next chunk is read into the other (after the line the
    /// first one ends in the middle of). A line longer than the buffers grows them, up to the
    /// longest a journal line may be; past that, the line is read through without being kept and
    /// reported by its length, so memory never follows one line.
    ///
    /// A small journal (`expecting` its size) is read in smaller chunks, an eighth of it and at
    /// least 64 KiB: checking starts after the first chunk is read, and fewer fresh pages are
    /// touched, which is most of what a load of ten thousand brews costs beyond starting the program.
    func stream(_ fd: Int32, from start: Int = 0, limit: Int?, into reader: inout JournalReader, hashing hasher: inout BlockHasher?,
                expecting size: Int) throws(SystemCallError) -> UInt8? {
        let chunk = max(1, min(chunkSize, max(64 << 10, size / 8)))
        var buffers = [UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 64),
                       UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 64)]
        defer { buffers.forEach { $0.deallocate() } }
        var current = 0
        // The current buffer holds `filled` bytes from byte `offset` of the file; `atEnd` says
        // the file has nothing after them.
        var offset = start
        var filled = try fill(buffers[current], from: 0, at: start, fd: fd, limit: limit)
        var atEnd = filled < buffers[current].count
        var lastByte: UInt8?
        while !reader.isFinished {
            let bytes = UnsafeBufferPointer(start: buffers[current].baseAddress?.assumingMemoryBound(to: UInt8.self), count: filled)
            if let last = bytes.last { lastByte = last }
            if atEnd {
                // What is left, its last line perhaps without a newline.
                if !bytes.isEmpty {
                    reader.read(bytes, at: offset)
                    hasher?.add(UnsafeRawBufferPointer(bytes))
                }
                return lastByte
            }
            guard let whole = bytes.lastIndex(of: 0x0A).map({ $0 + 1 }) else {
                if filled > longestLine {
                    let skipped = try skipLine(in: buffers[current], holding: filled, at: offset, fd: fd, limit: limit)
                    reader.skipOverlongLine(at: offset, length: skipped.length)
                    hasher = nil
                    lastByte = skipped.lastByte
                    offset += skipped.length + 1
                    filled = skipped.rest
                    atEnd = skipped.atEnd
                    continue
                }
                // A full buffer without a newline: a line longer than the buffers.
                for index in buffers.indices {
                    let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffers[index].count * 2, alignment: 64)
                    if index == current { bigger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffers[index][..<filled])) }
                    buffers[index].deallocate()
                    buffers[index] = bigger
                }
                let added = try fill(buffers[current], from: filled, at: offset + filled, fd: fd, limit: limit)
                atEnd = added < buffers[current].count - filled
                filled += added
                continue
            }
            let next = 1 - current
            let tail = filled - whole
            if tail > 0, let from = buffers[current].baseAddress, let to = buffers[next].baseAddress {
                to.copyMemory(from: from + whole, byteCount: tail)
            }
            // Read only by the one iteration that fills it, and only until `read` returns.
            nonisolated(unsafe) let target = buffers[next]
            let system = system
            let filling = Mutex<Result<Int, SystemCallError>>(.success(0))
            // The lines being checked are hashed on the thread that reads the next chunk.
            let hashing = Mutex(hasher)
            hasher = nil
            let checked = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<whole]))
            nonisolated(unsafe) let hashed = checked
            reader.read(UnsafeBufferPointer(rebasing: bytes[..<whole]), at: offset) {
                let result = Result { () throws(SystemCallError) in
                    try LockedJournal.fill(target, from: tail, at: offset + filled, fd: fd, limit: limit, system: system)
                }
                filling.withLock { $0 = result }
                hashing.withLock { $0?.add(hashed) }
            }
            hasher = hashing.withLock { $0 }
            let added = try filling.withLock { $0 }.get()
            atEnd = added < buffers[next].count - tail
            offset += whole
            current = next
            filled = tail + added
        }
        return lastByte
    }

    /// Reads on through a line too long to keep, whose first `held` bytes (no newline among them)
    /// fill `buffer` from byte `offset` of the file, reusing `buffer` for each chunk. Returns the
    /// line's length (without its newline), the last byte read, and where reading stands: what
    /// came after the newline is moved to the buffer's start (`rest` bytes), and `atEnd` says the
    /// file has nothing more.
    private func skipLine(in buffer: UnsafeMutableRawBufferPointer, holding held: Int, at offset: Int, fd: Int32,
                          limit: Int?) throws(SystemCallError) -> (length: Int, lastByte: UInt8?, rest: Int, atEnd: Bool) {
        var length = held
        var last = held > 0 ? buffer[held - 1] : nil
        while true {
            let count = try fill(buffer, from: 0, at: offset + length, fd: fd, limit: limit)
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
            if let newline = chunk.firstIndex(of: 0x0A) {
                let rest = count - newline - 1
                if rest > 0, let base = buffer.baseAddress { base.copyMemory(from: base + newline + 1, byteCount: rest) }
                return (length + newline, 0x0A, rest, count < buffer.count)
            }
            length += count
            last = chunk.last ?? last
            if count < buffer.count { return (length, last, 0, true) }
        }
    }

    /// ``fill(_:from:at:fd:limit:system:)`` with this journal's system calls.
    func fill(_ buffer: UnsafeMutableRawBufferPointer, from start: Int, at position: Int, fd: Int32, limit: Int?) throws(SystemCallError) -> Int {
        try LockedJournal.fill(buffer, from: start, at: position, fd: fd, limit: limit, system: system)
    }

    /// Reads `fd` into `buffer` from index `start` (byte `position` of the file) until the buffer
    /// is full, the file ends, or `limit` bytes of the file are read; returns how many bytes came.
    private static func fill(_ buffer: UnsafeMutableRawBufferPointer, from start: Int, at position: Int, fd: Int32, limit: Int?,
                             system: any SystemCalls) throws(SystemCallError) -> Int {
        var room = buffer.count - start
        if let limit { room = max(0, min(room, limit - position)) }
        var count = 0
        while count < room {
            let read = try system.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[(start + count)..<(start + room)]))
            if read == 0 { break }
            count += read
        }
        return count
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

    func bytes(at start: Int, count: Int) -> [UInt8]? {
        do throws(SystemCallError) {
            return try read(start..<start + count)
        } catch {
            firstFailure.withLock { $0 = $0 ?? "\(error.call): \(error)" }
            return nil
        }
    }

    /// The file's bytes in `range` (fewer at its end).
    func text(in range: Range<Int>) throws(SystemCallError) -> [UInt8] {
        try read(range)
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

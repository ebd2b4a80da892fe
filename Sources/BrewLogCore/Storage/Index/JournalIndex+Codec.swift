/// The index's file: a magic line, a header of little-endian 64-bit words (the journal's identity
/// and the count of each section), the sections, and a checksum of everything before it.
///
/// Each brew is its date's two words, then its id (a length byte and the bytes); each record of
/// another kind, the start and end of its line; each linked brew, its index; each id of an
/// unknown kind, a length byte and the bytes; each block, its hash. Written and read a megabyte
/// at a time, so neither holds the whole index beside what it describes.
extension JournalIndex {
    /// The first bytes of every index of this layout; another layout (or another file) is not read.
    static let magic = Array("BREWLOG-INDEX-1\n".utf8)

    /// Writes the index to `fd`.
    func write(to fd: Int32, system: any SystemCalls) throws(SystemCallError) {
        var output = IndexOutput(fd: fd, system: system)
        try output.bytes(JournalIndex.magic)
        for word in [journal.device, journal.inode, UInt64(journal.size), UInt64(bitPattern: journal.modified),
                     UInt64(bitPattern: journal.changed), UInt64(bitPattern: journal.statedAt), endsWithNewline ? 1 : 0,
                     UInt64(entries.count + appended.count), UInt64(others.count), UInt64(linked.count), UInt64(unknownKindCount),
                     UInt64(unknownKindIDs.count), UInt64(blocks.count)] {
            try output.word(word)
        }
        for entry in [entries, appended].joined() {
            try output.word(entry.rawSeconds)
            try output.word(entry.rawPacked)
            try output.id(entry.id)
        }
        for range in others {
            try output.word(UInt64(range.lowerBound))
            try output.word(UInt64(range.upperBound))
        }
        for index in linked { try output.word(UInt64(index)) }
        for id in unknownKindIDs { try output.id(id) }
        for block in blocks { try output.word(block) }
        try output.finish()
    }

    /// The index `fd` holds (`size` bytes), or `nil` if it is not one, whole and undamaged, of
    /// this layout, or `describes` refuses the journal it was made for (then the rest of it is
    /// not read). Never throws: an unreadable index is only a missing one.
    static func read(from fd: Int32, size: Int, system: any SystemCalls,
                     describes: (IndexedJournal) -> Bool = { _ in true }) -> JournalIndex? {
        var input = IndexInput(fd: fd, size: size, system: system)
        guard input.expect(JournalIndex.magic) else { return nil }
        var header: [UInt64] = []
        for _ in 0..<13 {
            guard let word = input.word() else { return nil }
            header.append(word)
        }
        let (journalBytes, newline, brewCount, otherCount, linkedCount) = (header[2], header[6], header[7], header[8], header[9])
        let (unknownCount, unknownIDCount, blockCount) = (header[10], header[11], header[12])
        // Every count is bounded by the bytes left, so garbage cannot make a huge allocation.
        let left = UInt64(size)
        guard journalBytes <= UInt64(Int.max), newline <= 1, brewCount <= left / 17, otherCount <= left / 16,
              linkedCount <= brewCount, unknownCount <= left, unknownIDCount <= left / 2, blockCount <= left / 8,
              blockCount == journalBytes / UInt64(BlockHasher.blockSize) + 1 else { return nil }
        let journalSize = Int(journalBytes)
        let journal = IndexedJournal(device: header[0], inode: header[1], size: journalSize, modified: Int64(bitPattern: header[3]),
                                     changed: Int64(bitPattern: header[4]), statedAt: Int64(bitPattern: header[5]))
        guard describes(journal) else { return nil }
        var entries: [JournalSnapshot.Entry] = []
        entries.reserveCapacity(Int(brewCount))
        var previousStart = -1
        for _ in 0..<Int(brewCount) {
            guard let seconds = input.word(), let packed = input.word(), let id = input.id() else { return nil }
            let entry = JournalSnapshot.Entry(id: id, rawSeconds: seconds, rawPacked: packed)
            // In file order, inside the journal, with a date a journal can hold.
            guard entry.start > previousStart, entry.start < journalSize, Double(bitPattern: seconds).isFinite else { return nil }
            previousStart = entry.start
            entries.append(entry)
        }
        var others: [Range<Int>] = []
        for _ in 0..<Int(otherCount) {
            guard let start = input.word(), let end = input.word(), start <= end, end <= UInt64(journalSize) else { return nil }
            others.append(Int(start)..<Int(end))
        }
        var linked: [Int] = []
        for _ in 0..<Int(linkedCount) {
            guard let index = input.word(), index < UInt64(entries.count), Int(index) > linked.last ?? -1 else { return nil }
            linked.append(Int(index))
        }
        var unknownKindIDs: [BrewID] = []
        for _ in 0..<Int(unknownIDCount) {
            guard let id = input.id() else { return nil }
            unknownKindIDs.append(id)
        }
        var blocks: [UInt64] = []
        for _ in 0..<Int(blockCount) {
            guard let block = input.word() else { return nil }
            blocks.append(block)
        }
        guard input.finish() else { return nil }
        return JournalIndex(journal: journal, endsWithNewline: newline == 1, entries: entries, appended: [], others: others, linked: linked,
                            unknownKindCount: Int(unknownCount), unknownKindIDs: unknownKindIDs, blocks: blocks)
    }
}

extension IndexedJournal {
    init(device: UInt64, inode: UInt64, size: Int, modified: Int64, changed: Int64, statedAt: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
        self.statedAt = statedAt
    }
}

/// An index being written: bytes gathered a megabyte at a time, and hashed for the checksum.
private struct IndexOutput: ~Copyable {
    let fd: Int32
    let system: any SystemCalls
    private let buffer: UnsafeMutableRawBufferPointer
    private var count = 0
    private var hasher = BlockHasher()
    /// Room for a megabyte and the longest item after it (an id: a length byte and 255 bytes).
    private static let flushSize = 1 << 20

    init(fd: Int32, system: any SystemCalls) {
        self.fd = fd
        self.system = system
        buffer = .allocate(byteCount: IndexOutput.flushSize + 256, alignment: 8)
    }

    deinit {
        buffer.deallocate()
    }

    mutating func bytes(_ bytes: [UInt8]) throws(SystemCallError) {
        for byte in bytes {
            buffer[count] = byte
            count += 1
            try flushIfFull()
        }
    }

    mutating func word(_ word: UInt64) throws(SystemCallError) {
        buffer.storeBytes(of: word.littleEndian, toByteOffset: count, as: UInt64.self)
        count += 8
        try flushIfFull()
    }

    mutating func id(_ id: BrewID) throws(SystemCallError) {
        var text = id.rawValue
        let start = count
        count += text.withUTF8 { utf8 in
            buffer[start] = UInt8(truncatingIfNeeded: utf8.count)
            UnsafeMutableRawBufferPointer(rebasing: buffer[(start + 1)...]).copyMemory(from: UnsafeRawBufferPointer(utf8))
            return 1 + utf8.count
        }
        try flushIfFull()
    }

    /// Writes what is gathered, then the checksum of every byte written.
    mutating func finish() throws(SystemCallError) {
        try flush()
        try word(ContentHash.combining(hasher.hashes))
        try system.writeAll(fd, UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        count = 0
    }

    private mutating func flushIfFull() throws(SystemCallError) {
        if count >= IndexOutput.flushSize { try flush() }
    }

    private mutating func flush() throws(SystemCallError) {
        let gathered = UnsafeRawBufferPointer(rebasing: buffer[..<count])
        hasher.add(gathered)
        try system.writeAll(fd, gathered)
        count = 0
    }
}

/// An index being read: a megabyte at a time, every byte but the checksum's hashed as it comes.
/// Any failure (a short file, a read error) reads as the end, so the index is refused.
private struct IndexInput: ~Copyable {
    let fd: Int32
    let system: any SystemCalls
    /// The index file's size: its last eight bytes are the checksum.
    let size: Int
    private let buffer: UnsafeMutableRawBufferPointer
    private var position = 0
    private var filled = 0
    /// How many bytes of the file have been read into the buffer.
    private var read = 0
    private var hasher = BlockHasher()
    private static let chunkSize = 1 << 20

    init(fd: Int32, size: Int, system: any SystemCalls) {
        self.fd = fd
        self.size = size
        self.system = system
        buffer = .allocate(byteCount: IndexInput.chunkSize, alignment: 8)
    }

    deinit {
        buffer.deallocate()
    }

    /// Whether `count` bytes are there to take, reading more when the buffer holds fewer.
    private mutating func need(_ count: Int) -> Bool {
        if filled - position >= count { return true }
        let kept = filled - position
        if let base = buffer.baseAddress, kept > 0 { base.copyMemory(from: base + position, byteCount: kept) }
        position = 0
        filled = kept
        while filled < count, read < size {
            let room = UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<min(buffer.count, filled + size - read)])
            guard let got = try? system.read(fd, into: room), got > 0 else { return false }
            // The checksum's own eight bytes are not part of what it sums.
            let summed = max(0, min(got, size - 8 - read))
            hasher.add(UnsafeRawBufferPointer(rebasing: buffer[filled..<filled + summed]))
            filled += got
            read += got
        }
        return filled - position >= count
    }

    mutating func expect(_ bytes: [UInt8]) -> Bool {
        guard need(bytes.count) else { return false }
        defer { position += bytes.count }
        return UnsafeRawBufferPointer(rebasing: buffer[position..<position + bytes.count]).elementsEqual(bytes)
    }

    mutating func word() -> UInt64? {
        guard need(8) else { return nil }
        defer { position += 8 }
        return UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    }

    mutating func id() -> BrewID? {
        guard need(1) else { return nil }
        let length = Int(buffer[position])
        guard need(1 + length) else { return nil }
        let bytes = UnsafeBufferPointer(rebasing: buffer.assumingMemoryBound(to: UInt8.self)[position + 1..<position + 1 + length])
        position += 1 + length
        guard BrewID.isValid(bytes: bytes) else { return nil }
        return BrewID(unchecked: String(decoding: bytes, as: UTF8.self))
    }

    /// Whether what is left is exactly the checksum, and it sums what was read.
    mutating func finish() -> Bool {
        guard let checksum = word() else { return false }
        return filled == position && read == size && checksum == ContentHash.combining(hasher.hashes)
    }
}

/// Writes a rewrite's output in 1 MiB pieces, so a rewrite never holds a second copy of the
/// journal, hashing its blocks on the way (for the index).
struct ChunkedWriter {
    private let fd: Int32
    private let journal: LockedJournal
    private var buffer: [UInt8] = []
    private var hasher = BlockHasher()
    /// Bytes written so far, buffered ones included.
    private(set) var total = 0

    init(fd: Int32, journal: LockedJournal) {
        self.fd = fd
        self.journal = journal
        buffer.reserveCapacity(1 << 20)
    }

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(SystemCallError) {
        buffer.append(contentsOf: bytes)
        total += bytes.count
        if buffer.count >= 1 << 20 { try flush() }
    }

    mutating func write(_ text: String) throws(SystemCallError) {
        var text = text
        let result = text.withUTF8 { bytes in Result { () throws(SystemCallError) in try write(bytes) } }
        try result.get()
    }

    /// The hashes of the blocks written, once ``flush()`` has written the last bytes.
    var blocks: [UInt64] { hasher.hashes }

    mutating func flush() throws(SystemCallError) {
        buffer.withUnsafeBytes { hasher.add($0) }
        try journal.writeAll(fd, buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// A fast 64-bit hash of bytes, for telling whether a file's bytes are still the ones an index
/// describes: not cryptographic (the index guards against accidents and other programs, not
/// against someone who can write the journal anyway), but every byte changes it.
///
/// Four lanes take eight bytes each per round, so the multiplies overlap and hashing runs near
/// the speed memory delivers the bytes.
enum ContentHash {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9

    /// The hash of `bytes`.
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (prime1, prime2, prime3, prime1 ^ prime2)
        var index = 0
        let count = bytes.count
        if let base = bytes.baseAddress {
            while index + 32 <= count {
                lanes.0 = round(lanes.0, base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                lanes.1 = round(lanes.1, base.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
                lanes.2 = round(lanes.2, base.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self))
                lanes.3 = round(lanes.3, base.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
                index += 32
            }
            while index + 8 <= count {
                lanes.0 = round(lanes.0, base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                index += 8
            }
        }
        var tail: UInt64 = 0
        for offset in 0..<(count - index) {
            tail |= UInt64(bytes[index + offset]) << UInt64(8 * offset)
        }
        var hash = UInt64(truncatingIfNeeded: count) &* prime3
        hash = mix(hash ^ lanes.0)
        hash = mix(hash ^ lanes.1)
        hash = mix(hash ^ lanes.2)
        hash = mix(hash ^ lanes.3)
        return mix(hash ^ tail)
    }

    /// The hash of `bytes`.
    static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes(of)
    }

    /// One hash of several: the order counts.
    static func combining(_ hashes: some Sequence<UInt64>) -> UInt64 {
        var hash = prime2
        for part in hashes { hash = mix(hash ^ part) &+ prime1 }
        return hash
    }

    @inline(__always)
    private static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (lane ^ word) &* prime1
        return (mixed ^ (mixed >> 31)) &* prime2
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var hash = value
        hash ^= hash >> 33
        hash &*= prime2
        hash ^= hash >> 29
        hash &*= prime3
        return hash ^ (hash >> 32)
    }
}

/// The hashes of a file's successive 64 KiB blocks (the last one shorter), for bytes given in
/// pieces of any size: a load hashes the journal as it streams past, an append only the last
/// block again and what it wrote. Comparing the first and last blocks tells cheaply whether a
/// file still starts and ends as it did; comparing all of them, whether every byte is the same.
struct BlockHasher {
    /// The size of a block.
    static let blockSize = 64 << 10

    /// The hashes of the whole blocks so far.
    private(set) var blocks: [UInt64] = []
    /// The bytes of the block not yet whole.
    private var pending: [UInt8] = []

    /// Nothing hashed yet.
    init() {}

    /// Resumes after `blocks` whole blocks, with `pending` the bytes of the block after them.
    init(blocks: [UInt64], pending: [UInt8]) {
        self.blocks = blocks
        self.pending = pending
    }

    /// How many bytes have been given.
    var byteCount: Int { blocks.count * BlockHasher.blockSize + pending.count }

    /// Hashes the next `bytes`.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes[...]
        if !pending.isEmpty {
            let taken = rest.prefix(BlockHasher.blockSize - pending.count)
            pending.append(contentsOf: taken)
            rest = rest.dropFirst(taken.count)
            guard pending.count == BlockHasher.blockSize else { return }
            blocks.append(ContentHash.of(pending))
            pending.removeAll(keepingCapacity: true)
        }
        while rest.count >= BlockHasher.blockSize {
            blocks.append(ContentHash.of(UnsafeRawBufferPointer(rebasing: rest.prefix(BlockHasher.blockSize))))
            rest = rest.dropFirst(BlockHasher.blockSize)
        }
        pending.append(contentsOf: rest)
    }

    /// The hash of every block, the last (shorter, perhaps empty) one included.
    var hashes: [UInt64] {
        blocks + [ContentHash.of(pending)]
    }
}

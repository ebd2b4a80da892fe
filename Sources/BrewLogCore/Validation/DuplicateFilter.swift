/// Remembers the ids admitted so far and the lines they are on, and refuses a second line with
/// a known id. Only brews are remembered (blank lines cost nothing), so memory follows the
/// brews, not the lines.
struct DuplicateFilter {
    /// The ids admitted, in order.
    private var ids: [BrewID] = []
    /// The line each admitted id is on.
    private var lines: [Int] = []
    /// An open-addressing table, hashed by id, of the upper 32 bits of the id's hash beside its
    /// position in `ids` plus one (0 = empty): most probes are settled by the hash bits, without
    /// touching the ids. Hand-rolled because a `Set<BrewID>` seeds a SipHash per id, which was a
    /// tenth of reading a million-brew journal.
    private var table: [UInt64]
    /// Per-process salt, so ids crafted to collide cannot be prepared in advance.
    private static let salt = UInt64.random(in: 0...UInt64.max)

    /// A filter for about `brews` brews (sized once rather than grown and rehashed).
    init(expecting brews: Int = 0) {
        var capacity = 16
        while capacity < brews * 2 { capacity <<= 1 }
        table = [UInt64](repeating: 0, count: capacity)
        ids.reserveCapacity(brews)
        lines.reserveCapacity(brews)
    }

    /// Records that `id` is on `line`; a problem if it was on an earlier line.
    mutating func admit(_ id: BrewID, line: Int) -> LineProblem? {
        if (ids.count + 1) * 2 > table.count { grow() }
        let mask = table.count - 1
        let hash = DuplicateFilter.hash(id)
        let fingerprint = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        while table[slot] != 0 {
            let index = Int(table[slot] & 0xFFFF_FFFF) - 1
            if table[slot] & 0xFFFF_FFFF_0000_0000 == fingerprint, ids[index] == id {
                return LineProblem("duplicate id '\(id)' (first on line \(lines[index]))")
            }
            slot = (slot + 1) & mask
        }
        ids.append(id)
        lines.append(line)
        table[slot] = fingerprint | UInt64(ids.count)
        return nil
    }

    private mutating func grow() {
        table = [UInt64](repeating: 0, count: table.count * 2)
        let mask = table.count - 1
        for (index, id) in ids.enumerated() {
            let hash = DuplicateFilter.hash(id)
            var slot = Int(truncatingIfNeeded: hash) & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(index + 1)
        }
    }

    /// FNV-1a over the id's UTF-8, salted, then mixed so both halves depend on every byte.
    private static func hash(_ id: BrewID) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ salt
        for byte in id.rawValue.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        return hash ^ (hash >> 33)
    }
}

/// Remembers the ids admitted so far and the lines they are on, and refuses a second line with
/// a known id. Only records are remembered (blank lines cost nothing), so memory follows the
/// records, not the lines.
///
/// A caller that keeps the ids itself (the reader keeps each brew's) says where, and the filter
/// reads them back from there instead of holding a second copy: about 8 bytes a brew beside the
/// caller's, where a copy of each id would be 16 more.
struct DuplicateFilter {
    /// The ids the filter holds itself (those admitted without a place of the caller's), in order.
    private var ids: [BrewID] = []
    /// The line of each id the filter holds itself.
    private var lines: [Int] = []
    /// The line of each id the caller keeps, by the caller's index; `UInt32.max` for a line
    /// beyond it, found in ``farLines``.
    private var keptLines: [UInt32] = []
    /// Lines past `UInt32.max - 1` of ids the caller keeps (a journal of billions of lines).
    private var farLines: [Int: Int] = [:]
    private var admitted = 0
    /// An open-addressing table, hashed by id, of the upper 32 bits of the id's hash beside a
    /// reference plus one (0 = empty): the caller's index, or with bit 31 set the index in ``ids``.
    /// Most probes are settled by the hash bits, without touching the ids. Hand-rolled because a
    /// `Set<BrewID>` seeds a SipHash per id, which was a tenth of reading a million-brew journal.
    private var table: [UInt64]
    /// What ``touch(_:)`` read, kept so the reads are not optimised away.
    private var touched: UInt64 = 0
    /// Per-process salt, so ids crafted to collide cannot be prepared in advance.
    private static let salt = UInt64.random(in: 0...UInt64.max)
    private static let own: UInt64 = 1 << 31

    /// A filter for about `records` records (sized once rather than grown and rehashed). The table
    /// is filled to at most three quarters, and its size is not rounded up to a power of two (a
    /// slot is picked by multiplying, not masking): at a million brews that is 11 MB, not 17.
    init(expecting records: Int = 0) {
        table = DuplicateFilter.emptyTable(count: max(16, records + records / 3 + 1))
        keptLines.reserveCapacity(records)
    }

    /// Records that `id` is on `line`, holding a copy of it; a problem if it was on an earlier
    /// line. Only for a caller that keeps no ids itself.
    mutating func admit(_ id: BrewID, line: Int) -> LineProblem? {
        admit(id, line: line, keptAt: nil) { _ in preconditionFailure("no id is kept by the caller") }
    }

    /// Records that `id` is on `line`; a problem if it was on an earlier line. `kept` is the next
    /// index of the caller's own list of admitted ids (0, 1, 2 … for the ids it keeps, which
    /// `keptID` reads back), or `nil` for the filter to hold a copy.
    mutating func admit(_ id: BrewID, line: Int, keptAt kept: Int?, keptID: (Int) -> BrewID) -> LineProblem? {
        admit(id, hash: DuplicateFilter.hash(id), line: line, keptAt: kept, keptID: keptID)
    }

    /// ``admit(_:line:keptAt:keptID:)`` for an id whose ``hash(_:)`` is known already (the
    /// reader hashes ids on the threads that check lines, so the one serial pass only probes).
    mutating func admit(_ id: BrewID, hash: UInt64, line: Int, keptAt kept: Int?, keptID: (Int) -> BrewID) -> LineProblem? {
        if (admitted + 1) * 4 > table.count * 3 { grow(keptID) }
        let fingerprint = hash & 0xFFFF_FFFF_0000_0000
        var slot = DuplicateFilter.slot(of: hash, in: table.count)
        while table[slot] != 0 {
            let reference = table[slot] & 0xFFFF_FFFF
            if table[slot] & 0xFFFF_FFFF_0000_0000 == fingerprint, self.id(reference, keptID) == id {
                return LineProblem("duplicate id '\(id)' (first on line \(self.line(reference)))")
            }
            slot = slot + 1 == table.count ? 0 : slot + 1
        }
        admitted += 1
        if let kept {
            keptLines.append(line < Int(UInt32.max) ? UInt32(line) : UInt32.max)
            if line >= Int(UInt32.max) { farLines[kept] = line }
            table[slot] = fingerprint | UInt64(kept + 1)
        } else {
            ids.append(id)
            lines.append(line)
            table[slot] = fingerprint | DuplicateFilter.own | UInt64(ids.count)
        }
        return nil
    }

    private func id(_ reference: UInt64, _ keptID: (Int) -> BrewID) -> BrewID {
        let index = Int(reference & (DuplicateFilter.own - 1)) - 1
        return reference & DuplicateFilter.own != 0 ? ids[index] : keptID(index)
    }

    private func line(_ reference: UInt64) -> Int {
        let index = Int(reference & (DuplicateFilter.own - 1)) - 1
        if reference & DuplicateFilter.own != 0 { return lines[index] }
        return keptLines[index] == UInt32.max ? farLines[index] ?? Int(UInt32.max) : Int(keptLines[index])
    }

    private mutating func grow(_ keptID: (Int) -> BrewID) {
        let old = table
        table = DuplicateFilter.emptyTable(count: table.count * 2)
        for entry in old where entry != 0 {
            let hash = DuplicateFilter.hash(id(entry & 0xFFFF_FFFF, keptID))
            var slot = DuplicateFilter.slot(of: hash, in: table.count)
            while table[slot] != 0 { slot = slot + 1 == table.count ? 0 : slot + 1 }
            table[slot] = entry
        }
    }

    /// A table of `count` empty slots, on huge pages where the system has them: the slots are
    /// read in random order, one per id, and with 4 KiB pages nearly every read also missed the TLB.
    private static func emptyTable(count: Int) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            buffer.initialize(repeating: 0)
            initialized = count
        }
    }

    /// Reads the first slot `hash` will probe, so that it is in the cache by the time the id is
    /// admitted: a caller that knows the hashes of the ids to come touches a few ahead, and the
    /// memory reads of several ids overlap instead of waiting one after the other.
    mutating func touch(_ hash: UInt64) {
        touched ^= table[DuplicateFilter.slot(of: hash, in: table.count)]
    }

    /// The first slot to probe for `hash` in a table of `count` slots: the low 32 bits scaled to
    /// the table (the high 32 are the fingerprint kept in the slot).
    static func slot(of hash: UInt64, in count: Int) -> Int {
        Int(truncatingIfNeeded: ((hash & 0xFFFF_FFFF) &* UInt64(count)) >> 32)
    }

    /// A salted hash of the id's UTF-8, eight bytes at a time: each word is mixed in with a
    /// multiply and a shift, and the result is finished so both halves depend on every byte.
    static func hash(_ id: BrewID) -> UInt64 {
        var text = id.rawValue
        return text.withUTF8(hash(bytes:))
    }

    /// ``hash(_:)`` of an id's bytes.
    static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = salt ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        var index = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                hash = (hash ^ UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                hash ^= hash >> 32
                index += 8
            }
        }
        var tail: UInt64 = 0
        for offset in 0..<(bytes.count - index) {
            tail |= UInt64(bytes[index + offset]) << UInt64(8 * offset)
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        return hash ^ (hash >> 33)
    }
}

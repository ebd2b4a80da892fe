#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One physical line of a journal file.
struct JournalLine {
    /// 1-based line number, blank lines included.
    let number: Int
    /// The line's bytes, without its newline.
    let range: Range<Int>
    /// Whether a newline ends it (only the last line of a file can lack one).
    let terminated: Bool
}

/// Calls `body` for each line of `bytes`; a final line without a newline is included.
func forEachLine<E: Error>(in bytes: UnsafeBufferPointer<UInt8>, _ body: (JournalLine) throws(E) -> Void) throws(E) {
    var start = 0
    var number = 1
    guard let base = bytes.baseAddress else { return }
    while start < bytes.count {
        let remaining = bytes.count - start
        if let found = memchr(base + start, 0x0A, remaining) {
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            try body(JournalLine(number: number, range: start..<end, terminated: true))
            start = end + 1
        } else {
            try body(JournalLine(number: number, range: start..<bytes.count, terminated: false))
            start = bytes.count
        }
        number += 1
    }
}

/// Whether the line holds only spaces, tabs or a carriage return (ignored by readers).
func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
}

/// Whether `bytes` begins with the UTF-8 byte order mark, EF BB BF (some editors on Windows
/// write one at the start of a file; JSON Lines has none, so it makes the first line unreadable).
func startsWithByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
}

/// Why the first line of a journal that starts with a byte order mark is bad, said by name
/// rather than as malformed JSON.
let byteOrderMarkProblem = LineProblem("the file starts with a UTF-8 byte order mark (BOM); 'brewlog check --repair' removes it")

/// The longest line a journal may hold: far beyond any brew (a brew with a novel for notes is a
/// few hundred kilobytes), so a longer one is garbage, reported rather than parsed.
let longestLine = 16 << 20

/// What one line holds, judged on its own: nothing (blank), a brew's id and date, or a problem.
/// `first` says the line is the first of the file, where a byte order mark is reported by name.
/// (Duplicate ids need the lines before it; ``LineValidator`` adds that check.)
func checkLine(_ text: UnsafeBufferPointer<UInt8>, terminated: Bool, first: Bool) -> Result<(id: BrewID, timestamp: Timestamp)?, LineProblem> {
    if first, startsWithByteOrderMark(text) { return .failure(byteOrderMarkProblem) }
    if text.count > longestLine {
        return .failure(LineProblem("the line is \(text.count) bytes long, more than the 16 MiB a journal line may be"))
    }
    if isBlank(text) { return .success(nil) }
    do throws(LineProblem) {
        return .success(try BrewLineCodec.validate(text))
    } catch {
        return .failure(terminated ? error : LineProblem("incomplete last line (no newline at the end; an interrupted write?): \(error.reason)"))
    }
}

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

/// Reads journal lines one at a time: blank lines, brews, bad lines and duplicate ids.
struct LineValidator {
    private var duplicates = DuplicateFilter()
    private var line = 0

    /// The line's id and timestamp (`nil` for a blank line), or what is wrong with it; `first`
    /// when it is the first line of the file.
    mutating func read(_ text: UnsafeBufferPointer<UInt8>, terminated: Bool, first: Bool) -> Result<(id: BrewID, timestamp: Timestamp)?, LineProblem> {
        line += 1
        let result = checkLine(text, terminated: terminated, first: first)
        if case let .success(brew?) = result, let problem = duplicates.admit(brew.id, line: line) {
            return .failure(problem)
        }
        return result
    }
}

/// Every line of a whole journal read at once, collecting every problem (for `check` and `repair`).
struct JournalScan {
    /// The number of valid brews.
    var brewCount = 0
    /// Every problem found, in line order.
    var problems: [JournalProblem] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var validator = LineValidator()
        forEachLine(in: bytes) { line in
            switch validator.read(UnsafeBufferPointer(rebasing: bytes[line.range]), terminated: line.terminated, first: line.number == 1) {
            case let .success(record):
                if record != nil { brewCount += 1 }
            case let .failure(problem):
                problems.append(JournalProblem(line: line.number, reason: problem.reason, range: line.range))
            }
        }
    }
}

/// One bad line of a journal, as `check` reports it.
public struct JournalProblem: Equatable, Sendable {
    /// 1-based line number.
    public let line: Int
    /// What is wrong.
    public let reason: String
    /// The line's bytes in the file, for repair.
    let range: Range<Int>
}

import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way a journal's text is validated, for loading, `check` and `repair` alike: the lines
/// are cut into runs at line boundaries, each run is checked on its own thread (ids hashed there
/// too), the runs are joined in order, and duplicate ids are found in one pass over the joined
/// brews. Text given in pieces (a streamed file) is joined one piece behind: the runs of a
/// piece are joined while the next piece's runs are checked, so the one serial step overlaps the
/// parallel ones; ``finish()`` joins the last.
///
/// Loading stops at the first bad line of the file (``firstProblemOnly``); `check` and `repair`
/// collect every one.
struct JournalReader {
    /// The valid brews of the text, in order (a second line with a known id is not one).
    private(set) var entries: [JournalSnapshot.Entry] = []
    /// Every bad line, in file order (only the first when reading stops there).
    private(set) var problems: [JournalProblem] = []
    /// The valid records of other kinds BrewLog knows, in order.
    private(set) var others: [JournalSnapshot.OtherLine] = []
    /// The indices in ``entries`` of the brews whose line may name a bag (a `bean` key, or a line
    /// only the general decoder reads), in order: few, and all a bag's usage must read besides the
    /// brews of the days the bag was in use.
    private(set) var linked: [Int] = []
    /// How many valid lines hold a kind BrewLog does not know.
    private(set) var unknownKindCount = 0
    /// The ids of those lines (an id is unique across every kind, known or not).
    private(set) var unknownKindIDs: Set<BrewID> = []

    /// A line that is not a brew, as a run found it: its line (in the run), its bytes, and
    /// the record (`nil` for a kind BrewLog does not know) and id.
    private struct OtherRecord: Sendable {
        let line: Int
        let range: Range<Int>
        let entry: JournalEntry?
        let id: BrewID?
    }

    /// One run of lines, checked on its own: its brews with the line (in the run) and id hash of
    /// each, its number of lines, and its problems.
    private struct Run: Sendable {
        var entries: [JournalSnapshot.Entry] = []
        /// Whether each entry's line may name a bag (see ``JournalReader/linked``).
        var namesBag: [Bool] = []
        var lines: [Int] = []
        var lengths: [Int] = []
        var hashes: [UInt64] = []
        var lineCount = 0
        var problems: [JournalProblem] = []
        var others: [OtherRecord] = []
        /// How many bytes of text the run covers.
        var byteCount = 0
    }

    /// Whether reading stops at the first bad line.
    private let firstProblemOnly: Bool
    /// The ids seen so far, of every kind.
    private var duplicates: DuplicateFilter
    /// The number of lines before the next text given to ``read(_:at:)``.
    private var lineOffset = 0
    /// The line of each skip day's record: a journal holds at most one per day.
    private var skipLines: [CalendarDay: Int] = [:]
    /// Runs checked but not yet joined (the last piece's).
    private var waiting: [Run] = []
    /// About how many bytes the journal holds, for sizing the tables once the first runs show
    /// how long its lines are.
    private let expectedBytes: Int
    /// Whether the tables are sized (they are when the first runs are joined).
    private var sized = false

    /// Validates `text`, stopping at the first problem when `firstProblemOnly`.
    init(_ text: [UInt8], firstProblemOnly: Bool) {
        self.init(expectingBytes: text.count, firstProblemOnly: firstProblemOnly)
        text.withUnsafeBufferPointer { read($0, at: 0) }
        finish()
    }

    /// A reader about to be given a journal of about `bytes` bytes in pieces, by ``read(_:at:)``.
    init(expectingBytes bytes: Int, firstProblemOnly: Bool) {
        self.firstProblemOnly = firstProblemOnly
        expectedBytes = bytes
        duplicates = DuplicateFilter()
    }

    /// A reader that goes on where an earlier full read of the journal stopped (its findings kept
    /// in an index), given the lines after it by ``read(_:at:)``: the ids and skip days read then
    /// count, so a new line repeating one is refused. Line numbers in its problems count from the
    /// first new line (a caller that reports a problem reads the journal in full instead).
    init(continuing index: consuming JournalIndex, others: [JournalSnapshot.OtherLine], expectingBytes bytes: Int) {
        firstProblemOnly = true
        expectedBytes = bytes
        let known = index.entries.count + others.count + index.unknownKindIDs.count
        duplicates = DuplicateFilter(expecting: known + bytes / 128 + 16)
        entries = index.entries
        linked = index.linked
        unknownKindCount = index.unknownKindCount
        unknownKindIDs = Set(index.unknownKindIDs)
        self.others = others
        sized = true
        entries.withUnsafeBufferPointer { kept in
            for (position, entry) in kept.enumerated() {
                _ = duplicates.admit(entry.id, line: 0, keptAt: position) { kept[$0].id }
            }
        }
        for id in others.map(\.entry.id) + index.unknownKindIDs {
            _ = duplicates.admit(id, line: 0)
        }
        for other in others {
            if case let .skip(skip) = other.entry { skipLines[skip.day] = 0 }
        }
    }

    /// Whether nothing more needs reading: loading found its one bad line.
    var isFinished: Bool { firstProblemOnly && !problems.isEmpty }

    /// Validates `text`, the next whole lines of the journal (each ended by a newline, except the
    /// file's last line), which start at byte `offset` of the file. Byte ranges found are the
    /// file's; line numbers continue from the text given before. What was found is complete once
    /// ``finish()`` is called. `alongside`, when given, runs on one of the threads meanwhile (a
    /// streamed load reads the next chunk there).
    mutating func read(_ text: UnsafeBufferPointer<UInt8>, at offset: Int, alongside: (() -> Void)? = nil) {
        guard !isFinished else { return }
        let bounds = JournalReader.runBounds(text)
        let runs = Mutex([Run?](repeating: nil, count: bounds.count))
        let firstProblemOnly = firstProblemOnly
        let joining = waiting
        waiting = []
        // Read only, and only until concurrentPerform returns.
        nonisolated(unsafe) let text = text
        withUnsafeMutablePointer(to: &self) { reader in
            // Iteration 0 joins the runs of the text before (the reader's own state, which no other
            // iteration touches), iteration 1 runs `alongside`; the others check this text's runs,
            // which touch only `text`.
            nonisolated(unsafe) let reader = reader
            nonisolated(unsafe) let alongside = alongside
            DispatchQueue.concurrentPerform(iterations: bounds.count + 2) { index in
                switch index {
                case 0: reader.pointee.absorb(joining)
                case 1: alongside?()
                default:
                    let run = JournalReader.check(text, bounds[index - 2], at: offset, firstProblemOnly: firstProblemOnly)
                    runs.withLock { $0[index - 2] = run }
                }
            }
        }
        if !isFinished {
            waiting = runs.withLock { $0 }.compactMap { $0 }
        }
    }

    /// Counts the next line, `length` bytes from byte `offset` of the file, as one too long to
    /// read: the streamed load gives its length instead of its bytes, so a huge line is never held.
    mutating func skipOverlongLine(at offset: Int, length: Int) {
        finish()
        guard !isFinished else { return }
        lineOffset += 1
        problems.append(JournalProblem(line: lineOffset, reason: overlongLineProblem(length: length).reason, range: offset..<offset + length))
        if firstProblemOnly { problems = [problems[0]] }
    }

    /// Joins the runs still waiting: after the last ``read(_:at:)``, before the findings are used.
    mutating func finish() {
        absorb(waiting)
        waiting = []
    }

    /// Joins `runs` in order, stopping at the first problem when reading stops there.
    private mutating func absorb(_ runs: [Run]) {
        if !sized { size(from: runs) }
        for run in runs {
            guard !isFinished else { return }
            absorb(run)
        }
    }

    /// Sizes the id table and the brews' list for the whole journal from the records per byte of
    /// the first runs, so neither is rebuilt halfway through (journals of short lines would
    /// outgrow a guess made from the size alone) nor made far larger than needed.
    private mutating func size(from runs: [Run]) {
        let bytes = runs.reduce(0) { $0 + $1.byteCount }
        guard bytes > 0 else { return }
        sized = true
        let records = runs.reduce(0) { $0 + $1.entries.count + $1.others.count }
        let expected = Int((Double(records) / Double(bytes) * Double(max(bytes, expectedBytes)) * 1.05).rounded(.up)) + 16
        duplicates = DuplicateFilter(expecting: expected)
        // Reserving only claims address space; pages are touched as brews arrive (on huge pages
        // where the system has them: a million brews' entries are 32 MB).
        entries.reserveCapacity(expected)
        let capacity = entries.capacity
        entries.withUnsafeMutableBufferPointer { storage in
            adviseHugePages(UnsafeMutableRawBufferPointer(start: storage.baseAddress, count: capacity * MemoryLayout<JournalSnapshot.Entry>.stride))
        }
    }

    /// How many ids' table slots are touched at once, a batch ahead of the ids admitted.
    private static let touchBatch = 16

    /// Joins one run's findings to what was read before it: ids are checked for duplicates
    /// across kinds in line order, and a second skip record for a day is a problem.
    private mutating func absorb(_ run: Run) {
        let lineOffset = lineOffset
        var found = run.problems.map { JournalProblem(line: $0.line + lineOffset, reason: $0.reason, range: $0.range) }
        // Ids are unique across kinds, so the other records join the brews in line order.
        var nextOther = run.others.startIndex
        func admitOthers(before line: Int) {
            while nextOther < run.others.endIndex, run.others[nextOther].line < line {
                let other = run.others[nextOther]
                nextOther += 1
                let line = lineOffset + other.line
                let problem = other.id.flatMap { id in
                    entries.withUnsafeBufferPointer { kept in duplicates.admit(id, line: line, keptAt: nil) { kept[$0].id } }
                }
                if let problem {
                    let reason = other.entry?.tombstone == nil ? problem.reason
                        : problem.reason + ": a tombstone beside a record with its id (delete this line to keep the record, or the record's to keep it removed)"
                    found.append(JournalProblem(line: line, reason: reason, range: other.range))
                } else if case let .skip(skip)? = other.entry, let first = skipLines[skip.day] {
                    found.append(JournalProblem(line: line, reason: "a second skip record for \(skip.day) (first on line \(first))", range: other.range))
                } else if let entry = other.entry {
                    if case let .skip(skip) = entry { skipLines[skip.day] = line }
                    others.append(.init(entry: entry, start: other.range.lowerBound, end: other.range.upperBound))
                } else {
                    unknownKindCount += 1
                    if let id = other.id { unknownKindIDs.insert(id) }
                }
            }
        }
        for (index, entry) in run.entries.enumerated() {
            // Every `touchBatch` ids, the table slots of the next batch are read in one tight loop,
            // so their cache misses are in flight together rather than one after another.
            if index % JournalReader.touchBatch == 0 {
                for ahead in run.hashes[min(run.hashes.count, index + JournalReader.touchBatch)..<min(run.hashes.count, index + 2 * JournalReader.touchBatch)] {
                    duplicates.touch(ahead)
                }
            }
            let line = run.lines[index]
            if !run.others.isEmpty { admitOthers(before: line) }
            // The filter reads the brews' ids from `entries` rather than holding copies.
            let problem = entries.withUnsafeBufferPointer { kept in
                duplicates.admit(entry.id, hash: run.hashes[index], line: lineOffset + line, keptAt: kept.count) { kept[$0].id }
            }
            if let problem {
                found.append(JournalProblem(line: lineOffset + line, reason: problem.reason, range: entry.start..<entry.start + run.lengths[index]))
            } else {
                if run.namesBag[index] { linked.append(entries.count) }
                entries.append(entry)
            }
        }
        admitOthers(before: Int.max)
        self.lineOffset += run.lineCount
        guard !found.isEmpty else { return }
        found.sort { $0.line < $1.line }
        problems += found
        if firstProblemOnly { problems = [problems[0]] }
    }

    /// Validates `text` for loading: its records, or the first bad line as `PATH:LINE: reason`.
    static func records(of text: [UInt8], path: String) throws(JournalError) -> JournalReader {
        let reader = JournalReader(text, firstProblemOnly: true)
        if let problem = reader.problems.first {
            throw .malformedLine(path: path, line: problem.line, reason: problem.reason)
        }
        return reader
    }

    /// Checks the lines in `bounds` of `all` (which starts at byte `offset` of the file), stopping
    /// at the first bad one when `firstProblemOnly`.
    private static func check(_ all: UnsafeBufferPointer<UInt8>, _ bounds: Range<Int>, at offset: Int, firstProblemOnly: Bool) -> Run {
        var run = Run()
        run.byteCount = bounds.count
        // Reserving only claims address space; pages are touched as lines arrive.
        run.entries.reserveCapacity(bounds.count / 64)
        run.lines.reserveCapacity(bounds.count / 64)
        run.hashes.reserveCapacity(bounds.count / 64)
        run.lengths.reserveCapacity(bounds.count / 64)
        do {
            let slice = UnsafeBufferPointer(rebasing: all[bounds])
            forEachLine(in: slice) { line in
                guard !firstProblemOnly || run.problems.isEmpty else { return }
                run.lineCount = line.number
                let first = offset == 0 && bounds.lowerBound == 0 && line.number == 1
                let start = offset + bounds.lowerBound + line.range.lowerBound
                let bytes = UnsafeBufferPointer(rebasing: slice[line.range])
                // The common case first, without the detour through a `LineContent`.
                if bytes.count <= longestLine, let brew = BrewLineFastPath.recogniseNamingBag(bytes) {
                    run.entries.append(.init(id: brew.id, timestamp: brew.timestamp, start: start))
                    run.namesBag.append(brew.namesBag)
                    run.lines.append(line.number)
                    run.lengths.append(bytes.count)
                    run.hashes.append(DuplicateFilter.hash(brew.id))
                    return
                }
                switch checkLine(bytes, terminated: line.terminated, first: first) {
                case let .success(content):
                    switch content {
                    case nil:
                        break
                    case let .brew(id, timestamp)?:
                        run.entries.append(.init(id: id, timestamp: timestamp, start: start))
                        // Not in the fast path's shape (an escape, an unknown key): it may name one.
                        run.namesBag.append(true)
                        run.lines.append(line.number)
                        run.lengths.append(line.range.count)
                        run.hashes.append(DuplicateFilter.hash(id))
                    case let .entry(entry)?:
                        run.others.append(OtherRecord(line: line.number, range: start..<start + line.range.count, entry: entry, id: entry.id))
                    case let .unknownKind(id)?:
                        run.others.append(OtherRecord(line: line.number, range: start..<start + line.range.count, entry: nil, id: id))
                    }
                case let .failure(problem):
                    run.problems.append(JournalProblem(line: line.number, reason: problem.reason, range: start..<start + line.range.count))
                }
            }
        }
        return run
    }

    /// Up to four ranges per core (a single one for small texts), each ending just after a newline.
    private static func runBounds(_ all: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        let cores = min(8, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        // Four runs a core, of at least 64 KiB, so the threads finish together even while one of
        // them also joins the text before.
        let runs = all.count < 256 * 1024 ? 1 : min(4 * cores, all.count / (64 * 1024))
        var bounds: [Range<Int>] = []
        var start = 0
        if let base = all.baseAddress {
            for index in 1..<max(runs, 1) {
                let target = max(start, all.count * index / runs)
                guard target < all.count, let newline = memchr(base + target, 0x0A, all.count - target) else { break }
                let end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                bounds.append(start..<end)
                start = end
            }
        }
        bounds.append(start..<all.count)
        return bounds
    }
}

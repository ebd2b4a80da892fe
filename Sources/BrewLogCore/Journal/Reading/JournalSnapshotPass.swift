import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which lines a pass over many brews decodes ahead, on every core.
enum LineDecoding: Sendable {
    /// None: the caller decodes the lines it needs (``JournalSnapshot/record(of:)``), or copies
    /// them; each is still checked, on every core, to hold the brew validated there.
    case none
    /// Every line.
    case all
    /// Every line, and each brew's output made from its record by `render` on the same threads
    /// (a pure function: a CSV row, a JSON object), so the caller only writes it out.
    case rendering(@Sendable (BrewRecord) -> [UInt8])
}

/// A brew's line as a pass over many brews read it from a file journal: the bytes as the file
/// holds them (without the newline), and the brew's fields when the pass decoded them.
struct StoredLine {
    /// The brew's index in the snapshot.
    let index: Int
    /// The line's bytes, a CR before the newline included.
    let bytes: ArraySlice<UInt8>
    /// Every field, when the pass was asked to decode (on every core, ahead of the caller).
    let decoded: BrewRecord?
    /// The brew's output, when the pass was asked to render it.
    var rendered: [UInt8]? = nil
}

extension JournalSnapshot {
    /// Calls `body` on the caller's thread with each of `positions` in the order given, and, for
    /// a position `storedIndex` maps to a brew of this file journal, that brew's line (`nil` for
    /// one it maps to `nil`, or for brews given as values). A line that no longer holds the brew
    /// validated there (another program wrote into the file regardless of the lock): that is
    /// noted (``readFailure``), so the command fails rather than print a brew half read.
    ///
    /// Positions are taken a batch at a time. A batch's lines are read in file order, nearby lines
    /// in one read, so a pass in journal order, or in date order over a journal kept in date
    /// order, reads the file front to back in large pieces, and a pass in any other order reads
    /// no line twice. Each batch's lines are decoded (or only checked) on every core while `body`
    /// runs over the batch before it, so a pass that folds every brew costs about what decoding
    /// costs divided by the cores. Only two batches are held at once.
    func forEachLine(of positions: some Sequence<Int>, storedIndex: (Int) -> Int?, decoding: LineDecoding,
                     _ body: (_ position: Int, _ line: StoredLine?) -> Void) {
        guard case let .lines(source, entries) = storage else {
            for position in positions { body(position, nil) }
            return
        }
        var iterator = positions.makeIterator()
        var current = LineBatch.gather(from: &iterator, storedIndex: storedIndex, entries: entries, source: source)
        if let work = current?.startDecoding(entries: entries, source: source, decoding) {
            current?.finishDecoding(work, entries: entries, source: source)
        }
        while let batch = current {
            // Helpers decode the next batch while the caller gives out this one, then it joins them.
            var next = LineBatch.gather(from: &iterator, storedIndex: storedIndex, entries: entries, source: source)
            let work = next?.startDecoding(entries: entries, source: source, decoding)
            batch.deliver(body)
            if let work { next?.finishDecoding(work, entries: entries, source: source) }
            current = next
        }
    }

    /// Every field of the brew on `line`: as the pass decoded it, else decoded now (as
    /// ``record(at:)`` does, a line that no longer reads as validated gives only id and date).
    func record(of line: StoredLine) -> BrewRecord {
        if let decoded = line.decoded { return decoded }
        guard case let .lines(source, entries) = storage else { return record(at: line.index) }
        let entry = entries[line.index]
        return line.bytes.withUnsafeBufferPointer { JournalSnapshot.brew(in: $0, validatedAs: entry) } ?? JournalSnapshot.lost(entry, in: source)
    }

    /// The journal's text of the brew on `line`, without a CR before its newline; `nil` when it
    /// is not UTF-8 (it was when validated: the file changed).
    func text(of line: StoredLine) -> String? {
        let bytes = line.bytes.last == 0x0D ? line.bytes.dropLast() : line.bytes
        return String(validating: bytes, as: UTF8.self)
    }
}

/// One batch of a pass: the positions in the caller's order, the file's bytes that hold their
/// lines, and each line's place in them.
private struct LineBatch {
    /// How many positions a batch takes: about a megabyte of lines.
    static let size = 4096
    /// How many lines a thread decodes at a time.
    static let stride = 128
    /// Lines closer than this are read together, gap included.
    static let gap = 16 * 1024
    /// What is read past a line's start to reach its end; a longer line is read on its own.
    static let lineAllowance = 2048

    /// Where one stored line is: which of ``pieces``, and its bytes there.
    struct Place {
        var piece: Int32 = -1
        var start: Int32 = 0
        var end: Int32 = 0
    }

    var positions: [Int] = []
    /// The snapshot index of each position's brew, or -1 when the caller holds it.
    var indices: [Int] = []
    var places: [Place] = []
    var pieces: [[UInt8]] = []
    var records: [DecodedLine] = []

    /// The next batch of positions from `iterator`, their lines read; `nil` when none is left.
    static func gather(from iterator: inout some IteratorProtocol<Int>, storedIndex: (Int) -> Int?,
                       entries: [JournalSnapshot.Entry], source: any JournalLineSource) -> LineBatch? {
        var batch = LineBatch()
        batch.positions.reserveCapacity(size)
        while batch.positions.count < size, let position = iterator.next() {
            batch.positions.append(position)
            batch.indices.append(storedIndex(position) ?? -1)
        }
        guard !batch.positions.isEmpty else { return nil }
        batch.places = Array(repeating: Place(), count: batch.positions.count)
        batch.read(entries: entries, source: source)
        return batch
    }

    /// Reads the batch's lines in file order, a run of nearby lines in one read.
    private mutating func read(entries: [JournalSnapshot.Entry], source: any JournalLineSource) {
        var order = indices.indices.filter { indices[$0] >= 0 }
        // A pass in journal order, or by date over a journal in date order, is in file order already.
        if zip(order, order.dropFirst()).contains(where: { entries[indices[$0]].start > entries[indices[$1]].start }) {
            order.sort { entries[indices[$0]].start < entries[indices[$1]].start }
        }
        var first = 0
        while first < order.count {
            let begin = entries[indices[order[first]]].start
            var last = first
            while last + 1 < order.count {
                let start = entries[indices[order[last + 1]]].start
                guard start - entries[indices[order[last]]].start <= LineBatch.gap,
                      start - begin <= 1 << 20 else { break }
                last += 1
            }
            let lastStart = entries[indices[order[last]]].start
            let piece = source.bytes(at: begin, count: lastStart - begin + LineBatch.lineAllowance) ?? []
            pieces.append(piece)
            let pieceIndex = Int32(pieces.count - 1)
            for member in order[first...last] {
                let offset = entries[indices[member]].start - begin
                if let end = LineBatch.lineEnd(in: piece, from: offset, atFileEnd: piece.count < lastStart - begin + LineBatch.lineAllowance) {
                    places[member] = Place(piece: pieceIndex, start: Int32(offset), end: Int32(end))
                } else if let line = source.line(at: entries[indices[member]].start) {
                    // Longer than the allowance: read on its own.
                    pieces.append(line)
                    places[member] = Place(piece: Int32(pieces.count - 1), start: 0, end: Int32(line.count))
                }
            }
            first = last + 1
        }
    }

    /// Where the line from `offset` ends in `piece` (its newline), the piece's end when the file
    /// ended there, or `nil` when the piece stops before the line does.
    private static func lineEnd(in piece: [UInt8], from offset: Int, atFileEnd: Bool) -> Int? {
        guard offset < piece.count else { return nil }
        return piece.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress, let newline = memchr(base + offset, 0x0A, bytes.count - offset) else {
                return atFileEnd ? bytes.count : nil
            }
            return base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// The bytes of entry `member`'s line, empty when it could not be read.
    func bytes(of member: Int) -> ArraySlice<UInt8> {
        let place = places[member]
        guard place.piece >= 0 else { return [] }
        return pieces[Int(place.piece)][Int(place.start)..<Int(place.end)]
    }

    /// Starts helper threads decoding this batch (or, for `.none`, checking that each line still
    /// holds the brew validated there); the caller joins them with
    /// ``finishDecoding(_:entries:source:)``.
    func startDecoding(entries: [JournalSnapshot.Entry], source: any JournalLineSource, _ decoding: LineDecoding) -> DecodeWork {
        let work = DecodeWork(count: positions.count, decoding: decoding)
        for _ in 0..<DecodeWork.helpers {
            DispatchQueue.global().async(group: work.group) { [self] in
                decodeClaimed(work, entries: entries, source: source)
            }
        }
        return work
    }

    /// Decodes on this thread what the helpers have not claimed yet, waits for them, and keeps
    /// the records.
    mutating func finishDecoding(_ work: DecodeWork, entries: [JournalSnapshot.Entry], source: any JournalLineSource) {
        decodeClaimed(work, entries: entries, source: source)
        work.group.wait()
        records = work.results()
    }

    /// Decodes strides of lines claimed from `work` until none is left.
    private func decodeClaimed(_ work: DecodeWork, entries: [JournalSnapshot.Entry], source: any JournalLineSource) {
        while let range = work.claim() {
            var decodedRange: [DecodedLine] = []
            decodedRange.reserveCapacity(range.count)
            for member in range {
                guard indices[member] >= 0 else {
                    decodedRange.append(.pending)
                    continue
                }
                let entry = entries[indices[member]]
                let decoded = bytes(of: member).withUnsafeBufferPointer { line -> DecodedLine in
                    if case .none = work.decoding {
                        // Not decoded, only checked: the caller copies the line as it is.
                        let read = BrewLineFastPath.recognise(line) ?? (try? BrewLineCodec.validate(line))
                        return read?.id == entry.id ? .pending : .lost
                    }
                    guard let record = JournalSnapshot.brew(in: line, validatedAs: entry) else { return .lost }
                    if case let .rendering(render) = work.decoding { return .rendered(record, render(record)) }
                    return .record(record)
                }
                if case .lost = decoded {
                    // The line no longer reads as validated (another program wrote into the file
                    // regardless of the lock): noted, so the command fails, and never given out.
                    source.lost(at: entry.start)
                }
                decodedRange.append(decoded)
            }
            work.store(decodedRange, at: range)
        }
    }

    /// Calls `body` with each position in order.
    func deliver(_ body: (Int, StoredLine?) -> Void) {
        for member in positions.indices {
            guard indices[member] >= 0 else {
                body(positions[member], nil)
                continue
            }
            switch records.isEmpty ? .pending : records[member] {
            case .lost: continue
            case .pending: body(positions[member], StoredLine(index: indices[member], bytes: bytes(of: member), decoded: nil))
            case .record(let record): body(positions[member], StoredLine(index: indices[member], bytes: bytes(of: member), decoded: record))
            case let .rendered(record, text):
                body(positions[member], StoredLine(index: indices[member], bytes: bytes(of: member), decoded: record, rendered: text))
            }
        }
    }
}

/// What a pass made of one line: checked but not decoded, its brew (and output), or lost (it no
/// longer holds the brew validated there).
private enum DecodedLine: Sendable {
    case pending
    case record(BrewRecord)
    case rendered(BrewRecord, [UInt8])
    case lost
}

/// The decoding of one batch shared between threads: the next stride to claim, and a slot per
/// line that exactly one thread writes.
private final class DecodeWork: Sendable {
    /// The threads besides the caller's that decode: one fewer than the cores, at least one.
    static let helpers = max(1, min(7, ProcessInfo.processInfo.activeProcessorCount - 1))

    let group = DispatchGroup()
    let decoding: LineDecoding
    private let next = Atomic<Int>(0)
    private let count: Int
    private let slots: Mutex<[DecodedLine]>

    init(count: Int, decoding: LineDecoding) {
        self.count = count
        self.decoding = decoding
        slots = Mutex([DecodedLine](repeating: .pending, count: count))
    }

    /// The next stride of lines to decode, or `nil` once all are claimed.
    func claim() -> Range<Int>? {
        let start = next.add(LineBatch.stride, ordering: .relaxed).oldValue
        return start < count ? start..<min(count, start + LineBatch.stride) : nil
    }

    /// Keeps the records of a stride claimed before.
    func store(_ records: [DecodedLine], at range: Range<Int>) {
        slots.withLock { $0.replaceSubrange(range, with: records) }
    }

    func results() -> [DecodedLine] {
        slots.withLock { $0 }
    }
}

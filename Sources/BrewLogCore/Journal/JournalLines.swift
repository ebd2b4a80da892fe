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
func forEachLine(in bytes: UnsafeBufferPointer<UInt8>, _ body: (JournalLine) throws(JournalError) -> Void) throws(JournalError) {
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

/// The outcome of reading every line of a journal.
struct JournalScan {
    /// Valid brews, in line order.
    var records: [BrewRecord] = []
    /// Per physical line: the id of the brew on it, or `nil` for a blank or bad line.
    var lineIDs: [BrewID?] = []
    /// Every problem found (only the first when scanning stopped at it).
    var problems: [JournalProblem] = []

    /// Reads every line of `bytes`; stops at the first problem unless `collectAll`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, path: String, collectAll: Bool) throws(JournalError) {
        var firstLine: [BrewID: Int] = [:]
        var scan = JournalScan()
        try forEachLine(in: bytes) { line throws(JournalError) in
            let text = UnsafeBufferPointer(rebasing: bytes[line.range])
            if isBlank(text) {
                scan.lineIDs.append(nil)
                return
            }
            var problem: String?
            do throws(LineProblem) {
                let record = try BrewLineCodec.decode(text)
                if let earlier = firstLine[record.id] {
                    problem = "duplicate id '\(record.id)' (first on line \(earlier))"
                } else {
                    firstLine[record.id] = line.number
                    scan.records.append(record)
                    scan.lineIDs.append(record.id)
                }
            } catch {
                problem = line.terminated ? error.reason : "incomplete last line (no newline at the end; an interrupted write?): \(error.reason)"
            }
            guard let problem else { return }
            scan.lineIDs.append(nil)
            scan.problems.append(JournalProblem(line: line.number, reason: problem, range: line.range))
            if !collectAll {
                throw JournalError.malformedLine(path: path, line: line.number, reason: problem)
            }
        }
        self = scan
    }

    private init() {}
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

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
/// are cut into runs at line boundaries (one per core, at most eight), each run is checked on its
/// own thread, the runs are joined in order, and duplicate ids are found in one pass over the
/// joined brews.
///
/// Loading stops at the first bad line of the file (``firstProblemOnly``); `check` and `repair`
/// collect every one.
struct JournalReader {
    /// The valid brews of the text, in order (a second line with a known id is not one).
    private(set) var entries: [JournalSnapshot.Entry] = []
    /// Every bad line, in file order (only the first when reading stops there).
    private(set) var problems: [JournalProblem] = []

    /// One run of lines, checked on its own: its brews and the line (in the run) of each, its
    /// number of lines, and its problems.
    private struct Run: Sendable {
        var entries: [JournalSnapshot.Entry] = []
        var lines: [Int] = []
        var lineCount = 0
        var problems: [JournalProblem] = []
    }

    /// Validates `text`, stopping at the first problem when `firstProblemOnly`.
    init(_ text: [UInt8], firstProblemOnly: Bool) {
        let bounds = JournalReader.runBounds(text)
        let runs = Mutex([Run?](repeating: nil, count: bounds.count))
        DispatchQueue.concurrentPerform(iterations: bounds.count) { index in
            let run = JournalReader.check(text, bounds[index], firstProblemOnly: firstProblemOnly)
            runs.withLock { $0[index] = run }
        }
        let checked = runs.withLock { $0 }
        let brews = checked.reduce(0) { $0 + ($1?.entries.count ?? 0) }
        var duplicates = DuplicateFilter(expecting: brews)
        entries.reserveCapacity(brews)
        var lineOffset = 0
        for case let run? in checked {
            var found = run.problems.map { JournalProblem(line: $0.line + lineOffset, reason: $0.reason, range: $0.range) }
            for (entry, line) in zip(run.entries, run.lines) {
                if let problem = duplicates.admit(entry.id, line: lineOffset + line) {
                    found.append(JournalProblem(line: lineOffset + line, reason: problem.reason, range: entry.start..<entry.end))
                } else {
                    entries.append(entry)
                }
            }
            if !found.isEmpty {
                found.sort { $0.line < $1.line }
                problems += found
                if firstProblemOnly {
                    problems = [problems[0]]
                    return
                }
            }
            lineOffset += run.lineCount
        }
    }

    /// Validates `text` for loading: its brews, or the first bad line as `PATH:LINE: reason`.
    static func brews(of text: [UInt8], path: String) throws(JournalError) -> [JournalSnapshot.Entry] {
        let reader = JournalReader(text, firstProblemOnly: true)
        if let problem = reader.problems.first {
            throw .malformedLine(path: path, line: problem.line, reason: problem.reason)
        }
        return reader.entries
    }

    /// Checks the lines in `bounds`, stopping at the first bad one when `firstProblemOnly`.
    private static func check(_ text: [UInt8], _ bounds: Range<Int>, firstProblemOnly: Bool) -> Run {
        var run = Run()
        // Reserving only claims address space; pages are touched as lines arrive.
        run.entries.reserveCapacity(bounds.count / 64)
        run.lines.reserveCapacity(bounds.count / 64)
        text.withUnsafeBufferPointer { all in
            let slice = UnsafeBufferPointer(rebasing: all[bounds])
            forEachLine(in: slice) { line in
                guard !firstProblemOnly || run.problems.isEmpty else { return }
                run.lineCount = line.number
                let first = bounds.lowerBound == 0 && line.number == 1
                let start = bounds.lowerBound + line.range.lowerBound
                switch checkLine(UnsafeBufferPointer(rebasing: slice[line.range]), terminated: line.terminated, first: first) {
                case let .success(brew):
                    if let brew {
                        run.entries.append(.init(id: brew.id, timestamp: brew.timestamp, start: start, end: start + line.range.count))
                        run.lines.append(line.number)
                    }
                case let .failure(problem):
                    run.problems.append(JournalProblem(line: line.number, reason: problem.reason, range: start..<start + line.range.count))
                }
            }
        }
        return run
    }

    /// One range per core (at most eight; a single one for small texts), each ending just after
    /// a newline.
    private static func runBounds(_ text: [UInt8]) -> [Range<Int>] {
        let cores = min(8, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let runs = text.count < 256 * 1024 ? 1 : cores
        var bounds: [Range<Int>] = []
        var start = 0
        text.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            for index in 1..<max(runs, 1) {
                let target = max(start, text.count * index / runs)
                guard target < text.count, let newline = memchr(base + target, 0x0A, text.count - target) else { break }
                let end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                bounds.append(start..<end)
                start = end
            }
        }
        bounds.append(start..<text.count)
        return bounds
    }
}

import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Validates a whole journal text on every core: the lines are cut into one run per core at line
/// boundaries, each run is checked on its own thread, and the runs are joined in order. Duplicate
/// ids are then found in one pass, and the first bad line of the file is the one reported.
struct ParallelLineReader {
    /// The brews of the text, in order.
    var entries: [JournalSnapshot.Entry] = []

    /// One run of lines, checked on its own: its brews and the line (in the run) of each, its
    /// number of lines, and its first problem.
    private struct Run: Sendable {
        var entries: [JournalSnapshot.Entry] = []
        var lines: [Int] = []
        var lineCount = 0
        var problem: (line: Int, reason: String)?
    }

    /// Reads `text`; throws the first problem as `PATH:LINE`.
    init(_ text: [UInt8], path: String) throws(JournalError) {
        let bounds = ParallelLineReader.runBounds(text)
        let runs = Mutex([Run?](repeating: nil, count: bounds.count))
        DispatchQueue.concurrentPerform(iterations: bounds.count) { index in
            let run = ParallelLineReader.check(text, bounds[index])
            runs.withLock { $0[index] = run }
        }
        let checked = runs.withLock { $0 }
        let brews = checked.reduce(0) { $0 + ($1?.entries.count ?? 0) }
        var duplicates = DuplicateFilter(expecting: brews)
        entries.reserveCapacity(brews)
        var lineOffset = 0
        for run in checked {
            guard let run else { continue }
            for (entry, line) in zip(run.entries, run.lines) {
                if let problem = duplicates.admit(entry.id, line: lineOffset + line) {
                    throw JournalError.malformedLine(path: path, line: lineOffset + line, reason: problem.reason)
                }
            }
            if let problem = run.problem {
                throw JournalError.malformedLine(path: path, line: lineOffset + problem.line, reason: problem.reason)
            }
            entries += run.entries
            lineOffset += run.lineCount
        }
    }

    /// Checks the lines in `bounds`, stopping at the first bad one.
    private static func check(_ text: [UInt8], _ bounds: Range<Int>) -> Run {
        var run = Run()
        // Reserving only claims address space; pages are touched as lines arrive.
        run.entries.reserveCapacity(bounds.count / 64)
        run.lines.reserveCapacity(bounds.count / 64)
        text.withUnsafeBufferPointer { all in
            let slice = UnsafeBufferPointer(rebasing: all[bounds])
            forEachLine(in: slice) { line in
                guard run.problem == nil else { return }
                let first = bounds.lowerBound == 0 && line.number == 1
                switch checkLine(UnsafeBufferPointer(rebasing: slice[line.range]), terminated: line.terminated, first: first) {
                case let .success(brew):
                    run.lineCount = line.number
                    if let brew {
                        let start = bounds.lowerBound + line.range.lowerBound
                        run.entries.append(.init(id: brew.id, timestamp: brew.timestamp, start: start, end: start + line.range.count))
                        run.lines.append(line.number)
                    }
                case let .failure(problem):
                    run.problem = (line.number, problem.reason)
                }
            }
        }
        return run
    }

    /// One range per core (a single one for small texts), each ending just after a newline.
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

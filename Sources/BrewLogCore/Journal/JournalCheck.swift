#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `check` found in a journal: how many brews are valid, and every bad line.
public struct JournalReport: Equatable, Sendable {
    /// The number of valid brews.
    public let brewCount: Int
    /// Every bad line, in file order.
    public let problems: [JournalProblem]
}

extension FileJournal {
    /// Reads the whole journal and reports every problem, without stopping at the first.
    public func check() throws(JournalError) -> JournalReport {
        guard var bytes = try readFile() else { return JournalReport(brewCount: 0, problems: []) }
        if let readLimit, readLimit < bytes.count {
            bytes.removeLast(bytes.count - readLimit)
        }
        let scan = bytes.withUnsafeBufferPointer { JournalScan($0) }
        return JournalReport(brewCount: scan.brewCount, problems: scan.problems)
    }

    /// Moves every bad line, byte for byte, to `PATH.rejected` (appending, each ending in a
    /// newline), then atomically rewrites the journal without them. Returns the lines moved.
    ///
    /// The rejected lines are made durable before the journal is replaced, so a crash between
    /// the two leaves a line in both files, never in neither. Hold the exclusive lock.
    public func repair() throws(JournalError) -> [JournalProblem] {
        guard let bytes = try readFile() else { return [] }
        let scan = bytes.withUnsafeBufferPointer { JournalScan($0) }
        guard !scan.problems.isEmpty else { return [] }
        var rejected: [UInt8] = []
        for problem in scan.problems {
            rejected.append(contentsOf: bytes[problem.range])
            rejected.append(0x0A)
        }
        try appendRejected(rejected)
        let bad = Set(scan.problems.map(\.line))
        _ = try replaceContents { (output: inout ChunkedWriter) throws(SystemCallError) in
            try bytes.withUnsafeBufferPointer { buffer throws(SystemCallError) in
                try forEachLine(in: buffer) { line throws(SystemCallError) in
                    guard !bad.contains(line.number) else { return }
                    try output.write(UnsafeBufferPointer(rebasing: buffer[line.range]))
                    try output.write("\n")
                }
            }
        }
        return scan.problems
    }

    /// The file bad lines are moved to.
    public var rejectedPath: String { path + ".rejected" }

    private func appendRejected(_ bytes: [UInt8]) throws(JournalError) {
        let target = rejectedPath
        do throws(SystemCallError) {
            let fd = try system.open(target, O_WRONLY | O_APPEND | O_CREAT, 0o600)
            defer { system.close(fd) }
            try writeAll(fd, bytes)
            try system.fsync(fd)
        } catch {
            throw JournalError.io(path: target, operation: "append to", reason: "\(error.call): \(error)")
        }
    }
}

/// A history file's text, read: its entries, oldest first, where each line lies, and what could
/// not be read. Reading never fails: a damaged line is skipped and named in ``problems``.
public struct HistoryLog: Sendable {
    /// One entry and the bytes of its line (newline excluded).
    public struct Line: Sendable {
        /// The entry the line holds.
        public var entry: HistoryEntry
        /// Where the line is in the file.
        public var range: Range<Int>
    }

    /// The entries that read, oldest first (only the newest that reads, unless all were decoded).
    public private(set) var lines: [Line] = []
    /// Where every entry line is, read or not, oldest first.
    public private(set) var ranges: [Range<Int>] = []
    /// What could not be read, one message a problem (`line 7: malformed JSON ...`).
    public private(set) var problems: [String] = []
    /// Whether the file is not BrewLog's history (it does not start with the header): it is
    /// never written to.
    public private(set) var isForeign = false
    /// Where the file's last whole line ends: an unfinished line after it (a write cut short) is
    /// not part of the history.
    public private(set) var wholeLength = 0

    /// The entries, oldest first.
    public var entries: [HistoryEntry] { lines.map(\.entry) }

    /// An empty history.
    public init() {}

    /// Reads `bytes`, a history file's whole text: every entry, or with `newestOnly` only the
    /// newest that reads (what a writer needs, at the cost of one line rather than the file).
    public init(_ bytes: [UInt8], newestOnly: Bool = false) {
        guard !bytes.isEmpty else { return }
        var numbers: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            forEachLine(in: buffer) { (line: JournalLine) in
                guard !isForeign else { return }
                guard line.terminated else {
                    problems.append("line \(line.number): unfinished (a write was cut short); ignored")
                    return
                }
                if line.number == 1 {
                    guard HistoryCodec.isHeader(UnsafeBufferPointer(rebasing: buffer[line.range])) else {
                        isForeign = true
                        problems.append("it does not start with BrewLog's history header, so it is not BrewLog's; it is left alone")
                        return
                    }
                } else if !line.range.isEmpty {
                    ranges.append(line.range)
                    numbers.append(line.number)
                }
                wholeLength = line.range.upperBound + 1
            }
        }
        guard !isForeign else { return }
        bytes.withUnsafeBufferPointer { buffer in
            for (range, number) in zip(ranges, numbers).reversed() {
                do throws(LineProblem) {
                    lines.append(Line(entry: try HistoryCodec.decode(UnsafeBufferPointer(rebasing: buffer[range])), range: range))
                    if newestOnly { break }
                } catch {
                    problems.append("line \(number): \(error.reason); skipped")
                }
            }
        }
        lines.reverse()
        problems.sort { Self.lineNumber($0) < Self.lineNumber($1) }
    }

    private static func lineNumber(_ problem: String) -> Int {
        guard problem.hasPrefix("line ") else { return 0 }
        return Int(problem.dropFirst(5).prefix { $0.isNumber }) ?? 0
    }

    /// Drops the newest entry (one whose change never reached the journal), and any line after it.
    mutating func dropNewest() {
        guard let newest = lines.popLast() else { return }
        wholeLength = newest.range.lowerBound
        ranges.removeAll { $0.lowerBound >= newest.range.lowerBound }
    }
}

/// How much history is kept: the newest `keep` entries, within a size.
public struct HistoryBounds: Equatable, Sendable {
    /// The most entries kept.
    public var keep: Int
    /// The most bytes the file holds.
    public var maxBytes: Int

    /// The largest a history file grows: 16 MiB.
    public static let defaultMaxBytes = 16 << 20
    /// How many entries are kept unless the configuration says otherwise.
    public static let defaultKeep = 1_000

    /// Bounds of `keep` entries and `maxBytes` bytes.
    public init(keep: Int = HistoryBounds.defaultKeep, maxBytes: Int = HistoryBounds.defaultMaxBytes) {
        self.keep = max(1, keep)
        self.maxBytes = max(1024, maxBytes)
    }

    /// How many of the newest of `lengths` (line lengths without newlines, oldest first) fit.
    func keptCount(_ lengths: [Int]) -> Int {
        var total = HistoryCodec.header.utf8.count + 1
        var count = 0
        for length in lengths.reversed() {
            guard count < keep, total + length + 1 <= maxBytes else { break }
            total += length + 1
            count += 1
        }
        return count
    }

    /// The longest entry line the history can hold beside its header.
    var longestEntry: Int { maxBytes - HistoryCodec.header.utf8.count - 2 }
}

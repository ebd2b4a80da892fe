/// One unresolved merge conflict in a journal: the lines from a `<<<<<<<` marker to the next
/// `>>>>>>>`, and the records between them.
struct MergeConflictBlock {
    /// The first and last line (1-based), markers included.
    let lines: ClosedRange<Int>
    /// The bytes from the start of the first line to the end of the last.
    let range: Range<Int>
    /// The records between the markers, named as `check` names them (`brew 6b216b11ca23`),
    /// each once, in line order.
    let records: [String]

    /// Every complete conflict in `bytes`, in file order.
    static func find(in bytes: [UInt8]) -> [MergeConflictBlock] {
        var blocks: [MergeConflictBlock] = []
        var open: (line: Int, start: Int, records: [String])?
        bytes.withUnsafeBufferPointer { buffer in
            forEachLine(in: buffer) { line in
                let text = UnsafeBufferPointer(rebasing: buffer[line.range])
                switch MergeConflictMarker(text) {
                case .ours?:
                    open = (line.number, line.range.lowerBound, [])
                case .theirs?:
                    if let block = open {
                        blocks.append(MergeConflictBlock(lines: block.line...line.number, range: block.start..<line.range.upperBound, records: block.records))
                    }
                    open = nil
                case .base?, .separator?:
                    break
                case nil:
                    guard open != nil, let name = recordName(text), open?.records.contains(name) == false else { break }
                    open?.records.append(name)
                }
            }
        }
        return blocks
    }

    /// `brew ID`, `skip day ID`, `bean bag ID`, `removed record ID` (a tombstone) or `record ID`
    /// for a line holding a record with an id.
    private static func recordName(_ line: UnsafeBufferPointer<UInt8>) -> String? {
        guard let fields = MergeLine.fields(of: line),
              case let .string(id)? = fields.first(where: { $0.key == "id" })?.value else { return nil }
        guard let kindField = fields.first(where: { $0.key == "kind" }) else { return "brew \(id)" }
        guard case let .string(kind) = kindField.value, let known = JournalEntry.Kind(rawValue: kind) else { return "record \(id)" }
        return "\(known.noun) \(id)"
    }

    /// `problems` with every problem inside a conflict replaced by one naming the conflict.
    static func grouping(_ problems: [JournalProblem], in bytes: [UInt8]) -> [JournalProblem] {
        let blocks = find(in: bytes)
        guard !blocks.isEmpty else { return problems }
        var grouped = problems.filter { problem in !blocks.contains { $0.lines.contains(problem.line) } }
        for block in blocks {
            let what = block.records.isEmpty ? "" : " (\(block.records.joined(separator: ", ")))"
            let reason = "\(MergeConflictMarker.problemPrefix)\(what) on lines \(block.lines.lowerBound)–\(block.lines.upperBound): keep one version and delete the marker lines"
            grouped.append(JournalProblem(line: block.lines.lowerBound, reason: reason, range: block.range))
        }
        return grouped.sorted { $0.line < $1.line }
    }
}

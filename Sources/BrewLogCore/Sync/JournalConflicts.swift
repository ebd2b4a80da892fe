/// The records a merge left between marker lines in a journal, and the journal with one side of
/// some of them taken: what `brewlog sync` names when a merge stops and what `sync --take` writes.
public struct JournalConflict: Equatable, Sendable {
    /// Which version of a conflicting record to keep.
    public enum Side: String, CaseIterable, Sendable {
        /// This machine's version (git's `<<<<<<<` side).
        case ours
        /// The other machine's version (git's `>>>>>>>` side).
        case theirs
    }

    /// The record's id.
    public let id: String
    /// The line of its `<<<<<<<` marker, from 1.
    public let line: Int
    /// Ours' line, or `nil` when ours removed the record.
    public let ours: [UInt8]?
    /// Theirs' line, or `nil` when theirs removed it.
    public let theirs: [UInt8]?
    /// The journal keys both sides changed to different values (empty when one side removed
    /// the record).
    public let fields: [String]
    /// The bytes of the whole block, markers included.
    let range: Range<Int>

    /// Every conflict block of `bytes` that holds one record (as the merge driver writes them),
    /// in file order. With `base` (the common ancestor's journal), the fields named are those
    /// both sides changed differently; without, those whose values differ.
    public static func all(in bytes: [UInt8], base: [UInt8]? = nil) -> [JournalConflict] {
        let baseLines = base.map(records(in:)) ?? [:]
        return MergeConflictBlock.find(in: bytes).compactMap { block in conflict(block, in: bytes, base: baseLines) }
    }

    /// `bytes` with the conflicts on `ids` settled for `side`: a record both sides changed is
    /// merged field by field against `base` with `side`'s value for each field both changed
    /// (without a base, or when one side removed it, `side`'s version whole: nothing when that
    /// side removed it); the other conflicts stay as they are.
    public static func taking(_ side: Side, ids: Set<String>, in bytes: [UInt8], base: [UInt8]? = nil) -> [UInt8] {
        let baseLines = base.map(records(in:)) ?? [:]
        var result: [UInt8] = []
        var position = 0
        for conflict in all(in: bytes, base: base) where ids.contains(conflict.id) {
            result.append(contentsOf: bytes[position..<conflict.range.lowerBound])
            if let kept = settled(conflict, side, base: baseLines[conflict.id]) {
                result.append(contentsOf: kept)
                result.append(0x0A)
            }
            position = conflict.range.upperBound
            // The block's last line ends at its `>>>>>>>` marker; its newline goes with it.
            if position < bytes.count, bytes[position] == 0x0A { position += 1 }
        }
        result.append(contentsOf: bytes[position...])
        return result
    }

    /// The line a settled conflict leaves, or `nil` for none.
    private static func settled(_ conflict: JournalConflict, _ side: Side, base: MergeLine?) -> [UInt8]? {
        let whole = side == .ours ? conflict.ours : conflict.theirs
        guard let base, let baseFields = base.fields, let ours = conflict.ours, let theirs = conflict.theirs,
              let ourFields = ours.withUnsafeBufferPointer(MergeLine.fields(of:)),
              let theirFields = theirs.withUnsafeBufferPointer(MergeLine.fields(of:)) else { return whole }
        let merged = FieldMerge(base: baseFields, ours: ourFields, theirs: theirFields, preferring: side)
        return merged.conflicting.isEmpty ? merged.line : whole
    }

    /// The records of a journal by id.
    private static func records(in bytes: [UInt8]) -> [String: MergeLine] {
        var records: [String: MergeLine] = [:]
        for line in MergeLine.lines(of: bytes) { if let id = line.id, records[id] == nil { records[id] = line } }
        return records
    }

    private static func conflict(_ block: MergeConflictBlock, in bytes: [UInt8], base: [String: MergeLine]) -> JournalConflict? {
        var ours: [MergeLine] = [], theirs: [MergeLine] = []
        var section = 0
        for line in MergeLine.lines(of: Array(bytes[block.range])) {
            let marker = line.bytes.withUnsafeBufferPointer { MergeConflictMarker($0) }
            switch marker {
            case .ours?: section = 1
            case .base?: section = 2
            case .separator?: section = 3
            case .theirs?: section = 4
            case nil:
                if section == 1, line.id != nil { ours.append(line) }
                if section == 3, line.id != nil { theirs.append(line) }
            }
        }
        guard ours.count <= 1, theirs.count <= 1, let id = ours.first?.id ?? theirs.first?.id,
              theirs.first.map({ $0.id == id }) ?? true else { return nil }
        var fields: [String] = []
        if let mine = ours.first?.fields, let other = theirs.first?.fields, let before = base[id]?.fields {
            fields = FieldMerge(base: before, ours: mine, theirs: other).conflicting
        } else if let mine = ours.first?.fields, let other = theirs.first?.fields {
            for key in (mine.map(\.key) + other.map(\.key)) where !fields.contains(key) {
                let a = mine.first { $0.key == key }?.value, b = other.first { $0.key == key }?.value
                let same = switch (a, b) {
                case let (x?, y?): sameJSON(x, y)
                case (nil, nil): true
                default: false
                }
                if !same { fields.append(key) }
            }
        }
        return JournalConflict(id: id, line: block.lines.lowerBound, ours: ours.first?.bytes, theirs: theirs.first?.bytes,
                               fields: fields, range: block.range)
    }
}

extension LockedJournal {
    /// The file a symbolic link at ``path`` resolves to: the one git tracks and syncing tools copy.
    public var resolvedPath: String { target }

    /// The journal's bytes as they are on disk, marker lines and all (`nil` when it does not
    /// exist): what a sync compares and names conflicts in.
    public func rawBytes() throws(JournalError) -> [UInt8]? {
        try requireOpen("read")
        return try readFile()?.bytes
    }

    /// Keeps `side`'s version of each conflicting record in `ids`, rewriting the journal
    /// atomically (the other lines byte for byte). Returns the conflicts left.
    public func resolveConflicts(taking side: JournalConflict.Side, ids: Set<String>, base: [UInt8]? = nil) throws(JournalError) -> [JournalConflict] {
        try requireOpen("resolve a conflict in", writing: true)
        guard let (file, bytes) = try readFile() else { return [] }
        let resolved = JournalConflict.taking(side, ids: ids, in: bytes, base: base)
        if resolved != bytes {
            _ = try replaceContents(replacing: file) { (output: inout ChunkedWriter) throws(SystemCallError) in
                try resolved.withUnsafeBufferPointer { buffer throws(SystemCallError) in try output.write(buffer) }
            }
        }
        return JournalConflict.all(in: resolved, base: base)
    }
}

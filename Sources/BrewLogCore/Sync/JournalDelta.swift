/// What changed between two versions of a journal, counted by record id and kind: what a sync
/// commits, what came in from the other machine and what went out to it.
///
/// Records are matched as the merge driver matches them (``MergeLine``): by `"id"`, a record
/// rewritten in another spelling being no change. A tombstone (a `removed` record) counts as its
/// record's removal, whichever side holds it.
public struct JournalDelta: Equatable, Sendable {
    /// What a record is, for counting.
    public enum Kind: String, CaseIterable, Sendable {
        case brew, skip, bean
        /// A kind this BrewLog does not know.
        case other
    }

    /// The counts of one kind.
    public struct Counts: Equatable, Sendable {
        public var added = 0
        public var edited = 0
        public var removed = 0

        /// Whether nothing of this kind changed.
        public var isEmpty: Bool { added == 0 && edited == 0 && removed == 0 }
    }

    /// The counts by kind; a kind nothing happened to is absent.
    public private(set) var counts: [Kind: Counts] = [:]

    /// Whether no record was added, edited or removed.
    public var isEmpty: Bool { counts.values.allSatisfy(\.isEmpty) }

    /// The changes from `old` to `new` (journal bytes; empty for a journal that did not exist).
    ///
    /// Lines the two hold byte for byte are unchanged records and are never parsed, so a sync of
    /// one new brew in a large journal reads the few lines that differ, not every record.
    public init(from old: [UInt8], to new: [UInt8]) {
        guard old != new else { return }
        let (oldMiddle, newMiddle) = Self.differingMiddles(old, new)
        let oldLines = Self.lines(oldMiddle), newLines = Self.lines(newMiddle)
        let before = Self.records(oldLines, except: Set(newLines)), after = Self.records(newLines, except: Set(oldLines))
        for (id, line) in after {
            guard let previous = before[id] else {
                if !Self.isTombstone(line) { counts[Self.kind(of: line), default: Counts()].added += 1 }
                continue
            }
            switch (Self.isTombstone(previous), Self.isTombstone(line)) {
            case (false, true): counts[Self.kind(of: previous), default: Counts()].removed += 1
            case (true, false): counts[Self.kind(of: line), default: Counts()].added += 1
            case (false, false) where !previous.isEquivalent(to: line): counts[Self.kind(of: line), default: Counts()].edited += 1
            default: break
            }
        }
        for (id, line) in before where after[id] == nil && !Self.isTombstone(line) {
            counts[Self.kind(of: line), default: Counts()].removed += 1
        }
    }

    /// `old` and `new` without the whole lines they start and end with alike: a journal that
    /// was appended to differs only at its end, found by comparing memory, not records.
    private static func differingMiddles(_ old: [UInt8], _ new: [UInt8]) -> (ArraySlice<UInt8>, ArraySlice<UInt8>) {
        old.withUnsafeBufferPointer { a in
            new.withUnsafeBufferPointer { b in
                let shorter = min(a.count, b.count)
                var prefix = 0
                while prefix < shorter, a[prefix] == b[prefix] { prefix += 1 }
                // Back to the start of the line the first difference is on.
                while prefix > 0, a[prefix - 1] != 0x0A { prefix -= 1 }
                var suffix = 0
                while suffix < shorter - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
                // Forward to a line start in both (the prefix ends at one).
                func startsLine(_ buffer: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool { index == prefix || buffer[index - 1] == 0x0A }
                while suffix > 0, !(startsLine(a, a.count - suffix) && startsLine(b, b.count - suffix)) { suffix -= 1 }
                return (old[prefix..<(old.count - suffix)], new[prefix..<(new.count - suffix)])
            }
        }
    }

    /// The lines of `bytes`, without their newlines (and a CR before one).
    private static func lines(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        bytes.split(separator: 0x0A).map { $0.last == 0x0D ? $0.dropLast() : $0 }
    }

    /// The records of `lines` that `other` does not hold byte for byte, by id (the first line of
    /// an id: a journal holds each once).
    private static func records(_ lines: [ArraySlice<UInt8>], except other: Set<ArraySlice<UInt8>>) -> [String: MergeLine] {
        var records: [String: MergeLine] = [:]
        for line in lines where !other.contains(line) {
            let bytes = Array(line)
            guard let fields = bytes.withUnsafeBufferPointer(MergeLine.fields(of:)),
                  case let .string(id)? = fields.first(where: { $0.key == "id" })?.value, records[id] == nil else { continue }
            records[id] = MergeLine(bytes: bytes, key: .record(id: id, occurrence: 0), fields: fields)
        }
        return records
    }

    private static func isTombstone(_ line: MergeLine) -> Bool { line.kind == "removed" }

    private static func kind(of line: MergeLine) -> Kind {
        switch line.kind {
        case nil: .brew
        case JournalEntry.Kind.skip.rawValue?: .skip
        case JournalEntry.Kind.bean.rawValue?: .bean
        default: .other
        }
    }
}

extension JournalDelta {
    /// The changes of both, counted together (two merges of one sync).
    public static func + (lhs: JournalDelta, rhs: JournalDelta) -> JournalDelta {
        var sum = lhs
        for (kind, counts) in rhs.counts {
            sum.counts[kind, default: Counts()].added += counts.added
            sum.counts[kind, default: Counts()].edited += counts.edited
            sum.counts[kind, default: Counts()].removed += counts.removed
        }
        return sum
    }
}

/// The three-way merge of journals by record id that `brewlog merge-driver` runs for git: a
/// pure function of the common ancestor's, our and their bytes.
///
/// Records (brews and records of every other kind, known or not) are matched by their `"id"`:
/// - changed on one side only: that side's line;
/// - changed on both: field by field (a top-level key), each field taking the side that changed
///   it; a field changed to different values on both sides is a conflict (notes are a field
///   like any other, never merged as text);
/// - added on one side: added; on both, identical: once; on both, different: a conflict;
/// - removed on one side and unchanged on the other: removed; removed on one and changed on the
///   other: a conflict.
///
/// A side that replaced a record with its tombstone (a record of kind `removed`) removed it, and
/// the tombstone is what the merge keeps, so the removal travels on: the other side unchanged, or
/// holding exactly the removed line (its line hash is the tombstone's `was`), or removed too
/// (with or without a tombstone), gives the tombstone; the other side changed is a conflict
/// written with the tombstone on the removing side. Tombstones on both sides: ours.
///
/// A line that is not a record (blank, or not a JSON object with a string `"id"`) is matched by
/// its bytes, so it is kept, added or removed as a whole and can never conflict. The merged
/// journal holds ours' lines in ours' order, then theirs' new ones in theirs' order; a line taken
/// from one side is copied byte for byte. A conflict is written as git writes one: both
/// versions of the record between marker lines (an empty side when that side removed it).
public enum ThreeWayMerge {
    /// Merges `ours` and `theirs`, two journals descended from `base`.
    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8]) -> ThreeWayMergeResult {
        let baseLines = MergeLine.lines(of: base)
        let ourLines = MergeLine.lines(of: ours)
        let theirLines = MergeLine.lines(of: theirs)
        let baseByKey = Dictionary(baseLines.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let theirsByKey = Dictionary(theirLines.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let ourKeys = Set(ourLines.map(\.key))
        var output = MergeOutput()
        for line in ourLines {
            output.add(resolve(base: baseByKey[line.key], ours: line, theirs: theirsByKey[line.key]))
        }
        for line in theirLines where !ourKeys.contains(line.key) {
            guard let before = baseByKey[line.key] else {
                output.add(.keep(line))
                continue
            }
            if before.isEquivalent(to: line) {
                output.add(.remove)
            } else if line.isTombstone && !before.isTombstone {
                // Removed on both sides, only theirs with a tombstone: keep it, so it travels.
                output.add(.keep(line))
            } else {
                output.add(.conflict(ours: nil, theirs: line, .removedByOurs))
            }
        }
        var problems: [JournalProblem] = []
        if output.conflicts.isEmpty {
            problems = JournalReader(output.bytes, firstProblemOnly: false).problems
        }
        return ThreeWayMergeResult(bytes: output.bytes, conflicts: output.conflicts, problems: problems)
    }

    /// What becomes of one of ours' lines.
    private static func resolve(base: MergeLine?, ours: MergeLine, theirs: MergeLine?) -> Resolution {
        guard let base else {
            guard let theirs, !theirs.isEquivalent(to: ours) else { return .keep(ours) }
            return settleRemoval(ours: ours, theirs: theirs) ?? .conflict(ours: ours, theirs: theirs, .addedDifferently)
        }
        guard let theirs else {
            // Removed on both sides, only ours with a tombstone: keep it, so it travels.
            if ours.isTombstone && !base.isTombstone { return .keep(ours) }
            return base.isEquivalent(to: ours) ? .remove : .conflict(ours: ours, theirs: nil, .removedByTheirs)
        }
        if ours.isEquivalent(to: theirs) || theirs.isEquivalent(to: base) { return .keep(ours) }
        if ours.isEquivalent(to: base) { return .keep(theirs) }
        if let settled = settleRemoval(ours: ours, theirs: theirs) { return settled }
        let merged = FieldMerge(base: base.fields ?? [], ours: ours.fields ?? [], theirs: theirs.fields ?? [])
        guard merged.conflicting.isEmpty else {
            return .conflict(ours: ours, theirs: theirs, .fields(merged.conflicting))
        }
        return .keep(MergeLine(bytes: merged.line, key: ours.key, fields: merged.fields))
    }

    /// Two versions of a record that both differ from the base (or were both added), when one or
    /// both are tombstones: both, ours; one, that one when the other is exactly the line it
    /// removed, else a conflict on the removing side. `nil` when neither is a tombstone.
    private static func settleRemoval(ours: MergeLine, theirs: MergeLine) -> Resolution? {
        switch (ours.isTombstone, theirs.isTombstone) {
        case (true, true):
            return .keep(ours)
        case (true, false):
            return ours.removedHash == theirs.lineHash ? .keep(ours) : .conflict(ours: ours, theirs: theirs, .removedByOurs)
        case (false, true):
            return theirs.removedHash == ours.lineHash ? .keep(theirs) : .conflict(ours: ours, theirs: theirs, .removedByTheirs)
        case (false, false):
            return nil
        }
    }

    /// What the merge does with one record or line.
    enum Resolution {
        case keep(MergeLine)
        case remove
        case conflict(ours: MergeLine?, theirs: MergeLine?, MergeConflict.Reason)
    }
}

/// What ``ThreeWayMerge/merge(base:ours:theirs:)`` made.
public struct ThreeWayMergeResult: Sendable {
    /// The merged journal, conflicts written between marker lines.
    public let bytes: [UInt8]
    /// Every record written with both its versions, in the merged journal's order.
    public let conflicts: [MergeConflict]
    /// The bad lines of a merged journal without conflicts (a bad line one side already had,
    /// or two skip days the sides added for one day), which every command would refuse.
    public let problems: [JournalProblem]

    /// Whether the merge needs no one to look at it.
    public var isClean: Bool { conflicts.isEmpty && problems.isEmpty }
}

/// A record the two sides changed in ways the merge will not choose between.
public struct MergeConflict: Equatable, Sendable {
    /// Why the two versions could not be merged.
    public enum Reason: Equatable, Sendable {
        /// Both sides changed these fields (journal keys) to different values.
        case fields([String])
        /// Both sides added the id, with different content.
        case addedDifferently
        /// Ours removed the record (outright, or leaving its tombstone), theirs changed it.
        case removedByOurs
        /// Theirs removed the record (outright, or leaving its tombstone), ours changed it.
        case removedByTheirs
    }

    /// The record's id.
    public let id: String
    /// The record's line number in the merged journal: its `<<<<<<<` marker line.
    public let line: Int
    /// Why.
    public let reason: Reason
}

/// The merged journal as it is written, line by line.
private struct MergeOutput {
    var bytes: [UInt8] = []
    var conflicts: [MergeConflict] = []
    private var lineCount = 0

    mutating func add(_ resolution: ThreeWayMerge.Resolution) {
        switch resolution {
        case let .keep(line):
            write(line.bytes)
        case .remove:
            break
        case let .conflict(ours, theirs, reason):
            conflicts.append(MergeConflict(id: ours?.id ?? theirs?.id ?? "", line: lineCount + 1, reason: reason))
            write(Array(MergeConflictMarker.oursLine.utf8))
            if let ours { write(ours.bytes) }
            write(Array(MergeConflictMarker.separatorLine.utf8))
            if let theirs { write(theirs.bytes) }
            write(Array(MergeConflictMarker.theirsLine.utf8))
        }
    }

    private mutating func write(_ line: [UInt8]) {
        bytes.append(contentsOf: line)
        bytes.append(0x0A)
        lineCount += 1
    }
}

/// A marker line a merge leaves around the two versions of a conflicting record: git's
/// `<<<<<<<`, `|||||||` (the base, in diff3 style), `=======` and `>>>>>>>`, each of seven
/// characters, alone or followed by a space and a label.
///
/// No journal line can start with one (a record starts with `{`), so a line that does is named
/// as what it is, an unresolved merge conflict, rather than as malformed JSON.
public enum MergeConflictMarker: Sendable {
    /// `<<<<<<<`: ours' version follows.
    case ours
    /// `|||||||`: the base's version follows.
    case base
    /// `=======`: theirs' version follows.
    case separator
    /// `>>>>>>>`: the end of the conflict.
    case theirs

    /// The line that opens a conflict, as `brewlog merge-driver` writes it.
    public static let oursLine = "<<<<<<< ours"
    /// The line between the two versions.
    public static let separatorLine = "======="
    /// The line that closes a conflict.
    public static let theirsLine = ">>>>>>> theirs"

    /// How every problem about a merge conflict starts, so that a reader can tell them apart.
    public static let problemPrefix = "an unresolved merge conflict"

    /// The 1-based number of the first marker line in `text`, or `nil` when it has none.
    public static func firstLine(in text: [UInt8]) -> Int? {
        text.withUnsafeBufferPointer { buffer in
            var start = 0, number = 1
            while start < buffer.count {
                let end = buffer[start...].firstIndex(of: 0x0A) ?? buffer.count
                if MergeConflictMarker(UnsafeBufferPointer(rebasing: buffer[start..<end])) != nil { return number }
                start = end + 1
                number += 1
            }
            return nil
        }
    }

    /// The marker `line` (without its newline) is, or `nil`.
    init?(_ line: UnsafeBufferPointer<UInt8>) {
        guard line.count >= 7, let first = line.first else { return nil }
        switch first {
        case UInt8(ascii: "<"): self = .ours
        case UInt8(ascii: "|"): self = .base
        case UInt8(ascii: "="): self = .separator
        case UInt8(ascii: ">"): self = .theirs
        default: return nil
        }
        guard line.prefix(7).allSatisfy({ $0 == first }) else { return nil }
        let rest = line.dropFirst(7)
        guard rest.isEmpty || rest.first == 0x20 || rest.first == 0x0D else { return nil }
    }

    /// Why a marker line outside a conflict `check` could group is bad.
    var problem: LineProblem {
        let text = switch self {
        case .ours: "<<<<<<<"
        case .base: "|||||||"
        case .separator: "======="
        case .theirs: ">>>>>>>"
        }
        return LineProblem("\(Self.problemPrefix) (a '\(text)' marker line): keep one version of each record between the markers and delete the marker lines")
    }
}

extension JournalProblem {
    /// Whether the problem is an unresolved merge conflict (a marker line, or a conflict
    /// `check` names as a whole).
    public var isUnresolvedMergeConflict: Bool { reason.hasPrefix(MergeConflictMarker.problemPrefix) }
}

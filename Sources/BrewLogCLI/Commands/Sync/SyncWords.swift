import BrewLogCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a sync says what changed: `3 brews added, 1 edited; 1 skip day added`.
enum SyncWords {
    /// `delta` in words, kinds in a fixed order; `nil` when nothing changed.
    static func describe(_ delta: JournalDelta) -> String? {
        let parts = JournalDelta.Kind.allCases.compactMap { kind -> String? in
            guard let counts = delta.counts[kind], !counts.isEmpty else { return nil }
            var words: [String] = []
            for (count, verb) in [(counts.added, "added"), (counts.edited, "edited"), (counts.removed, "removed")] where count > 0 {
                words.append(words.isEmpty ? "\(count) \(noun(kind, count)) \(verb)" : "\(count) \(verb)")
            }
            return words.joined(separator: ", ")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    private static func noun(_ kind: JournalDelta.Kind, _ count: Int) -> String {
        let one = switch kind {
        case .brew: "brew"
        case .skip: "skip day"
        case .bean: "bag"
        case .other: "record"
        }
        return count == 1 ? one : one + "s"
    }

    /// This machine's name as commit messages give it: the host name up to its first dot.
    static var host: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "this machine" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let short = String(name.prefix { $0 != "." })
        return short.isEmpty || short.unicodeScalars.contains(where: TerminalText.isControl) ? "this machine" : short
    }

    /// The commit message for `delta` (and other files sync keeps, when `otherFiles` changed).
    static func commitMessage(_ delta: JournalDelta, otherFiles: Bool) -> String {
        let what = describe(delta) ?? (otherFiles ? "sync settings changed" : "journal rewritten")
        return "brewlog: \(what) on \(host)"
    }
}

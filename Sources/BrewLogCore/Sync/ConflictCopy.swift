/// A copy of the journal that a file-syncing tool left beside it when two machines changed the
/// file before either saw the other's change. Each tool names it after the journal's base name
/// (`journal` for `journal.jsonl`) and keeps its extension:
///
/// - Syncthing: `journal.sync-conflict-20261129-091500-ABCDEFG.jsonl`
/// - Dropbox: `journal (Anna's conflicted copy 2026-11-29).jsonl` (Nextcloud's newer clients
///   write `journal (conflicted copy 2026-11-29 091500).jsonl`, which reads the same)
/// - Nextcloud and ownCloud: `journal_conflict-20261129-091500.jsonl`
///
/// A copy is a whole journal: `brewlog import COPY` merges it by id.
public struct ConflictCopy: Equatable, Sendable {
    /// The tool whose naming the copy follows.
    public enum Tool: String, Sendable {
        case syncthing = "Syncthing"
        /// `journal (… conflicted copy …).jsonl`: Dropbox's naming, which newer Nextcloud clients use too.
        case dropbox = "Dropbox or Nextcloud"
        case nextcloud = "Nextcloud"
    }

    /// The copy's file name.
    public let name: String
    /// Who named it so.
    public let tool: Tool

    /// The copy `name` is of the journal named `journalName`, or `nil` when it is none.
    public init?(name: String, journalName: String) {
        let (base, suffix) = Self.split(journalName)
        guard name != journalName, name.hasPrefix(base), name.hasSuffix(suffix), name.count > base.count + suffix.count,
              !FileJournal.reservedSuffixes.contains(where: name.hasSuffix) else { return nil }
        let middle = name.dropFirst(base.count).dropLast(suffix.count)
        if middle.hasPrefix(".sync-conflict-") {
            tool = .syncthing
        } else if middle.hasPrefix("_conflict-") {
            tool = .nextcloud
        } else if middle.hasPrefix(" ("), middle.hasSuffix(")"), middle.contains("conflicted copy") {
            tool = .dropbox
        } else {
            return nil
        }
        self.name = name
    }

    /// `name` cut before its extension (`journal` and `.jsonl`); a name without one, or a
    /// dot file's name (`.journal`), is all base.
    private static func split(_ name: String) -> (base: Substring, suffix: Substring) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name[...], "") }
        return (name[..<dot], name[dot...])
    }
}

/// Where the journal lives: `--file`, else `$BREWLOG_FILE`, else `$XDG_DATA_HOME/brewlog/journal.jsonl`,
/// else `$HOME/.local/share/brewlog/journal.jsonl`.
///
/// A pure function of its inputs, so the executable reads the environment once and tests pass a dictionary.
public enum JournalLocation {
    /// No variable names a location (no `--file`, `BREWLOG_FILE`, `XDG_DATA_HOME` or `HOME`).
    public struct Unresolved: Error, Equatable, Sendable {}

    /// The journal path for `fileOption` and `environment`. Empty values count as unset, and a
    /// relative `XDG_DATA_HOME` is ignored, as the XDG base directory spec requires.
    public static func resolve(fileOption: String?, environment: [String: String]) throws(Unresolved) -> String {
        if let fileOption, !fileOption.isEmpty { return fileOption }
        if let file = environment["BREWLOG_FILE"], !file.isEmpty { return file }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return trimmingSlash(data) + "/brewlog/journal.jsonl"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return trimmingSlash(home) + "/.local/share/brewlog/journal.jsonl"
        }
        throw Unresolved()
    }

    private static func trimmingSlash(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}

/// Where the journal lives: `--file`, else `$BREWLOG_FILE`, else the config's `journal.file`, else
/// `$XDG_DATA_HOME/brewlog/journal.jsonl`, else `$HOME/.local/share/brewlog/journal.jsonl`.
///
/// A pure function of its inputs, so the executable reads the environment once and tests pass a dictionary.
enum JournalLocation {
    /// Why no journal path could be chosen.
    struct Unresolved: Error, Equatable, Sendable, CustomStringConvertible {
        /// What went wrong.
        enum Reason: Equatable, Sendable {
            /// No `--file`, `BREWLOG_FILE`, absolute `XDG_DATA_HOME` or `HOME` is set.
            case nothingSet
            /// Nothing else is set and `HOME` is a relative path, which would put the journal
            /// somewhere different in every working folder.
            case relativeHome(String)
            /// `--file` (`source` is `nil`) or `BREWLOG_FILE` names a folder (ends in `/`), not a
            /// file; or `--file` names nothing (an empty `path`: `--file ''`, `--file=`).
            case folder(path: String, source: String?)
            /// The variable the path comes from holds bytes that are not UTF-8 (`value`, repaired).
            case notUTF8(variable: String, value: String)
        }

        /// What went wrong.
        let reason: Reason

        /// An error for `reason`.
        init(_ reason: Reason = .nothingSet) {
            self.reason = reason
        }

        /// A sentence saying what went wrong.
        var description: String {
            switch reason {
            case .nothingSet:
                "cannot tell where the journal is: none of --file, BREWLOG_FILE, XDG_DATA_HOME or HOME is set"
            case let .relativeHome(home):
                "cannot tell where the journal is: HOME is not an absolute path: '\(home)'"
            case let .folder(path, source) where path.isEmpty:
                "\(source ?? "--file") must not be empty"
            case let .folder(path, source):
                "\(source ?? "--file") names a folder, not a journal file: '\(path)'"
            case let .notUTF8(variable, value):
                ProcessInput.notUTF8(variable, value: value)
            }
        }
    }

    /// The journal path for `fileOption` and `environment`. Empty variables count as unset, and a
    /// relative `XDG_DATA_HOME` is ignored, as the XDG base directory spec requires; so is a
    /// relative `HOME`. An empty `--file` is refused: it was typed, so it is a mistake (an unset
    /// variable in `--file "$J"`), not a wish for the default journal. A path ending in `/` is
    /// refused: it names a folder. `configured` is the config's `journal.file`, already resolved. A
    /// variable in `unreadable` (its value not UTF-8) is refused where it would be used.
    static func resolve(fileOption: String?, environment: [String: String], configured: String? = nil,
                        unreadable: Set<String> = []) throws(Unresolved) -> String {
        func value(_ name: String) throws(Unresolved) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            if unreadable.contains(name) { throw Unresolved(.notUTF8(variable: name, value: value)) }
            return value
        }
        if let fileOption {
            guard !fileOption.isEmpty else { throw Unresolved(.folder(path: "", source: nil)) }
            return try file(fileOption, source: nil)
        }
        if let file = try value("BREWLOG_FILE") { return try self.file(file, source: "BREWLOG_FILE") }
        if let configured { return configured }
        if let data = try value("XDG_DATA_HOME"), data.hasPrefix("/") {
            return trimmingSlash(data) + "/brewlog/journal.jsonl"
        }
        if let home = try value("HOME") {
            guard home.hasPrefix("/") else { throw Unresolved(.relativeHome(home)) }
            return trimmingSlash(home) + "/.local/share/brewlog/journal.jsonl"
        }
        throw Unresolved()
    }

    private static func file(_ path: String, source: String?) throws(Unresolved) -> String {
        guard !path.hasSuffix("/") else { throw Unresolved(.folder(path: path, source: source)) }
        return path
    }

    private static func trimmingSlash(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}

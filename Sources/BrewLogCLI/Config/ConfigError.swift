import BrewLogCore

/// Every way reading or writing the configuration can fail; `CLIError.init(_: ConfigError)` gives
/// each its message, hint and exit code.
enum ConfigError: Error, Sendable {
    /// A syntax error at `PATH:LINE` (78).
    case syntax(path: String, line: Int, message: String)
    /// A known key with a value it does not accept, at `PATH:LINE` (78).
    case badValue(path: String, line: Int, key: String, value: String?, problem: String)
    /// An `[include] path` that cannot be followed: a loop, too deep, a `~` that cannot be
    /// expanded (78).
    case include(path: String, line: Int, message: String)
    /// An alias that cannot run: a loop, or words that name no command (78).
    case badAlias(path: String, line: Int, message: String)
    /// No location, or one that names a folder (78).
    case location(String)
    /// The location comes from a variable whose value is not UTF-8 (`value`, repaired) (78).
    case notUTF8(variable: String, value: String)
    /// The file exists but cannot be read, or is not a regular file (78).
    case unreadable(path: String, reason: String)
    /// The file or its folder cannot be created (73).
    case cannotCreate(path: String, reason: String)
    /// A change would make the file larger than BrewLog reads (``ConfigFile/sizeLimit``), so
    /// nothing was written (64: the value given is what does not fit).
    case tooLarge(path: String, size: Int)
    /// A write failed; the file is as it was (74).
    case io(path: String, reason: String)
    /// Another writer held the lock for `seconds` (75).
    case lockTimeout(path: String, seconds: Double)
    /// Another program changed the file or its lock file while the lock was held; nothing was
    /// written (75).
    case changedMeanwhile(String)
    /// The lock file is a link, a special file, or holds what BrewLog did not write (74).
    case unsafeLockFile(String)
}

extension CLIError {
    /// A configuration error as the user sees it.
    init(_ error: ConfigError) {
        let repair = "fix it with 'brewlog config edit'"
        switch error {
        case let .syntax(path, line, message) where message == ConfigSyntaxError.notUTF8:
            self = .configuration("\(path):\(line): \(message)",
                                  hint: "convert it, e.g. iconv -f LATIN1 -t UTF-8 \(ShellWord.quoted(path)) > fixed && mv fixed \(ShellWord.quoted(path)), or fix that line in a text editor")
        case let .syntax(path, line, message):
            self = .configuration("\(path):\(line): \(message)", hint: repair)
        case let .badValue(path, line, key, value, problem):
            let shown = value.map { "invalid value '\(cappedForMessage($0))' for '\(key)'" } ?? "'\(key)' needs a value"
            self = .configuration("\(path):\(line): \(shown): \(problem)",
                                  hint: "\(repair), or remove it with: brewlog config unset \(ShellWord.quoted(key))")
        case let .include(path, line, message):
            self = .configuration("\(path):\(line): \(message)", hint: "fix or remove that include.path with 'brewlog config edit'")
        case let .badAlias(path, line, message):
            self = .configuration("\(path):\(line): \(message)", hint: repair)
        case let .location(message):
            self = .configuration(message, hint: "set BREWLOG_CONFIG to the config file's path, or HOME to an absolute path")
        case let .notUTF8(variable, value):
            self = ProcessInput.refusal(of: variable, value: value)
        case let .unreadable(path, reason):
            self = .configuration("cannot read the config file '\(path)': \(reason)",
                                  hint: "make it a readable file, or point BREWLOG_CONFIG elsewhere")
        case let .cannotCreate(path, reason):
            self = .cannotCreate("cannot create the config file '\(path)': \(reason)")
        case let .tooLarge(path, size):
            self = .usage("the config file '\(path)' would grow to \(size) bytes, past the \(ConfigFile.sizeLimit >> 20) MiB BrewLog reads; nothing written",
                          hint: "remove what you no longer need with 'brewlog config unset KEY' or 'brewlog config edit'", command: ConfigCommand.spec)
        case let .io(path, reason):
            self = .io("cannot write the config file '\(path)': \(reason); it is unchanged",
                       hint: "check the disk and the permissions, then run the command again")
        case let .lockTimeout(path, seconds):
            self = .lockTimeout("the config file '\(path)' is locked by another brewlog (waited \(formatNumber(seconds)) s)")
        case let .changedMeanwhile(message):
            self = .changedMeanwhile(message)
        case let .unsafeLockFile(message):
            self = .io(message, hint: "move that file away (BrewLog makes a fresh one); it never follows links from or writes into files that are not its own")
        }
    }
}

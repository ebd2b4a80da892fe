import BrewLogCore

/// Every way a command can fail, each with its message, hint and exit code decided here, in one place.
enum CLIError: Error {
    /// A bad command line: unknown command or option, bad value, future date, ambiguous id (64).
    case usage(String, hint: String?, command: CommandSpec?)
    /// An id that matches nothing (1).
    case notFound(String, hint: String?)
    /// `streak --check` found no brew today (1); prints nothing more.
    case checkFailed
    /// The editor exited with an error or could not be started (1).
    case editorFailed(String)
    /// The journal or an import file holds bad data (65).
    case dataError(String, hint: String?)
    /// `check` found problems (65); they were already listed on standard output.
    case problemsFound(String, hint: String?)
    /// The import file does not exist (66).
    case inputMissing(String)
    /// The journal or its folder cannot be created (73).
    case cannotCreate(String)
    /// A read or write failed (74).
    case io(String)
    /// Another brewlog held the lock too long (75).
    case lockTimeout(String)
    /// Another program changed the journal or its lock file while the lock was held; nothing
    /// was written (75).
    case changedMeanwhile(String)
    /// The journal's path names something that cannot be read as a journal (66).
    case unreadable(String, hint: String?)
    /// No journal location, or a bad `BREWLOG_NOW` (78).
    case configuration(String, hint: String?)

    /// The process exit status, as SPEC's table gives it (sysexits.h names).
    var exitCode: Int32 {
        switch self {
        case .notFound, .checkFailed, .editorFailed: 1
        case .usage: 64
        case .dataError, .problemsFound: 65
        case .inputMissing, .unreadable: 66
        case .cannotCreate: 73
        case .io: 74
        case .lockTimeout, .changedMeanwhile: 75
        case .configuration: 78
        }
    }

    /// The lines written to standard error: `brewlog: error: WHAT`, then a hint, and for usage
    /// errors the usage line and where to read more, as swift-argument-parser does.
    var report: String? {
        switch self {
        case .checkFailed:
            return nil
        case let .usage(message, hint, command):
            var lines = ["brewlog: error: \(message)"]
            if let hint { lines.append("hint: \(hint)") }
            let name = command.map { "brewlog \($0.name)" } ?? "brewlog"
            lines.append("Usage: " + (command.map { "brewlog " + $0.usage } ?? "brewlog <subcommand> [<options>]"))
            lines.append("See '\(name) --help' for more information.")
            return lines.joined(separator: "\n")
        case let .notFound(message, hint), let .dataError(message, hint), let .problemsFound(message, hint),
             let .configuration(message, hint), let .unreadable(message, hint):
            return (["brewlog: error: \(message)"] + (hint.map { ["hint: \($0)"] } ?? [])).joined(separator: "\n")
        case let .editorFailed(message):
            return "brewlog: error: \(message)\nhint: set $VISUAL or $EDITOR to an editor that exits 0 when you save"
        case let .inputMissing(message):
            return "brewlog: error: \(message)\nhint: check the path; import reads a file written by 'brewlog export'"
        case let .cannotCreate(message):
            return "brewlog: error: \(message)\nhint: check the folder's permissions, or choose another path with --file"
        case let .io(message):
            return "brewlog: error: \(message)\nhint: check the disk and the permissions, then run the command again; 'brewlog check' tells whether the journal is intact"
        case let .lockTimeout(message):
            return "brewlog: error: \(message)\nhint: another brewlog is still writing; try again, or find the process holding the lock"
        case let .changedMeanwhile(message):
            return "brewlog: error: \(message)\nhint: a program that ignores BrewLog's lock (a sync tool, an editor) wrote at the same time; check the journal, then run the command again"
        }
    }
}

extension CLIError {
    /// A journal error as the user sees it.
    init(_ error: JournalError) {
        switch error {
        case .malformedLine:
            self = .dataError(error.description, hint: "run 'brewlog check' to list every problem, 'brewlog check --repair' to set bad lines aside")
        case .cannotCreate:
            self = .cannotCreate(error.description)
        case .io:
            self = .io(error.description)
        case .lockTimeout:
            self = .lockTimeout(error.description)
        case .notRegularFile:
            self = .unreadable(error.description, hint: "--file and BREWLOG_FILE must name a regular file (or one that does not exist yet)")
        case .unusablePath:
            self = .configuration(error.description, hint: "choose another path with --file or BREWLOG_FILE")
        case .changedByAnotherProgram:
            self = .changedMeanwhile(error.description)
        case .notHeld:
            self = .io(error.description)
        }
    }

    /// A failed brew reference as the user sees it.
    init(_ error: BrewLookupError, command: CommandSpec) {
        switch error {
        case .notFound:
            self = .notFound(error.description, hint: "'brewlog list' shows the ids")
        case .ambiguous, .prefixTooShort:
            self = .usage(error.description, hint: "give more characters of the id", command: command)
        }
    }

    /// An invalid field value, as a usage error of the command that was given it.
    init(_ error: InvalidFieldError, command: CommandSpec) {
        self = .usage(error.message, hint: nil, command: command)
    }
}

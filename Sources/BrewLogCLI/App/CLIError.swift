import BrewLogCore

/// Every way a command can fail, each with its message, hint and exit code decided here, in one place.
enum CLIError: Error {
    /// A bad command line: unknown command or option, bad value, future date, ambiguous id (64).
    case usage(String, hint: String?, command: CommandSpec?)
    /// An id that matches nothing (1).
    case notFound(String, hint: String?)
    /// A change that would replace something it was not asked to replace, such as saving a
    /// recipe under a name that exists (1).
    case refused(String, hint: String?)
    /// `streak --check` found no brew today (1); prints nothing more.
    case checkFailed
    /// The editor exited with an error or could not be started (1).
    case editorFailed(String, hint: String? = nil)
    /// The journal or an import file holds bad data (65).
    case dataError(String, hint: String?)
    /// `check` found problems (65); they were already listed on standard output.
    case problemsFound(String, hint: String?)
    /// The import file does not exist (66).
    case inputMissing(String)
    /// An input exists but cannot be read: standard input closed or a folder (66).
    case inputUnreadable(String, hint: String?)
    /// `git` is not on `PATH`, the remote cannot be reached, or git failed; its output was
    /// shown (69).
    case unavailable(String, hint: String?)
    /// A repository `sync` will not work in: another project's, a detached `HEAD`, other files
    /// staged, not set up for sync (78).
    case notSyncable(String, hint: String?)
    /// The journal or its folder cannot be created (73).
    case cannotCreate(String)
    /// A read or write failed (74).
    case io(String, hint: String? = nil)
    /// Writing to standard output or standard error failed, other than a closed pipe (74).
    case output(String)
    /// Another brewlog held the lock too long (75).
    case lockTimeout(String)
    /// Another program changed the journal or its lock file while the lock was held; nothing
    /// was written (75).
    case changedMeanwhile(String)
    /// No journal location, or a bad `BREWLOG_NOW`, `BREWLOG_LOCK_TIMEOUT`, `TZ` or location
    /// variable, or a path that cannot be a journal (78).
    case configuration(String, hint: String?)

    /// The error with `hint` in place of its own, for errors that have one (a usage error, a
    /// lookup that found nothing); others are returned as they are.
    func replacingHint(with hint: String) -> CLIError {
        switch self {
        case let .usage(message, _, command): .usage(message, hint: hint, command: command)
        case let .notFound(message, _): .notFound(message, hint: hint)
        default: self
        }
    }

    /// The process exit status, as docs/exit-codes-and-environment.md gives it (sysexits.h names).
    var exitCode: Int32 {
        switch self {
        case .notFound, .refused, .checkFailed, .editorFailed: 1
        case .usage: 64
        case .dataError, .problemsFound: 65
        case .inputMissing, .inputUnreadable: 66
        case .unavailable: 69
        case .cannotCreate: 73
        case .io, .output: 74
        case .lockTimeout, .changedMeanwhile: 75
        case .configuration, .notSyncable: 78
        }
    }

    /// The lines written to standard error: `brewlog: error: WHAT`, then a hint, and for usage
    /// errors the usage line and where to read more, as swift-argument-parser does.
    ///
    /// The message and the hint often echo text from the command line or the journal (an id, a
    /// path, a value), so both go through ``TerminalText`` here, for every error: a control
    /// character in them reaches the terminal as a visible escape, never raw.
    var report: String? {
        guard let (message, hint) = parts else { return nil }
        var lines = ["brewlog: error: " + TerminalText.escaped(message)]
        if let hint { lines.append("hint: " + TerminalText.escaped(hint)) }
        if case let .usage(_, _, command) = self {
            let name = command.map { "brewlog \($0.qualifiedName)" } ?? "brewlog"
            lines.append("Usage: " + (command.map { "brewlog " + $0.usage } ?? "brewlog <subcommand> [<options>]"))
            lines.append("See '\(name) --help' for more information.")
        }
        return lines.joined(separator: "\n")
    }

    /// The message and the hint, unescaped; `nil` for an error that prints nothing.
    private var parts: (message: String, hint: String?)? {
        switch self {
        case .checkFailed:
            return nil
        case let .usage(message, hint, _), let .notFound(message, hint), let .refused(message, hint), let .dataError(message, hint),
             let .problemsFound(message, hint), let .configuration(message, hint), let .inputUnreadable(message, hint),
             let .unavailable(message, hint), let .notSyncable(message, hint):
            return (message, hint)
        case let .editorFailed(message, hint?):
            return (message, hint)
        case let .editorFailed(message, nil):
            return (message, "set $VISUAL or $EDITOR to an editor that exits 0 when you save")
        case let .inputMissing(message):
            return (message, "check the path; import reads a file written by 'brewlog export'")
        case let .cannotCreate(message):
            return (message, "check the folder's permissions, or choose another path with --file")
        case let .io(message, hint):
            return (message, hint ?? CLIError.ioHint)
        case let .output(message):
            return (message, "check the disk or the file that standard output or standard error goes to")
        case let .lockTimeout(message):
            return (message, "another brewlog is still writing; try again, or find the process holding the lock")
        case let .changedMeanwhile(message):
            return (message, "a program that ignores BrewLog's lock (a sync tool, an editor) wrote at the same time; check the journal, then run the command again")
        }
    }
}

extension CLIError {
    /// A journal error as the user sees it.
    init(_ error: JournalError) {
        switch error {
        case .malformedLine:
            self = .dataError(error.description, hint: "run 'brewlog check' to list every problem, 'brewlog check --repair' to set bad lines aside")
        case .unresolvedMergeConflict:
            self = .dataError(error.description, hint: "open the journal, keep one version of each record between the marker lines and delete the markers; 'brewlog check' lists every conflict ('check --repair' will not choose a version for you)")
        case .cannotCreate:
            self = .cannotCreate(error.description)
        case .io:
            self = .io(error.description)
        case .lockTimeout:
            self = .lockTimeout(error.description)
        case .notRegularFile:
            self = .inputUnreadable(error.description, hint: "--file and BREWLOG_FILE must name a regular file (or one that does not exist yet)")
        case .unusablePath:
            self = .configuration(error.description, hint: "choose another path with --file or BREWLOG_FILE")
        case .changedByAnotherProgram:
            self = .changedMeanwhile(error.description)
        case .notHeld, .tooLarge:
            self = .io(error.description)
        case .unsafeSibling:
            self = .io(error.description, hint: "move that file away (BrewLog makes a fresh one); it never follows links from or writes into shared files")
        case .unwritable:
            self = .dataError(error.description, hint: "change the value named above; the journal is unchanged")
        }
    }

    /// The hint of an I/O error that has none of its own.
    static let ioHint: String? = "check the disk and the permissions, then run the command again; 'brewlog check' tells whether the journal is intact"

    /// This error with every command of the journal its hint suggests (`'brewlog check'`) given
    /// `--file PATH` too, so that pasting it works on the journal the command was run on.
    func suggesting(journalFile path: String) -> CLIError {
        let commands = Commands.names.subtracting(["config", "help", "completion"]).sorted { $0.count > $1.count }
        let file = "--file " + ShellWord.quoted(path) + " "
        let transform = { (hint: String) -> String in
            var hint = hint
            for name in commands {
                hint = hint.replacingText("'brewlog \(name)", with: "'brewlog \(file)\(name)")
            }
            return hint
        }
        switch self {
        case let .usage(message, hint, command): return .usage(message, hint: hint.map(transform), command: command)
        case let .notFound(message, hint): return .notFound(message, hint: hint.map(transform))
        case let .refused(message, hint): return .refused(message, hint: hint.map(transform))
        case let .editorFailed(message, hint): return .editorFailed(message, hint: hint.map(transform))
        case let .dataError(message, hint): return .dataError(message, hint: hint.map(transform))
        case let .problemsFound(message, hint): return .problemsFound(message, hint: hint.map(transform))
        case let .inputUnreadable(message, hint): return .inputUnreadable(message, hint: hint.map(transform))
        case let .io(message, hint): return .io(message, hint: (hint ?? CLIError.ioHint).map(transform))
        case let .configuration(message, hint): return .configuration(message, hint: hint.map(transform))
        case let .unavailable(message, hint): return .unavailable(message, hint: hint.map(transform))
        case let .notSyncable(message, hint): return .notSyncable(message, hint: hint.map(transform))
        case .checkFailed, .inputMissing, .cannotCreate, .output, .lockTimeout, .changedMeanwhile: return self
        }
    }

    /// No journal location: `--file` naming a folder is a usage error, the rest are configuration errors.
    init(_ error: JournalLocation.Unresolved) {
        switch error.reason {
        case .nothingSet, .relativeHome:
            self = .configuration(error.description, hint: "set HOME to an absolute path, or pass --file PATH")
        case .folder(_, source: nil):
            self = .usage(error.description, hint: "give the journal file's path, e.g. --file ~/brews.jsonl", command: nil)
        case .folder:
            self = .configuration(error.description, hint: "set BREWLOG_FILE to the journal file's path, or unset it")
        case let .notUTF8(variable, value):
            self = ProcessInput.refusal(of: variable, value: value)
        }
    }

    /// A failed brew reference as the user sees it.
    init(_ error: BrewLookupError, command: CommandSpec) {
        switch error {
        case .notFound:
            self = .notFound(error.description, hint: "'brewlog list' shows the ids")
        case .tooFewBrews, .noneOf:
            self = .notFound(error.description, hint: "'brewlog list' shows the brews")
        case .ambiguous, .prefixTooShort:
            self = .usage(error.description, hint: "give more characters of the id", command: command)
        case .ambiguousName:
            self = .usage(error.description, hint: "give more of the name, e.g. last:V60", command: command)
        case .malformed:
            self = .usage(error.description, hint: "name a brew by " + BrewReference.forms, command: command)
        }
    }

    /// An invalid field value, as a usage error of the command that was given it.
    init(_ error: InvalidFieldError, command: CommandSpec) {
        self = .usage(error.message, hint: nil, command: command)
    }
}

extension CLIError {
    /// The error of a command whose journal another program wrote into, regardless of its lock,
    /// while the command read it (`failure` says where).
    static func journalChanged(_ failure: String) -> CLIError {
        .io("the journal changed while it was read: \(failure)", hint: "run the command again; if it repeats, 'brewlog check' the journal")
    }
}

extension BrewLogStore {
    /// Throws ``CLIError/journalChanged(_:)`` when a brew's line no longer read as validated:
    /// called after a pass over every brew and before anything made of it is printed, so figures
    /// missing brews are never shown.
    func ensureReadWhole() throws(CLIError) {
        if let failure = journalReadFailure { throw .journalChanged(failure) }
    }
}

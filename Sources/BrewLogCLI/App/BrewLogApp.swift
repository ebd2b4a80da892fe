import BrewLogCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The program: parses the command line, composes the one store over the one journal, runs the
/// command, and turns every error into its message and exit code.
final class BrewLogApp {
    static let version = "0.1.0"

    let arguments: [String]
    let environment: [String: String]
    /// The path variables of ``environment`` whose values the process was given as bytes that
    /// are not UTF-8 (their values here are repaired, so they must not be used): an error only
    /// where a location is read from one of them.
    let unreadableVariables: Set<String>
    let standardOutputIsTerminal: Bool
    /// Where the command's output goes (standard output, or memory in in-process tests).
    let out: TextOutput
    /// Where errors go (standard error, or memory in in-process tests).
    let errors: TextOutput
    /// The local time zone for an environment: ``LibcTimeZone`` in the program, which makes the
    /// C library read the process's `TZ`; in-process tests give a zone that touches no process state.
    var localTimeZone: (_ environment: [String: String]) throws(CLIError) -> any UTCOffsetSource = { environment throws(CLIError) in
        try LibcTimeZone(environment: environment)
    }
    /// The run's one session, kept by the app rather than by `run()`, so that when `main` exits
    /// the process hands a large journal's memory back at once instead of freeing each brew.
    private var session: JournalSession?

    /// The pager, once the first output has started it.
    private var pager: Pager?

    /// The configuration, read at most once per run (and only when a command or an alias needs it).
    private var loadedConfiguration: Configuration?

    init(arguments: [String], environment: [String: String], unreadableVariables: Set<String> = [], standardOutputIsTerminal: Bool,
         out: TextOutput, errors: TextOutput) {
        self.arguments = arguments
        self.environment = environment
        self.unreadableVariables = unreadableVariables
        self.standardOutputIsTerminal = standardOutputIsTerminal
        self.out = out
        self.errors = errors
    }

    /// Sends the output through the pager, from its first byte, when standard output is a
    /// terminal and neither `--no-pager` nor the configuration turns it off.
    private func page(configuration: Configuration, noPager: Bool) {
        guard standardOutputIsTerminal, !noPager,
              let command = Pager.command(configured: configuration.pager, environment: environment) else { return }
        let environment = self.environment
        let errors = self.errors
        // Weakly: the output belongs to the app, and must not keep it alive.
        out.beforeFirstWrite = { [weak self] in
            guard let self else { return }
            pager = Pager.start(out.pageFromEnd ? Pager.atEnd(command) : command, environment: environment)
        }
        // The pager closed its input before reading everything: the user left it (status 0),
        // or it failed, which is said as an I/O error.
        out.whenClosed = { [weak self] in
            if let failure = self?.pager?.finish() {
                let error = BrewLogApp.pagerFailed(failure)
                errors.line(error.report ?? failure)
                errors.flush()
                exit(error.exitCode)
            }
            exit(0)
        }
    }

    /// Flushes the output and waits for the pager, if one runs, to be left; a pager that failed
    /// is an I/O error (the output may not have been shown).
    private func finishOutput() throws(CLIError) {
        out.flush()
        let failure = pager?.finish()
        pager = nil
        if let failure { throw BrewLogApp.pagerFailed(failure) }
    }

    /// A pager that failed: an I/O error (74), with how to do without it.
    private static func pagerFailed(_ message: String) -> CLIError {
        .io(message, hint: "use --no-pager, or set ui.pager or $PAGER to a pager that works ('cat' or empty turns it off)")
    }

    /// The configuration file as read for this run (see ``Configuration/load(environment:commandNames:)``).
    private func configuration() -> Configuration {
        if let loadedConfiguration { return loadedConfiguration }
        let configuration = Configuration.load(environment: environment, unreadable: unreadableVariables, commandNames: Commands.names)
        loadedConfiguration = configuration
        return configuration
    }

    /// The configuration, or the first thing wrong with it: what every command but `config` needs.
    private func validConfiguration() throws(CLIError) -> Configuration {
        let configuration = configuration()
        if let error = configuration.loadError ?? configuration.problems.first { throw CLIError(error) }
        return configuration
    }

    /// The command `arguments` name: their first word that is not an option or a global option's
    /// value, when it is a command's name.
    static func commandNamed(in arguments: [String]) -> CommandSpec? {
        let valued = Set(GlobalOptions.all.filter { $0.valueName != nil }.map { "--" + $0.long })
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            if valued.contains(word) {
                index += 2
                continue
            }
            if word.hasPrefix("-") {
                index += 1
                continue
            }
            return Commands.specs.first { $0.name == word }
        }
        return nil
    }

    func run() -> Int32 {
        // The journal `--file` named, so that a hint suggesting a command names it too.
        var journalFile: String?
        // The command run, once known: one with silent errors writes nothing to standard error,
        // not even for a command line that fails to parse (its first word is taken for the command).
        var command: CommandSpec? = BrewLogApp.commandNamed(in: arguments)
        do throws(CLIError) {
            // Aliases need a readable file; a bad value elsewhere in it is judged once the command is known.
            let expansion = try AliasExpansion.expand(arguments, commandNames: Commands.names) { () throws(CLIError) -> Configuration in
                let configuration = configuration()
                if let error = configuration.loadError { throw CLIError(error) }
                return configuration
            }
            switch try CommandLineParser(commands: Commands.all).parse(expansion.arguments) {
            case let .help(command):
                page(configuration: configuration(), noPager: expansion.arguments.prefix { $0 != "--" }.contains("--" + GlobalOptions.noPager.long))
                for note in expansion.notes { out.line(note.terminalSafe) }
                out.write(HelpText.render(command, width: terminalWidth() ?? HelpText.defaultWidth))
            case .manual:
                out.write(ManPage.render())
            case .version:
                out.line("brewlog \(BrewLogApp.version)")
            case let .run(runner, spec, parsed):
                journalFile = parsed.value(GlobalOptions.file)
                command = spec
                let configuration = spec.lenientConfiguration ? configuration() : try validConfiguration()
                if !spec.silentErrors {
                    for warning in configuration.warnings { errors.line("brewlog: warning: " + warning.terminalSafe) }
                }
                if spec.pagesOutput { page(configuration: configuration, noPager: parsed.has(GlobalOptions.noPager)) }
                defer {
                    if !spec.silentErrors {
                        for warning in session?.historyWarnings ?? [] { errors.line("brewlog: warning: history: " + warning.terminalSafe) }
                    }
                }
                try runner.run(context(for: spec, parsed, configuration: configuration))
            }
            try finishOutput()
            if let failure = session?.store?.journalReadFailure {
                // What was printed may lack brews the journal held: not a success.
                let error = CLIError.journalChanged(failure)
                return report(journalFile.map { error.suggesting(journalFile: $0) } ?? error, silently: command?.silentErrors == true)
            }
            if let failure = out.failure {
                // The change is in the journal: say so, or a script that retries would repeat it.
                let saved = session?.savedChanges == true ? "; the journal was updated all the same" : ""
                return report(CLIError.output("cannot write to standard output: \(failure)\(saved)"), silently: command?.silentErrors == true)
            }
            errors.flush()
            return 0
        } catch {
            // The command's own error is the one reported, a failing pager or not.
            try? finishOutput()
            if case let .usage(_, _, parsedCommand) = error { command = command ?? parsedCommand }
            return report(journalFile.map { error.suggesting(journalFile: $0) } ?? error, silently: command?.silentErrors == true)
        }
    }

    /// Writes `error`'s report to standard error, unless `silently`, and returns its exit status.
    /// When standard error cannot be written either, there is no one left to tell: the status says it.
    private func report(_ error: CLIError, silently: Bool = false) -> Int32 {
        if !silently, let report = error.report { errors.line(report) }
        errors.flush()
        return error.exitCode
    }

    private func context(for spec: CommandSpec, _ parsed: ParsedArguments, configuration: Configuration) throws(CLIError) -> CommandContext {
        // Read when a command first asks: one that never does, such as the merge driver, does not fail on them.
        let settings = RunSettings(environment: environment, makeTimeZone: localTimeZone)
        let style = try Style.decide(option: parsed.value(GlobalOptions.color) ?? configuration.color,
                                     isTerminal: standardOutputIsTerminal, environment: environment)
        let fileOption = parsed.value(GlobalOptions.file)
        let environment = self.environment
        return CommandContext(
            command: spec, arguments: parsed, environment: environment, settings: settings,
            out: out, notices: errors, style: style, terminalWidth: terminalWidth(),
            standardOutputIsTerminal: standardOutputIsTerminal, configuration: configuration,
            unreadableVariables: unreadableVariables,
            session: { [unowned self] () throws(CLIError) -> JournalSession in
                if let session = self.session { return session }
                // `journal.file` counts only when neither --file nor BREWLOG_FILE is given.
                let configured = fileOption == nil && (environment["BREWLOG_FILE"] ?? "").isEmpty
                    ? try configuration.journalFile(environment: environment, unreadable: unreadableVariables) : nil
                let path: String
                do throws(JournalLocation.Unresolved) {
                    path = try JournalLocation.resolve(fileOption: fileOption, environment: environment, configured: configured,
                                                       unreadable: unreadableVariables)
                } catch {
                    throw CLIError(error)
                }
                let now = try settings.now(), timeZone = try settings.timeZone()
                let recording = HistoryRecording(at: Timestamp(date: now, timeZone: timeZone), command: spec.qualifiedName,
                                                 arguments: arguments, bounds: HistoryBounds(keep: configuration.historyKeep))
                let created = JournalSession(journal: FileJournal(path: path, indexed: true), clock: .fixed(now), timeZone: timeZone,
                                             lockTimeout: try settings.lockTimeout(cappedAt: spec.lockTimeoutCap),
                                             rules: configuration.streakRules, recording: recording)
                self.session = created
                return created
            })
    }

    /// The terminal's width when standard output is one, else `$COLUMNS`, else unlimited (`nil`).
    private func terminalWidth() -> Int? {
        if standardOutputIsTerminal {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        }
        return environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }
}

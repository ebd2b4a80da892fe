import BrewLogCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything a command may use, composed once at the root from the process's environment.
struct CommandContext {
    let command: CommandSpec
    let arguments: ParsedArguments
    let environment: [String: String]
    /// `BREWLOG_NOW`, `TZ` and `BREWLOG_LOCK_TIMEOUT`, each read when first asked for: a command
    /// that never asks does not fail on a bad value.
    let settings: RunSettings
    let out: TextOutput
    /// Standard error, for notices that are not the command's result (they never reach a pipe).
    let notices: TextOutput
    let style: Style
    let terminalWidth: Int?
    /// Whether standard output is a terminal (never in a run inside the caller's process).
    let standardOutputIsTerminal: Bool
    /// The configuration file, read once for the run; typed accessors for every known key.
    let configuration: Configuration
    /// The path variables (`HOME`, `BREWLOG_FILE`...) whose values are not UTF-8: an error where
    /// a location is read from one of them.
    let unreadableVariables: Set<String>
    /// The session over the journal; built on first use, so commands that need no journal never resolve one.
    let session: () throws(CLIError) -> JournalSession

    var quiet: Bool { arguments.has(GlobalOptions.quiet) }

    /// The run's one "now" (`BREWLOG_NOW`, else the system clock).
    var now: Date {
        get throws(CLIError) { try settings.now() }
    }

    /// The local time zone (`TZ`).
    var timeZone: any UTCOffsetSource {
        get throws(CLIError) { try settings.timeZone() }
    }

    /// Seconds a writer waits for a lock (`BREWLOG_LOCK_TIMEOUT`, default 10; at most the command's cap).
    var lockTimeout: Double {
        get throws(CLIError) { try settings.lockTimeout(cappedAt: command.lockTimeoutCap) }
    }

    /// `brewlog`, with `--file PATH` when the journal was given that way: the start of a command
    /// printed for the user to paste, so that it runs on the same journal.
    var commandPrefix: String {
        arguments.value(GlobalOptions.file).map { "brewlog --file " + ShellWord.quoted($0) } ?? "brewlog"
    }

    /// The WHEN given to `option`, or a usage error saying what is wrong and naming the forms; a
    /// period is refused with a hint to give one day.
    func when(_ option: OptionSpec) throws(CLIError) -> When? {
        guard let text = arguments.value(option) else { return nil }
        let now = try now, timeZone = try timeZone
        do throws(WhenError) {
            return try When.parse(text, now: now, timeZone: timeZone)
        } catch {
            throw whenRefused(text, option, error, forms: When.forms)
        }
    }

    /// The WHEN given to `option`, a period welcome (weeks start on `ui.week-start`), or a usage
    /// error saying what is wrong and naming the forms.
    func whenSpan(_ option: OptionSpec) throws(CLIError) -> WhenSpan? {
        guard let text = arguments.value(option) else { return nil }
        let now = try now, timeZone = try timeZone
        do throws(WhenError) {
            return try WhenSpan.parse(text, now: now, timeZone: timeZone, weekStart: configuration.streakRules.weekStart)
        } catch {
            throw whenRefused(text, option, error, forms: WhenSpan.forms)
        }
    }

    private func whenRefused(_ text: String, _ option: OptionSpec, _ error: WhenError, forms: String) -> CLIError {
        .usage("invalid value '\(cappedForMessage(text))' for '--\(option.long)': \(error.reason)",
               hint: error.hint ?? "use " + forms, command: command)
    }

    /// The brew `reference` names in the loaded store.
    func brew(_ reference: String, in store: BrewLogStore) throws(CLIError) -> Brew {
        do throws(BrewLookupError) {
            return try store.brew(matching: reference)
        } catch {
            throw CLIError(error, command: command)
        }
    }

    /// The whole number (0 or more) given to `option`, or a usage error.
    func wholeNumber(_ option: OptionSpec) throws(CLIError) -> Int? {
        guard let text = arguments.value(option) else { return nil }
        guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let value = Int(text) else {
            throw usage("invalid value '\(cappedForMessage(text))' for '--\(option.long)'", hint: "give a whole number, 0 or more")
        }
        return value
    }

    /// A usage error of this command.
    func usage(_ message: String, hint: String? = nil) -> CLIError {
        .usage(message, hint: hint, command: command)
    }
}

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

/// `brewlog config edit`: the file in `$VISUAL`/`$EDITOR`, saved atomically, then checked.
///
/// The editor works on a private copy (``Editor``), so the file is never half-written and the lock
/// is not held while the editor is open. On save the lock is taken and the file re-read: when
/// another command changed it meanwhile, nothing is written and the edited text is kept in a file
/// named in the error (exit 1). What was saved is then read as every run reads it: a syntax
/// error or a bad value is reported with its `PATH:LINE` (exit 78), for another `config edit`.
enum ConfigEditing {
    static func edit(_ context: CommandContext) throws(CLIError) {
        let file: ConfigFile
        let original: [UInt8]?
        do throws(ConfigError) {
            file = ConfigFile(path: try ConfigLocation.required(context.environment, unreadable: context.unreadableVariables))
            original = try ConfigFile.read(file.path)
        } catch {
            throw CLIError(error)
        }
        if let original, original.withUnsafeBufferPointer(firstInvalidUTF8Offset) != nil {
            throw CLIError(ConfigError.unreadable(path: file.path, reason: "it is not valid UTF-8, so it cannot be edited as text"))
        }
        let before = String(decoding: original ?? [], as: UTF8.self)
        var shown = before
        while shown.hasSuffix("\n") { shown.removeLast() }
        guard let edited = try Editor(environment: context.environment).edit(shown) else {
            // Nothing changed: the file is as the run read it, and still as wrong as it was.
            if let problem = context.configuration.loadError ?? context.configuration.problems.first { throw CLIError(problem) }
            return
        }
        let after = Array((edited.isEmpty ? "" : edited + "\n").utf8)
        var changedMeanwhile = false
        let lockTimeout = try context.lockTimeout
        do throws(ConfigError) {
            try file.update(lockTimeout: lockTimeout) { current in
                guard current == original else {
                    changedMeanwhile = true
                    return nil
                }
                return after
            }
        } catch {
            if case .tooLarge = error {
                throw rescue(after, file: file, why: "what the editor saved is larger than the \(ConfigFile.sizeLimit >> 20) MiB BrewLog reads", context)
            }
            // The write failed (a full disk, a lock file that is not BrewLog's): the typed text
            // is kept all the same, and the failure reported as it is.
            if let kept = keep(after, file: file, context) {
                context.notices.line("brewlog: your edited text is saved in \(kept.terminalSafe)")
            }
            throw CLIError(error)
        }
        if changedMeanwhile { throw rescue(after, file: file, why: "the config file changed while the editor was open", context) }
        let document: ConfigDocument
        do throws(ConfigSyntaxError) {
            document = try ConfigParser.parse(after)
        } catch {
            throw CLIError(ConfigError.syntax(path: file.path, line: error.line, message: error.message))
        }
        let configuration = Configuration(path: file.path, document: document, loadError: nil, commandNames: Commands.names)
        // The warnings about the file as it was were printed when the run read it.
        for warning in configuration.warnings where !context.configuration.warnings.contains(warning) {
            context.notices.line("brewlog: warning: " + warning.terminalSafe)
        }
        if let problem = configuration.problems.first { throw CLIError(problem) }
    }

    /// Keeps the edited text in a new private file beside the config file and names it, with
    /// `why` it was not written.
    private static func rescue(_ text: [UInt8], file: ConfigFile, why: String, _ context: CommandContext) -> CLIError {
        if let path = keep(text, file: file, context) {
            return .editorFailed("\(why); nothing was written, and your text is saved in \(path)",
                                 hint: "compare it with the config file, then run 'brewlog config edit' again")
        }
        return .editorFailed("\(why); nothing was written, and your text could not be saved",
                             hint: "run 'brewlog config edit' again")
    }

    /// Writes the edited text to a new private file beside the config file; its path, or `nil`
    /// when even that fails.
    private static func keep(_ text: [UInt8], file: ConfigFile, _ context: CommandContext) -> String? {
        // Only a name: under a BREWLOG_NOW that does not read, the system clock names it.
        let now = (try? context.now) ?? Date()
        let path = file.path + ".edited-\(Int(now.timeIntervalSince1970))-\(getpid())"
        return PrivateFiles.writeNew(text, to: path) ? path : nil
    }
}

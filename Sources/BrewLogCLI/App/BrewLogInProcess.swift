#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs a command line inside the calling process, with both outputs captured, as
/// swift-argument-parser's tests run their commands: for tests, and for anything that embeds
/// BrewLog. Nothing process-wide is touched: no signal handler, no descriptor, no `tzset`; the
/// time zone is `TZ` read as a zone name (what needs the C library's reading of `TZ`, signals,
/// terminals or standard input is for the built binary).
public enum BrewLogInProcess {
    /// What one run printed, and its exit status.
    public struct Outcome: Sendable {
        /// The exit status.
        public let status: Int32
        /// Everything written to standard output.
        public let standardOutput: String
        /// Everything written to standard error.
        public let standardError: String
    }

    /// Runs `arguments` (without the program name) in `environment`, which must set `TZ` to a
    /// zone name.
    public static func run(_ arguments: [String], environment: [String: String]) -> Outcome {
        let out = TextOutput.capturing(), errors = TextOutput.capturing()
        let app = BrewLogApp(arguments: arguments, environment: environment, standardOutputIsTerminal: false, out: out, errors: errors)
        app.localTimeZone = { environment throws(CLIError) in
            guard let name = environment["TZ"], let zone = TimeZone(identifier: name) else {
                throw CLIError.configuration("in-process runs need TZ set to a zone name", hint: nil)
            }
            return zone
        }
        let status = app.run()
        return Outcome(status: status, standardOutput: out.captured, standardError: errors.captured)
    }
}

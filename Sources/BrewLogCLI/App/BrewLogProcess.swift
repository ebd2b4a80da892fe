#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The composition root of the `brewlog` executable: reads the process's inputs once (the raw
/// arguments and environment, whether standard output is a terminal), runs ``BrewLogApp`` on
/// them, and exits with the command's status. Everything process-wide happens here and only here.
public enum BrewLogProcess {
    /// Runs the command line this process was started with; never returns.
    public static func run() -> Never {
        signal(SIGPIPE, SIG_IGN)
        // Past a file-size limit (`ulimit -f`) a write then fails with EFBIG and is reported as an
        // I/O error, instead of the process being killed without a word.
        signal(SIGXFSZ, SIG_IGN)
        let arguments: [String]
        do throws(CLIError) {
            arguments = try ProcessInput.arguments()
        } catch {
            // A command that never writes to standard error (prompt) stays silent here too; its
            // name is read from the arguments as they are, repaired.
            let named = (1..<max(1, Int(CommandLine.argc))).compactMap { CommandLine.unsafeArgv[$0].map { String(cString: $0) } }
            if BrewLogApp.commandNamed(in: named)?.silentErrors != true {
                let errors = TextOutput(fd: STDERR_FILENO)
                if let report = error.report { errors.line(report) }
                errors.flush()
            }
            exit(error.exitCode)
        }
        let app = BrewLogApp(
            arguments: arguments,
            environment: ProcessInput.environment(),
            unreadableVariables: ProcessInput.unreadableVariables(),
            standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
            out: TextOutput(fd: STDOUT_FILENO),
            errors: TextOutput(fd: STDERR_FILENO))
        exit(app.run())
    }
}

import Foundation

// The composition root: read the process's inputs once, run, exit with the command's status.
signal(SIGPIPE, SIG_IGN)
let app = BrewLogApp(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1)
exit(app.run())

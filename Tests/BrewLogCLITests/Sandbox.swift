import Foundation
import Testing

/// What one run of the real binary did.
struct RunResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// The built `brewlog` executable, next to the test bundle (or `$BREWLOG_BINARY`).
let brewlogBinary: String = {
    if let override = ProcessInfo.processInfo.environment["BREWLOG_BINARY"] { return override }
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("brewlog").path,
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("brewlog").path,
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/brewlog").path,
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[candidates.count - 1]
}()

/// A temporary HOME with a fixed `BREWLOG_NOW` and `TZ`, in which brewlog runs: the real binary,
/// or the app in-process (``Runner``).
final class Sandbox {
    /// How a sandbox runs brewlog.
    enum Runner {
        /// The built binary, in its own process: for signals, locks, pipes, terminals, the
        /// editor, standard input, `TZ` rules the C library reads, and the process's own checks.
        case binary
        /// ``BrewLogApp`` in the test process (``runInProcess(_:environment:)``): for parsing,
        /// help, usage errors, exit codes and output, at a fraction of the cost.
        case inProcess
    }

    let home: String
    let runner: Runner
    /// The environment every run gets (nothing is inherited from the test process).
    var environment: [String: String]

    /// A sandbox whose default journal holds `journal`, when given.
    init(now: String = "2026-11-29T09:15:00+01:00", timeZone: String = "Europe/Berlin", journal: String? = nil, runner: Runner = .binary) {
        self.runner = runner
        home = NSTemporaryDirectory() + "brewlog-cli-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        environment = ["HOME": home, "TZ": timeZone, "BREWLOG_NOW": now, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        if let journal { writeJournal(journal) }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: home)
    }

    /// The default journal location for this HOME.
    var journalPath: String { home + "/.local/share/brewlog/journal.jsonl" }

    /// The journal's text, or `nil` when there is none.
    var journal: String? {
        FileManager.default.contents(atPath: journalPath).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The journal's lines, blank ones dropped.
    var journalLines: [String] { (journal ?? "").split(separator: "\n").map(String.init) }

    /// Writes `text` as the journal.
    func writeJournal(_ text: String) {
        try? FileManager.default.createDirectory(atPath: (journalPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: journalPath, contents: Data(text.utf8))
    }

    /// Runs brewlog with `arguments`, optional standard input, and environment changes (`nil` removes a variable).
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, env changes: [String: String?] = [:]) -> RunResult {
        var environment = self.environment
        for (key, value) in changes { environment[key] = value }
        switch runner {
        case .binary:
            return runProcess(brewlogBinary, arguments, stdin: stdin, environment: environment, directory: home)
        case .inProcess:
            if stdin != nil { Issue.record("standard input needs the binary: use Sandbox(runner: .binary)") }
            return runInProcess(arguments, environment: environment)
        }
    }

    /// Runs brewlog and records a test issue unless it exits 0; returns its standard output.
    @discardableResult
    func ok(_ arguments: [String], stdin: String? = nil, env changes: [String: String?] = [:],
            sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let result = run(arguments, stdin: stdin, env: changes)
        #expect(result.status == 0, "brewlog \(arguments) exited \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Adds a brew and returns its id.
    func add(_ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        ok(["add", "-q"] + arguments, sourceLocation: sourceLocation).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Runs an executable to completion, capturing its output through files (no pipe can fill up).
/// With `killAfterMicroseconds`, the process gets SIGKILL then unless it has finished.
func runProcess(_ executable: String, _ arguments: [String], stdin: String? = nil,
                environment: [String: String], directory: String, killAfterMicroseconds: UInt32? = nil) -> RunResult {
    let folder = NSTemporaryDirectory() + "brewlog-run-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outPath = folder + "/out", errPath = folder + "/err", inPath = folder + "/in"
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    _ = FileManager.default.createFile(atPath: inPath, contents: Data((stdin ?? "").utf8))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardOutput = FileHandle(forWritingAtPath: outPath)
    process.standardError = FileHandle(forWritingAtPath: errPath)
    process.standardInput = FileHandle(forReadingAtPath: inPath)
    do {
        try process.run()
    } catch {
        return RunResult(status: -1, stdout: "", stderr: "could not start \(executable): \(error)")
    }
    if let delay = killAfterMicroseconds {
        usleep(delay)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    process.waitUntilExit()
    let read = { (path: String) in FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? "" }
    let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    return RunResult(status: status, stdout: read(outPath), stderr: read(errPath))
}

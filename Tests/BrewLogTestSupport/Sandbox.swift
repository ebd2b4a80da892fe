import BrewLogCLI
import Foundation
import Testing

/// What one run of the real binary did.
public struct RunResult: Sendable {
    /// The exit status (128 + the signal's number for a process a signal ended).
    public let status: Int32
    /// Everything written to standard output.
    public let stdout: String
    /// Everything written to standard error.
    public let stderr: String

    /// A result as a run gave it.
    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// The repository's root folder (this file is `Tests/BrewLogTestSupport/Sandbox.swift`), for the
/// tests that read the docs or the sources; test files live in subfolders of their own, so they
/// find it here rather than from their own paths.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The built `brewlog` executable, next to the test bundle (or `$BREWLOG_BINARY`).
public let brewlogBinary: String = {
    if let override = ProcessInfo.processInfo.environment["BREWLOG_BINARY"] { return override }
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("brewlog").path,
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("brewlog").path,
        repositoryRoot.appendingPathComponent(".build/debug/brewlog").path,
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[candidates.count - 1]
}()

/// A temporary HOME with a fixed `BREWLOG_NOW` and `TZ`, in which brewlog runs: the real binary,
/// or the app in-process (``Runner``).
public final class Sandbox {
    /// How a sandbox runs brewlog.
    public enum Runner: Sendable {
        /// The built binary, in its own process: for signals, locks, pipes, terminals, the
        /// editor, standard input, `TZ` rules the C library reads, and the process's own checks.
        case binary
        /// The app in the test process (`BrewLogInProcess`): for parsing,
        /// help, usage errors, exit codes and output, at a fraction of the cost.
        case inProcess
    }

    public let home: String
    public let runner: Runner
    /// The environment every run gets (nothing is inherited from the test process).
    public var environment: [String: String]

    /// A sandbox whose default journal holds `journal`, when given.
    public init(now: String = "2026-11-29T09:15:00+01:00", timeZone: String = "Europe/Berlin", journal: String? = nil, runner: Runner = .binary) {
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
    public var journalPath: String { home + "/.local/share/brewlog/journal.jsonl" }

    /// The journal's text, or `nil` when there is none.
    public var journal: String? {
        FileManager.default.contents(atPath: journalPath).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The journal's lines, blank ones dropped.
    public var journalLines: [String] { (journal ?? "").split(separator: "\n").map(String.init) }

    /// The journal's text without the tombstones `rm` and `unskip` leave (lines of kind
    /// `removed`), or `nil` when there is none: what it holds that readers read.
    public var journalWithoutTombstones: String? {
        journal.map { text in
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.contains(#""kind":"removed""#) }.joined(separator: "\n")
        }
    }

    /// The journal's lines, blank ones and tombstones dropped.
    public var liveJournalLines: [String] { journalLines.filter { !$0.contains(#""kind":"removed""#) } }

    /// Writes `text` as the journal.
    public func writeJournal(_ text: String) {
        try? FileManager.default.createDirectory(atPath: (journalPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: journalPath, contents: Data(text.utf8))
    }

    /// Runs brewlog with `arguments`, optional standard input, and environment changes (`nil` removes a variable).
    @discardableResult
    public func run(_ arguments: [String], stdin: String? = nil, env changes: [String: String?] = [:]) -> RunResult {
        var environment = self.environment
        for (key, value) in changes { environment[key] = value }
        switch runner {
        case .binary:
            return runProcess(brewlogBinary, arguments, stdin: stdin, environment: environment, directory: home)
        case .inProcess:
            if stdin != nil { Issue.record("standard input needs the binary: use Sandbox(runner: .binary)") }
            let outcome = BrewLogInProcess.run(arguments, environment: environment)
            return RunResult(status: outcome.status, stdout: outcome.standardOutput, stderr: outcome.standardError)
        }
    }

    /// Runs brewlog and records a test issue unless it exits 0; returns its standard output.
    @discardableResult
    public func ok(_ arguments: [String], stdin: String? = nil, env changes: [String: String?] = [:],
            sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let result = run(arguments, stdin: stdin, env: changes)
        #expect(result.status == 0, "brewlog \(arguments) exited \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Adds a brew and returns its id.
    public func add(_ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        ok(["add", "-q"] + arguments, sourceLocation: sourceLocation).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Runs an executable to completion, capturing its output through files (no pipe can fill up).
/// With `killAfterMicroseconds`, the process gets SIGKILL then unless it has finished.
public func runProcess(_ executable: String, _ arguments: [String], stdin: String? = nil,
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

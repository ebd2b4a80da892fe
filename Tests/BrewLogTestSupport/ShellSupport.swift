import Foundation
import Testing

extension Sandbox {
    /// Runs `script` with `/bin/bash -c` in the sandbox's environment, with `$B` the brewlog
    /// binary: for what `Process` cannot set up (raw bytes in arguments, closed or odd standard
    /// streams, resource limits). `arguments` are the script's `"$@"`.
    public func shell(_ script: String, arguments: [String] = [], env changes: [String: String?] = [:]) -> RunResult {
        var environment = self.environment
        for (key, value) in changes { environment[key] = value }
        environment["B"] = brewlogBinary
        return runProcess("/bin/bash", ["-c", script, "bash"] + arguments, environment: environment, directory: home)
    }
}

/// A journal line with the given id and extra fields (JSON text after the date).
public func journalLine(id: String, _ fields: String = #""notes":"""#) -> String {
    #"{"id":"\#(id)","date":"2026-11-28T08:00:00+01:00",\#(fields)}"# + "\n"
}

// MARK: Scripts the tests run

// Never execute a file the test process itself wrote.
//
// Linux refuses to execute a file that any process holds open for writing ("Text file busy",
// ETXTBSY). The tests run side by side on threads of one process, and a child that another test
// forks or spawns inherits every descriptor the test process has open at that moment, and may
// keep it as long as it lives (an editor that sleeps, a brewlog waiting for a lock). So a file
// written by the test process can stay busy long after its write was closed, and executing it
// fails now and then. Two ways avoid that:
//
// - A command brewlog runs through `/bin/sh` (`$VISUAL`, `$EDITOR`) is `/bin/sh SCRIPT`, made by
//   `shellCommand(running:at:)`: the file is only read, and reading is never refused.
// - A program that must be found by name on `PATH` (a stand-in `brewlog` or `notify-send`) is
//   written by a short-lived `/bin/sh` child, `installStandIn(_:at:)`. Only that child ever
//   opens the file for writing; it starts nothing while the file is open (`printf` is built in,
//   the redirection ends with it, and only then does `chmod` run), and it has exited, which
//   closes its descriptors, before the function returns. The test process never holds the file
//   open for writing, so no child of ours can inherit such a descriptor. A hard link would not
//   help (it is the same file), nor would a symbolic link to a file the test process wrote.

/// Writes `body` (POSIX sh) to `path`, not executable, and returns the command that runs it:
/// `/bin/sh PATH`, for `$VISUAL` or `$EDITOR`, which brewlog runs as `COMMAND FILE` through
/// `/bin/sh`, so the script's `$1` is the file to edit.
public func shellCommand(running body: String, at path: String) -> String {
    _ = FileManager.default.createFile(atPath: path, contents: Data(body.utf8))
    return "/bin/sh " + shellQuoted(path)
}

/// Installs `body` (POSIX sh) as an executable at `path`, to be found by name on `PATH`. A
/// `/bin/sh` child writes it, so that running it can never fail with "Text file busy" (see
/// above); records an issue if the child fails.
public func installStandIn(_ body: String, at path: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let result = runProcess("/bin/sh", ["-c", #"printf '#!/bin/sh\n%s\n' "$1" > "$2" && chmod 755 "$2""#, "sh", body, path],
                            environment: ["PATH": "/usr/bin:/bin"], directory: "/")
    #expect(result.status == 0, "cannot install the stand-in \(path): \(result.stderr)", sourceLocation: sourceLocation)
}

/// `text` as one word for `/bin/sh`: as it is when it holds only characters the shell takes
/// literally, else in single quotes.
public func shellQuoted(_ text: String) -> String {
    let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+,:@%".unicodeScalars.contains($0)) }
    return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

extension Sandbox {
    /// The default config file for this HOME.
    public var configPath: String { home + "/.config/brewlog/config" }

    /// The config file's text, or `nil` when there is none.
    public var config: String? {
        FileManager.default.contents(atPath: configPath).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes `text` as the config file.
    public func writeConfig(_ text: String) {
        try? FileManager.default.createDirectory(atPath: (configPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: configPath, contents: Data(text.utf8))
    }
}

/// A journal of four brews over three days, with a line BrewLog did not write (unsorted, unknown key).
public let sampleJournal = [
    #"{"id":"aaaa00000001","date":"2026-11-27T08:00:00+01:00","rating":3,"notes":"first\nsecond line","method":"V60","coffee":"Kenya AA","dose_g":15,"water_g":250,"tags":["morning"]}"#,
    #"{"id":"cccc00000003","date":"2026-11-29T07:00:00+01:00","rating":5,"notes":"today","method":"Espresso","coffee":"Brazil","dose_g":18,"water_g":36}"#,
    #"{"id":"bbbb00000002","date":"2026-11-28T08:00:00+01:00","notes":"","method":"AeroPress","x-scale":{"g":15.0}}"#,
    #"{"id":"bbbb00000004","date":"2026-11-28T18:00:00+01:00","rating":4,"notes":"evening","method":"v60","tags":["evening","decaf"]}"#,
].joined(separator: "\n") + "\n"

/// Control characters a terminal acts on (all but the line feed), as found in `text`: none may
/// reach a terminal from data.
public func rawControlCharacters(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
}

/// Bidirectional embeddings, overrides and isolates found in `text`, which reorder what a terminal shows.
public func rawBidiControls(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
}


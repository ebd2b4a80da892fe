import Foundation
import Testing
import BrewLogTestSupport

@Suite("edit --editor: a private notes file, removed whatever happens")
struct EditorTests {
    /// A sandbox with one brew and an editor script `body` (POSIX sh, `$1` the notes file, `$MARK`
    /// a file to report to) as `$VISUAL`, whose temporary files go under the sandbox.
    private func setUp(editor body: String) -> (sandbox: Sandbox, mark: String) {
        let sandbox = Sandbox(journal: journalLine(id: "aaaa00000001", #""notes":"old notes""#))
        let editor = shellCommand(running: body, at: sandbox.home + "/editor.sh")
        let temporary = sandbox.home + "/tmp"
        try? FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let mark = sandbox.home + "/mark"
        sandbox.environment.merge(["VISUAL": editor, "TMPDIR": temporary, "MARK": mark]) { $1 }
        return (sandbox, mark)
    }

    private func leftovers(_ sandbox: Sandbox) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: sandbox.home + "/tmp")) ?? []
    }

    @Test("the editor sees a 0600 file in a fresh 0700 folder; both are gone afterwards")
    func privateFile() throws {
        let (sandbox, mark) = setUp(editor: #"""
            stat -c %a "$1" > "$MARK"; stat -c %a "$(dirname "$1")" >> "$MARK"; echo "$1" >> "$MARK"
            echo "new notes" > "$1"
            """#)
        let result = sandbox.run(["edit", "last", "--editor"], env: ["TMPDIR": nil])
        #expect(result.status == 0, "\(result.stderr)")
        let seen = try String(contentsOfFile: mark, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(seen.count == 3)
        #expect(seen[0] == "600")
        #expect(seen[1] == "700")
        #expect(!FileManager.default.fileExists(atPath: seen[2]))
        #expect(!FileManager.default.fileExists(atPath: (seen[2] as NSString).deletingLastPathComponent))
        #expect(sandbox.ok(["show", "last", "--json"]).contains(#""notes":"new notes""#))
    }

    @Test("an editor killed by a signal is reported as such, and the file is removed")
    func killedEditor() {
        let (sandbox, _) = setUp(editor: "kill -9 $$")
        let result = sandbox.run(["edit", "last", "--editor"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("brewlog: error: the editor '\(sandbox.environment["VISUAL"] ?? "")' was killed by signal 9 (SIGKILL); nothing written\n"),
                "\(result.stderr)")
        #expect(leftovers(sandbox).isEmpty)
        #expect(sandbox.journal?.contains("old notes") == true)
    }

    @Test("SIGTERM, SIGHUP or a sent SIGINT while the editor runs: file and folder removed, editor ended, brewlog dies of the signal",
          arguments: [SIGTERM, SIGHUP, SIGINT])
    func signalled(signal: Int32) throws {
        let (sandbox, mark) = setUp(editor: #"echo "$$" > "$MARK.tmp"; mv "$MARK.tmp" "$MARK"; exec sleep 60"#)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: brewlogBinary)
        process.arguments = ["edit", "last", "--editor"]
        process.environment = sandbox.environment
        process.currentDirectoryURL = URL(fileURLWithPath: sandbox.home)
        try process.run()
        // Wait (up to a minute) for the editor to start; it reports its process id.
        var editor: pid_t = 0
        for _ in 0..<6000 where editor == 0 {
            editor = (try? String(contentsOfFile: mark, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
            if editor == 0 { usleep(10_000) }
        }
        defer { if editor > 0 { kill(editor, SIGKILL) } }
        try #require(editor > 0, "the editor never started")
        #expect(leftovers(sandbox).count == 1)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(leftovers(sandbox).isEmpty)
        #expect(sandbox.journal?.contains("old notes") == true)
        // The editor got the signal too: it is gone (or a zombie waiting for a reaper).
        var ended = false
        for _ in 0..<6000 where !ended {
            let state = (try? String(contentsOfFile: "/proc/\(editor)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first
            ended = state == nil || state == "Z"
            if !ended { usleep(10_000) }
        }
        #expect(ended)
    }

    @Test("an editor that empties the file clears the notes", arguments: [": > \"$1\"", "printf '  \\n\\n' > \"$1\""])
    func emptiedNotes(editor: String) {
        let (sandbox, _) = setUp(editor: editor)
        let result = sandbox.run(["edit", "last", "--editor"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("unchanged"), "\(result.stdout)")
        #expect(sandbox.ok(["show", "last", "--json"]).contains(#""notes":"""#))
    }

    @Test("an editor that deletes the file is told, with a hint that fits, that it must save the file it is given")
    func deletedFile() {
        let (sandbox, _) = setUp(editor: #"rm -f "$1""#)
        let result = sandbox.run(["edit", "last", "--editor"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("left no file behind; nothing written\nhint: set $VISUAL or $EDITOR to an editor that saves the file it is given"), "\(result.stderr)")
        #expect(sandbox.ok(["show", "last", "--json"]).contains(#""notes":"old notes""#))
    }
}

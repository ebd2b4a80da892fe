import Foundation
import Testing
import BrewLogTestSupport

/// The environment is read entry by entry from `environ`, as the C library reads it.
@Suite("the environment as the C library reads it")
struct ProcessEnvironmentTests {
    /// Runs the binary with `entries` as its environment exactly (a name may appear twice, which
    /// no dictionary can say), in `sandbox`'s home; returns its status and standard output.
    func run(_ sandbox: Sandbox, _ arguments: [String], entries: [String]) -> (status: Int32, stdout: String) {
        let outPath = sandbox.home + "/spawn.out"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([brewlogBinary] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = entries.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        guard posix_spawn(&child, brewlogBinary, &actions, nil, argv, envp) == 0 else { return (-1, "") }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let output = FileManager.default.contents(atPath: outPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return ((status >> 8) & 0xFF, output)
    }

    @Test("a name given twice means its first value, the one getenv and so the C library see", arguments: [
        ("Asia/Tokyo", "Mars/Olympus", "2026-11-29T17:15:00+09:00"),
        ("UTC+5", "Asia/Tokyo", "2026-11-29T03:15:00-05:00"),
    ])
    func firstOfTwo(first: String, second: String, expected: String) {
        let sandbox = Sandbox()
        let base = ["HOME=" + sandbox.home, "BREWLOG_NOW=2026-11-29T08:15:00Z", "PATH=/usr/bin:/bin"]
        let result = run(sandbox, ["add", "--json"], entries: base + ["TZ=" + first, "TZ=" + second])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""date":"\#(expected)""#), "\(result.stdout)")
    }

    @Test("a value starting with a combining mark is still split at its '=' byte")
    func combiningMarkAfterEquals() {
        let sandbox = Sandbox()
        let name = "\u{301}journal.jsonl"
        sandbox.ok(["add", "-q"], env: ["BREWLOG_FILE": name])
        #expect(FileManager.default.fileExists(atPath: sandbox.home + "/" + name))
        #expect(sandbox.journal == nil)
    }
}

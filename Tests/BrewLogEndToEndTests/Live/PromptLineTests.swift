import Foundation
import Testing
import BrewLogTestSupport

/// The prompt and status-bar lines of the live-views guide, each run as printed: bash and zsh
/// expand their prompt, tmux draws its status line on a terminal, and the starship and waybar
/// modules' commands run through `sh -c` as those programs run them.
@Suite("the documented prompt lines work as printed")
struct PromptLineTests {
    /// The guide's block after `<!-- prompt line: NAME -->`, comment lines dropped.
    static func block(_ name: String) -> [String] {
        let guide = repositoryRoot
            .appendingPathComponent("docs/report-and-live-views.md")
        let text = (try? String(contentsOf: guide, encoding: .utf8)) ?? ""
        guard let marker = text.range(of: "<!-- prompt line: \(name) -->\n"),
              let open = text.range(of: "```", range: marker.upperBound..<text.endIndex),
              let body = text.range(of: "\n", range: open.upperBound..<text.endIndex),
              let close = text.range(of: "```", range: body.upperBound..<text.endIndex) else { return [] }
        return text[body.upperBound..<close.lowerBound].split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }

    /// A journal with a brew today and a 250 g bag, and brewlog on the `PATH` of the environment
    /// returned (as the guide assumes).
    private func sandbox() throws -> (Sandbox, [String: String]) {
        let sandbox = Sandbox(journal: #"{"id":"aaaa00000001","date":"2026-11-29T08:00:00+01:00","notes":"","coffee":"Kenya AA","dose_g":15}"# + "\n"
                                + #"{"id":"bag000000001","kind":"bean","name":"Kenya AA","weight_g":250,"opened":"2026-11-20"}"# + "\n")
        let bin = sandbox.home + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/brewlog", withDestinationPath: brewlogBinary)
        var environment = sandbox.environment
        environment["PATH"] = bin + ":/usr/bin:/bin"
        return (sandbox, environment)
    }

    @Test("the guide has each line")
    func found() {
        for name in ["bash", "zsh", "tmux", "starship", "waybar"] {
            #expect(!Self.block(name).isEmpty, "no \(name) block")
        }
    }

    @Test("bash's PS1 shows the streak before the folder")
    func bash() throws {
        let (sandbox, environment) = try sandbox()
        let script = Self.block("bash").joined(separator: "\n") + "\nprintf '%s' \"${PS1@P}\""
        let result = runProcess("/bin/bash", ["--norc", "--noprofile", "-c", script], environment: environment, directory: sandbox.home)
        // The folder is the sandbox's HOME, shown as ~; `#` or `$` as the user is root or not.
        #expect(result.stdout == "☕1✓ ~ \(getuid() == 0 ? "#" : "$") ", "\(result)")
    }

    @Test("zsh's PROMPT shows the streak before the folder", .enabled(if: ExternalTool.zsh.isInstalled, "needs zsh"))
    func zsh() throws {
        let (sandbox, environment) = try sandbox()
        // What the prompt shows: its $(...) substituted, as PROMPT_SUBST does, then its % escapes.
        let script = Self.block("zsh").joined(separator: "\n") + "\nprint -rn -- \"${(%)${(e)PROMPT}}\""
        let result = runProcess(ExternalTool.zsh.executable, ["-f", "-c", script], environment: environment, directory: sandbox.home)
        #expect(result.stdout == "☕1✓ ~ \(getuid() == 0 ? "#" : "%") ", "\(result)")
    }

    @Test("tmux's status line shows the format's placeholders, not strftime's", .enabled(if: ExternalTool.tmux.isInstalled && ExternalTool.script.isInstalled,
                                                                                        "needs tmux and script(1) for a terminal"))
    func tmux() throws {
        let (sandbox, environment) = try sandbox()
        let config = sandbox.home + "/tmux.conf", screen = sandbox.home + "/screen"
        _ = FileManager.default.createFile(atPath: config, contents: Data(Self.block("tmux").joined(separator: "\n").utf8))
        var terminal = environment
        terminal["TERM"] = "xterm"
        // A session of its own server, drawn for three seconds on script's terminal: the status
        // line's job runs, and its output is drawn into the typescript.
        let socket = "brewlog-test-" + UUID().uuidString.prefix(8)
        let command = "tmux -L \(socket) -f \(config) new-session -x 100 -y 10 'sleep 3'"
        _ = runProcess(ExternalTool.script.executable, ["-qfec", command, screen], environment: terminal, directory: sandbox.home)
        let drawn = String(decoding: FileManager.default.contents(atPath: screen) ?? Data(), as: UTF8.self)
        #expect(drawn.contains("☕1✓  235g left"), "\(drawn.suffix(400))")
    }

    @Test("starship's custom module runs its command with sh, and shows the streak")
    func starship() throws {
        let (sandbox, environment) = try sandbox()
        let line = try #require(Self.block("starship").first { $0.hasPrefix("command = ") })
        let command = try #require(try JSONSerialization.jsonObject(with: Data(line.dropFirst("command = ".count).utf8), options: .fragmentsAllowed) as? String)
        let result = runProcess("/bin/sh", ["-c", command], environment: environment, directory: sandbox.home)
        #expect(result.status == 0 && result.stdout == "☕1✓\n", "\(result)")
    }

    @Test("waybar's module runs its exec with sh, and shows the streak and the grams left")
    func waybar() throws {
        let (sandbox, environment) = try sandbox()
        let member = "{" + Self.block("waybar").joined(separator: "\n") + "}"
        let module = try #require(try JSONSerialization.jsonObject(with: Data(member.utf8)) as? [String: [String: Any]])
        let command = try #require(module["custom/brewlog"]?["exec"] as? String)
        let result = runProcess("/bin/sh", ["-c", command], environment: environment, directory: sandbox.home)
        #expect(result.status == 0 && result.stdout == "☕ 1✓  235g\n", "\(result)")
    }
}

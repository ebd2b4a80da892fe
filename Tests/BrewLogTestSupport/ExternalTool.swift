import Foundation

/// A program from outside the package that some end-to-end tests run, and where they find it.
///
/// A test that needs one is disabled with its reason when it is missing, so the report says what
/// was not checked (`@Test(.enabled(if: ExternalTool.zsh.isInstalled, "needs zsh to ..."))`);
/// inside, it runs ``executable`` and fails when the program does not do its part.
/// `.ci/run` installs every one of them and fails when a test was skipped.
///
/// `BREWLOG_TEST_MISSING_TOOLS` (names separated by commas, such as `zsh,fish`) makes the named
/// tools look missing, to see those tests reported as skipped on a machine that has them.
public enum ExternalTool: String, CaseIterable, Sendable {
    case zsh, fish, make, groff, man, git, python3, tmux, script, chromium

    /// The places looked in, in order.
    public var candidates: [String] {
        switch self {
        case .chromium: ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        case .git: ["/usr/bin/git", "/bin/git", "/usr/local/bin/git"]
        default: ["/usr/bin/" + rawValue]
        }
    }

    /// Where it is installed, or `nil` when it is not (or `BREWLOG_TEST_MISSING_TOOLS` names it).
    public var path: String? {
        guard !Self.hidden.contains(rawValue) else { return nil }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether the tests can run it.
    public var isInstalled: Bool { path != nil }

    /// The path to run. A test that runs it is enabled only if it ``isInstalled``; were it run
    /// anyway on a machine without it, the first candidate would fail to start and the test fail.
    public var executable: String { path ?? candidates[0] }

    private static let hidden: Set<String> = Set(
        (ProcessInfo.processInfo.environment["BREWLOG_TEST_MISSING_TOOLS"] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        })
}

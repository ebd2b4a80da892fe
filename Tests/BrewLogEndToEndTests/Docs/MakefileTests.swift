import Foundation
import Testing
import BrewLogTestSupport

@Suite("make install puts the binary, the manual page and the completions in place",
       .enabled(if: ExternalTool.make.isInstalled, "needs make to run the Makefile"))
struct MakefileTests {
    /// The repository's root, where the Makefile is.
    static let root = repositoryRoot.path

    private func make(_ arguments: [String], _ sandbox: Sandbox) -> RunResult {
        runProcess(ExternalTool.make.executable, ["-s", "-C", Self.root] + arguments,
                   environment: ["PATH": "/usr/bin:/bin", "HOME": sandbox.home, "LANG": "C.UTF-8"], directory: sandbox.home)
    }

    @Test("install into DESTDIR with an already-built binary, then uninstall")
    func installAndUninstall() throws {
        let sandbox = Sandbox()
        let stage = sandbox.home + "/stage dir"
        let install = make(["install", "BREWLOG=" + brewlogBinary, "DESTDIR=" + stage, "PREFIX=/opt/brew"], sandbox)
        #expect(install.status == 0, "\(install.stdout)\(install.stderr)")
        let prefix = stage + "/opt/brew"
        let expected: [(path: String, contents: String?)] = [
            ("/bin/brewlog", nil),
            ("/share/man/man1/brewlog.1", sandbox.ok(["help", "--man"])),
            ("/share/bash-completion/completions/brewlog", sandbox.ok(["completion", "bash"])),
            ("/share/zsh/site-functions/_brewlog", sandbox.ok(["completion", "zsh"])),
            ("/share/fish/vendor_completions.d/brewlog.fish", sandbox.ok(["completion", "fish"])),
        ]
        for (path, contents) in expected {
            let data = try #require(FileManager.default.contents(atPath: prefix + path), "\(path) was not installed")
            if let contents {
                #expect(String(decoding: data, as: UTF8.self) == contents, "\(path) differs from what the binary prints")
            } else {
                #expect(data == FileManager.default.contents(atPath: brewlogBinary), "the binary is not the one given")
                #expect(FileManager.default.isExecutableFile(atPath: prefix + path))
            }
        }
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: prefix).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "\(leftovers)")

        let uninstall = make(["uninstall", "DESTDIR=" + stage, "PREFIX=/opt/brew"], sandbox)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        for (path, _) in expected {
            #expect(!FileManager.default.fileExists(atPath: prefix + path), "\(path) is still there")
        }
    }

    @Test("PREFIX=~/.local given literally means the home folder")
    func tildePrefix() throws {
        let sandbox = Sandbox()
        let install = make(["install", "BREWLOG=" + brewlogBinary, "PREFIX=~/.local"], sandbox)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: sandbox.home + "/.local/bin/brewlog"))
        #expect(FileManager.default.fileExists(atPath: sandbox.home + "/.local/share/man/man1/brewlog.1"))
        #expect(!FileManager.default.fileExists(atPath: Self.root + "/~"))
    }
}

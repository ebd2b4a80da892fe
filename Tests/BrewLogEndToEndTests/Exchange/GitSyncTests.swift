import Foundation
import Testing
import BrewLogTestSupport

/// Two clones of one journal in real git repositories, merged by `brewlog merge-driver`.
@Suite("sync with git: the merge driver in real repositories", .enabled(if: ExternalTool.git.isInstalled, "needs git to make the repositories"))
struct GitSyncTests {
    private static let git = ExternalTool.git.executable

    /// A bare origin and clones of it, in one sandbox whose HOME holds git's only configuration.
    private final class Repositories {
        let sandbox = Sandbox()
        var environment: [String: String] {
            var environment = sandbox.environment
            environment["GIT_CONFIG_NOSYSTEM"] = "1"
            return environment
        }

        init() {
            let config = """
                [user]
                \tname = Anna
                \temail = anna@example.com
                [init]
                \tdefaultBranch = main
                [pull]
                \trebase = false
                [advice]
                \tdetachedHead = false

                """
            _ = FileManager.default.createFile(atPath: sandbox.home + "/.gitconfig", contents: Data(config.utf8))
            git(["init", "-q", "--bare", "origin.git"])
        }

        /// Runs git in `folder` (a clone's name, or the sandbox itself), with `changes` to the
        /// environment (git passes them on to the merge driver); records an issue unless its
        /// status is `expecting`.
        @discardableResult
        func git(_ arguments: [String], in folder: String? = nil, env changes: [String: String] = [:], expecting status: Int32? = 0,
                 sourceLocation: SourceLocation = #_sourceLocation) -> RunResult {
            let directory = folder.map { sandbox.home + "/" + $0 } ?? sandbox.home
            let result = runProcess(GitSyncTests.git, arguments, environment: environment.merging(changes) { $1 }, directory: directory)
            if let status {
                #expect(result.status == status, "git \(arguments) exited \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
            }
            return result
        }

        /// Clones the origin as `name`, with the driver configured when `driver`.
        func clone(_ name: String, driver: Bool = true) {
            git(["clone", "-q", "origin.git", name])
            if driver {
                git(["config", "merge.brewlog.driver", "\(shellQuoted(brewlogBinary)) merge-driver %O %A %B"], in: name)
            }
        }

        func journal(_ clone: String) -> String { sandbox.home + "/" + clone + "/journal.jsonl" }

        /// Runs brewlog on `clone`'s journal.
        @discardableResult
        func brewlog(_ clone: String, _ arguments: [String]) -> RunResult {
            sandbox.run(["--file", journal(clone)] + arguments)
        }

        /// Runs brewlog on `clone`'s journal, expecting success; its standard output, trimmed.
        @discardableResult
        func ok(_ clone: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
            sandbox.ok(["--file", journal(clone)] + arguments, sourceLocation: sourceLocation).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func commit(_ clone: String, _ message: String) {
            git(["add", "-A"], in: clone)
            git(["commit", "-q", "-m", message], in: clone)
        }

        /// Runs brewlog with `arguments` on `clone` and commits that as `message`, then pushes
        /// it when `push`.
        func change(_ clone: String, _ arguments: [String], _ message: String, push: Bool = false,
                    sourceLocation: SourceLocation = #_sourceLocation) {
            ok(clone, arguments, sourceLocation: sourceLocation)
            commit(clone, message)
            if push { git(["push", "-q"], in: clone, sourceLocation: sourceLocation) }
        }

        /// A first clone `a` with `.gitattributes` and a journal of `brews` brews pushed, and a
        /// second clone `b`; returns the brews' ids.
        func start(brews: Int, driver: Bool = true) -> [String] {
            clone("a", driver: driver)
            _ = FileManager.default.createFile(atPath: sandbox.home + "/a/.gitattributes", contents: Data("journal.jsonl merge=brewlog\n".utf8))
            // BrewLog's own files stay out of the repository, as the sync guide says.
            _ = FileManager.default.createFile(atPath: sandbox.home + "/a/.gitignore",
                                               contents: Data("journal.jsonl.lock\njournal.jsonl.rejected\njournal.jsonl.history\njournal.jsonl.index\n".utf8))
            let ids = (0..<brews).map { index in ok("a", ["add", "-q", "-m", "V60", "--date", "2026-11-2\(index + 1) 08:00"]) }
            commit("a", "first brews")
            git(["push", "-q", "origin", "main"], in: "a")
            clone("b", driver: driver)
            return ids
        }

        var text: (String) -> String {
            { clone in (try? String(contentsOfFile: self.journal(clone), encoding: .utf8)) ?? "" }
        }
    }

    @Test("two clones brewing apart pull cleanly: divergent adds, different fields of one brew, a removal")
    func cleanPull() {
        let repositories = Repositories()
        let ids = repositories.start(brews: 3)
        let inA = repositories.ok("a", ["add", "-q", "-m", "Aeropress", "--date", "2026-11-27 08:00"])
        repositories.ok("a", ["edit", ids[0], "-r", "5"])
        repositories.commit("a", "brewed on the laptop")
        repositories.git(["push", "-q"], in: "a")

        let inB = repositories.ok("b", ["add", "-q", "-m", "Espresso", "--date", "2026-11-28 08:00"])
        repositories.ok("b", ["edit", ids[0], "-n", "sweet"])
        repositories.ok("b", ["rm", ids[1]])
        repositories.commit("b", "brewed on the desktop")
        repositories.git(["pull", "-q", "--no-edit"], in: "b")

        #expect(repositories.ok("b", ["check", "-q"]) == "")
        #expect(repositories.ok("b", ["list", "-q"]).split(separator: "\n") == [ids[0], ids[2], inA, inB].map { Substring($0) })
        let first = repositories.ok("b", ["show", ids[0], "--json"])
        #expect(first.contains(#""rating":5"#) && first.contains(#""notes":"sweet""#))
        #expect(!repositories.git(["status", "--porcelain"], in: "b").stdout.contains("journal.jsonl"))

        repositories.git(["push", "-q"], in: "b")
        repositories.git(["pull", "-q", "--no-edit"], in: "a")
        #expect(repositories.text("a") == repositories.text("b"))
    }

    @Test("a pull merges both sides whatever TZ, BREWLOG_NOW or the lock timeout say: the driver uses none of them", arguments: [
        ["TZ": "Mars/Olympus"], ["BREWLOG_NOW": "soon"], ["BREWLOG_LOCK_TIMEOUT": "forever"],
        ["TZ": "Mars/Olympus", "BREWLOG_NOW": "9999-99-99", "BREWLOG_LOCK_TIMEOUT": "-1", "HOME": "relative", "XDG_DATA_HOME": "relative"],
    ])
    func pullUnderBadSettings(settings: [String: String]) {
        let repositories = Repositories()
        let ids = repositories.start(brews: 1)
        let inA = repositories.ok("a", ["add", "-q", "-m", "Aeropress", "--date", "2026-11-27 08:00"])
        repositories.commit("a", "laptop")
        repositories.git(["push", "-q"], in: "a")
        let inB = repositories.ok("b", ["add", "-q", "-m", "Espresso", "--date", "2026-11-28 08:00"])
        repositories.commit("b", "desktop")
        // Git itself needs HOME for its configuration: it is given as a config variable instead.
        var environment = settings
        if settings["HOME"] != nil { environment["GIT_CONFIG_GLOBAL"] = repositories.sandbox.home + "/.gitconfig" }
        repositories.git(["pull", "-q", "--no-edit"], in: "b", env: environment)

        #expect(repositories.ok("b", ["list", "-q"]).split(separator: "\n") == [ids[0], inA, inB].map { Substring($0) })
        #expect(repositories.ok("b", ["check", "-q"]) == "")
        #expect(!repositories.git(["status", "--porcelain"], in: "b").stdout.contains("journal.jsonl"))
    }

    @Test("a driver that cannot merge leaves our journal byte for byte as it was, and git stops with the journal conflicted")
    func driverFailure() {
        let repositories = Repositories()
        _ = repositories.start(brews: 1)
        // Their side committed an earlier conflict unresolved: the driver refuses to merge it.
        let block = "<<<<<<< ours\n" + journalLine(id: "x1", #""notes":"a""#) + "=======\n" + journalLine(id: "x1", #""notes":"b""#) + ">>>>>>> theirs\n"
        _ = FileManager.default.createFile(atPath: repositories.journal("a"), contents: Data((repositories.text("a") + block).utf8))
        repositories.commit("a", "laptop, unresolved")
        repositories.git(["push", "-q"], in: "a")
        repositories.ok("b", ["add", "-q", "-m", "Espresso", "--date", "2026-11-28 08:00"])
        repositories.commit("b", "desktop")
        let ours = repositories.text("b")

        let pull = repositories.git(["pull", "-q", "--no-edit"], in: "b", expecting: nil)
        #expect(pull.status != 0)
        #expect(pull.stderr.contains("theirs holds an unresolved merge conflict"), "\(pull.stderr)")
        #expect(repositories.text("b") == ours)
        #expect(repositories.git(["status", "--porcelain"], in: "b").stdout.contains("UU journal.jsonl"))
        #expect(repositories.git(["diff", "--name-only", "--diff-filter=U"], in: "b").stdout == "journal.jsonl\n")
    }

    @Test("without the driver, two appends at the end of the journal conflict on every pull")
    func withoutDriver() {
        let repositories = Repositories()
        _ = repositories.start(brews: 1, driver: false)
        repositories.ok("a", ["add", "-q", "-m", "Aeropress"])
        repositories.commit("a", "laptop")
        repositories.git(["push", "-q"], in: "a")
        repositories.ok("b", ["add", "-q", "-m", "Espresso"])
        repositories.commit("b", "desktop")
        let pull = repositories.git(["pull", "-q", "--no-edit"], in: "b", expecting: nil)
        #expect(pull.status != 0)
        #expect(repositories.text("b").contains("<<<<<<<"))
    }

    @Test("one field changed both ways: git stops, the journal holds both versions, and check and every command name the conflict")
    func conflictingPull() {
        let repositories = Repositories()
        let ids = repositories.start(brews: 2)
        repositories.change("a", ["edit", ids[1], "-n", "too sour"], "laptop", push: true)
        repositories.change("b", ["edit", ids[1], "-n", "bright"], "desktop")
        let pull = repositories.git(["pull", "-q", "--no-edit"], in: "b", expecting: nil)
        #expect(pull.status != 0)
        #expect(pull.stderr.contains("conflict: \(ids[1]) was changed on both sides (notes)"))

        let lines = repositories.text("b").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 7)
        #expect(lines[1] == "<<<<<<< ours" && lines[3] == "=======" && lines[5] == ">>>>>>> theirs")
        #expect(lines[2].contains(#""notes":"bright""#) && lines[4].contains(#""notes":"too sour""#))

        let check = repositories.brewlog("b", ["check"])
        #expect(check.status == 65)
        #expect(check.stdout == "\(repositories.journal("b")):2: an unresolved merge conflict (brew \(ids[1])) on lines 2–6: keep one version and delete the marker lines\n")
        let list = repositories.brewlog("b", ["list"])
        #expect(list.status == 65)
        #expect(list.stderr.contains("\(repositories.journal("b")):2: an unresolved merge conflict"))
        let repair = repositories.brewlog("b", ["check", "--repair"])
        #expect(repair.status == 65)
        #expect(repair.stderr.contains("will not choose"))
        #expect(repositories.text("b").contains("<<<<<<< ours"))

        // Kept one version, markers deleted: the journal reads again and the merge completes.
        let resolved = [lines[0], lines[2], ""].joined(separator: "\n")
        _ = FileManager.default.createFile(atPath: repositories.journal("b"), contents: Data(resolved.utf8))
        #expect(repositories.ok("b", ["check", "-q"]) == "")
        repositories.commit("b", "merged")
    }

    @Test("a removal travels: removed on one clone and untouched on the other stays removed both ways, and a conflict copy of the other cannot bring it back")
    func removalTravels() throws {
        let repositories = Repositories()
        let ids = repositories.start(brews: 2)
        let backup = repositories.sandbox.home + "/b-before.jsonl"
        try repositories.text("b").write(toFile: backup, atomically: true, encoding: .utf8)
        repositories.change("a", ["rm", ids[0]], "laptop removes", push: true)
        let inB = repositories.ok("b", ["add", "-q", "-m", "Espresso", "--date", "2026-11-28 08:00"])
        repositories.commit("b", "desktop brews")
        repositories.git(["pull", "-q", "--no-edit"], in: "b")
        #expect(repositories.ok("b", ["list", "-q"]).split(separator: "\n") == [Substring(ids[1]), Substring(inB)])
        #expect(repositories.text("b").split(separator: "\n").first?.contains(#""kind":"removed""#) == true)
        repositories.git(["push", "-q"], in: "b")
        repositories.git(["pull", "-q", "--no-edit"], in: "a")
        #expect(repositories.text("a") == repositories.text("b"))
        // The desktop's journal from before the pull, imported as a conflict copy would be: nothing back.
        #expect(repositories.ok("a", ["import", backup]).contains("1 already removed"))
        #expect(repositories.ok("a", ["list", "-q"]).split(separator: "\n") == [Substring(ids[1]), Substring(inB)])
    }

    @Test("removed on one clone and edited on the other: git stops, the tombstone on the removing side, and check names the conflict")
    func removalAgainstEdit() {
        let repositories = Repositories()
        let ids = repositories.start(brews: 2)
        repositories.change("a", ["edit", ids[0], "-r", "5"], "laptop rates", push: true)
        repositories.change("b", ["rm", ids[0]], "desktop removes")
        let pull = repositories.git(["pull", "-q", "--no-edit"], in: "b", expecting: nil)
        #expect(pull.status != 0)
        #expect(pull.stderr.contains("conflict: \(ids[0]) was removed on our side and changed on theirs"), "\(pull.stderr)")
        let lines = repositories.text("b").split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines[0] == "<<<<<<< ours" && lines[1].contains(#""kind":"removed""#) && lines[3].contains(#""rating":5"#))
        #expect(repositories.brewlog("b", ["check"]).stdout.contains("an unresolved merge conflict (removed record \(ids[0]), brew \(ids[0]))"))
        // Kept removed: the tombstone stays, and a pull the other way carries it.
        let resolved = [lines[1], lines[5], ""].joined(separator: "\n")
        _ = FileManager.default.createFile(atPath: repositories.journal("b"), contents: Data(resolved.utf8))
        #expect(repositories.ok("b", ["list", "-q"]) == ids[1])
        repositories.commit("b", "kept it removed")
        repositories.git(["push", "-q"], in: "b")
        repositories.git(["pull", "-q", "--no-edit"], in: "a")
        #expect(repositories.ok("a", ["list", "-q"]) == ids[1])
    }
}

/// `brewlog merge-driver` run directly on three files, as git runs it.
@Suite("merge-driver: three files in, the merge in OURS, git's exit codes")
struct MergeDriverTests {
    private func write(_ sandbox: Sandbox, _ name: String, _ lines: [String]) -> String {
        let path = sandbox.home + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(lines.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined().utf8))
        return path
    }

    private func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test("a clean merge exits 0 with the merge in OURS, keeping its mode")
    func clean() throws {
        let sandbox = Sandbox()
        let a = journalLine(id: "aaaa"), b = journalLine(id: "bbbb"), c = journalLine(id: "cccc")
        let base = write(sandbox, "base", [a]), ours = write(sandbox, "ours", [a, b]), theirs = write(sandbox, "theirs", [a, c])
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: ours)
        let result = sandbox.run(["merge-driver", base, ours, theirs])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(read(ours) == a + b + c)
        let mode = try FileManager.default.attributesOfItem(atPath: ours)[.posixPermissions] as? Int
        #expect(mode == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.home).filter { $0.hasPrefix(".ours") }.isEmpty)
    }

    @Test("a conflict exits 1, OURS holding both versions between markers")
    func conflict() {
        let sandbox = Sandbox()
        let base = write(sandbox, "base", [journalLine(id: "aaaa", #""rating":3,"notes":"""#)])
        let ours = write(sandbox, "ours", [journalLine(id: "aaaa", #""rating":4,"notes":"""#)])
        let theirs = write(sandbox, "theirs", [journalLine(id: "aaaa", #""rating":2,"notes":"""#)])
        let result = sandbox.run(["merge-driver", base, ours, theirs])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(ours):1: conflict: aaaa was changed on both sides (rating)\n"))
        #expect(read(ours).hasPrefix("<<<<<<< ours\n") && read(ours).hasSuffix(">>>>>>> theirs\n"))
    }

    @Test("a merged journal no command would read exits 1 and names the line")
    func badResult() {
        let sandbox = Sandbox()
        let base = write(sandbox, "base", [])
        let ours = write(sandbox, "ours", [#"{"id":"s1","kind":"skip","day":"2026-11-20"}"#])
        let theirs = write(sandbox, "theirs", [#"{"id":"s2","kind":"skip","day":"2026-11-20"}"#])
        let result = sandbox.run(["merge-driver", base, ours, theirs])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(ours):2: "))
    }

    @Test("a side that already holds marker lines is not merged: exit 1, OURS as it was", arguments: ["ours", "theirs"])
    func markersOnOneSide(side: String) {
        let sandbox = Sandbox()
        let block = ["<<<<<<< ours", journalLine(id: "x1", #""notes":"a""#), "=======", journalLine(id: "x1", #""notes":"b""#), ">>>>>>> theirs"]
        let plain = [journalLine(id: "aaaa")]
        let base = write(sandbox, "base", plain)
        let ours = write(sandbox, "ours", side == "ours" ? block : plain + [journalLine(id: "bbbb")])
        let theirs = write(sandbox, "theirs", side == "theirs" ? block : plain)
        let before = read(ours)
        let result = sandbox.run(["merge-driver", base, ours, theirs])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("brewlog: error: \(side) holds an unresolved merge conflict from an earlier merge (line 1); nothing was merged\n"),
                "\(result.stderr)")
        #expect(read(ours) == before)
    }

    @Test("a setting it does not use, however bad, does not stop a merge", arguments: [
        #"TZ=Mars/Olympus"#, #"BREWLOG_NOW=soon"#, #"BREWLOG_LOCK_TIMEOUT=forever"#, #"HOME=relative"#, #"XDG_DATA_HOME=relative"#,
        #"BREWLOG_FILE="$HOME/$(printf 'x\377')""#, #"HOME="$HOME/$(printf 'x\377')""#, #"XDG_CONFIG_HOME="$HOME/$(printf 'x\377')""#,
        #"BREWLOG_CONFIG="$HOME/broken""#, #"BREWLOG_CONFIG="$HOME""#, #"BREWLOG_CONFIG="$HOME/bad-value""#,
    ])
    func unusedSettings(setting: String) {
        let sandbox = Sandbox()
        _ = FileManager.default.createFile(atPath: sandbox.home + "/broken", contents: Data("[ui\n".utf8))
        _ = FileManager.default.createFile(atPath: sandbox.home + "/bad-value", contents: Data("[ui]\ncolor = sometimes\n".utf8))
        let a = journalLine(id: "aaaa"), b = journalLine(id: "bbbb"), c = journalLine(id: "cccc")
        _ = write(sandbox, "base", [a])
        let ours = write(sandbox, "ours", [a, b])
        _ = write(sandbox, "theirs", [a, c])
        let result = sandbox.shell(#"export \#(setting); "$B" merge-driver base ours theirs"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(read(ours) == a + b + c)
    }

    @Test("a file that is not there is an error other than 1, and OURS is left as it was")
    func missing() {
        let sandbox = Sandbox()
        let ours = write(sandbox, "ours", [journalLine(id: "aaaa")])
        let result = sandbox.run(["merge-driver", sandbox.home + "/nothing", ours, sandbox.home + "/nothing"])
        #expect(result.status == 66)
        #expect(read(ours) == journalLine(id: "aaaa"))
    }
}

/// The copies Syncthing, Dropbox and Nextcloud leave beside the journal.
@Suite("check lists conflict copies; import merges each")
struct ConflictCopyTests {
    @Test("each tool's copy is listed with the command that merges it, and that command works", arguments: [
        ("journal.sync-conflict-20261129-091500-ABCDEFG.jsonl", "Syncthing"),
        ("journal (Anna's conflicted copy 2026-11-29).jsonl", "Dropbox or Nextcloud"),
        ("journal_conflict-20261129-091500.jsonl", "Nextcloud"),
    ])
    func listedAndImported(_ name: String, _ tool: String) {
        let sandbox = Sandbox(journal: journalLine(id: "aaaa"))
        let folder = (sandbox.journalPath as NSString).deletingLastPathComponent
        let copy = folder + "/" + name
        _ = FileManager.default.createFile(atPath: copy, contents: Data((journalLine(id: "aaaa") + journalLine(id: "bbbb")).utf8))
        let check = sandbox.run(["check"])
        #expect(check.status == 0)
        #expect(check.stdout.hasPrefix("\(copy): a conflict copy \(tool) left beside the journal; merge it with  brewlog import \(shellQuoted(copy))  "
            + "and delete it once that exits 0 (records that differ are conflicts it names: keep each side with --prefer, or edit them)\n"), "\(check.stdout)")
        let json = sandbox.ok(["check", "--json"])
        #expect(json.contains(#""conflict_copies":[{"path":"# + "\"\(copy)\""))
        #expect(sandbox.ok(["import", copy]) == "Imported 1 new brew, skipped 1 already present.\n")
        #expect(sandbox.ok(["list", "-q"]) == "aaaa\nbbbb\n")
    }
}

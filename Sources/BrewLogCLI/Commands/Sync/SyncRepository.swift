import BrewLogCore

/// The git repository a journal is synced through: where it is, the journal's path in it, and
/// the checks every sync makes before git touches anything.
struct SyncRepository {
    /// Git, run in the journal's folder (the folder of the file the journal's path resolves to).
    let git: Git
    /// The repository's top folder.
    let top: String
    /// The journal's file name.
    let journalName: String
    /// The journal's folder relative to the top (`""`, or `sub/`), as `git rev-parse --show-prefix` gives it.
    let prefix: String

    /// The journal's path relative to the top, for `git show REV:PATH`.
    var journalPath: String { prefix + journalName }

    /// The files sync keeps in the repository, relative to the journal's folder: the journal, the
    /// attributes that name its merge driver, what keeps BrewLog's own files out, and the shared
    /// part of the config (``SharedConfig``).
    var managedFiles: [String] { [journalName, ".gitattributes", ".gitignore", SharedConfig.fileName] }

    /// The repository `folder` is in, or `nil` when it is in none (or does not exist yet: no
    /// journal was ever written there). Without git on `PATH`, a folder in no repository (no
    /// `.git` above it) is still `nil`; one in a repository is an error.
    static func locate(_ folder: String, journalName: String, environment: [String: String]) throws(CLIError) -> SyncRepository? {
        guard (try? PosixSystemCalls().lstat(folder)) != nil else { return nil }
        let git: Git
        do throws(CLIError) {
            git = try Git(in: folder, environment: environment)
        } catch {
            if gitFolder(above: folder) == nil { return nil }
            throw error
        }
        let probe = try Git(in: folder, environment: environment.merging(["LC_ALL": "C", "LANGUAGE": "C"]) { $1 })
            .run(["rev-parse", "--show-toplevel", "--show-prefix"])
        guard probe.succeeded else {
            if String(decoding: probe.stderr, as: UTF8.self).contains("not a git repository") { return nil }
            throw CLIError.unavailable("git cannot read the repository around '\(folder)': \(String(decoding: probe.stderr, as: UTF8.self).trimmingWhitespaceForCLI())",
                                       hint: "fix what git says (for 'dubious ownership', git config --global --add safe.directory FOLDER)")
        }
        let lines = probe.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return SyncRepository(git: git, top: lines.first ?? folder, journalName: journalName, prefix: lines.count > 1 ? lines[1] : "")
    }

    /// The nearest `.git` at or above `folder`, as git would look for it.
    static func gitFolder(above folder: String) -> String? {
        var current = folder
        while true {
            if (try? PosixSystemCalls().lstat(current + "/.git")) != nil { return current + "/.git" }
            guard let slash = current.lastIndex(of: "/"), current != "/" else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }

    // MARK: - Checks

    /// Refuses a repository that is not the journal's own: one that neither names BrewLog's
    /// merge driver nor holds only the files sync keeps (another project's, which sync must not
    /// commit into or push).
    func requireOwn() throws(CLIError) {
        if try git.run(["config", "--get", "merge.brewlog.driver"]).succeeded { return }
        let tracked = try git.ok(["ls-files", "--full-name", "-z", ":/"], "cannot list the files of the repository at '\(top)'", notices: TextOutput.capturing()).stdout
        let ours = Set(managedFiles.map { prefix + $0 })
        let others = tracked.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.filter { !ours.contains($0) }
        guard others.isEmpty else {
            let shown = others.prefix(3).map(\.terminalSafe).joined(separator: ", ") + (others.count > 3 ? ", …" : "")
            throw CLIError.notSyncable("the journal is inside the git repository '\(top)', which holds \(others.count) other file\(others.count == 1 ? "" : "s") (\(shown)); sync works only in the journal's own repository",
                                       hint: "keep the journal in a folder of its own (brewlog config set journal.file ~/brews/journal.jsonl, move the file there), then brewlog sync init")
        }
    }

    /// The branch `HEAD` is on; a detached `HEAD` is refused.
    func branch() throws(CLIError) -> String {
        let output = try git.run(["symbolic-ref", "--quiet", "--short", "HEAD"])
        guard output.succeeded, !output.text.isEmpty else {
            let at = (try? git.run(["rev-parse", "--short", "HEAD"]).text) ?? ""
            throw CLIError.notSyncable("HEAD is detached\(at.isEmpty ? "" : " at \(at)") in '\(top)': sync commits on a branch",
                                       hint: "check out the branch to sync (git -C \(ShellWord.quoted(top)) switch main), then sync again")
        }
        return output.text
    }

    /// Refuses an index that holds staged changes to files sync does not keep: a commit would take them along.
    func requireNoOtherStagedFiles() throws(CLIError) {
        let staged = try git.run(["diff", "--cached", "--name-only", "-z", "--", ":/"])
        let ours = Set(managedFiles.map { prefix + $0 })
        let others = staged.stdout.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.filter { !ours.contains($0) }
        guard others.isEmpty else {
            let shown = others.prefix(3).map(\.terminalSafe).joined(separator: ", ") + (others.count > 3 ? ", …" : "")
            throw CLIError.notSyncable("the index of '\(top)' holds staged changes to other files (\(shown)); sync commits the journal alone",
                                       hint: "commit them yourself, or unstage them (git -C \(ShellWord.quoted(top)) restore --staged \(others.map(ShellWord.quoted).prefix(3).joined(separator: " "))), then sync again")
        }
    }

    /// Whether a merge is under way (`MERGE_HEAD` exists): a sync that stopped on a conflict.
    func mergeInProgress() throws(CLIError) -> Bool {
        try git.run(["rev-parse", "--quiet", "--verify", "MERGE_HEAD"]).succeeded
    }

    /// Whether `HEAD` names a commit (a repository just made has none).
    func hasCommits() throws(CLIError) -> Bool {
        try git.run(["rev-parse", "--quiet", "--verify", "HEAD"]).succeeded
    }

    /// The journal as commit `revision` holds it; empty when it holds none.
    func journal(at revision: String) throws(CLIError) -> [UInt8] {
        let output = try git.run(["show", revision + ":" + journalPath])
        return output.succeeded ? output.stdout : []
    }

    /// The journal as the common ancestor of a merge under way holds it (the index's stage 1),
    /// or `nil` when git keeps none (no merge, or the journal already added).
    func mergeBase() throws(CLIError) -> [UInt8]? {
        let output = try git.run(["show", ":1:" + journalPath])
        return output.succeeded ? output.stdout : nil
    }

    // MARK: - The merge driver

    /// Names BrewLog's merge driver in the repository's own config, running the binary at
    /// `executable` unless it already does. The path is single-quoted for the POSIX `sh` git
    /// runs the driver with (`'\''` for a quote; never bash's `$'…'`, which `dash` reads otherwise).
    func registerDriver(executable: String, notices: TextOutput) throws(CLIError) {
        let driver = "'" + executable.replacingScalars(["'": "'\\''"]) + "' merge-driver %O %A %B %P"
        if try git.run(["config", "--get", "merge.brewlog.driver"]).text == driver { return }
        _ = try git.ok(["config", "merge.brewlog.name", "BrewLog journal merge, by record id"], "cannot write the repository's config", notices: notices)
        _ = try git.ok(["config", "merge.brewlog.driver", driver], "cannot write the repository's config", notices: notices)
    }

    /// The absolute path of the running brewlog (`/proc/self/exe`), else `brewlog` for git to find on `PATH`.
    static var executable: String {
        guard let bytes = try? PosixSystemCalls().readlink("/proc/self/exe"), let path = String(validating: bytes, as: UTF8.self),
              path.hasPrefix("/"), !path.hasSuffix(" (deleted)") else { return "brewlog" }
        return path
    }
}

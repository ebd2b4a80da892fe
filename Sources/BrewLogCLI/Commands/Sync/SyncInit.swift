import BrewLogCore

/// `brewlog sync init [REMOTE]` and `sync init --clone REMOTE`: the journal's folder made (or
/// adopted as) a git repository for sync, on the first machine and on the second.
enum SyncInit {
    /// Makes the journal's folder a repository (or adopts the journal's own one), writes
    /// `.gitattributes` and `.gitignore`, registers the merge driver, adds `remote`, commits, and
    /// syncs once when there is a remote.
    static func run(remote: String?, _ context: CommandContext) throws(CLIError) {
        let session = try context.session()
        let lockTimeout = try context.lockTimeout
        let withConfig = context.arguments.has(SyncCommand.Init.withConfig)
        let (folder, created, shared) = try session.journal.writing(timeout: lockTimeout, creating: true) { (journal: LockedJournal) throws(CLIError) in
            let (folder, name) = location(of: journal)
            var created = false
            var repository = try SyncRepository.locate(folder, journalName: name, environment: context.environment)
            if let repository {
                try repository.requireOwn()
            } else {
                let git = try Git(in: folder, environment: context.environment)
                _ = try git.ok(["init", "--quiet"], "cannot make '\(folder)' a git repository", notices: context.notices)
                created = true
                repository = try SyncRepository.locate(folder, journalName: name, environment: context.environment)
            }
            guard let repository else {
                throw CLIError.unavailable("git made no repository in '\(folder)'", hint: "run 'git init' there to see why")
            }
            _ = try repository.branch()
            try repository.requireNoOtherStagedFiles()
            try writeRepositoryFiles(repository, folder: folder)
            try repository.registerDriver(executable: SyncRepository.executable, notices: context.notices)
            let shared = withConfig ? try SharedConfig.share(into: folder, moving: true, context) : nil
            if let remote { try addRemote(remote, repository, context) }
            let round = SyncRound(repository: repository, context: context, session: session, lockTimeout: lockTimeout)
            _ = try round.commitIfChanged(journal)
            return (folder, created, shared)
        }
        if !context.quiet {
            var line = created ? "Made \(folder.terminalSafe) a git repository for sync" : "Set up sync in the git repository \(folder.terminalSafe)"
            line += "; BrewLog's merge driver is registered"
            if let shared { line += "; \(shared.moved) shareable config key\(shared.moved == 1 ? "" : "s") moved to \(shared.path.terminalSafe)" }
            context.out.line(line + ".")
        }
        if remote != nil { try SyncRound.run(take: nil, context) }
    }

    /// Clones `remote` where the journal belongs, registers the merge driver, and with
    /// `--with-config` includes the shared config the clone brought.
    static func clone(_ remote: String, _ context: CommandContext) throws(CLIError) {
        let session = try context.session()
        let lockTimeout = try context.lockTimeout
        let (folder, records) = try session.journal.writing(timeout: lockTimeout, creating: true) { (journal: LockedJournal) throws(CLIError) in
            let (folder, name) = location(of: journal)
            if let repository = try SyncRepository.locate(folder, journalName: name, environment: context.environment) {
                throw CLIError.notSyncable("'\(folder)' is already in the git repository '\(repository.top)'; nothing was cloned",
                                           hint: "run '\(context.commandPrefix) sync' there, or set journal.file to a path in an empty folder and clone again")
            }
            let existing = try SyncRound.bytes(of: journal)
            if !existing.isEmpty {
                throw CLIError.notSyncable("a journal already exists at '\(journal.path)'; nothing was cloned over it",
                                           hint: "move it away (mv \(ShellWord.quoted(journal.path)) \(ShellWord.quoted(journal.path + ".old"))), clone again, then '\(context.commandPrefix) import' the old file")
            }
            let git = try Git(in: folder, environment: context.environment)
            let branch = try remoteBranch(remote, git, context)
            _ = try git.ok(["init", "--quiet"], "cannot make '\(folder)' a git repository", notices: context.notices)
            _ = try git.ok(["remote", "add", "origin", remote], "cannot add the remote", notices: context.notices)
            _ = try git.ok(["fetch", "--quiet", "--no-tags", "origin"], "cannot fetch '\(remote)'", notices: context.notices)
            _ = try git.ok(["checkout", "--quiet", "-b", branch, "--track", "origin/" + branch], "cannot check out origin/\(branch)", notices: context.notices)
            do throws(JournalError) { try journal.restorePermissions(0o600) } catch { throw CLIError(error) }
            guard let repository = try SyncRepository.locate(folder, journalName: name, environment: context.environment) else {
                throw CLIError.unavailable("git made no repository in '\(folder)'", hint: "run 'git status' there to see why")
            }
            try repository.registerDriver(executable: SyncRepository.executable, notices: context.notices)
            if context.arguments.has(SyncCommand.Init.withConfig) {
                _ = try SharedConfig.share(into: folder, moving: false, context)
            }
            return (folder, JournalDelta(from: [], to: try SyncRound.bytes(of: journal)))
        }
        guard !context.quiet else { return }
        context.out.line("Cloned \(remote.terminalSafe) into \(folder.terminalSafe): \(SyncWords.describe(records) ?? "an empty journal"); BrewLog's merge driver is registered.")
    }

    /// The branch a clone of `remote` checks out: the one its `HEAD` names, else `main`, else
    /// `master`, else its first. A remote that cannot be reached (69) or holds no branch (78) is refused.
    private static func remoteBranch(_ remote: String, _ git: Git, _ context: CommandContext) throws(CLIError) -> String {
        let listing = try git.run(["ls-remote", "--symref", remote])
        guard listing.succeeded else {
            Git.show(listing, on: context.notices)
            throw CLIError.unavailable("cannot reach the remote '\(remote)'; nothing was cloned", hint: "check the address and the network")
        }
        let prefix = "refs/heads/"
        let heads = listing.lines.compactMap { line -> String? in
            guard !line.hasPrefix("ref: "), let tab = line.firstIndex(of: "\t") else { return nil }
            let ref = line[line.index(after: tab)...]
            return ref.hasPrefix(prefix) ? String(ref.dropFirst(prefix.count)) : nil
        }
        let named = listing.lines.first { $0.hasPrefix("ref: " + prefix) && $0.hasSuffix("\tHEAD") }
            .map { String($0.dropFirst(("ref: " + prefix).count).dropLast("\tHEAD".count)) }
        guard let branch = named.flatMap({ heads.contains($0) ? $0 : nil }) ?? (heads.contains("main") ? "main" : heads.contains("master") ? "master" : heads.first) else {
            throw CLIError.notSyncable("the remote '\(remote)' holds no journal yet; nothing was cloned",
                                       hint: "on the first machine run '\(context.commandPrefix) sync init \(ShellWord.quoted(remote))'")
        }
        return branch
    }

    /// The absolute folder and file name of the file the journal's path resolves to.
    static func location(of journal: LockedJournal) -> (folder: String, name: String) {
        let resolved = journal.resolvedPath
        let absolute = resolved.hasPrefix("/") ? resolved : FileSystemPath.current + "/" + resolved
        let folder = ConfigFile.folder(of: absolute)
        let name = String(absolute.dropFirst(folder.count + (folder == "/" ? 0 : 1)))
        return (FileSystemPath.canonical(folder) ?? folder, name)
    }

    /// Adds `remote` as `origin`; an `origin` that names another remote is refused.
    private static func addRemote(_ remote: String, _ repository: SyncRepository, _ context: CommandContext) throws(CLIError) {
        let current = try repository.git.run(["remote", "get-url", "origin"])
        if current.succeeded {
            guard current.text == remote else {
                throw CLIError.notSyncable("the repository's remote 'origin' is '\(current.text)', not '\(remote)'",
                                           hint: "keep it (sync init without a remote), or change it: git -C \(ShellWord.quoted(repository.top)) remote set-url origin \(ShellWord.quoted(remote))")
            }
            return
        }
        _ = try repository.git.ok(["remote", "add", "origin", remote], "cannot add the remote", notices: context.notices)
    }

    /// Writes the lines sync needs into `.gitattributes` (the journal merged by BrewLog's driver)
    /// and `.gitignore` (BrewLog's own files beside the journal kept out), keeping what they hold.
    private static func writeRepositoryFiles(_ repository: SyncRepository, folder: String) throws(CLIError) {
        let name = repository.journalName
        try ensureLines([pattern(name, quoting: true) + " merge=brewlog"], in: folder + "/.gitattributes")
        let ignored = [".lock", ".rejected", ".history", ".index"].map { pattern(name + $0, quoting: false) }
            + [pattern(name + ".merged", quoting: false) + "/", pattern(SharedConfig.fileName + ".lock", quoting: false)]
        try ensureLines(ignored, in: folder + "/.gitignore")
    }

    /// `/NAME` as a git pattern for that one file: glob characters escaped, and for
    /// `.gitattributes`, the whole in C-style quotes when it holds a space, a quote or a backslash.
    static func pattern(_ name: String, quoting: Bool) -> String {
        var escaped = ""
        for character in name {
            if "*?[\\".contains(character) { escaped.append("\\") }
            if !quoting, character == " " || character == "#" || character == "!" { escaped.append("\\") }
            escaped.append(character)
        }
        let pattern = "/" + escaped
        guard quoting, name.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" || $0 == "\t" }) else { return pattern }
        return "\"" + pattern.replacingScalars(["\\": "\\\\", "\"": "\\\"", "\t": "\\t"]) + "\""
    }

    /// Appends each of `lines` that `path` does not hold yet, atomically (the journal's lock is held).
    private static func ensureLines(_ lines: [String], in path: String) throws(CLIError) {
        do throws(JournalError) {
            let old = try StoredFile(path: path, subject: "repository file").read(limit: 1 << 20) ?? []
            let present = Set(String(decoding: old, as: UTF8.self).split(separator: "\n").map { String($0) })
            let missing = lines.filter { !present.contains($0) }
            guard !missing.isEmpty else { return }
            var bytes = old
            if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
            bytes += Array((missing.joined(separator: "\n") + "\n").utf8)
            try UnlockedFile(path: path).replace(with: bytes)
        } catch {
            throw CLIError(error)
        }
    }
}

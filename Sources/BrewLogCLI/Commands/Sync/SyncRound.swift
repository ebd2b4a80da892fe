import BrewLogCore

/// `brewlog sync` over git: commit, fetch, merge (the merge driver), push, one line of what came
/// in and went out. The journal's lock is held while git reads or writes the journal (the commit,
/// the merge), never while it talks to the remote.
struct SyncRound {
    let repository: SyncRepository
    let context: CommandContext
    let session: JournalSession
    let lockTimeout: Double

    /// Runs the round for the journal of `context`, or the folder mode when its folder is in no
    /// repository. `take` settles conflicts first.
    static func run(take: (side: JournalConflict.Side, ids: [String])?, _ context: CommandContext) throws(CLIError) {
        let session = try context.session()
        let lockTimeout = try context.lockTimeout
        let (folder, name) = try journalFolder(session, lockTimeout: lockTimeout)
        guard let repository = try SyncRepository.locate(folder, journalName: name, environment: context.environment) else {
            return try SyncFolder.run(take: take, context)
        }
        try repository.requireOwn()
        guard try repository.git.run(["config", "--get", "merge.brewlog.driver"]).succeeded else {
            throw CLIError.notSyncable("the repository '\(repository.top)' is not set up for sync: its config names no BrewLog merge driver",
                                       hint: "run '\(context.commandPrefix) sync init' once on this machine")
        }
        try SyncRound(repository: repository, context: context, session: session, lockTimeout: lockTimeout).run(take: take)
    }

    /// The folder of the file the journal's path resolves to, and that file's name.
    static func journalFolder(_ session: JournalSession, lockTimeout: Double) throws(CLIError) -> (folder: String, name: String) {
        try session.journal.reading(timeout: lockTimeout) { (locked: LockedJournal) throws(CLIError) in SyncInit.location(of: locked) }
    }

    var git: Git { repository.git }

    /// Runs `body` with the journal's exclusive lock held.
    func locked<T>(_ body: (LockedJournal) throws(CLIError) -> T) throws(CLIError) -> T {
        try session.journal.writing(timeout: lockTimeout, creating: true, body)
    }

    private func run(take: (side: JournalConflict.Side, ids: [String])?) throws(CLIError) {
        let branch = try repository.branch()
        // A merge under way stages what it brought from the other side: those are its to commit.
        if try !repository.mergeInProgress() { try repository.requireNoOtherStagedFiles() }
        try repository.registerDriver(executable: SyncRepository.executable, notices: context.notices)
        var committed = try locked { journal throws(CLIError) in
            let concluded = try concludeMerge(take: take, journal)
            return try commitIfChanged(journal) ?? concluded
        }
        guard let remote = try upstream(of: branch) else {
            guard !context.quiet else { return }
            if let committed {
                context.out.line("Committed \(SyncWords.describe(committed) ?? "the journal") (no remote: nothing pushed).")
            } else {
                context.out.line("Nothing to sync: the journal has not changed since the last commit, and there is no remote.")
            }
            return
        }
        var incoming = JournalDelta(from: [], to: [])
        var outgoing = JournalDelta(from: [], to: [])
        var refusal: (output: Git.Output, tip: String?)?
        for attempt in 0..<2 {
            try fetch(remote)
            if let refusal, try tip(remote) == refusal.tip {
                // Refused, and the remote did not move: not a race, so another merge cannot help.
                Git.show(refusal.output, on: context.notices)
                throw CLIError.unavailable("the remote '\(remote.name)' (\(url(of: remote))) refused the push; the journal is committed here",
                                           hint: "git's own words are above; fix what it says, then sync again")
            }
            let merged = try locked { journal throws(CLIError) in
                let again = try commitIfChanged(journal)
                return (again, try merge(remote, journal))
            }
            if committed == nil { committed = merged.0 }
            incoming = incoming + merged.1
            let before = try tip(remote)
            switch try push(remote) {
            case let .pushed(delta):
                outgoing = delta
                refusal = nil
            case let .refused(output):
                refusal = (output, before)
            }
            guard let refusal else { break }
            if attempt == 1 {
                Git.show(refusal.output, on: context.notices)
                throw CLIError.unavailable("\(remote.name) moved again while this sync merged it; nothing more was pushed",
                                           hint: "run '\(context.commandPrefix) sync' again")
            }
        }
        guard !context.quiet else { return }
        let shown = "\(remote.name)/\(remote.branch)".terminalSafe
        if committed == nil && incoming.isEmpty && outgoing.isEmpty {
            context.out.line("Already in sync with \(shown): nothing changed here or there.")
        } else {
            context.out.line("Synced with \(shown): in: \(SyncWords.describe(incoming) ?? "nothing"); out: \(SyncWords.describe(outgoing) ?? "nothing").")
        }
    }

    // MARK: - Commit

    /// Commits the files sync keeps when any changed (the journal, `.gitattributes`,
    /// `.gitignore`, the shared config); returns what changed in the journal, or `nil` when
    /// nothing was committed.
    func commitIfChanged(_ journal: LockedJournal, message: String? = nil) throws(CLIError) -> JournalDelta? {
        let status = try git.ok(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--"] + repository.managedFiles,
                                "cannot read the repository's status", notices: context.notices)
        let paths = Self.paths(inStatus: status.stdout)
        guard !paths.isEmpty else { return nil }
        let current = try Self.bytes(of: journal)
        if MergeConflictMarker.firstLine(in: current) != nil {
            throw CLIError.dataError("the journal holds an unresolved merge conflict; nothing was committed",
                                     hint: "'\(context.commandPrefix) check' names it: keep one version and delete the marker lines, then sync again")
        }
        let report: JournalReport
        do throws(JournalError) {
            report = try journal.check()
        } catch {
            throw CLIError(error)
        }
        if !report.problems.isEmpty {
            throw CLIError.dataError("the journal has \(report.problems.count) bad line\(report.problems.count == 1 ? "" : "s"); sync commits only a journal every command reads",
                                     hint: "'\(context.commandPrefix) check' lists them, 'check --repair' sets them aside")
        }
        let delta = JournalDelta(from: try repository.journal(at: "HEAD"), to: current)
        try requireIdentity()
        _ = try git.ok(["add", "-A", "--"] + paths.map { ":(top)" + $0 }, "cannot stage the journal", notices: context.notices)
        let otherFiles = paths.contains { $0 != repository.journalPath }
        _ = try git.ok(["commit", "--quiet", "--no-verify", "-m", message ?? SyncWords.commitMessage(delta, otherFiles: otherFiles)],
                       "cannot commit the journal", notices: context.notices)
        return delta
    }

    /// The journal's bytes as on disk (empty when there is none).
    static func bytes(of journal: LockedJournal) throws(CLIError) -> [UInt8] {
        do throws(JournalError) {
            return try journal.rawBytes() ?? []
        } catch {
            throw CLIError(error)
        }
    }

    /// The paths of `git status --porcelain -z` output (relative to the top; a rename's old path too).
    static func paths(inStatus bytes: [UInt8]) -> [String] {
        var paths: [String] = []
        var renamed = false
        for field in bytes.split(separator: 0) {
            if renamed {
                paths.append(String(decoding: field, as: UTF8.self))
                renamed = false
                continue
            }
            guard field.count > 3 else { continue }
            paths.append(String(decoding: field.dropFirst(3), as: UTF8.self))
            renamed = field.first == UInt8(ascii: "R") || field.first == UInt8(ascii: "C")
        }
        return paths
    }

    /// Refuses to commit when git does not know who the user is (it would fail half-way).
    func requireIdentity() throws(CLIError) {
        guard try git.run(["var", "GIT_COMMITTER_IDENT"]).succeeded else {
            throw CLIError.notSyncable("git does not know who you are, so it cannot commit the journal",
                                       hint: "git config --global user.name 'Your Name'; git config --global user.email you@example.com")
        }
    }

    /// Finishes a merge a sync stopped on, once no conflict is left: `--take` settles the ones it
    /// names first. Returns what the merge commit brought, or `nil` when no merge was under way.
    private func concludeMerge(take: (side: JournalConflict.Side, ids: [String])?, _ journal: LockedJournal) throws(CLIError) -> JournalDelta? {
        guard try repository.mergeInProgress() else {
            if take != nil {
                throw CLIError.notFound("no conflict to settle: no merge is under way in '\(repository.top)'",
                                        hint: "'\(context.commandPrefix) sync --status' says where things stand")
            }
            return nil
        }
        let base = try repository.mergeBase()
        var conflicts = JournalConflict.all(in: try Self.bytes(of: journal), base: base)
        if let take {
            let ids = try SyncConflicts.match(take.ids, among: conflicts.map(\.id), context)
            do throws(JournalError) {
                conflicts = try journal.resolveConflicts(taking: take.side, ids: ids, base: base)
            } catch {
                throw CLIError(error)
            }
            if !context.quiet {
                context.out.line("Kept \(take.side.rawValue) of \(ids.sorted().map(\.terminalSafe).joined(separator: ", ")).")
            }
        }
        if !conflicts.isEmpty {
            for conflict in conflicts { context.out.line(SyncConflicts.line(conflict)) }
            throw SyncConflicts.stopped(conflicts.count, context)
        }
        try requireNoOtherUnmergedFiles()
        let message = "brewlog: merge settled on \(SyncWords.host)"
        if let delta = try commitIfChanged(journal, message: message) { return delta }
        // The journal was added as it stands: the merge still needs its commit.
        try requireIdentity()
        _ = try git.ok(["commit", "--quiet", "--no-verify", "-m", message], "cannot commit the merge", notices: context.notices)
        return JournalDelta(from: [], to: [])
    }

    /// Refuses to go on while a file other than the journal is left conflicted by git.
    private func requireNoOtherUnmergedFiles() throws(CLIError) {
        let unmerged = try git.run(["diff", "--name-only", "--diff-filter=U", "-z"]).stdout.split(separator: 0)
            .map { String(decoding: $0, as: UTF8.self) }.filter { $0 != repository.journalPath }
        guard unmerged.isEmpty else {
            throw CLIError.refused("git left \(unmerged.map(\.terminalSafe).joined(separator: ", ")) conflicted; nothing was pushed",
                                   hint: "resolve it with git (edit it, then git add it), then '\(context.commandPrefix) sync'")
        }
    }
}

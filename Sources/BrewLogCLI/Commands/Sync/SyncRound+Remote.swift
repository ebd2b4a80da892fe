import BrewLogCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The remote a branch syncs with.
struct SyncRemote {
    /// The remote's name (`origin`).
    let name: String
    /// Its branch.
    let branch: String
    /// Whether the branch has no upstream yet (the first push sets it).
    let setsUpstream: Bool

    /// The remote-tracking ref a fetch updates.
    var trackingRef: String { "refs/remotes/\(name)/\(branch)" }
}

extension SyncRound {
    /// The remote `branch` syncs with: its upstream, else `origin`, else the only remote; `nil` when there is none.
    func upstream(of branch: String) throws(CLIError) -> SyncRemote? {
        let configured = try git.run(["config", "--get", "branch.\(branch).remote"])
        if configured.succeeded, !configured.text.isEmpty, configured.text != "." {
            let merge = try git.run(["config", "--get", "branch.\(branch).merge"]).text
            let remoteBranch = merge.hasPrefix("refs/heads/") ? String(merge.dropFirst("refs/heads/".count)) : branch
            return SyncRemote(name: configured.text, branch: remoteBranch, setsUpstream: false)
        }
        let remotes = try git.run(["remote"]).lines
        guard let name = remotes.contains("origin") ? "origin" : remotes.count == 1 ? remotes[0] : nil else { return nil }
        return SyncRemote(name: name, branch: branch, setsUpstream: true)
    }

    /// The remote's URL, for messages.
    func url(of remote: SyncRemote) -> String {
        ((try? git.run(["remote", "get-url", remote.name]))?.text).map { $0.isEmpty ? remote.name : $0 } ?? remote.name
    }

    /// Fetches `remote`; one that cannot be reached is an error (69), with git's words shown.
    func fetch(_ remote: SyncRemote) throws(CLIError) {
        let output = try git.run(["fetch", "--quiet", "--no-tags", remote.name])
        guard output.succeeded else {
            Git.show(output, on: context.notices)
            throw CLIError.unavailable("cannot reach the remote '\(remote.name)' (\(url(of: remote))): nothing came in or went out",
                                       hint: "check the network and that the remote still exists (git -C \(ShellWord.quoted(repository.top)) remote -v); what was committed here syncs next time")
        }
    }

    /// Merges the fetched branch into `HEAD` with the merge driver (never a rebase); returns
    /// what came in. A conflict stops the sync (1), naming each record and field.
    func merge(_ remote: SyncRemote, _ journal: LockedJournal) throws(CLIError) -> JournalDelta {
        let nothing = JournalDelta(from: [], to: [])
        guard try git.run(["rev-parse", "--quiet", "--verify", remote.trackingRef]).succeeded else { return nothing }
        if try repository.hasCommits() {
            guard try git.run(["merge-base", "HEAD", remote.trackingRef]).succeeded else {
                throw CLIError.notSyncable("this repository and \(remote.name)/\(remote.branch) share no history: each machine started its own",
                                           hint: "keep one: on this machine move the journal's folder away, run '\(context.commandPrefix) sync init --clone \(ShellWord.quoted(url(of: remote)))', then '\(context.commandPrefix) import' the old journal")
            }
        }
        let before = try repository.journal(at: "HEAD")
        let mode = try permissions(journal)
        let output = try git.run(["merge", "--ff", "--no-edit", "--no-verify", "--quiet", "--no-stat", remote.trackingRef])
        if let mode {
            do throws(JournalError) { try journal.restorePermissions(mode) } catch { throw CLIError(error) }
        }
        guard output.succeeded else {
            let unmerged = try git.run(["diff", "--name-only", "--diff-filter=U", "-z"]).stdout.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            let conflicts = JournalConflict.all(in: try Self.bytes(of: journal), base: try repository.mergeBase())
            if unmerged.isEmpty || (conflicts.isEmpty && unmerged == [repository.journalPath]) {
                Git.show(output, on: context.notices)
                throw CLIError.unavailable("git could not merge \(remote.name)/\(remote.branch)\(unmerged.isEmpty ? "" : " with BrewLog's merge driver")",
                                           hint: unmerged.isEmpty ? "git's own words are above; nothing was pushed"
                                               : "the merge is under way: 'git merge --abort' undoes it; '\(context.commandPrefix) sync init' registers this brewlog as the driver again")
            }
            for conflict in conflicts { context.out.line(SyncConflicts.line(conflict)) }
            for path in unmerged where path != repository.journalPath {
                context.out.line("conflict: \(path.terminalSafe) (resolve it with git, then git add it)")
            }
            throw SyncConflicts.stopped(conflicts.count + unmerged.filter { $0 != repository.journalPath }.count, context)
        }
        return JournalDelta(from: before, to: try repository.journal(at: "HEAD"))
    }

    private func permissions(_ journal: LockedJournal) throws(CLIError) -> mode_t? {
        do throws(JournalError) { return try journal.permissions() } catch { throw CLIError(error) }
    }

    /// What a push did.
    enum Pushed {
        /// It went through (or there was nothing to push), with what went out.
        case pushed(JournalDelta)
        /// The remote refused it, with git's words: the other machine may have pushed first.
        case refused(Git.Output)
    }

    /// The commit the remote-tracking ref names, or `nil` when there is none.
    func tip(_ remote: SyncRemote) throws(CLIError) -> String? {
        let output = try git.run(["rev-parse", "--quiet", "--verify", remote.trackingRef])
        return output.succeeded ? output.text : nil
    }

    /// Pushes `HEAD` to `remote` when it holds commits the remote lacks.
    func push(_ remote: SyncRemote) throws(CLIError) -> Pushed {
        guard try repository.hasCommits() else { return .pushed(JournalDelta(from: [], to: [])) }
        let tracked = try git.run(["rev-parse", "--quiet", "--verify", remote.trackingRef]).succeeded
        if tracked, try git.run(["rev-list", "--count", remote.trackingRef + "..HEAD"]).text == "0" {
            return .pushed(JournalDelta(from: [], to: []))
        }
        let before = tracked ? try repository.journal(at: remote.trackingRef) : []
        let output = try git.run(["push", "--porcelain", "--quiet"] + (remote.setsUpstream ? ["--set-upstream"] : [])
                                 + [remote.name, "HEAD:refs/heads/\(remote.branch)"])
        guard output.succeeded else {
            if output.lines.contains(where: { $0.hasPrefix("!") }) { return .refused(output) }
            Git.show(output, on: context.notices)
            throw CLIError.unavailable("cannot push to the remote '\(remote.name)' (\(url(of: remote))); the journal is committed here",
                                       hint: "check the network and the remote (git -C \(ShellWord.quoted(repository.top)) remote -v), then sync again")
        }
        return .pushed(JournalDelta(from: before, to: try repository.journal(at: "HEAD")))
    }
}

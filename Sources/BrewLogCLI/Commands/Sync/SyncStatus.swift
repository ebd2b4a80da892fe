import BrewLogCore

/// `brewlog sync --status [--json]`: where the journal stands against the other machine, as of
/// the last fetch (it does not reach the remote, as `git status` does not).
enum SyncStatus {
    /// What `--status` reports.
    private struct Report {
        var mode = "folder"
        var repository: String?
        var branch: String?
        var upstream: String?
        var ahead: Int?
        var behind: Int?
        var uncommitted: JournalDelta?
        var otherFilesUncommitted: [String] = []
        var conflicts: [JournalConflict] = []
        var copies: [String] = []
    }

    static func run(_ context: CommandContext) throws(CLIError) {
        let session = try context.session()
        let lockTimeout = try context.lockTimeout
        var report = Report()
        try session.journal.reading(timeout: lockTimeout) { (journal: LockedJournal) throws(CLIError) in
            report.copies = journal.conflictCopies().map { journal.path(of: $0.copy) }
            let (folder, name) = SyncInit.location(of: journal)
            guard let repository = try SyncRepository.locate(folder, journalName: name, environment: context.environment) else { return }
            try repository.requireOwn()
            let git = repository.git
            report.mode = "git"
            report.repository = repository.top
            report.branch = try repository.branch()
            let round = SyncRound(repository: repository, context: context, session: session, lockTimeout: lockTimeout)
            let current = try SyncRound.bytes(of: journal)
            report.uncommitted = JournalDelta(from: try repository.journal(at: "HEAD"), to: current)
            let status = try git.run(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--"] + repository.managedFiles)
            report.otherFilesUncommitted = SyncRound.paths(inStatus: status.stdout).filter { $0 != repository.journalPath }
            if try repository.mergeInProgress() { report.conflicts = JournalConflict.all(in: current, base: try repository.mergeBase()) }
            guard let branch = report.branch, let remote = try round.upstream(of: branch) else { return }
            report.upstream = "\(remote.name)/\(remote.branch)"
            let counts = try git.run(["rev-list", "--left-right", "--count", "HEAD..." + remote.trackingRef])
            let numbers = counts.text.split(whereSeparator: { $0 == "\t" || $0 == " " }).compactMap { Int($0) }
            if counts.succeeded, numbers.count == 2 {
                (report.ahead, report.behind) = (numbers[0], numbers[1])
            } else if try repository.hasCommits() {
                // The remote has no such branch yet: everything here is still to push.
                report.ahead = Int(try git.run(["rev-list", "--count", "HEAD"]).text) ?? 0
                report.behind = 0
            }
        }
        if context.arguments.has(SyncCommand.Option.json) { return printJSON(report, context) }
        guard !context.quiet else { return }
        if let repository = report.repository {
            var line = "git repository \(repository.terminalSafe), branch \(report.branch?.terminalSafe ?? "-")"
            line += report.upstream.map { ", remote \($0.terminalSafe)" } ?? ", no remote"
            context.out.line(line)
            if let ahead = report.ahead, let behind = report.behind {
                context.out.line("ahead \(ahead), behind \(behind) (as of the last sync)")
            }
            var uncommitted = report.uncommitted.flatMap(SyncWords.describe) ?? ""
            if !report.otherFilesUncommitted.isEmpty {
                uncommitted += (uncommitted.isEmpty ? "" : "; ") + report.otherFilesUncommitted.map(\.terminalSafe).joined(separator: ", ") + " changed"
            }
            context.out.line("not committed: " + (uncommitted.isEmpty ? "nothing" : uncommitted))
            context.out.line("conflicts: " + (report.conflicts.isEmpty ? "none" : ""))
            for conflict in report.conflicts { context.out.line("  " + SyncConflicts.line(conflict)) }
        } else {
            context.out.line("no git repository: sync merges the conflict copies a syncing tool leaves beside the journal")
        }
        context.out.line("conflict copies waiting: " + (report.copies.isEmpty ? "none" : "\(report.copies.count)"))
        for copy in report.copies { context.out.line("  " + copy.terminalSafe) }
    }

    private static func printJSON(_ report: Report, _ context: CommandContext) {
        let optionalInt = { (value: Int?) in value.map(JSONText.int) ?? .null }
        let uncommitted: JSONText = report.uncommitted.map { delta in
            let counts = delta.counts.values
            return .object([("added", .int(counts.reduce(0) { $0 + $1.added })), ("edited", .int(counts.reduce(0) { $0 + $1.edited })),
                            ("removed", .int(counts.reduce(0) { $0 + $1.removed })),
                            ("files", .array(report.otherFilesUncommitted.map(JSONText.string)))])
        } ?? .null
        let conflicts = report.conflicts.map { conflict in
            JSONText.object([("id", .string(conflict.id)), ("fields", .array(conflict.fields.map(JSONText.string))),
                             ("ours", .bool(conflict.ours != nil)), ("theirs", .bool(conflict.theirs != nil))])
        }
        context.out.line(JSONText.object([
            ("mode", .string(report.mode)), ("repository", JSONText.string(report.repository)), ("branch", JSONText.string(report.branch)),
            ("upstream", JSONText.string(report.upstream)), ("ahead", optionalInt(report.ahead)), ("behind", optionalInt(report.behind)),
            ("uncommitted", uncommitted), ("conflicts", .array(conflicts)), ("conflict_copies", .array(report.copies.map(JSONText.string))),
        ]).text)
    }
}

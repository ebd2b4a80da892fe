import BrewLogCore

/// `brewlog merge-driver BASE OURS THEIRS`, hidden: the git merge driver for the journal
/// (`.gitattributes`: `journal.jsonl merge=brewlog`; `git config merge.brewlog.driver
/// "brewlog merge-driver %O %A %B"`). Git hands it the common ancestor, our and their versions as
/// temporary files and takes the result from OURS.
///
/// It merges by record id and field (``ThreeWayMerge``) and replaces OURS atomically. Exit 0: a
/// clean merge. Exit 1: OURS holds the merge with git-style markers around both versions of each
/// conflicting record (or, without conflicts, a line every command would refuse); git then
/// leaves the journal conflicted for the person to settle. Any other status (a file that cannot
/// be read or written) leaves OURS as it was, and git reports the merge failed.
///
/// It uses no setting of the run: not "now", `TZ` or the lock timeout, not the journal's
/// location, not the config file's values. A bad one must not stop it, since git would then
/// record OURS alone, without markers, as the merge's result, dropping their records.
enum MergeDriverCommand: BrewLogCommand {
    /// The largest journal the driver reads: each of the three files is read whole.
    static let largestJournal = 1 << 30

    static let spec = CommandSpec(
        name: "merge-driver",
        abstract: "Merge three versions of a journal by record id, for git.",
        usage: "merge-driver <base> <ours> <theirs> [<name>]",
        arguments: [ArgumentSpec("base", completes: .files, help: "The common ancestor's journal (git's %O)."),
                    ArgumentSpec("ours", completes: .files, help: "Our journal (git's %A); the merge is written here."),
                    ArgumentSpec("theirs", completes: .files, help: "Their journal (git's %B)."),
                    ArgumentSpec("name", completes: .nothing, help: "The journal's path in the repository (git's %P), for messages; default: OURS.")],
        positionalCount: 3...4,
        options: [],
        discussion: """
            Set it up in the repository that holds the journal:
              echo 'journal.jsonl merge=brewlog' >> .gitattributes
              git config merge.brewlog.driver "brewlog merge-driver %O %A %B"
            A record changed on one side takes that side; changed on both, field by field; added on
            one side is added; removed on one side and unchanged on the other is removed (a side
            that replaced a record with its tombstone removed it, and the tombstone is kept). A field
            changed to different values on both sides, a record added on both with different
            content, or removed on one side and changed on the other is a conflict: both versions
            are written between <<<<<<< ours, ======= and >>>>>>> theirs lines, the exit status is
            1, and 'brewlog check' names each conflict until one version is kept. It reads no
            setting (TZ, BREWLOG_NOW, BREWLOG_LOCK_TIMEOUT, the journal's location), so a bad one
            cannot stop a merge; when it cannot merge, it exits with another status and leaves
            OURS as it was.
            """,
        hidden: true,
        lenientConfiguration: true)

    static func run(_ context: CommandContext) throws(CLIError) {
        let paths = context.arguments.positionals
        let base = try read(paths[0]), ours = try read(paths[1]), theirs = try read(paths[2])
        // A side that already holds marker lines (a conflict committed unresolved) cannot be
        // merged by record: the two versions inside would read as two records. OURS is left as
        // it is, and git stops.
        for (side, bytes) in [("ours", ours), ("theirs", theirs), ("the base", base)] {
            if let line = MergeConflictMarker.firstLine(in: bytes) {
                throw CLIError.refused("\(side) holds an unresolved merge conflict from an earlier merge (line \(line)); nothing was merged",
                                       hint: "resolve it on the branch that committed it ('brewlog check' names it there), commit, then merge again")
            }
        }
        let result = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs)
        do throws(JournalError) {
            try UnlockedFile(path: paths[1]).replace(with: result.bytes)
        } catch {
            throw CLIError(error)
        }
        let shown = (paths.count > 3 ? paths[3] : paths[1]).terminalSafe
        for conflict in result.conflicts {
            context.notices.line("\(shown):\(conflict.line): conflict: \(conflict.id.terminalSafe) \(describe(conflict.reason))")
        }
        for problem in result.problems {
            context.notices.line("\(shown):\(problem.line): \(problem.reason.terminalSafe)")
        }
        if !result.conflicts.isEmpty {
            let count = result.conflicts.count
            throw CLIError.refused("\(count) conflicting record\(count == 1 ? "" : "s") left between marker lines",
                                   hint: "keep one version of each and delete the marker lines, then 'git add' the journal; 'brewlog check' names every conflict")
        }
        if !result.problems.isEmpty {
            throw CLIError.refused("the merged journal has \(result.problems.count) bad line\(result.problems.count == 1 ? "" : "s")",
                                   hint: "fix the lines named above, then 'git add' the journal; 'brewlog check' lists them")
        }
    }

    /// What happened to a conflicting record, in words.
    private static func describe(_ reason: MergeConflict.Reason) -> String {
        switch reason {
        case let .fields(keys): "was changed on both sides (\(keys.map(\.terminalSafe).joined(separator: ", ")))"
        case .addedDifferently: "was added on both sides, differently"
        case .removedByOurs: "was removed on our side and changed on theirs"
        case .removedByTheirs: "was changed on our side and removed on theirs"
        }
    }

    /// The bytes of one of git's three files.
    private static func read(_ path: String) throws(CLIError) -> [UInt8] {
        let bytes: [UInt8]?
        do throws(JournalError) {
            bytes = try StoredFile(path: path, subject: "journal to merge").read(limit: largestJournal)
        } catch {
            throw CLIError(error)
        }
        guard let bytes else { throw CLIError.inputUnreadable("no such file: \(path)", hint: "git gives the driver its three files: run it as merge.brewlog.driver, with %O %A %B") }
        return bytes
    }
}

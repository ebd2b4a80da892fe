import BrewLogCore

/// `brewlog check [--repair | --compact]`: lists every problem in the journal; `--repair` sets bad
/// lines aside; `--compact` drops old tombstones.
enum CheckCommand: BrewLogCommand {
    /// Its options.
    enum Option {
        static let repair = OptionSpec("repair", help: "Move every bad line, byte for byte, to PATH.rejected and rewrite the journal without them.")
        static let compact = OptionSpec("compact", help: "Drop the tombstones of records removed more than sync.keep-removed days ago (default 400), in one atomic rewrite.")
        static let json = OptionSpec("json", help: "Print the result as JSON: the path, the numbers of valid brews, skip days, bean bags, tombstones and records of unknown kinds, every problem, and the conflict copies beside the journal.")
    }

    static let spec = CommandSpec(
        name: "check",
        abstract: "Validate the journal and list every problem.",
        usage: "check [--repair | --compact] [--json]",
        options: [Option.repair, Option.compact, Option.json],
        discussion: """
            Problems are listed as PATH:LINE: reason on standard output; the exit status is 65 when
            there is any. --repair appends the bad lines to PATH.rejected (nothing is deleted), so you
            can fix them by hand and 'brewlog import' them back. An unresolved merge conflict (the
            marker lines git leaves) is one problem naming its records; --repair refuses to choose a
            version, so keep one and delete the marker lines by hand. Conflict copies that Syncthing,
            Dropbox or Nextcloud left beside the journal are listed too (they leave the exit status as it is): merge each with
            'brewlog import COPY' and delete it once that exits 0; a copy has no common ancestor with the journal, so every
            record that differs is a conflict the import names, settled with --prefer or by hand.

            'rm' leaves a tombstone (a record of kind removed, with the removed line's hash) so
            that a conflict copy, an import or a merge does not bring the record back; check counts
            them, and a tombstone beside a record with its id is a problem. --compact drops those
            older than sync.keep-removed days (default 400): after that, a copy of the journal
            from before the removal would bring the record back.
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let session = try context.session()
        let journal = session.journal
        if context.arguments.has(Option.compact) {
            guard !context.arguments.has(Option.repair) else {
                throw context.usage("'--compact' and '--repair' are separate steps", hint: "run 'check --repair' first, then 'check --compact'")
            }
            return try compact(session, context)
        }
        if context.arguments.has(Option.repair) {
            let repair = try session.withJournal(.writing) { locked throws(CLIError) in
                do throws(JournalError) {
                    return try locked.repair()
                } catch {
                    throw CLIError(error)
                }
            }
            guard !context.quiet else { return }
            // Paths and reasons can hold any text (a path argument, an echoed journal value):
            // escaped for the terminal here, kept exact by --json below.
            let path = journal.path.terminalSafe, rejectedPath = journal.rejectedPath.terminalSafe
            if repair.removedByteOrderMark {
                context.out.line("\(path):1: removed the UTF-8 byte order mark at the start of the file.")
            }
            for problem in repair.moved {
                context.out.line("\(path):\(problem.line): moved to \(rejectedPath): \(problem.reason.terminalSafe)")
            }
            if repair.moved.isEmpty {
                context.out.line(repair.removedByteOrderMark ? "No bad lines to move." : "\(path): no problems; nothing to repair.")
            } else {
                context.out.line("Moved \(repair.moved.count) bad line\(repair.moved.count == 1 ? "" : "s") to \(rejectedPath).")
            }
            return
        }
        let (report, copies) = try session.withJournal(.reading) { locked throws(CLIError) in
            do throws(JournalError) {
                return (try locked.check(), locked.conflictCopies())
            } catch {
                throw CLIError(error)
            }
        }
        let asJSON = context.arguments.has(Option.json)
        let skips = report.entries.count { $0.kind == .skip }
        let bags = report.entries.count { $0.kind == .bean }
        let tombstones = report.entries.count { $0.kind == .removed }
        if asJSON {
            let problems = report.problems.map { problem in
                JSONText.object([("line", .int(problem.line)), ("reason", .string(problem.reason))])
            }
            let json = JSONText.object([
                ("path", .string(journal.path)), ("brews", .int(report.brewCount)), ("skip_days", .int(skips)),
                ("bean_bags", .int(bags)), ("removed", .int(tombstones)), ("unknown_kinds", .int(report.unknownKindCount)), ("problems", .array(problems)),
                ("conflict_copies", .array(copies.map { found in
                    JSONText.object([("path", .string(found.path)), ("tool", .string(found.copy.tool.rawValue))])
                })),
            ])
            context.out.line(json.text)
        } else if !context.quiet {
            for problem in report.problems {
                context.out.line("\(journal.path.terminalSafe):\(problem.line): \(problem.reason.terminalSafe)")
            }
        }
        if !asJSON && !context.quiet {
            for found in copies {
                let command = "\(context.commandPrefix) import \(ShellWord.quoted(found.path))"
                context.out.line("\(found.path.terminalSafe): a conflict copy \(found.copy.tool.rawValue) left beside the journal; merge it with  \(command.terminalSafe)  and delete it once that exits 0 (records that differ are conflicts it names: keep each side with --prefer, or edit them)")
            }
        }
        guard report.problems.isEmpty else {
            let count = report.problems.count
            let conflicts = report.problems.count(where: \.isUnresolvedMergeConflict)
            let hint = conflicts == count
                ? "keep one version of each record between the marker lines and delete the markers ('check --repair' will not choose for you)"
                : "'brewlog check --repair' moves the bad lines to \(journal.rejectedPath)" + (conflicts > 0 ? ", once every merge conflict is settled by hand" : "")
            throw CLIError.problemsFound("\(count) problem\(count == 1 ? "" : "s") in \(journal.path)", hint: hint)
        }
        if !context.quiet && !asJSON {
            let skipText = skips == 0 ? "" : ", \(skips) skip day\(skips == 1 ? "" : "s")"
            let bagText = bags == 0 ? "" : ", \(bags) bean bag\(bags == 1 ? "" : "s")"
            let removedText = tombstones == 0 ? "" : ", \(tombstones) tombstone\(tombstones == 1 ? "" : "s") of removed records"
            let unknown = report.unknownKindCount
            let unknownText = unknown == 0 ? "" : ", \(unknown) record\(unknown == 1 ? "" : "s") of a kind this BrewLog does not know (kept as they are)"
            context.out.line("\(journal.path.terminalSafe): \(report.brewCount) brew\(report.brewCount == 1 ? "" : "s")\(skipText)\(bagText)\(removedText)\(unknownText), no problems.")
        }
    }

    /// `check --compact`: drops the tombstones older than `sync.keep-removed` days, as one save.
    private static func compact(_ session: JournalSession, _ context: CommandContext) throws(CLIError) {
        let days = context.configuration.keepRemovedDays
        let dropped = try session.write(creating: false) { store throws(CLIError) in
            store.compactTombstones(keepingDays: days)
        }
        if context.arguments.has(Option.json) {
            context.out.line(JSONText.object([
                ("path", .string(session.journal.path)), ("keep_removed_days", .int(days)),
                ("dropped", .array(dropped.map { JSONText.string($0.id.rawValue) })),
            ]).text)
        } else if !context.quiet {
            let count = dropped.count
            context.out.line("\(session.journal.path.terminalSafe): dropped \(count) tombstone\(count == 1 ? "" : "s") older than \(days) day\(days == 1 ? "" : "s") (sync.keep-removed).")
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BrewLogCore

/// `brewlog undo [--dry-run] [--force] [--yes]`: takes back the newest change in the history,
/// as a new change.
enum UndoCommand: BrewLogCommand {
    enum Option {
        static let dryRun = OptionSpec("dry-run", help: "Show what undo would do, and change nothing.")
        static let force = OptionSpec("force", help: "Put back records changed since, too, losing those later changes.")
        static let yes = OptionSpec("yes", short: "y", help: "Do not ask first (undo asks only on a terminal).")
    }

    static let spec = CommandSpec(
        name: "undo",
        abstract: "Take back the newest change to the journal.",
        usage: "undo [--dry-run] [--force] [--yes]",
        options: [Option.dryRun, Option.force, Option.yes],
        discussion: """
            Puts every record the newest change in 'brewlog history' touched back to its line
            from before, byte for byte, as one new change: an added brew is removed, a removed
            one comes back, an edited one gets its old fields. A bulk change (edit or rm of many
            brews, an import) is taken back whole. The undo is itself in the history, so a second
            undo redoes the change, and a third takes it back again.

            It first shows what it will do. On a terminal it then asks (answer y), unless --yes;
            elsewhere it goes ahead. When a record it would put back was changed since by another
            change, it refuses (exit 1) and names the records, unless --force.

            Undo takes back only what the history holds: the last history.keep changes made on
            this machine. It cannot take back a change to the config file (a recipe, an alias),
            'check --repair' (the lines it moved are in the journal's .rejected file), a change
            another machine made and sync brought here, or a change too large for the history to
            keep (it is listed, and undo refuses it).

            EXAMPLES:
              brewlog undo --dry-run
              brewlog undo --yes
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let dryRun = context.arguments.has(Option.dryRun)
        let session = try context.session()
        let asking = !dryRun && !context.arguments.has(Option.yes) && context.standardOutputIsTerminal && isatty(STDIN_FILENO) == 1
        let done = try session.withJournal(dryRun ? .reading : .writing) { locked throws(CLIError) -> (entry: HistoryEntry, redo: Bool)? in
            let entries: [HistoryEntry], current: [BrewID: String], snapshot: JournalSnapshot
            do throws(JournalError) {
                snapshot = try locked.load()
                let log = try locked.history()
                for problem in log.problems { context.notices.line("brewlog: warning: history: " + problem.terminalSafe) }
                entries = Array(log.entries.suffix(context.configuration.historyKeep).reversed())
                current = try entries.first.map { newest throws(JournalError) in try locked.currentLines(of: UndoPlan.touchedIDs(newest)) } ?? [:]
            } catch {
                throw CLIError(error)
            }
            let plan = try self.plan(entries, current: current, force: context.arguments.has(Option.force))
            show(plan, context)
            if plan.isRefused { throw refusal(plan, context) }
            if let clash = skipDayClash(plan, in: snapshot) { throw clash }
            if dryRun {
                context.notices.line("Dry run: nothing was changed.")
                return nil
            }
            if plan.restorations.isEmpty {
                context.notices.line("Every record is already as it was before; nothing to change.")
                return nil
            }
            if asking, !confirmed(context) {
                throw CLIError.refused("nothing was undone", hint: "answer y to undo, or run 'brewlog undo --yes'")
            }
            guard let recording = session.recording else { return nil }
            do throws(JournalError) {
                return try locked.restore(plan, recording: recording).map { ($0, plan.target.undoes != nil) }
            } catch {
                throw CLIError(error)
            }
        }
        guard let done else { return }
        if context.quiet {
            for change in done.entry.changes { context.out.line(change.id.rawValue) }
        } else {
            let count = done.entry.changes.count == 1 ? "1 record" : "\(done.entry.changes.count) records"
            context.out.line(done.redo ? "Redone (\(count)); 'brewlog undo' again undoes it." : "Undone (\(count)); 'brewlog undo' again redoes it.")
        }
    }

    private static func plan(_ entries: [HistoryEntry], current: [BrewID: String], force: Bool) throws(CLIError) -> UndoPlan {
        do throws(UndoPlan.Refusal) {
            return try UndoPlan(newestFirst: entries, current: current, force: force)
        } catch {
            switch error {
            case .nothingToUndo:
                throw CLIError.notFound("nothing to undo: the history holds no change", hint: "'brewlog history' lists the changes kept on this machine")
            case let .linesOmitted(entry):
                throw CLIError.refused("cannot undo '\(entry.command)' of \(BrewFormatting.dateTime(entry.at)): it touched \(entry.changes.count) records, too many for the history to keep their lines",
                                       hint: nil)
            }
        }
    }

    private static func show(_ plan: UndoPlan, _ context: CommandContext) {
        guard !context.quiet else { return }
        let target = plan.target
        let verb = target.undoes == nil ? "Undo" : "Redo (undo the undo)"
        context.out.line("\(verb): \(HistoryText.line(target))")
        let shown = 20
        for change in plan.restorations.prefix(shown) { context.out.line(HistoryText.step(change)) }
        if plan.restorations.count > shown { context.out.line("  … and \(plan.restorations.count - shown) more") }
    }

    /// The refusal when the plan would put back a skip day that another skip record (one the plan
    /// leaves alone) holds now, as a sync or another program may have added: a journal holds one
    /// skip record a day, and two would make it unreadable. `--force` does not override it.
    private static func skipDayClash(_ plan: UndoPlan, in snapshot: JournalSnapshot) -> CLIError? {
        let touched = Set(plan.restorations.map(\.id))
        var holders: [CalendarDay: BrewID] = [:]
        for case let .skip(skip) in snapshot.entries where !touched.contains(skip.id) { holders[skip.day] = skip.id }
        for change in plan.restorations {
            guard let line = change.after else { continue }
            let restored: SkipDay?
            do throws(LineProblem) {
                if case let .entry(.skip(skip))? = try RecordLineCodec.decode(line) { restored = skip } else { restored = nil }
            } catch {
                restored = nil
            }
            guard let restored, let holder = holders[restored.day] else { continue }
            return CLIError.refused("cannot undo: it would bring back the skip day \(restored.day) (\(change.id.rawValue)), which the skip record \(holder.rawValue.terminalSafe) holds now; nothing was changed",
                                    hint: "a day has one skip record: 'brewlog unskip \(restored.day)' first if the other should go")
        }
        return nil
    }

    private static func refusal(_ plan: UndoPlan, _ context: CommandContext) -> CLIError {
        let names = plan.conflicts.prefix(10).map { HistoryText.record($0.id, line: $0.after ?? $0.before) }
        let more = plan.conflicts.count > 10 ? ", and \(plan.conflicts.count - 10) more" : ""
        let count = plan.conflicts.count == 1 ? "a record was" : "\(plan.conflicts.count) records were"
        return CLIError.refused("cannot undo: \(count) changed since: " + names.joined(separator: ", ") + more,
                                hint: "'\(context.commandPrefix) undo --force' puts them back all the same, losing the later changes")
    }

    /// Asks on standard error and reads the answer from standard input: yes only for `y` or `yes`.
    private static func confirmed(_ context: CommandContext) -> Bool {
        context.notices.write("Undo this change? [y/N] ")
        context.notices.flush()
        var answer: [UInt8] = []
        var byte: UInt8 = 0
        while answer.count < 64, read(STDIN_FILENO, &byte, 1) == 1, byte != 0x0A {
            answer.append(byte)
        }
        let word = String(decoding: answer, as: UTF8.self).lowercased().filter { !$0.isWhitespace }
        return word == "y" || word == "yes"
    }
}

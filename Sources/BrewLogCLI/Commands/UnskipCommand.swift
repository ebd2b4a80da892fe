import BrewLogCore

/// `brewlog unskip WHEN | FROM..TO`: removes the skip records of a day, or of the days of a range.
enum UnskipCommand: BrewLogCommand {
    static let spec = CommandSpec(
        name: "unskip",
        abstract: "Remove a skip day, or the skip days of a range.",
        usage: "unskip <when> | <from>..<to>",
        arguments: [ArgumentSpec("when", completes: .fixed(["today", "yesterday"]), help: "The skipped day: a date, today, yesterday, mon, last mon, -3d, …; a week or a month "
                     + "(last week, 2026-12) or a range FROM..TO (both days included, at most \(SkipCommand.maximumDays)) "
                     + "unskips the skip days within it.")],
        positionalCount: 1...1,
        options: [],
        discussion: """
            A day that is not a skip day is an error (exit 1), so a typo does not pass silently;
            so is a range without any. In a range, the days that are not skip days are left as
            they are, and the skip days are removed at once, in one write. Each leaves a
            tombstone, as 'rm' does, so an import or a conflict copy does not skip the day again.

            EXAMPLES:
              brewlog unskip yesterday
              brewlog unskip 2026-12-21..2027-01-03
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let days = try SkipCommand.days(context)
        let removed = try context.session().write(creating: false) { store throws(CLIError) in
            guard store.skipDays.contains(where: { days.contains($0.day) }) else {
                throw CLIError.notFound(days.dayCount == 1 ? "\(days.lowerBound) is not a skip day"
                                                           : "no day from \(days.lowerBound) to \(days.upperBound) is a skip day",
                                        hint: "'brewlog streak --explain' shows the skip days of the current run")
            }
            return store.removeSkips(on: days)
        }
        if context.quiet {
            for skip in removed { context.out.line(skip.id.rawValue) }
        } else if days.dayCount == 1, let skip = removed.first {
            context.out.line("Unskipped \(skip.day) (\(skip.id.rawValue.terminalSafe)).")
        } else {
            let left = days.dayCount - removed.count
            let unchanged = left == 0 ? "" : left == 1 ? " (1 was not a skip day)" : " (\(left) were not skip days)"
            context.out.line("Unskipped \(SkipCommand.daysText(removed.count)) from \(days.lowerBound) to \(days.upperBound)\(unchanged).")
        }
    }
}

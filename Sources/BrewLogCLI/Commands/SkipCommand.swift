import BrewLogCore

/// `brewlog skip [WHEN | FROM..TO] [--notes TEXT]`: marks a day, or each day of a range, as a
/// skip day, which bridges the streak.
enum SkipCommand: BrewLogCommand {
    /// Its option.
    enum Option {
        static let notes = OptionSpec("notes", short: "n", value: "text", completes: .nothing, help: "Why the days are skipped (travel, illness); a range gives each day the same notes.")
    }

    /// The most days one `skip` or `unskip` changes: a year, a leap year included.
    static let maximumDays = 366

    static let spec = CommandSpec(
        name: "skip",
        abstract: "Mark a day, or a range of days, as skip days: they bridge your streak without adding to it.",
        usage: "skip [<when> | <from>..<to>] [--notes <text>]",
        arguments: [ArgumentSpec("when", completes: .fixed(["today", "yesterday"]), help: "The day to skip (default: today): a date, yesterday, mon, last mon, -3d, 2 weeks ago, …; "
                     + "a week or a month (last week, this month, 2026-12) or a range FROM..TO (both days included, "
                     + "at most \(maximumDays)) skips each of its days.")],
        positionalCount: 0...1,
        options: [Option.notes],
        discussion: """
            A skip day is stored in the journal as a record of its own (kind "skip") and can be
            removed with 'brewlog unskip WHEN' or 'brewlog rm ID'. Skipping a day that is already
            skipped changes nothing (exit 0); in a range, the days skipped already keep their
            notes, the others are skipped, and all of them are written at once or none. Days to
            come can be skipped ahead of a trip.

            EXAMPLES:
              brewlog skip --notes "flight to Tokyo"
              brewlog skip -3d
              brewlog skip 2026-12-24
              brewlog skip 2026-12-21..2027-01-03 --notes holidays
              brewlog skip "last week"
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let notes = context.arguments.value(Option.notes)
        let days = try SkipCommand.days(context)
        let skips = try context.session().write { store in store.recordSkips(on: days, notes: notes) }
        if context.quiet {
            for (skip, _) in skips { context.out.line(skip.id.rawValue) }
            return
        }
        let added = skips.filter(\.added).count
        if days.dayCount == 1, let (skip, _) = skips.first {
            context.out.line(added == 1 ? "Skipped \(skip.day) (\(skip.id.rawValue.terminalSafe)): it bridges your streak."
                                        : "\(skip.day) is already a skip day (\(skip.id.rawValue.terminalSafe)); nothing changed.")
        } else if added == 0 {
            context.out.line("Every day from \(days.lowerBound) to \(days.upperBound) is a skip day already; nothing changed.")
        } else {
            let already = days.dayCount - added
            let kept = already == 0 ? "" : already == 1 ? " (1 was a skip day already)" : " (\(already) were skip days already)"
            context.out.line("Skipped \(daysText(added)) from \(days.lowerBound) to \(days.upperBound)\(kept): they bridge your streak.")
        }
    }

    /// The streak days the positional argument names, first to last: today's when there is none;
    /// a day, the streak day of a moment, or the days of a week or a month; or `FROM..TO`, from
    /// FROM's first day to TO's last, at most ``maximumDays``. Read before the journal is opened,
    /// so a refusal writes nothing.
    static func days(_ context: CommandContext) throws(CLIError) -> ClosedRange<CalendarDay> {
        let rules = context.configuration.streakRules
        // The streak's today, as the store counts it: a late day start keeps it on yesterday's date.
        let today = rules.day(of: Timestamp(date: try context.now, timeZone: try context.timeZone))
        guard let text = context.arguments.positionals.first else { return today...today }
        guard let separator = text.firstRange(of: "..") else { return try days(of: text, today: today, rules: rules, context) }
        let fromText = String(text[..<separator.lowerBound]), toText = String(text[separator.upperBound...])
        guard !isBlank(fromText), !isBlank(toText) else {
            throw context.usage("invalid range '\(cappedForMessage(text))': give a day on each side of '..'",
                                hint: "for example 'brewlog \(context.command.name) 2026-12-21..2026-12-27'")
        }
        let from = try days(of: fromText, today: today, rules: rules, context)
        let to = try days(of: toText, today: today, rules: rules, context)
        guard from.lowerBound <= to.upperBound else {
            throw context.usage("the range '\(cappedForMessage(text))' starts after it ends (\(from.lowerBound) is after \(to.upperBound))",
                                hint: "give the earlier day first: \(to.lowerBound)..\(from.upperBound)")
        }
        let days = from.lowerBound...to.upperBound
        guard days.dayCount <= maximumDays else {
            throw context.usage("the range '\(cappedForMessage(text))' has \(days.dayCount) days, from \(days.lowerBound) to \(days.upperBound); "
                                + "at most \(maximumDays) at once",
                                hint: "split it into ranges of a year or less")
        }
        return days
    }

    /// The days one WHEN names: `today` is the streak's today, a moment the streak day it falls
    /// on, a day itself, a week or a month all its days.
    private static func days(of text: String, today: CalendarDay, rules: StreakRules, _ context: CommandContext) throws(CLIError) -> ClosedRange<CalendarDay> {
        if text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }) == ["today"] { return today...today }
        let now = try context.now, timeZone = try context.timeZone
        do throws(WhenError) {
            switch try WhenSpan.parse(text, now: now, timeZone: timeZone, weekStart: rules.weekStart) {
            case let .when(.day(day)): return day...day
            case let .when(.moment(moment)): return rules.day(of: moment)...rules.day(of: moment)
            case let .days(days): return days
            }
        } catch {
            throw context.usage("invalid day '\(cappedForMessage(text))': \(error.reason)",
                                hint: "use today, yesterday, mon, last mon, -3d, 2 weeks ago, YYYY-MM-DD, a week or a month "
                                    + "(last week, this month, 2026-12), or FROM..TO")
        }
    }

    /// Whether `text` holds nothing but spaces and tabs.
    private static func isBlank(_ text: String) -> Bool {
        text.allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// `1 day`, `7 days`.
    static func daysText(_ count: Int) -> String {
        count == 1 ? "1 day" : "\(count) days"
    }
}

extension ClosedRange where Bound == CalendarDay {
    /// How many days it holds, both ends included.
    var dayCount: Int { upperBound.daysSinceEpoch - lowerBound.daysSinceEpoch + 1 }
}

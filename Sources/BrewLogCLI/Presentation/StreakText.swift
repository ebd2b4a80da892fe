import BrewLogCore

/// The streak in words: the sentence shown by `streak` and after `add`, the `--history` table and
/// the `--explain` calendar.
enum StreakText {
    /// "5-day streak, today included. Longest: 12 days." (and the weekly streak when a target is set).
    static func sentence(_ summary: StreakSummary, style: Style) -> String {
        let longest = "Longest: \(days(summary.longest))."
        let weekly = summary.weekly.map { " " + weeklySentence($0) } ?? ""
        if summary.current == 0 {
            let last = summary.lastBrewDay.map { " (last brew: \($0))" } ?? ""
            return "No streak yet\(last). Log a brew today to start one. \(longest)\(weekly)"
        }
        let streak = "\(summary.current)-day streak"
        if summary.brewedToday {
            return style.green(streak) + ", today included. \(longest)\(weekly)"
        }
        if summary.todayIsBridged {
            let kind = summary.todayStatus == .skip ? "a skip day" : "a rest day"
            return style.green(streak) + "; today is \(kind), so it needs no brew. \(longest)\(weekly)"
        }
        return style.yellow(streak) + ", but no brew yet today: log one before \(dayEnd(summary.dayStartMinutes)) to keep it. \(longest)\(weekly)"
    }

    /// How `short` writes the weekly part, when a target is set.
    enum WeeklyForm {
        /// "Week: 2 of 4 days."
        case full
        /// "Week 2/4."
        case brief
        /// Left out.
        case none
    }

    /// The streak in a few words, for `add`'s one-line confirmation: "Streak 3 days, longest 12.",
    /// with the weekly part ("Week: 2 of 4 days.") only when a target is set. Without `qualified`,
    /// it says less: what today holds ("no brew yet today", "today is a rest day") is left out,
    /// and "No current streak" is "No streak".
    static func short(_ summary: StreakSummary, style: Style, qualified: Bool = true, weekly form: WeeklyForm = .full) -> String {
        let longest = "longest \(summary.longest)."
        var text: String
        if summary.current == 0 {
            text = (qualified ? "No current streak; " : "No streak; ") + longest
        } else {
            let streak = "Streak " + days(summary.current)
            if summary.brewedToday || !qualified {
                text = (summary.brewedToday || summary.todayIsBridged ? style.green(streak) : style.yellow(streak)) + ", " + longest
            } else if summary.todayIsBridged {
                text = style.green(streak) + " (today is " + (summary.todayStatus == .skip ? "a skip day" : "a rest day") + "), " + longest
            } else {
                text = style.yellow(streak) + ", no brew yet today; " + longest
            }
        }
        if let weekly = summary.weekly {
            switch form {
            case .full: text += " Week: \(weekly.daysThisWeek) of \(weekly.target) days."
            case .brief: text += " Week \(weekly.daysThisWeek)/\(weekly.target)."
            case .none: break
            }
        }
        return text
    }

    /// "Weekly: 3 weeks in a row with 4+ brew days (this week: 2 of 4)."
    static func weeklySentence(_ weekly: WeeklyStreak) -> String {
        let run = weekly.current == 1 ? "1 week" : "\(weekly.current) weeks"
        let best = weekly.longest == 1 ? "1 week" : "\(weekly.longest) weeks"
        return "Weekly: \(run) in a row with \(weekly.target)+ brew day\(weekly.target == 1 ? "" : "s") (this week: \(weekly.daysThisWeek) of \(weekly.target); longest: \(best))."
    }

    /// The `--history` table: the runs given, one a line, under a header.
    static func history(_ runs: [StreakRun]) -> [String] {
        guard !runs.isEmpty else { return ["No streaks yet."] }
        return ["DAYS  FIRST       LAST"] + runs.map { run in
            BrewFormatting.padded(String(run.days), to: 4, alignedRight: true) + "  \(run.firstDay)  \(run.lastDay)"
        }
    }

    /// The `--explain` calendar: a headline, then one line a day, oldest first, ending today.
    static func explanation(_ calendar: StreakCalendar, skipNotes: [CalendarDay: String], style: Style) -> [String] {
        let summary = calendar.summary
        var lines: [String]
        if let start = summary.currentStart {
            lines = ["Current streak: \(days(summary.current)), since \(start)."]
        } else {
            lines = ["No current streak." + (summary.lastBrewDay.map { " Last brew: \($0)." } ?? "")]
        }
        var count = 0
        let rows = calendar.explanation
        for (index, row) in rows.enumerated() {
            var detail = ""
            switch row.status {
            case .brew:
                count += 1
                detail = "day \(count)"
            case .skip:
                detail = skipNotes[row.day].map { notes in
                    let preview = BrewFormatting.notePreview(notes)
                    return preview.lead + preview.text.terminalSafe + preview.tail
                } ?? ""
            case .rest:
                detail = ""
            case .missed:
                detail = index == 0 && endsARun(row.day, calendar) ? "ended the run before" : ""
            case .open:
                detail = "no brew yet"
            }
            let word = BrewFormatting.padded(word(row.status), to: 6)
            let colored = switch row.status {
            case .brew: style.green(word)
            case .missed: style.yellow(word)
            case .rest, .skip, .open: word
            }
            lines.append("\(row.day)  \(weekdayNames[row.day.weekdayFromMonday])  \(colored)  \(detail)".trimmingTrailingSpaces())
        }
        return lines
    }

    /// Whether the missed `day` is the one that ended a run: the first missed day after the
    /// last run before it (the days between are rest or skip days).
    private static func endsARun(_ day: CalendarDay, _ calendar: StreakCalendar) -> Bool {
        guard let run = calendar.runs.last(where: { $0.lastDay < day }) else { return false }
        var between = run.lastDay.adding(days: 1)
        while between < day {
            guard [.rest, .skip].contains(calendar.status(of: between)) else { return false }
            between = between.adding(days: 1)
        }
        return true
    }

    /// The one word for a day's status (also its `--json` value).
    static func word(_ status: StreakDayStatus) -> String {
        switch status {
        case .brew: "brew"
        case .rest: "rest"
        case .skip: "skip"
        case .missed: "missed"
        case .open: "today"
        }
    }

    /// Short weekday names, Monday first (``CalendarDay/weekdayFromMonday`` order).
    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    private static func days(_ count: Int) -> String {
        count == 1 ? "1 day" : "\(count) days"
    }

    /// "midnight", or "the day ends at HH:MM" when a day starts later.
    private static func dayEnd(_ dayStartMinutes: Int) -> String {
        guard dayStartMinutes > 0 else { return "midnight" }
        let hours = dayStartMinutes / 60, minutes = dayStartMinutes % 60
        return "the day ends at " + (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
    }

    /// Text up to its first line break.
}

import BrewLogCore

/// The streak as `--json` prints it, one shape wherever it appears (`streak`, `add`, `stats`):
/// `{"current":N,"longest":N,"brewed_today":B,"last_brew_day":D|null,"current_start":D|null}`,
/// plus `"weekly":{"target":N,"current":N,"longest":N,"met_this_week":B}` when a weekly target is set.
enum StreakJSON {
    static func object(_ summary: StreakSummary) -> JSONText {
        var members: [(key: String, value: JSONText)] = [
            ("current", .int(summary.current)),
            ("longest", .int(summary.longest)),
            ("brewed_today", .bool(summary.brewedToday)),
            ("last_brew_day", .string(summary.lastBrewDay.map { "\($0)" })),
            ("current_start", .string(summary.currentStart.map { "\($0)" })),
        ]
        if let weekly = summary.weekly {
            members.append(("weekly", .object([
                ("target", .int(weekly.target)),
                ("current", .int(weekly.current)),
                ("longest", .int(weekly.longest)),
                ("met_this_week", .bool(weekly.metThisWeek)),
            ])))
        }
        return .object(members)
    }

    /// `streak --history --json`: `[{"first_day":D,"last_day":D,"days":N}, …]`, longest first.
    static func history(_ runs: [StreakRun]) -> JSONText {
        .array(runs.map { run in
            .object([("first_day", .string("\(run.firstDay)")), ("last_day", .string("\(run.lastDay)")), ("days", .int(run.days))])
        })
    }

    /// `streak --explain --json`: `{"current":N,"days":[{"day":D,"status":S}, …]}`, oldest first;
    /// a status is `brew`, `rest`, `skip`, `missed` or `today` (today, no brew yet).
    static func explanation(_ calendar: StreakCalendar) -> JSONText {
        .object([
            ("current", .int(calendar.summary.current)),
            ("days", .array(calendar.explanation.map { day in
                .object([("day", .string("\(day.day)")), ("status", .string(StreakText.word(day.status)))])
            })),
        ])
    }
}

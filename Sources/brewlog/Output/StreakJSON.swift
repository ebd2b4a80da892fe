import BrewLogCore

/// The streak as `--json` prints it, one shape wherever it appears (`streak`, `add`, `stats`):
/// `{"current":N,"longest":N,"brewed_today":B,"last_brew_day":D|null,"current_start":D|null}`.
enum StreakJSON {
    static func object(_ summary: StreakSummary) -> JSONText {
        .object([
            ("current", .int(summary.current)),
            ("longest", .int(summary.longest)),
            ("brewed_today", .bool(summary.brewedToday)),
            ("last_brew_day", .string(summary.lastBrewDay.map { "\($0)" })),
            ("current_start", .string(summary.currentStart.map { "\($0)" })),
        ])
    }
}

import BrewLogCore

/// The streak as a sentence, shown by `streak` and after `add`.
enum StreakText {
    /// "5-day streak, today included. Longest: 12 days."
    static func sentence(_ summary: StreakSummary, style: Style) -> String {
        let days = { (count: Int) in count == 1 ? "1 day" : "\(count) days" }
        let longest = "Longest: \(days(summary.longest))."
        if summary.current == 0 {
            let last = summary.lastBrewDay.map { " (last brew: \($0))" } ?? ""
            return "No streak yet\(last). Log a brew today to start one. \(longest)"
        }
        let streak = "\(summary.current)-day streak"
        if summary.brewedToday {
            return style.green(streak) + ", today included. \(longest)"
        }
        return style.yellow(streak) + ", but no brew yet today: log one before midnight to keep it. \(longest)"
    }
}

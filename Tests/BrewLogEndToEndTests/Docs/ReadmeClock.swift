import Foundation

/// The moment an example's commands run at (`BREWLOG_NOW`), which `# at …` comments move.
///
/// It starts at the block's `BREWLOG_NOW`. A command whose comment starts with `at` and a time
/// moves it: `# at 2026-11-21 08:00` to that wall-clock time in the block's `TZ`, `# at 15:10`
/// to that time on the day the clock shows; more text may follow (`# at 15:10, the afternoon
/// espresso`). It stays there for the commands below, as a story's clock does.
struct ReadmeClock {
    /// A move asked for by a comment: a day (`YYYY-MM-DD`), or `nil` for the clock's own day, and a time.
    struct Move: Equatable {
        let day: String?
        let hour: Int
        let minute: Int
    }

    /// `BREWLOG_NOW` as an RFC 3339 moment with the zone's offset.
    private(set) var now: String
    /// The zone `TZ` names, in which the moves' wall-clock times are read.
    private let zone: TimeZone?

    init(now: String, timeZone: String) {
        self.now = now
        zone = TimeZone(identifier: timeZone)
    }

    /// The move `comment` asks for; `nil` for a comment that does not start with `at` and a digit.
    static func move(in comment: String) throws(ReadmeRefusal) -> Move? {
        guard comment.hasPrefix("at "), comment.dropFirst(3).first?.isNumber == true else { return nil }
        let pattern = /at (\d{4}-\d{2}-\d{2} )?(\d{1,2}):(\d{2})(?!\d|:\d)/
        guard let match = comment.prefixMatch(of: pattern), let hour = Int(match.output.2), let minute = Int(match.output.3) else {
            throw ReadmeRefusal(message: "'# \(comment)': the clock moves with '# at YYYY-MM-DD HH:MM' or '# at HH:MM'")
        }
        return Move(day: match.output.1.map { String($0.dropLast()) }, hour: hour, minute: minute)
    }

    /// Moves the clock; refuses a time the zone does not have (`2026-02-30`, `25:00`, a time
    /// skipped when summer time starts) and a `TZ` that names no zone.
    mutating func apply(_ move: Move) throws(ReadmeRefusal) {
        guard let zone else {
            throw ReadmeRefusal(message: "'# at' needs TZ to name a zone, such as Europe/Berlin")
        }
        let day = move.day ?? String(now.prefix(10))
        let parts = day.split(separator: "-").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let date = parts.count == 3
            ? calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: move.hour, minute: move.minute)) : nil
        // The calendar rolls a time it lacks over to another; reading it back shows that.
        let back = date.map { calendar.dateComponents([.year, .month, .day, .hour, .minute], from: $0) }
        let time = String(format: "%02d:%02d", move.hour, move.minute)
        guard let date, let back, [back.year, back.month, back.day] == parts.map(Optional.some), back.hour == move.hour, back.minute == move.minute else {
            throw ReadmeRefusal(message: "there is no \(day) \(time) in \(zone.identifier)")
        }
        let offset = zone.secondsFromGMT(for: date)
        now = day + "T" + time + ":00" + (offset < 0 ? "-" : "+")
            + String(format: "%02d:%02d", abs(offset) / 3600, abs(offset) % 3600 / 60)
    }
}

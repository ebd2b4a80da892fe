import BrewLogCore

/// The WHEN option that sets a brew's moment (`--date` of `add` and `edit`).
enum WhenOptions {
    /// The moment to record: `option` resolved, or now; future moments are refused, and a time
    /// of day typed without a day that is still to come today gets the same time yesterday as
    /// its hint (`--date 7:30` at 06:00 most likely meant this morning's brew, yesterday's).
    static func moment(_ context: CommandContext, _ option: OptionSpec) throws(CLIError) -> Timestamp {
        let now = try context.now, timeZone = try context.timeZone
        guard let when = try context.when(option) else { return Timestamp(date: now, timeZone: timeZone) }
        guard let moment = when.recordingMoment(now: now, timeZone: timeZone) else {
            let text = context.arguments.value(option) ?? ""
            let typed = text.split { $0 == " " || $0 == "\t" }.joined(separator: " ")
            let omitsDay = (try? WhenPhrase(parsing: text))?.omitsDay ?? false
            throw context.usage("'\(cappedForMessage(text))' is in the future",
                                hint: omitsDay ? "did you mean 'yesterday \(cappedForMessage(typed))'? Brews are logged after they happen"
                                    : "brews are logged after they happen")
        }
        return moment
    }
}

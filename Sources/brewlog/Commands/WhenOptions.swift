import BrewLogCore

/// The WHEN option that sets a brew's moment (`--date` of `add` and `edit`).
enum WhenOptions {
    /// The moment to record: `option` resolved, or now; future moments are refused.
    static func moment(_ context: CommandContext, _ option: OptionSpec) throws(CLIError) -> Timestamp {
        guard let when = try context.when(option) else { return Timestamp(date: context.now, timeZone: context.timeZone) }
        guard let moment = when.recordingMoment(now: context.now, timeZone: context.timeZone) else {
            throw context.usage("'\(cappedForMessage(context.arguments.value(option) ?? ""))' is in the future", hint: "brews are logged after they happen")
        }
        return moment
    }
}

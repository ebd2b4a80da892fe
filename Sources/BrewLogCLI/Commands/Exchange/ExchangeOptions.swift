import BrewLogCore

/// The exchange-format option `import` and `export` share (`--format jsonl|json|csv`).
enum ExchangeOptions {
    /// The format given to `option` (each command words its help), or `fallback`.
    static func format(_ context: CommandContext, _ option: OptionSpec, default fallback: ExchangeFormat) throws(CLIError) -> ExchangeFormat {
        guard let text = context.arguments.value(option) else { return fallback }
        guard let format = ExchangeFormat(rawValue: text) else {
            throw context.usage("invalid value '\(cappedForMessage(text))' for '--format'", hint: "use jsonl, json or csv")
        }
        return format
    }
}

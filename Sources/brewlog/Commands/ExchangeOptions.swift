import BrewLogCore

/// The exchange-format option `import` and `export` share (`--format jsonl|json|csv`).
enum ExchangeOptions {
    /// `--format`, or `fallback`.
    static func format(_ context: CommandContext, default fallback: ExchangeFormat) throws(CLIError) -> ExchangeFormat {
        guard let text = context.arguments.value("format") else { return fallback }
        guard let format = ExchangeFormat(rawValue: text) else {
            throw context.usage("invalid value '\(cappedForMessage(text))' for '--format'", hint: "use jsonl, json or csv")
        }
        return format
    }
}

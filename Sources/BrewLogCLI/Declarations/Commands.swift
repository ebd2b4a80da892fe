/// A subcommand: its spec for parsing and help, and what it does.
protocol BrewLogCommand: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ context: CommandContext) throws(CLIError)
}

/// Every subcommand, in the order help lists them.
enum Commands {
    static let all: [any BrewLogCommand.Type] = [
        AddCommand.self, ListCommand.self, ShowCommand.self, EditCommand.self, RemoveCommand.self,
        StreakCommand.self, PromptCommand.self, WatchCommand.self, BrewCommand.self, SkipCommand.self, UnskipCommand.self, StatsCommand.self, ReportCommand.self, ExportCommand.self,
        ImportCommand.self, CheckCommand.self,
        DialCommand.self, DiffCommand.self, BeanCommand.self, RecipeCommand.self, ConfigCommand.self, CompletionCommand.self,
        SyncCommand.self, CompletionValuesCommand.self, MergeDriverCommand.self,
    ]

    static let specs: [CommandSpec] = all.map { $0.spec }

    /// The commands help, the manual and completions list (not the hidden helpers).
    static let listed: [CommandSpec] = specs.filter { !$0.hidden }

    /// The names an alias cannot take: every command's, and `help`.
    static let names: Set<String> = Set(specs.map(\.name) + ["help"])

    static func run(_ spec: CommandSpec, _ context: CommandContext) throws(CLIError) {
        guard let command = all.first(where: { $0.spec.name == spec.name }) else { return }
        try command.run(context)
    }
}

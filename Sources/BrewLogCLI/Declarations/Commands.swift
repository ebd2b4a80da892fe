/// A command: its declaration for parsing, help, the manual and completions, and what it does.
protocol BrewLogCommand: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ context: CommandContext) throws(CLIError)
}

/// A command that only groups subcommands (`bean`, `recipe`, `config`): the parser always
/// descends into one of them (or reports the one missing), so the family itself never runs.
protocol CommandFamily: BrewLogCommand {}

extension CommandFamily {
    static func run(_ context: CommandContext) throws(CLIError) {
        throw context.usage("missing <subcommand> for '\(spec.qualifiedName)'")
    }
}

/// Every subcommand, in the order help lists them.
enum Commands {
    static let all: [any BrewLogCommand.Type] = [
        AddCommand.self, ListCommand.self, ShowCommand.self, EditCommand.self, RemoveCommand.self,
        StreakCommand.self, PromptCommand.self, WatchCommand.self, BrewCommand.self, SkipCommand.self, UnskipCommand.self, StatsCommand.self, ReportCommand.self, ExportCommand.self,
        ImportCommand.self, CheckCommand.self, HistoryCommand.self, UndoCommand.self,
        DialCommand.self, DiffCommand.self, BeanCommand.self, RecipeCommand.self, ConfigCommand.self, CompletionCommand.self,
        SyncCommand.self, CompletionValuesCommand.self, MergeDriverCommand.self,
    ]

    static let specs: [CommandSpec] = all.map { $0.spec }

    /// Every command declared, hidden or not, each family followed by its subcommands: what a
    /// test walks to hold help, the manual and completions to the declarations.
    static var declared: [CommandSpec] {
        specs.flatMap { [$0] + $0.subcommandSpecs }
    }

    /// The commands help, the manual and completions list (not the hidden helpers).
    static let listed: [CommandSpec] = specs.filter { !$0.hidden }

    /// The names an alias cannot take: every command's, and `help`.
    static let names: Set<String> = Set(specs.map(\.name) + ["help"])
}

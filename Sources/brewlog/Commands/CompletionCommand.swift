import BrewLogCore

/// `brewlog completion bash|zsh|fish`: prints a completion script: the commands and options come from the command specs, the rest of each script is hand-written.
enum CompletionCommand: BrewLogCommand {
    static let spec = CommandSpec(
        name: "completion",
        abstract: "Print a shell completion script.",
        usage: "completion bash|zsh|fish",
        arguments: [("shell", "bash, zsh or fish.")],
        positionalCount: 1...1,
        options: [],
        discussion: """
            INSTALL:
              bash: brewlog completion bash > ~/.local/share/bash-completion/completions/brewlog
              zsh:  brewlog completion zsh > "${fpath[1]}/_brewlog"
              fish: brewlog completion fish > ~/.config/fish/completions/brewlog.fish
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let shell = context.arguments.positionals[0]
        switch shell {
        case "bash": context.out.write(CompletionScripts.bash())
        case "zsh": context.out.write(CompletionScripts.zsh())
        case "fish": context.out.write(CompletionScripts.fish())
        default:
            throw context.usage("unknown shell '\(cappedForMessage(shell))'",
                                hint: nearest(to: shell, in: ["bash", "zsh", "fish"]).map { "did you mean '\($0)'?" } ?? "use bash, zsh or fish")
        }
    }
}

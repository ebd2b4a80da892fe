import BrewLogCore

/// `brewlog completion bash|zsh|fish`: prints a completion script. The commands and options come
/// from the command specs, what their values and arguments complete to from ``CompletionSource``;
/// the rest of each script is hand-written.
enum CompletionCommand: BrewLogCommand {
    static let spec = CommandSpec(
        name: "completion",
        abstract: "Print a shell completion script.",
        usage: "completion bash|zsh|fish",
        arguments: [ArgumentSpec("shell", completes: .fixed(CompletionCommand.shells), help: "bash, zsh or fish.")],
        positionalCount: 1...1,
        options: [],
        discussion: """
            The scripts complete commands, options, option values, brew ids, the methods,
            coffees, tags and bags already in the journal (the one --file on the line names, if
            any), recipe names, list's columns, and config's keys and their values. Fish shows
            what each value is beside it (a brew's date and coffee, a recipe's fields).

            INSTALL:
              bash: mkdir -p ~/.local/share/bash-completion/completions
                    brewlog completion bash > ~/.local/share/bash-completion/completions/brewlog
              zsh:  mkdir -p ~/.zfunc && brewlog completion zsh > ~/.zfunc/_brewlog
                    (and in ~/.zshrc, before compinit: fpath=(~/.zfunc $fpath))
              fish: mkdir -p ~/.config/fish/completions
                    brewlog completion fish > ~/.config/fish/completions/brewlog.fish
            """,
        lenientConfiguration: true)

    /// The shells there is a script for.
    static let shells = ["bash", "zsh", "fish"]

    static func run(_ context: CommandContext) throws(CLIError) {
        let shell = context.arguments.positionals[0]
        switch shell {
        case "bash": context.out.write(CompletionScripts.bash())
        case "zsh": context.out.write(CompletionScripts.zsh())
        case "fish": context.out.write(CompletionScripts.fish())
        default:
            throw context.usage("unknown shell '\(cappedForMessage(shell))'",
                                hint: nearest(to: shell, in: shells).map { "did you mean '\($0)'?" } ?? "use bash, zsh or fish")
        }
    }
}

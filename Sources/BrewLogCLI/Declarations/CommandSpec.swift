/// One option a command accepts: `--rating <n>`, `-q, --quiet`, declared once with everything
/// that derives from it: parsing, help, the manual, "did you mean", and what a shell's
/// completion offers for its value.
struct OptionSpec {
    /// The long name without dashes (`rating`).
    let long: String
    /// The one-letter form, if any (`q` for `-q`).
    var short: Character?
    /// The value's placeholder (`n`, `when`); `nil` for a flag.
    var valueName: String?
    /// What the value completes to in a shell (``CompletionSource/nothing`` for a flag).
    let completion: CompletionSource
    /// Whether it may be given more than once, collecting every value.
    var repeatable = false
    /// For a flag: whether it takes an optional value, written only as `--flag=value` (GNU's
    /// optional arguments: `--history=10`; `--history 10` leaves the 10 a positional).
    var optionalValue = false
    /// One line of help.
    let help: String

    /// An option that takes a value, and what a shell completes that value to: the declaration
    /// cannot leave it out, so a new option never silently completes nothing.
    init(_ long: String, short: Character? = nil, value: String, completes completion: CompletionSource, repeatable: Bool = false, help: String) {
        self.long = long
        self.short = short
        self.valueName = value
        self.completion = completion
        self.repeatable = repeatable
        self.help = help
    }

    /// A flag (with an optional `--flag=value` when `optionalValue`).
    init(_ long: String, short: Character? = nil, optionalValue: Bool = false, help: String) {
        self.long = long
        self.short = short
        self.completion = .nothing
        self.optionalValue = optionalValue
        self.help = help
    }

    /// `-q, --quiet` or `--rating <n>`, as help shows it.
    var synopsis: String {
        let long = "--" + self.long + (valueName.map { " <\($0)>" } ?? "")
        return short.map { "-\($0), " + long } ?? long
    }
}

/// One positional argument: its name in usage and help, what it is, and what a shell completes
/// it to.
struct ArgumentSpec {
    let name: String
    let help: String
    let completion: CompletionSource

    init(_ name: String, completes completion: CompletionSource, help: String) {
        self.name = name
        self.help = help
        self.completion = completion
    }
}

/// A command: its name, what it does, what it accepts, and its help text. A command family
/// (`bean`, `recipe`, `config`) declares its subcommands, each a command of its own with its own
/// arguments and options; parsing, help, the manual and completions descend into them.
struct CommandSpec {
    let name: String
    /// One sentence for the OVERVIEW line and the SUBCOMMANDS list.
    let abstract: String
    /// The USAGE line after `brewlog ` (for a subcommand, from its family's name on).
    let usage: String
    /// Positional arguments, for the ARGUMENTS section and completion.
    var arguments: [ArgumentSpec] = []
    /// How many positional arguments are allowed.
    var positionalCount: ClosedRange<Int> = 0...0
    let options: [OptionSpec]
    /// Extra paragraphs after the options (examples, notes). Lines starting with a space are
    /// kept as they are (examples); the others are prose, filled again to the reader's width.
    var discussion: String?
    /// Whether help, the manual, completions and "did you mean" leave it out (an internal helper).
    var hidden = false
    /// Whether its output goes through the pager on a terminal (long, read-only output).
    var pagesOutput = false
    /// Whether it runs whatever the config file holds, a bad value or not: a command that must
    /// be able to repair the file (`config`), or that a shell runs on its own (completions),
    /// where a bad file must not fail every TAB.
    var lenientConfiguration = false
    /// The longest it waits for the journal's lock, in seconds, whatever `BREWLOG_LOCK_TIMEOUT`
    /// says (`nil`: no cap): a completion is typed at a prompt and gives up on a busy journal at once.
    /// A shorter `BREWLOG_LOCK_TIMEOUT` is honoured; a bad one is ignored (the cap is all it needs).
    var lockTimeoutCap: Double?
    /// Whether it never writes to standard error, not an error nor a configuration warning: a
    /// command a shell prompt runs, where any stray line would garble the prompt. The exit
    /// status still says what went wrong.
    var silentErrors = false
    /// A family's subcommands, in the order help lists them (none for a plain command).
    var subcommands: [any BrewLogCommand.Type] = []
    /// Whether the command runs itself when no subcommand is named (`brewlog sync`, beside
    /// `brewlog sync init`, as `git stash` beside `git stash list`): a first argument that names
    /// no subcommand is then its own argument. A family without it needs a subcommand.
    var runsWithoutSubcommand = false
    /// The family a subcommand belongs to (`bean` for `bean add`), set where the family lists it.
    private(set) var family: String?

    /// `bean add` for a subcommand, else the name.
    var qualifiedName: String { family.map { $0 + " " + name } ?? name }

    /// The subcommands' declarations, each knowing its family.
    var subcommandSpecs: [CommandSpec] {
        subcommands.map { command in
            var spec = command.spec
            spec.family = qualifiedName
            return spec
        }
    }

    /// The subcommands' names, in order.
    var subcommandNames: [String] { subcommandSpecs.map(\.name) }

    /// The name of argument `position` (the subcommand is 1) after the subcommand `action`, for
    /// the descriptions completions show.
    func argumentName(at position: Int, after action: String) -> String? {
        guard let arguments = subcommand(named: action)?.spec.arguments, arguments.indices.contains(position - 2) else { return nil }
        return arguments[position - 2].name
    }

    /// The subcommand called `name`, with its declaration.
    func subcommand(named name: String) -> (command: any BrewLogCommand.Type, spec: CommandSpec)? {
        guard let index = subcommandSpecs.firstIndex(where: { $0.name == name }) else { return nil }
        return (subcommands[index], subcommandSpecs[index])
    }

    /// The options a shell offers after the command: its own, and for a family each of its
    /// subcommands' once (the first declaration of a long name).
    var completedOptions: [OptionSpec] {
        var seen: Set<String> = []
        return (options + subcommandSpecs.flatMap(\.completedOptions)).filter { seen.insert($0.long).inserted }
    }

    /// What the command's positional arguments complete to: a family's first argument is its
    /// subcommand and the ones after it are the subcommand's; a plain command's are all alike.
    var argumentCompletion: ArgumentCompletion {
        guard subcommands.isEmpty else {
            let subcommands = subcommandSpecs
            return .actions(subcommands.map(\.name), after: Dictionary(uniqueKeysWithValues: subcommands.map { ($0.name, $0.arguments.map(\.completion)) }))
        }
        return .each(arguments.first?.completion ?? .nothing)
    }
}

/// What brewlog is, for the top of its help and its manual page.
enum Program {
    static let abstract = "A brewing journal for the shell: log each brew, keep your streak."
    static let usage = "brewlog [--file <path>] [--color <when>] [-q] <subcommand>"
}

/// Options every command accepts, before or after the subcommand name.
enum GlobalOptions {
    static let file = OptionSpec("file", value: "path", completes: .files, help: "The journal file (default: $BREWLOG_FILE, then journal.file in the config, then $XDG_DATA_HOME/brewlog/journal.jsonl, then ~/.local/share/brewlog/journal.jsonl).")
    static let color = OptionSpec("color", value: "when", completes: .fixed(["auto", "always", "never"]), help: "Colour output: auto, always or never (default: ui.color in the config, else auto).")
    static let noPager = OptionSpec("no-pager", help: "Never send output through the pager (ui.pager, $PAGER, less -FRX).")
    static let quiet = OptionSpec("quiet", short: "q", help: "Print only what a script needs.")
    static let help = OptionSpec("help", short: "h", help: "Show help information.")

    static let all: [OptionSpec] = [file, color, quiet, noPager, help]

    static let version = OptionSpec("version", help: "Show the version.")
}

/// `brewlog help [<subcommand>]` and `brewlog help --man`. The parser reads it itself (it runs
/// nothing), but it is described like a command, for help, the manual and completions.
enum HelpCommand {
    static let man = OptionSpec("man", help: "Print the manual page (roff) instead; 'man -l' reads it.")

    static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for a subcommand; --man prints the manual page.",
        usage: "help [<subcommand> [<subcommand>] | --man]",
        arguments: [ArgumentSpec("subcommand", completes: .fixed(Commands.listed.map(\.name)),
                                 help: "The subcommand to show help for (the same as 'brewlog <subcommand> --help'); a family's subcommand after it ('help bean add').")],
        positionalCount: 0...2,
        options: [man])
}

/// One option a command accepts: `--rating <n>`, `-q, --quiet`.
struct OptionSpec {
    /// The long name without dashes (`rating`).
    let long: String
    /// The one-letter form, if any (`q` for `-q`).
    var short: Character?
    /// The value's placeholder (`n`, `when`); `nil` for a flag.
    var valueName: String?
    /// Whether it may be given more than once, collecting every value.
    var repeatable = false
    /// For a flag: whether it takes an optional value, written only as `--flag=value` (GNU's
    /// optional arguments: `--history=10`; `--history 10` leaves the 10 a positional).
    var optionalValue = false
    /// One line of help.
    let help: String

    init(_ long: String, short: Character? = nil, value: String? = nil, repeatable: Bool = false, optionalValue: Bool = false, help: String) {
        self.long = long
        self.short = short
        self.valueName = value
        self.repeatable = repeatable
        self.optionalValue = optionalValue
        self.help = help
    }

    /// `-q, --quiet` or `--rating <n>`, as help shows it.
    var synopsis: String {
        let long = "--" + self.long + (valueName.map { " <\($0)>" } ?? "")
        return short.map { "-\($0), " + long } ?? long
    }
}

/// A subcommand: its name, what it does, what it accepts, and its help text.
struct CommandSpec {
    let name: String
    /// One sentence for the OVERVIEW line and the SUBCOMMANDS list.
    let abstract: String
    /// The USAGE line after `brewlog `.
    let usage: String
    /// Positional arguments, for the ARGUMENTS section.
    var arguments: [(name: String, help: String)] = []
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
}

/// What brewlog is, for the top of its help and its manual page.
enum Program {
    static let abstract = "A brewing journal for the shell: log each brew, keep your streak."
    static let usage = "brewlog [--file <path>] [--color <when>] [-q] <subcommand>"
}

/// Options every command accepts, before or after the subcommand name.
enum GlobalOptions {
    static let file = OptionSpec("file", value: "path", help: "The journal file (default: $BREWLOG_FILE, then journal.file in the config, then $XDG_DATA_HOME/brewlog/journal.jsonl, then ~/.local/share/brewlog/journal.jsonl).")
    static let color = OptionSpec("color", value: "when", help: "Colour output: auto, always or never (default: ui.color in the config, else auto).")
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
        usage: "help [<subcommand> | --man]",
        arguments: [("subcommand", "The subcommand to show help for (the same as 'brewlog <subcommand> --help').")],
        positionalCount: 0...1,
        options: [man])
}

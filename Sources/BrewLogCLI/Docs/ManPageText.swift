import BrewLogCore

/// The manual page's prose about brewlog as a whole: what no command's spec says.
enum ManPageText {
    /// The FIELDS paragraph, from the field table: every field option with its placeholder and help.
    static let fields = "FIELDS (add and edit): " + BrewField.allCases.compactMap { field in
        field.row.option.map { option in
            "--\(option.long)" + (option.short.map { " (-\($0))" } ?? "") + " \(option.placeholder): " + option.help.dropLast(option.help.hasSuffix(".") && !option.help.hasSuffix("...") ? 1 : 0)
        }
    }.joined(separator: "; ") + "; --ratio 1:r: with a dose sets the water, with a water sets the dose."

    static let description = [
        "brewlog keeps a journal of coffee brews in a plain JSON Lines file: log each brew with brewlog add, see how many days in a row you have brewed with brewlog streak, edit tasting notes, and script daily logs and reminders from cron.",
        "Options follow the conventions of swift-argument-parser and GNU tools: --opt value and --opt=value; an option that takes a value takes the next argument whatever it looks like (--notes --odd stores --odd); short flags cluster (-qh); -- ends options; a mistyped command or option gets a suggestion. When an option is given twice, the last value wins, except for repeatable ones. 'brewlog help COMMAND' equals 'brewlog COMMAND --help'.",
        fields,
        "WHEN: now, today, yesterday, YYYY-MM-DD, HH:MM[:SS] (today), or YYYY-MM-DDTHH:MM[:SS] with an optional offset (Z, +09:00). Without an offset a time is local (TZ). Future moments are refused. For filters, a date includes its whole day.",
        "ID: a brew's id, any unique prefix of 4 or more characters, or last (the newest brew by date); last~N is the Nth brew before it (last~0 is last); last:TEXT is the newest brew whose method is TEXT ignoring case, or, when no brew has that method, whose coffee is; last:V60~1 combines them. Brews at the same moment count the later line in the journal as newer. A whole id wins over these forms. A prefix matching several brews is a usage error that lists them.",
        "Human output never prints a control character that came from the journal or the command line: it is shown as a visible escape (\\e, \\r, \\x07, \\u{9B}). JSON, JSON Lines, CSV and -q output keep text exactly.",
    ]

    static let environment: [(term: String, text: String)] = [
        ("BREWLOG_FILE", "The journal, when --file is not given. An empty value counts as unset."),
        ("BREWLOG_CONFIG", "The configuration file, instead of $XDG_CONFIG_HOME/brewlog/config."),
        ("BREWLOG_NOW", "An RFC 3339 moment taken as now, for tests and scripts that backfill; a bad value exits 78."),
        ("BREWLOG_LOCK_TIMEOUT", "Seconds a writer waits for the journal's lock (default 10; 0 to 86400), then exits 75."),
        ("XDG_DATA_HOME", "The journal is $XDG_DATA_HOME/brewlog/journal.jsonl when neither --file nor BREWLOG_FILE nor journal.file says otherwise (an absolute path only)."),
        ("XDG_CONFIG_HOME", "The configuration file is $XDG_CONFIG_HOME/brewlog/config (an absolute path only)."),
        ("HOME", "The last resort for both: ~/.local/share/brewlog/journal.jsonl and ~/.config/brewlog/config."),
        ("TZ", "The time zone that decides what today is and how local times are read, as date(1) reads it: a zone name or a POSIX rule. A name with no zone file exits 78."),
        ("NO_COLOR", "When set and not empty, --color auto prints no colour."),
        ("TERM", "TERM=dumb turns colour off under --color auto."),
        ("PAGER", "The pager for long output on a terminal when ui.pager is not set."),
        ("VISUAL, EDITOR", "The editor for edit --editor (then vi), run through /bin/sh."),
        ("COLUMNS", "The width of tables and help when standard output is not a terminal (help wraps to 80 columns without it)."),
    ]

    static let files: [(term: String, text: String)] = [
        ("~/.local/share/brewlog/journal.jsonl", "The journal, when no option, variable or configuration names another: one brew per line, in UTF-8. Its folder is created with mode 0700, the file with mode 0600."),
        ("JOURNAL.lock", "The lock every command takes beside the journal (shared to read, exclusive to write)."),
        ("JOURNAL.rejected", "Where check --repair appends the lines it removes from the journal, byte for byte."),
        ("JOURNAL.history", "Beside the journal: this machine's history of changes, one JSON line a change, for history and undo; bounded by history.keep and 16 MiB, never synced."),
        ("~/.config/brewlog/config", "The configuration file (git-config style), when BREWLOG_CONFIG and XDG_CONFIG_HOME do not name another."),
    ]

    static let exitStatus: [(term: String, text: String)] = [
        ("0", "Success (also when --once-per-day found a brew, and when output goes to a closed pipe)."),
        ("1", "streak --check found no brew today; an id matched nothing; the editor failed; sync stopped on a conflict."),
        ("64", "Usage error: an unknown command or option, a bad value, a future date, an ambiguous id, an argument that is not UTF-8."),
        ("65", "The journal or an import file holds bad data."),
        ("66", "An input file does not exist or cannot be read; the journal path names a folder, FIFO, device or socket."),
        ("69", "sync: git is not on PATH, the remote cannot be reached, or git failed (its output is shown)."),
        ("73", "The journal or its folder cannot be created."),
        ("74", "An I/O error; a failed write leaves the journal as it was."),
        ("75", "The lock was not obtained in time, or another program changed the journal while the lock was held (nothing was written)."),
        ("78", "Configuration error: no journal location, a bad BREWLOG_NOW, BREWLOG_LOCK_TIMEOUT or TZ, a configuration file that does not parse or whose includes loop; a repository sync will not work in (another project's, a detached HEAD, other files staged)."),
    ]

    static let examples: [(explanation: String, command: String)] = [
        ("Log a pour-over:", "brewlog add --method V60 --coffee \"Kenya AA\" --dose 15 --water 250 --rating 4"),
        ("Notes from standard input:", "echo \"Bright, blackcurrant\" | brewlog add --notes -"),
        ("The five newest brews:", "brewlog list --limit 5"),
        ("Change the rating of the newest brew:", "brewlog edit last --rating 5"),
        ("A reminder from cron when today has no brew yet, one crontab line (cron mails any other failure):", StreakCommand.cronReminder),
        ("Install bash completion:", "brewlog completion bash > ~/.local/share/bash-completion/completions/brewlog"),
    ]
}

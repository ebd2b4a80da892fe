import BrewLogCore

/// `brewlog sync`: the two-machine round in one command, over the real git or a folder that
/// Syncthing, Dropbox or Nextcloud carries. `sync init` sets a repository up, `sync --take`
/// settles a conflict, `sync --status` says where things stand.
enum SyncCommand: BrewLogCommand {
    /// Its options.
    enum Option {
        static let take = OptionSpec("take", value: "side", help: "Settle the conflicts on the ids given: keep ours (this machine's version) or theirs; then carry on with the sync.")
        static let status = OptionSpec("status", help: "Say where things stand: commits ahead of and behind the remote (as of the last sync), changes not committed, conflicts, conflict copies waiting.")
        static let json = OptionSpec("json", help: "With --status: print it as one JSON object.")
        static let clone = OptionSpec("clone", value: "remote", help: "With init: clone REMOTE where the journal belongs (the second machine).")
        static let withConfig = OptionSpec("with-config", help: "With init: move the shareable part of the config (recipes, [add], aliases, streak rules) into brewlog.config beside the journal, and include it.")
    }

    static let spec = CommandSpec(
        name: "sync",
        abstract: "Commit, pull, merge and push the journal in one command (git, or a synced folder).",
        usage: "sync [--take ours|theirs <id>...] | --status [--json] | init [<remote>] [--with-config] | init --clone <remote> [--with-config]",
        arguments: [("action", "init: set the journal's folder up as a git repository for sync (the only action; without one, sync)."),
                    ("remote", "With init: the remote to push to, as git names it (a URL or a path)."),
                    ("id", "With --take: the conflicts to settle, each by its id or a prefix of 4 characters or more.")],
        positionalCount: 0...64,
        options: [Option.take, Option.status, Option.json, Option.clone, Option.withConfig],
        discussion: """
            In a git repository (the journal's own), sync commits the journal when it changed (the
            message says what changed and on which host), fetches, merges with BrewLog's merge driver
            (never a rebase), pushes, and says in one line what came in and what went out. A push
            refused because the other machine pushed first is retried once after one more merge.
            With no remote it only commits; with nothing changed it makes no commit.

            When a merge stops on a conflict, sync pushes nothing and names each conflicting record
            and field. 'sync --take ours ID' or 'sync --take theirs ID' keeps one version (or edit the
            journal, delete the marker lines, and sync again); 'brewlog check' names what is left.

            In a folder that is not a git repository, sync merges every conflict copy that
            Syncthing, Dropbox or Nextcloud left beside the journal, by the import rules, and moves
            each merged copy into JOURNAL.merged/; a conflict stops it the same way.

            The journal's lock is held while git reads or writes the journal (commit, merge), so a
            'brewlog add' run meanwhile waits for it; it is not held while git talks to the remote.

            EXAMPLES:
              brewlog sync init git@example.com:anna/brews.git --with-config
              brewlog sync init --clone git@example.com:anna/brews.git --with-config
              brewlog sync
              brewlog sync --take theirs 6b21
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let positionals = context.arguments.positionals
        let arguments = context.arguments
        let given = { (option: OptionSpec) in option.valueName == nil ? arguments.has(option) : arguments.value(option) != nil }
        if positionals.first == "init" {
            for option in [Option.take, Option.status, Option.json] where given(option) {
                throw context.usage("'--\(option.long)' does not go with 'sync init'")
            }
            if positionals.count > 2 { throw context.usage("unexpected argument '\(cappedForMessage(positionals[2]))' for 'sync init'") }
            if let clone = arguments.value(Option.clone) {
                if positionals.count > 1 { throw context.usage("give the remote once: 'sync init --clone REMOTE'") }
                return try SyncInit.clone(clone, context)
            }
            return try SyncInit.run(remote: positionals.count > 1 ? positionals[1] : nil, context)
        }
        for option in [Option.clone, Option.withConfig] where given(option) {
            throw context.usage("'--\(option.long)' goes with 'sync init'")
        }
        if arguments.has(Option.json) && !arguments.has(Option.status) {
            throw context.usage("'--json' goes with 'sync --status'")
        }
        if arguments.has(Option.status) {
            if arguments.value(Option.take) != nil { throw context.usage("'--status' and '--take' do not go together") }
            if let extra = positionals.first { throw context.usage("unexpected argument '\(cappedForMessage(extra))' for 'sync --status'") }
            return try SyncStatus.run(context)
        }
        var take: (side: JournalConflict.Side, ids: [String])?
        if let sideText = arguments.value(Option.take) {
            guard let side = JournalConflict.Side(rawValue: sideText) else {
                throw context.usage("invalid value '\(cappedForMessage(sideText))' for '--take'", hint: "use ours or theirs")
            }
            guard !positionals.isEmpty else { throw context.usage("missing <id> for '--take \(side.rawValue)'", hint: "'brewlog sync --status' lists the conflicts") }
            take = (side, positionals)
        } else if let extra = positionals.first {
            throw context.usage("unexpected argument '\(cappedForMessage(extra))'",
                                hint: nearest(to: extra, in: ["init"]).map { "did you mean '\($0)'?" } ?? "sync takes no argument but 'init'")
        }
        try SyncRound.run(take: take, context)
    }
}

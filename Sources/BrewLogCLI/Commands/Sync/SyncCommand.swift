import BrewLogCore

/// `brewlog sync`: the two-machine round in one command, over the real git or a folder that
/// Syncthing, Dropbox or Nextcloud carries. `sync init` sets a repository up, `sync --take`
/// settles a conflict, `sync --status` says where things stand.
enum SyncCommand: BrewLogCommand {
    /// Its options.
    enum Option {
        static let take = OptionSpec("take", value: "side", completes: .fixed(JournalConflict.Side.allCases.map(\.rawValue)),
                                     help: "Settle the conflicts on the ids given: keep ours (this machine's version) or theirs; then carry on with the sync.")
        static let status = OptionSpec("status", help: "Say where things stand: commits ahead of and behind the remote (as of the last sync), changes not committed, conflicts, conflict copies waiting.")
        static let json = OptionSpec("json", help: "With --status: print it as one JSON object.")
    }

    static let spec = CommandSpec(
        name: "sync",
        abstract: "Commit, pull, merge and push the journal in one command (git, or a synced folder).",
        usage: "sync [--take ours|theirs <id>...] | sync --status [--json] | sync init ...",
        arguments: [ArgumentSpec("id", completes: .nothing, help: "With --take: the conflicts to settle, each by its id or a prefix of 4 characters or more.")],
        positionalCount: 0...64,
        options: [Option.take, Option.status, Option.json],
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
            """,
        subcommands: [Init.self],
        runsWithoutSubcommand: true)

    static func run(_ context: CommandContext) throws(CLIError) {
        let positionals = context.arguments.positionals
        let arguments = context.arguments
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
                                hint: nearest(to: extra, in: spec.subcommandNames).map { "did you mean '\($0)'?" } ?? "sync takes no argument but 'init'")
        }
        try SyncRound.run(take: take, context)
    }
}

extension SyncCommand {
    /// `sync init [REMOTE] [--with-config]` and `sync init --clone REMOTE [--with-config]`.
    enum Init: BrewLogCommand {
        static let clone = OptionSpec("clone", value: "remote", completes: .nothing, help: "Clone REMOTE where the journal belongs (the second machine).")
        static let withConfig = OptionSpec("with-config", help: "Move the shareable part of the config (recipes, [add], aliases, streak rules) into brewlog.config beside the journal, and include it.")

        static let spec = CommandSpec(
            name: "init", abstract: "Set the journal's folder up as a git repository for sync, or clone one on the second machine.",
            usage: "sync init [<remote>] [--with-config] | sync init --clone <remote> [--with-config]",
            arguments: [ArgumentSpec("remote", completes: .nothing, help: "The remote to push to, as git names it (a URL or a path).")],
            positionalCount: 0...1, options: [clone, withConfig])

        static func run(_ context: CommandContext) throws(CLIError) {
            let positionals = context.arguments.positionals
            if let remote = context.arguments.value(clone) {
                if !positionals.isEmpty { throw context.usage("give the remote once: 'sync init --clone REMOTE'") }
                return try SyncInit.clone(remote, context)
            }
            try SyncInit.run(remote: positionals.first, context)
        }
    }
}

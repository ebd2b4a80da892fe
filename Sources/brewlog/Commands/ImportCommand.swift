import BrewLogCore
import Foundation

/// `brewlog import FILE`: merges brews by id, never duplicating one.
enum ImportCommand: BrewLogCommand {
    /// Its options.
    enum Option {
        static let format = OptionSpec("format", value: "format", help: "jsonl, json or csv (default: from the file name, else jsonl).")
        static let prefer = OptionSpec("prefer", value: "side", help: "On a conflict keep the existing brew (default) or take the incoming one.")
        static let dryRun = OptionSpec("dry-run", help: "Print what would happen; change nothing.")
    }

    static let spec = CommandSpec(
        name: "import",
        abstract: "Merge brews from a file into the journal.",
        usage: "import <file> [--format jsonl|json|csv] [--prefer existing|incoming] [--dry-run]",
        arguments: [("file", "A file written by 'brewlog export' (or '-' for standard input).")],
        positionalCount: 1...1,
        options: [Option.format, Option.prefer, Option.dryRun],
        discussion: """
            A brew whose id is new is added. One already present and identical is skipped. One with
            the same id but different content is a conflict: it is reported and left alone unless
            --prefer incoming. A file with any bad record imports nothing.
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let path = context.arguments.positionals[0]
        let format = try ExchangeOptions.format(context, Option.format, default: ExchangeFormat(fileName: path))
        let prefersIncoming = try preferIncoming(context)
        let bytes = try read(path)
        let incoming: [BrewRecord]
        switch format.decode(bytes) {
        case let .success(records):
            incoming = records
        case let .failure(problems):
            for problem in problems.problems {
                context.out.line("\(path.terminalSafe):\(problem.line): \(problem.reason.terminalSafe)")
            }
            throw CLIError.dataError("\(path) has \(problems.problems.count) bad record\(problems.problems.count == 1 ? "" : "s"); nothing imported",
                                     hint: "fix the lines listed above and import again")
        }

        let dryRun = context.arguments.has(Option.dryRun)
        let session = try context.session()
        let merge = { (store: BrewLogStore) -> (added: Int, skipped: Int, replaced: Int, conflicts: [BrewID]) in
            var added = 0, skipped = 0, replaced = 0
            var conflicts: [BrewID] = []
            for record in incoming {
                guard let existing = store.brew(id: record.id) else {
                    store.insert(Brew(record: record))
                    added += 1
                    continue
                }
                if sameBrew(existing.record, record) {
                    skipped += 1
                } else if prefersIncoming {
                    // The brew keeps its own unknown keys, so taking the incoming fields may change nothing.
                    let before = existing.record
                    existing.assign(record)
                    if existing.record == before { skipped += 1 } else { replaced += 1 }
                } else {
                    conflicts.append(record.id)
                }
            }
            return (added, skipped, replaced, conflicts)
        }
        // A dry run, or a file with nothing in it, merges into a store read under the shared lock and
        // never saves it (so an empty import creates no journal, folder or lock file).
        let readOnly = dryRun || incoming.isEmpty
        let (added, skipped, replaced, conflicts) = readOnly ? merge(try session.read()) : try session.write { store throws(CLIError) in merge(store) }
        guard !context.quiet else { return }
        let verb = dryRun ? "Would import" : "Imported"
        for id in conflicts {
            context.out.line("conflict: \(id.rawValue.terminalSafe) differs from the journal's brew; kept the journal's")
        }
        var summary = "\(verb) \(added) new brew\(added == 1 ? "" : "s")"
        if replaced > 0 { summary += ", replaced \(replaced)" }
        summary += ", skipped \(skipped) already present"
        if !conflicts.isEmpty { summary += ", \(conflicts.count) conflict\(conflicts.count == 1 ? "" : "s") left alone (use --prefer incoming to take them)" }
        context.out.line(summary + ".")
    }

    private static func preferIncoming(_ context: CommandContext) throws(CLIError) -> Bool {
        switch context.arguments.value(Option.prefer) ?? "existing" {
        case "existing": return false
        case "incoming": return true
        case let other: throw context.usage("invalid value '\(cappedForMessage(other))' for '--prefer'", hint: "use existing or incoming")
        }
    }

    /// Known fields equal; unknown keys are compared only when both sides carry some (CSV has none).
    private static func sameBrew(_ a: BrewRecord, _ b: BrewRecord) -> Bool {
        var a = a, b = b
        if a.unknownFields.isEmpty || b.unknownFields.isEmpty {
            a.unknownFields = []
            b.unknownFields = []
        }
        return a == b
    }

    /// The import file's bytes (standard input for `-`), read strictly by ``InputReader``.
    private static func read(_ path: String) throws(CLIError) -> [UInt8] {
        if path == "-" {
            return try StandardInput.readAll()
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw CLIError.inputMissing("no such file: \(path)") }
            throw CLIError.io("cannot read \(path): \(String(cString: strerror(code)))")
        }
        defer { close(fd) }
        return try InputReader.readAll(fd: fd, name: path)
    }
}

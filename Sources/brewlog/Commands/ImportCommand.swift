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
        let (bytes, stoppedEarly) = try read(path, format: format)
        let incoming: [BrewRecord]
        switch format.decode(bytes) {
        case let .success(records) where !stoppedEarly:
            incoming = records
        case .success:
            throw CLIError.dataError("\(path) has more than \(badRecordsToStopAt) bad lines; stopped reading, nothing imported",
                                     hint: "check that this is a file of brews in the format given (--format)")
        case let .failure(problems):
            for problem in problems.problems {
                context.out.line("\(path.terminalSafe):\(problem.line): \(problem.reason.terminalSafe)")
            }
            let count = stoppedEarly ? "at least \(problems.problems.count) bad records (stopped reading)" : "\(problems.problems.count) bad record\(problems.problems.count == 1 ? "" : "s")"
            throw CLIError.dataError("\(path) has \(count); nothing imported",
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

    /// How many bad lines an import reads before it stops: enough to show what is wrong, few
    /// enough that an endless stream of garbage (`yes | brewlog import -`) ends at once.
    static let badRecordsToStopAt = 20

    /// The import file's bytes (standard input for `-`), read strictly by ``InputReader``, line by
    /// line judged as they come: a JSON Lines line must be blank or a brew, any line valid UTF-8.
    private static func read(_ path: String, format: ExchangeFormat) throws(CLIError) -> (bytes: [UInt8], stoppedEarly: Bool) {
        let fd: Int32
        if path == "-" {
            fd = STDIN_FILENO
        } else {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                let code = errno
                if code == ENOENT { throw CLIError.inputMissing("no such file: \(path)") }
                throw CLIError.io("cannot read \(path): \(String(cString: strerror(code)))")
            }
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        return try InputReader.read(fd: fd, name: path == "-" ? "standard input" : path, badLinesToStopAt: badRecordsToStopAt) { line in
            guard String(validating: line, as: UTF8.self) != nil else { return false }
            guard format == .jsonl, line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return true }
            // Validation only (ids and dates, no record built): the full decode comes once, after.
            return (try? BrewLineCodec.validate(line)) != nil
        }
    }
}

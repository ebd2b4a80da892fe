import BrewLogCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `brewlog import FILE`: merges brews by id, never duplicating one.
enum ImportCommand: BrewLogCommand {
    /// Its options.
    enum Option {
        static let format = OptionSpec("format", value: "format", help: "jsonl, json or csv (default: from the file name's extension, else from the first line: [ for json, { for jsonl, a header with a date column for csv).")
        static let prefer = OptionSpec("prefer", value: "side", help: "On a conflict keep the existing brew (default) or take the incoming one.")
        static let dryRun = OptionSpec("dry-run", help: "Print what would happen; change nothing.")
        static let json = OptionSpec("json", help: "Print the outcome as JSON: counts and every conflict with the fields that differ.")
    }

    static let spec = CommandSpec(
        name: "import",
        abstract: "Merge brews from a file into the journal.",
        usage: "import <file> [--format jsonl|json|csv] [--prefer existing|incoming] [--dry-run] [--json]",
        arguments: [("file", "A file written by 'brewlog export' (or '-' for standard input).")],
        positionalCount: 1...1,
        options: [Option.format, Option.prefer, Option.dryRun, Option.json],
        discussion: """
            A brew whose id is new is added. One already present and identical is skipped. One with
            the same id but different content is a conflict: it is reported with the fields that
            differ, and kept as the journal has it unless --prefer incoming. Conflicts left without
            a --prefer make the exit status 1 (the rest is imported). A file with any bad record
            imports nothing. A CSV row with an empty id gets one derived from its date, method and
            coffee (and its place among rows that share them), so the same file imported twice adds
            its rows once, and a row edited in a spreadsheet is a conflict, not a second brew.
            """)

    /// What merging an import file did (or, with `--dry-run`, would do).
    private struct Outcome {
        var added = 0, skipped = 0, replaced = 0
        /// Each conflict left alone: the id and the journal keys that differ.
        var conflicts: [(id: BrewID, keys: [String])] = []
        /// Whether a conflict is between records of different kinds, which `--prefer` cannot settle.
        var unresolvable = false
    }

    static func run(_ context: CommandContext) throws(CLIError) {
        let path = context.arguments.positionals[0]
        let named = try context.arguments.value(Option.format).map { (_: String) throws(CLIError) in
            try ExchangeOptions.format(context, Option.format, default: .jsonl)
        }
        let prefer = try self.prefer(context)
        let (bytes, format, stoppedEarly) = try read(path, format: named ?? ExchangeFormat(suggestedBy: path))
        let incoming: [BrewRecord]
        let incomingEntries: [JournalEntry]
        switch format.decodeContents(bytes) {
        case let .success(contents) where !stoppedEarly:
            incoming = contents.records
            incomingEntries = contents.entries
            if contents.unknownKindCount > 0 && !context.quiet {
                let count = contents.unknownKindCount
                context.notices.line("brewlog: \(count) record\(count == 1 ? "" : "s") of a kind this BrewLog does not know left out of the import")
            }
        case .success:
            throw CLIError.dataError("\(path) has more than \(badRecordsToStopAt) bad lines; stopped reading, nothing imported",
                                     hint: formatHint(bytes, read: format) ?? "check that this is a file of brews in the format given (--format)")
        case let .failure(problems):
            for problem in problems.problems {
                context.notices.line("\(path.terminalSafe):\(problem.line): \(problem.reason.terminalSafe)")
            }
            let count = stoppedEarly ? "at least \(problems.problems.count) bad records (stopped reading)" : "\(problems.problems.count) bad record\(problems.problems.count == 1 ? "" : "s")"
            throw CLIError.dataError("\(path) has \(count); nothing imported",
                                     hint: formatHint(bytes, read: format) ?? "fix the lines listed above and import again")
        }

        let dryRun = context.arguments.has(Option.dryRun)
        let session = try context.session()
        let merge = { (store: BrewLogStore) -> Outcome in
            var outcome = Outcome()
            for record in incoming {
                guard let existing = store.brew(id: record.id) else {
                    // The id may be taken by a record of another kind (a skip day, or a kind
                    // this BrewLog does not know): a conflict no --prefer can settle.
                    if store.insert(Brew(record: record)) {
                        outcome.added += 1
                    } else {
                        outcome.conflicts.append((record.id, ["kind"]))
                        outcome.unresolvable = true
                    }
                    continue
                }
                let differences = differences(existing.record, record)
                if differences.isEmpty {
                    outcome.skipped += 1
                } else if prefer == .incoming {
                    // The brew keeps its own unknown keys, so taking the incoming fields may change nothing.
                    let before = existing.record
                    existing.assign(record)
                    if existing.record == before { outcome.skipped += 1 } else { outcome.replaced += 1 }
                } else {
                    outcome.conflicts.append((record.id, differences))
                }
            }
            mergeEntries(incomingEntries, into: store, prefer: prefer, &outcome)
            return outcome
        }
        // A dry run, or a file with nothing in it, merges into a store read under the shared lock and
        // never saves it (so an empty import creates no journal, folder or lock file).
        let readOnly = dryRun || (incoming.isEmpty && incomingEntries.isEmpty)
        let outcome = readOnly ? merge(try session.read()) : try session.write { store throws(CLIError) in merge(store) }
        report(outcome, dryRun: dryRun, mixed: !incomingEntries.isEmpty, context)
        // Conflicts left alone without a say from the user, or that no --prefer can settle (a
        // record of another kind has the id): the import is not what they asked for.
        if (prefer == nil || outcome.unresolvable) && !outcome.conflicts.isEmpty {
            throw CLIError.checkFailed
        }
    }

    /// Merges skip days (and any other kind of record) by id like brews: a new one is added
    /// (unless its day is already skipped, which counts as skipped), an identical one skipped, a
    /// different one replaced with `--prefer incoming` and else a conflict.
    private static func mergeEntries(_ entries: [JournalEntry], into store: BrewLogStore, prefer: Side?, _ outcome: inout Outcome) {
        for entry in entries {
            guard let existing = store.entry(id: entry.id) else {
                if store.insert(entry) {
                    outcome.added += 1
                } else if store.brew(id: entry.id) != nil || store.isTaken(entry.id) {
                    outcome.conflicts.append((entry.id, ["kind"]))
                    outcome.unresolvable = true
                } else {
                    outcome.skipped += 1
                }
                continue
            }
            let differing = differingKeys(existing, entry)
            if differing.isEmpty {
                outcome.skipped += 1
            } else if prefer == .incoming, store.update(keepingUnknownKeys(of: existing, in: entry)) {
                outcome.replaced += 1
            } else {
                outcome.conflicts.append((entry.id, differing))
            }
        }
    }

    /// `incoming` with the unknown keys of `existing`, as a brew taken with `--prefer incoming`
    /// keeps its own: keys this BrewLog does not know are the journal's, never the file's.
    private static func keepingUnknownKeys(of existing: JournalEntry, in incoming: JournalEntry) -> JournalEntry {
        guard case let .bean(old) = existing, case var .bean(new) = incoming else { return incoming }
        new.unknownFields = old.unknownFields
        return .bean(new)
    }

    /// The keys in which two records of other kinds differ.
    private static func differingKeys(_ existing: JournalEntry, _ incoming: JournalEntry) -> [String] {
        switch (existing, incoming) {
        case let (.skip(old), .skip(new)):
            var keys: [String] = []
            if old.day != new.day { keys.append("day") }
            if old.notes != new.notes { keys.append("notes") }
            return keys
        case let (.bean(old), .bean(new)):
            return old.differingKeys(from: new)
        case (.skip, .bean), (.bean, .skip):
            return ["kind"]
        }
    }

    private static func report(_ outcome: Outcome, dryRun: Bool, mixed: Bool, _ context: CommandContext) {
        if context.arguments.has(Option.json) {
            let conflicts = outcome.conflicts.map { conflict in
                JSONText.object([("id", .string(conflict.id.rawValue)), ("fields", .array(conflict.keys.map(JSONText.string)))])
            }
            context.out.line(JSONText.object([
                ("added", .int(outcome.added)), ("skipped", .int(outcome.skipped)), ("replaced", .int(outcome.replaced)),
                ("conflicts", .array(conflicts)),
            ]).text)
            return
        }
        guard !context.quiet else { return }
        for conflict in outcome.conflicts {
            let fields = conflict.keys.map(\.terminalSafe).joined(separator: ", ")
            context.out.line("conflict: \(conflict.id.rawValue.terminalSafe) differs in \(fields); kept the journal's")
        }
        // A file of brews speaks of brews; one that also holds skip days, of records.
        let noun = mixed ? "record" : "brew"
        var summary = "\(dryRun ? "Would import" : "Imported") \(outcome.added) new \(noun)\(outcome.added == 1 ? "" : "s")"
        if outcome.replaced > 0 { summary += ", replaced \(outcome.replaced)" }
        summary += ", skipped \(outcome.skipped) already present"
        let count = outcome.conflicts.count
        if count > 0 {
            summary += outcome.unresolvable
                ? ", \(count) conflict\(count == 1 ? "" : "s") left alone (an id already used by a record of another kind: change the id in the file)"
                : ", \(count) conflict\(count == 1 ? "" : "s") left alone (--prefer incoming takes them, --prefer existing keeps the journal's)"
        }
        context.out.line(summary + ".")
    }

    /// A hint naming `--format` when the file looks like another format than the one it was read as.
    private static func formatHint(_ bytes: [UInt8], read format: ExchangeFormat) -> String? {
        guard let looksLike = firstLine(of: bytes).flatMap(ExchangeFormat.init(sniffing:)), looksLike != format else { return nil }
        return "this looks like \(looksLike.rawValue), not \(format.rawValue): pass --format \(looksLike.rawValue)"
    }

    /// The first line with something other than blanks in it.
    private static func firstLine(of bytes: [UInt8]) -> ArraySlice<UInt8>? {
        bytes.split(separator: UInt8(ascii: "\n")).first { line in line.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D } }
    }

    /// Which side wins a conflict.
    private enum Side: String {
        case existing, incoming
    }

    /// The side `--prefer` names, or `nil` when it is not given.
    private static func prefer(_ context: CommandContext) throws(CLIError) -> Side? {
        guard let text = context.arguments.value(Option.prefer) else { return nil }
        guard let side = Side(rawValue: text) else {
            throw context.usage("invalid value '\(cappedForMessage(text))' for '--prefer'", hint: "use existing or incoming")
        }
        return side
    }

    /// The journal keys in which `existing` and `incoming` differ: the known fields, and the
    /// unknown keys only when both sides carry some (CSV carries none). Empty: the same brew.
    private static func differences(_ existing: BrewRecord, _ incoming: BrewRecord) -> [String] {
        var existing = existing, incoming = incoming
        if existing.unknownFields.isEmpty || incoming.unknownFields.isEmpty {
            existing.unknownFields = []
            incoming.unknownFields = []
        }
        return existing.differingKeys(from: incoming)
    }

    /// How many bad lines an import reads before it stops: enough to show what is wrong, few
    /// enough that an endless stream of garbage (`yes | brewlog import -`) ends at once.
    static let badRecordsToStopAt = 20

    /// The import file's bytes (standard input for `-`) and its format, read strictly by
    /// ``InputReader``, line by line judged as they come: a JSON Lines line must be blank or a
    /// brew, any line valid UTF-8. Without a `format`, the first non-blank line decides it.
    private static func read(_ path: String, format given: ExchangeFormat?) throws(CLIError) -> (bytes: [UInt8], format: ExchangeFormat, stoppedEarly: Bool) {
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
        var format = given
        let (bytes, stoppedEarly) = try InputReader.read(fd: fd, name: path == "-" ? "standard input" : path, badLinesToStopAt: badRecordsToStopAt) { line in
            guard String(validating: line, as: UTF8.self) != nil else { return false }
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return true }
            if format == nil { format = ExchangeFormat(sniffing: line) ?? .jsonl }
            guard format == .jsonl else { return true }
            // Validation only (ids and dates, no record built): the full decode comes once, after.
            return ExchangeFormat.isValidLine(line)
        }
        // A file of one line without a newline was never judged: its first line decides now.
        let decided = format ?? firstLine(of: bytes).flatMap(ExchangeFormat.init(sniffing:)) ?? .jsonl
        return (bytes, decided, stoppedEarly)
    }
}

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

/// `brewlog import FILE`: merges brews by id, never duplicating one; `--from TOOL` reads another
/// tool's export instead (``ImportCommand/runForeign(_:from:)``).
enum ImportCommand: BrewLogCommand {
    /// Its options.
    enum Option {
        static let format = OptionSpec("format", value: "format", completes: .fixed(["jsonl", "json", "csv"]), help: "jsonl, json or csv (default: from the file name's extension, .tsv being csv, else from the first line: [ for json, { for jsonl, a header with a date column or a sep= line for csv).")
        static let delimiter = OptionSpec("delimiter", value: "char", completes: .fixed(["comma", "semicolon", "tab"]), help: "The CSV cell separator: ',', ';' or tab (also comma, semicolon, \\t); implies --format csv. Default: what a first line sep=X names, else the header line's.")
        static let prefer = OptionSpec("prefer", value: "side", completes: .fixed(["existing", "incoming"]), help: "On a conflict keep the existing brew (default) or take the incoming one (a record removed here comes back; one removed there is removed here too).")
        static let dryRun = OptionSpec("dry-run", help: "Print what would happen; change nothing.")
        static let json = OptionSpec("json", help: "Print the outcome as JSON: counts, every conflict with the fields that differ, and the ids of the records added (or, with --dry-run, that would be).")
        static let from = OptionSpec("from", value: "tool", completes: .fixed(ForeignFormat.allCases.map(\.rawValue)), help: "Read another tool's export: beanconqueror (Beanconqueror.json from its export zip), jrnl (jrnl --export json) or loop (Loop Habit Tracker's Checkmarks.csv).")
        static let tag = OptionSpec("tag", value: "tag", completes: .lookup(.tags), repeatable: true,
                                    help: "With --from jrnl: only the entries with this tag are brews (repeatable: any of them; @ optional). Without it, the entries with a method tag are.")
        static let methodTag = OptionSpec("method-tag", value: "tag", completes: .lookup(.tags), repeatable: true,
                                          help: "With --from jrnl: this tag names the brew's method (repeatable; a tag that names a method already in the journal does too).")
        static let habit = OptionSpec("habit", value: "name", completes: .nothing, help: "With --from loop: the habit (column) to read; needed when the file has several.")
    }

    static let spec = CommandSpec(
        name: "import",
        abstract: "Merge brews from a file into the journal.",
        usage: "import <file> [--format jsonl|json|csv] [--delimiter ,|;|tab] [--from beanconqueror|jrnl|loop [--habit NAME] [--tag T] [--method-tag T]] [--prefer existing|incoming] [--dry-run] [--json]",
        arguments: [ArgumentSpec("file", completes: .files, help: "A file written by 'brewlog export', or with --from by that tool (or '-' for standard input).")],
        positionalCount: 1...1,
        options: [Option.format, Option.delimiter, Option.from, Option.habit, Option.tag, Option.methodTag, Option.prefer, Option.dryRun, Option.json],
        discussion: """
            A brew whose id is new is added. One already present and identical is skipped. One with
            the same id but different content is a conflict: it is reported with the fields that
            differ, and kept as the journal has it unless --prefer incoming. Conflicts left without
            a --prefer make the exit status 1 (the rest is imported). A file with any bad record
            imports nothing. A CSV row with an empty id gets one derived from its date, method and
            coffee (and its place among rows that share them), so the same file imported twice adds
            its rows once, and a row edited in a spreadsheet is a conflict, not a second brew.

            Removals travel: 'rm' leaves a tombstone, so an incoming record that was removed here,
            exactly as it was then, is skipped as already removed, and one changed since is a
            conflict ("removed here, changed there"); an incoming tombstone (from 'export', or a
            conflict copy) removes the record here when it is unchanged since, and is a conflict
            ("removed there, changed here") otherwise. --prefer settles both.

            CSV is read as spreadsheets write it: cells separated by ',', ';' or tabs (the header
            line says which, or Excel's first line sep=;, or --delimiter), a byte order mark,
            CRLF line ends, quoted cells. In a file separated by ';' a number may have a decimal
            comma (15,5); a thousands separator is never read (1.000 is refused: 1 or 1000?). A
            date is a date and a 24-hour time (2026-11-17 19:00, seconds optional) with an
            offset, or without one and then read on the local clock (TZ).

            --from reads another tool's export, with ids made from that tool's own, so the same
            export imported twice adds nothing. beanconqueror: Beanconqueror.json, unzipped from
            the app's export (with its Beanconqueror_Brews_N.json and Beanconqueror_Beans_N.json
            beside it, read too): bags from BEANS, brews from BREWS linked to their bag, methods
            from PREPARATION, grinders from MILL, TDS, a bean's country as its origin and its cost as
            its price, the rating scaled to 1-5 from the app's maximum; keys BrewLog has no field
            for kept as beanconqueror_*. jrnl: jrnl --export json; the entries with a --tag (or,
            without one, with a tag naming a method) are brews, the rest of the diary is left out;
            each at its date and time on the local clock, notes the title and body, tags without
            their @, starred ones tagged starred; a tag that names a method already in the journal,
            or given with --method-tag, is the method. Its id comes from its date and time, so a
            title corrected in jrnl changes the brew instead of adding one. loop: Loop Habit Tracker's Checkmarks.csv; of the habit
            --habit names, a day done is a brew at 12:00 and a skipped day a skip day.
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        if let tool = context.arguments.value(Option.from) {
            return try runForeign(context, from: tool)
        }
        if context.arguments.value(Option.habit) != nil {
            throw context.usage("'--habit' picks a column of Loop Habit Tracker's export", hint: "pass --from loop, or leave out --habit")
        }
        if let option = [Option.tag, Option.methodTag].first(where: { context.arguments.value($0) != nil }) {
            throw context.usage("'--\(option.long)' picks jrnl entries", hint: "pass --from jrnl, or leave out --\(option.long)")
        }
        let path = context.arguments.positionals[0]
        let named = try context.arguments.value(Option.format).map { (_: String) throws(CLIError) in
            try ExchangeOptions.format(context, Option.format, default: .jsonl)
        }
        let prefer = try self.prefer(context)
        let delimiter = try self.delimiter(context)
        if delimiter != nil, let named, named != .csv {
            throw context.usage("'--delimiter' reads CSV, not \(named.rawValue)", hint: "pass --format csv, or leave out --delimiter")
        }
        // A delimiter says the file is CSV, whatever its name.
        let given = named ?? (delimiter != nil ? .csv : ExchangeFormat(suggestedBy: path))
        let (bytes, format, stoppedEarly) = try read(path, format: given, delimiter: delimiter)
        let shown = path == "-" ? "standard input" : path
        if bytes.starts(with: HistoryCodec.header.utf8) {
            throw CLIError.dataError("\(shown) is BrewLog's history of changes on one machine, not a journal or an export; nothing imported",
                                     hint: "the history stays with its journal; 'brewlog undo' takes back a change it holds")
        }
        let incoming: [BrewRecord]
        let incomingEntries: [JournalEntry]
        switch format.decodeContents(bytes, csv: CSVDialect(delimiter: delimiter, localTimeZone: try context.timeZone)) {
        case let .success(contents) where !stoppedEarly:
            incoming = contents.records
            incomingEntries = contents.entries
            if contents.unknownKindCount > 0 && !context.quiet {
                let count = contents.unknownKindCount
                context.notices.line("brewlog: \(count) record\(count == 1 ? "" : "s") of a kind this BrewLog does not know left out of the import")
            }
        case .success:
            throw CLIError.dataError("\(shown) has more than \(badRecordsToStopAt) bad lines; stopped reading, nothing imported",
                                     hint: formatHint(bytes, read: format) ?? "check that this is a file of brews in the format given (--format)")
        case let .failure(problems):
            // The first ones, as many as a stream is read for: enough to see what is wrong.
            for problem in problems.problems.prefix(badRecordsToStopAt) {
                context.notices.line("\(shown.terminalSafe):\(problem.line): \(problem.reason.terminalSafe)")
            }
            if problems.problems.count > badRecordsToStopAt {
                context.notices.line("\(shown.terminalSafe): \(problems.problems.count - badRecordsToStopAt) more bad records not listed")
            }
            let records = "\(problems.problems.count) bad record\(problems.problems.count == 1 ? "" : "s")"
            let count = stoppedEarly ? "at least \(records) (stopped reading)" : records
            throw CLIError.dataError("\(shown) has \(count); nothing imported",
                                     hint: formatHint(bytes, read: format) ?? "fix the lines listed above and import again")
        }

        try merge(incoming, entries: incomingEntries, preference: prefer, context)
    }

    /// Merges the records read from a file into the journal (or, with `--dry-run`, says what that
    /// would do), reports it, and exits 1 on a conflict left alone.
    static func merge(_ incoming: [BrewRecord], entries incomingEntries: [JournalEntry], preference prefer: MergePreference?,
                      _ context: CommandContext) throws(CLIError) {
        let dryRun = context.arguments.has(Option.dryRun)
        let session = try context.session()
        let merge = { (store: BrewLogStore) -> MergeOutcome in
            store.merge(incoming, entries: incomingEntries, preference: prefer)
        }
        // A dry run, or a file with nothing in it, merges into a store read under the shared lock and
        // never saves it (so an empty import creates no journal, folder or lock file).
        let readOnly = dryRun || (incoming.isEmpty && incomingEntries.isEmpty)
        let outcome = readOnly ? merge(try session.read()) : try session.write { store throws(CLIError) in merge(store) }
        report(outcome, dryRun: dryRun, mixed: !incomingEntries.isEmpty, context)
        // Conflicts left alone without a say from the user, or that no --prefer can settle (a
        // record of another kind has the id, or the incoming skip day's day is another's): the
        // import is not what they asked for.
        if outcome.leftConflicts(preference: prefer) {
            throw CLIError.checkFailed
        }
    }

    private static func report(_ outcome: MergeOutcome, dryRun: Bool, mixed: Bool, _ context: CommandContext) {
        if context.arguments.has(Option.json) {
            let conflicts = outcome.conflicts.map { conflict in
                var members: [(String, JSONText)] = [("id", .string(conflict.id.rawValue)), ("fields", .array(conflict.keys.map(JSONText.string)))]
                switch conflict.reason {
                case .removedHere: members.append(("removed", .string("here")))
                case .removedThere: members.append(("removed", .string("there")))
                case .differs, .otherKind, .dayTaken: break
                }
                return JSONText.object(members)
            }
            context.out.line(JSONText.object([
                ("added", .int(outcome.added)), ("skipped", .int(outcome.skipped)), ("replaced", .int(outcome.replaced)),
                ("removed", .int(outcome.removed)), ("already_removed", .int(outcome.alreadyRemoved)),
                ("conflicts", .array(conflicts)), ("added_ids", .array(outcome.addedIDs.map { JSONText.string($0.rawValue) })),
            ]).text)
            return
        }
        guard !context.quiet else { return }
        for conflict in outcome.conflicts {
            let id = conflict.id.rawValue.terminalSafe
            let fields = conflict.keys.map(\.terminalSafe).joined(separator: ", ")
            switch conflict.reason {
            case .differs: context.out.line("conflict: \(id) differs in \(fields); kept the journal's")
            case .otherKind: context.out.line("conflict: \(id) differs in \(fields); kept the journal's (the id is a record's of another kind)")
            case .dayTaken: context.out.line("conflict: \(id) differs in \(fields); kept the journal's (another skip day holds that day)")
            case .removedHere: context.out.line("conflict: \(id) removed here, changed there; kept it removed")
            case .removedThere: context.out.line("conflict: \(id) removed there, changed here; kept the journal's")
            }
        }
        // A file of brews speaks of brews; one that also holds skip days, of records.
        let noun = mixed ? "record" : "brew"
        var summary = "\(dryRun ? "Would import" : "Imported") \(outcome.added) new \(noun)\(outcome.added == 1 ? "" : "s")"
        if outcome.replaced > 0 { summary += ", replaced \(outcome.replaced)" }
        if outcome.removed > 0 { summary += ", removed \(outcome.removed)" }
        summary += ", skipped \(outcome.skipped) already present"
        if outcome.alreadyRemoved > 0 { summary += " and \(outcome.alreadyRemoved) already removed" }
        let count = outcome.conflicts.count
        if count > 0 {
            summary += outcome.unresolvable
                ? ", \(count) conflict\(count == 1 ? "" : "s") left alone (no --prefer settles an id already used by a record of another kind, or a skip day moved onto a day another holds: change the file)"
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

    /// The side `--prefer` names, or `nil` when it is not given.
    static func prefer(_ context: CommandContext) throws(CLIError) -> MergePreference? {
        guard let text = context.arguments.value(Option.prefer) else { return nil }
        guard let side = MergePreference(rawValue: text) else {
            throw context.usage("invalid value '\(cappedForMessage(text))' for '--prefer'", hint: "use existing or incoming")
        }
        return side
    }

    /// The delimiter `--delimiter` names, or `nil` when it is not given: `,` or `comma`, `;` or
    /// `semicolon`, `tab`, `\t` or a tab character (what `$'\t'` gives), words in any case.
    private static func delimiter(_ context: CommandContext) throws(CLIError) -> CSVDelimiter? {
        guard let text = context.arguments.value(Option.delimiter) else { return nil }
        switch text.lowercased() {
        case ",", "comma": return .comma
        case ";", "semicolon": return .semicolon
        case "tab", "\\t", "\t": return .tab
        default:
            throw context.usage("invalid value '\(cappedForMessage(text))' for '--delimiter'", hint: "use ',', ';' or tab")
        }
    }

    /// How many bad lines an import reads before it stops: enough to show what is wrong, few
    /// enough that an endless stream of garbage (`yes | brewlog import -`) ends at once.
    static let badRecordsToStopAt = 20

    /// The descriptor to read `path` from: standard input for `-`, else the file opened for
    /// reading (``openFailure(_:path:)`` says why it could not be).
    static func openInput(_ path: String) throws(CLIError) -> Int32 {
        guard path != "-" else { return STDIN_FILENO }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw openFailure(errno, path: path) }
        return fd
    }

    /// Why an import file could not be opened, with `errno` `code`: a missing file, or one
    /// that cannot be read (no permission, a loop of links), is "no input" (66); anything else
    /// an I/O error (74).
    static func openFailure(_ code: Int32, path: String) -> CLIError {
        switch code {
        case ENOENT: .inputMissing("no such file: \(path)")
        case EACCES, EPERM, ELOOP, ENOTDIR, ENAMETOOLONG, EISDIR:
            .inputUnreadable("cannot read \(path): \(String(cString: strerror(code)))", hint: "check the file's name and permissions")
        default: .io("cannot read \(path): \(String(cString: strerror(code)))")
        }
    }

    /// The import file's bytes (standard input for `-`) and its format, read strictly by
    /// ``InputReader``, line by line judged as they come: a JSON Lines line must be blank or a
    /// brew, any line valid UTF-8. Without a `format`, the first non-blank line decides it. A CSV
    /// file is split at `delimiter` when given.
    private static func read(_ path: String, format given: ExchangeFormat?, delimiter: CSVDelimiter?) throws(CLIError) -> (bytes: [UInt8], format: ExchangeFormat, stoppedEarly: Bool) {
        let fd = try openInput(path)
        defer { if fd != STDIN_FILENO { close(fd) } }
        var judge = given.map { StreamJudge(format: $0, csvDelimiter: delimiter) }
        let name = path == "-" ? "standard input" : path
        let (bytes, stoppedEarly) = try InputReader.read(fd: fd, name: name, badLinesToStopAt: badRecordsToStopAt) { line in
            guard String(validating: line, as: UTF8.self) != nil else { return false }
            if judge == nil {
                guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return true }
                judge = StreamJudge(format: ExchangeFormat(sniffing: line) ?? .jsonl)
            }
            // Validation only (no record built): the full decode comes once, after.
            let good = judge?.judge(line) ?? true
            return good && judge?.tooLong != true && judge?.tooManyRecords != true
        }
        if judge?.ignoredTooMuch == true {
            throw CLIError.dataError("\(name) has more than \(StreamJudge.maximumIgnoredBytes >> 20) MiB of blank lines and records an import leaves out; stopped reading, nothing imported",
                                     hint: "check that this is a file of brews in the format given (--format)")
        }
        if judge?.tooManyRecords == true {
            throw CLIError.dataError("\(name) has more than \(StreamJudge.maximumRecords) records; stopped reading, nothing imported",
                                     hint: "split it into smaller files and import each")
        }
        if judge?.tooLong == true {
            throw CLIError.dataError("\(name) has a record longer than \(InputReader.maximumLineLength >> 20) MiB; stopped reading, nothing imported",
                                     hint: "check that this is a file of brews in the format given (--format)")
        }
        // A file of one line without a newline was never judged: its first line decides now.
        let decided = judge?.format ?? firstLine(of: bytes).flatMap(ExchangeFormat.init(sniffing:)) ?? .jsonl
        return (bytes, decided, stoppedEarly)
    }
}

import BrewLogCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `brewlog import --from TOOL FILE`: another tool's export, read block by block into the core's
/// decoder for it (``BeanconquerorExport``, ``JrnlExport``, ``LoopExport``), which judges each
/// record as it arrives, and merged as any import is.
extension ImportCommand {
    static func runForeign(_ context: CommandContext, from tool: String) throws(CLIError) {
        guard let format = ForeignFormat(rawValue: tool.lowercased()) else {
            throw context.usage("invalid value '\(cappedForMessage(tool))' for '--from'", hint: "use beanconqueror, jrnl or loop")
        }
        if context.arguments.value(Option.format) != nil || context.arguments.value(Option.delimiter) != nil {
            throw context.usage("'--from' reads the tool's own format: '--format' and '--delimiter' do not apply", hint: "leave them out")
        }
        let habit = context.arguments.value(Option.habit)
        if habit != nil, format != .loop {
            throw context.usage("'--habit' picks a column of Loop Habit Tracker's export", hint: "leave out --habit with --from \(format.rawValue)")
        }
        if format != .jrnl, let option = [Option.tag, Option.methodTag].first(where: { context.arguments.value($0) != nil }) {
            throw context.usage("'--\(option.long)' picks jrnl entries", hint: "leave out --\(option.long) with --from \(format.rawValue)")
        }
        let prefer = try prefer(context)
        let path = context.arguments.positionals[0]
        let shown = path == "-" ? "standard input" : path
        let decoded: Result<ExchangeContents, ForeignImportProblems>
        switch format {
        case .beanconqueror:
            let timeZone = try context.timeZone
            let today = Timestamp(date: try context.now, timeZone: timeZone).day
            var decoder = BeanconquerorExport.Decoder(timeZone: timeZone, today: today, problemLimit: badRecordsToStopAt)
            decoder.begin(.main)
            try stream(path, format: format, into: &decoder, context)
            for brews in [false, true] where path != "-" {
                try readChunks(beside: path, brews: brews, into: &decoder)
            }
            decoded = decoder.finish()
        case .jrnl:
            var decoder = JrnlExport.Decoder(timeZone: try context.timeZone, selection: try jrnlSelection(context), problemLimit: badRecordsToStopAt)
            try stream(path, format: format, into: &decoder, context)
            decoded = decoder.finish()
            if decoder.skippedEntries > 0, !context.quiet, !context.arguments.has(Option.json) {
                let count = decoder.skippedEntries
                let rule = context.arguments.all(Option.tag).isEmpty ? "have no tag that names a method" : "have none of the tags given"
                context.notices.line("note: \(count) jrnl entr\(count == 1 ? "y" : "ies") \(rule), so \(count == 1 ? "is" : "are") not brews and \(count == 1 ? "was" : "were") left out"
                                     + (context.arguments.all(Option.tag).isEmpty ? " (pick brews with --tag TAG, or name a method tag with --method-tag TAG)" : ""))
            }
        case .loop:
            var decoder = LoopExport.Decoder(habit: habit, timeZone: try context.timeZone, problemLimit: badRecordsToStopAt)
            try stream(path, format: format, into: &decoder, context)
            if let choice = decoder.habitChoice { throw habitError(choice, shown: shown, context) }
            decoded = decoder.finish()
        }
        switch decoded {
        case let .success(contents):
            try merge(contents.records, entries: contents.entries, preference: prefer, context)
        case let .failure(found):
            throw report(found, shown: shown, format: format, context)
        }
    }

    /// Which jrnl entries are brews: those with a `--tag` (without one, those with a method tag);
    /// the method tags are the `--method-tag`s and the methods the journal already has.
    private static func jrnlSelection(_ context: CommandContext) throws(CLIError) -> JrnlExport.Selection {
        let bare = { (tag: String) in tag.first == "@" || tag.first == "#" ? String(tag.dropFirst()) : tag }
        var methods: [String: String] = [:]
        try context.session().read().forEachRecord { record in
            if let method = record.method, methods[method.lowercased()] == nil { methods[method.lowercased()] = method }
        }
        for tag in context.arguments.all(Option.methodTag).map(bare) {
            guard !tag.isEmpty else { throw context.usage("'--method-tag' must not be empty", hint: "give the tag as jrnl writes it, e.g. --method-tag @v60") }
            // A method the journal has keeps its spelling there.
            if methods[tag.lowercased()] == nil { methods[tag.lowercased()] = tag }
        }
        let tags = context.arguments.all(Option.tag).map(bare)
        if tags.contains(where: \.isEmpty) { throw context.usage("'--tag' must not be empty", hint: "give the tag as jrnl writes it, e.g. --tag @coffee") }
        return JrnlExport.Selection(tags: Set(tags), methods: methods)
    }

    /// Lists the problems as `FILE:LINE: PATH: reason` and gives the error that ends the import.
    private static func report(_ found: ForeignImportProblems, shown: String, format: ForeignFormat, _ context: CommandContext) -> CLIError {
        for problem in found.problems.prefix(badRecordsToStopAt) {
            let place = (problem.file ?? shown) + (problem.line.map { ":\($0)" } ?? "") + (problem.path.map { ": \($0)" } ?? "")
            context.notices.line("\(place.terminalSafe): \(problem.reason.terminalSafe)")
        }
        let count = found.problems.count
        let counted = count >= badRecordsToStopAt ? "at least \(count) problems (stopped reading)" : "\(count) problem\(count == 1 ? "" : "s")"
        return CLIError.dataError("\(shown) has \(counted) as a \(format.rawValue) export; nothing imported",
                                  hint: "check that this is the file the tool exported (see 'brewlog help import')")
    }

    /// The usage error for a Loop export whose header names no habit to read.
    private static func habitError(_ choice: LoopExport.HabitChoice, shown: String, _ context: CommandContext) -> CLIError {
        let listed = "pass one of: " + choice.names.map { "--habit " + ShellWord.quoted($0) }.joined(separator: ", ")
        switch choice {
        case let .needed(names):
            return context.usage("\(shown) has \(names.count) habits: pass --habit NAME", hint: listed)
        case let .unknown(given, _):
            return context.usage("no habit '\(cappedForMessage(given))' in \(shown)", hint: listed)
        }
    }

    /// What to run instead of importing an export's zip: every name in it shell-quoted (a name
    /// that starts with `-` made a path, so that unzip does not read it as an option), and the
    /// import run on the journal this one was.
    private static func unzipHint(_ format: ForeignFormat, _ path: String, _ context: CommandContext) -> String {
        let zip = ShellWord.quoted(path.hasPrefix("-") ? "./" + path : path)
        let brewlog = context.commandPrefix
        return switch format {
        case .beanconqueror: "unzip it and import its Beanconqueror.json: unzip -d beanconqueror \(zip) && \(brewlog) import --from beanconqueror beanconqueror/Beanconqueror.json"
        case .loop: "unzip its Checkmarks.csv and import that: unzip -o \(zip) Checkmarks.csv && \(brewlog) import --from loop Checkmarks.csv"
        case .jrnl: "write the export with jrnl --export json > jrnl.json and import that"
        }
    }

    /// Reads `path` (standard input for `-`) block by block into `decoder`, stopping as soon as
    /// it has enough problems; a zip archive is refused at its first bytes.
    private static func stream(_ path: String, format: ForeignFormat, into decoder: inout some ForeignExportDecoder,
                               _ context: CommandContext) throws(CLIError) {
        let fd = try openInput(path)
        defer { if fd != STDIN_FILENO { close(fd) } }
        let shown = path == "-" ? "standard input" : path
        var first = true
        try InputReader.forEachBlock(fd: fd, name: shown) { (block: UnsafeBufferPointer<UInt8>) throws(CLIError) -> Bool in
            if first, block.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
                throw CLIError.dataError("\(shown) is a zip archive; brewlog reads the file inside it", hint: unzipHint(format, path, context))
            }
            first = false
            decoder.feed(block)
            return !decoder.hasEnoughProblems
        }
        decoder.endOfFile()
    }

    /// Reads the files of more brews (`brews`) or bags the app writes beside `Beanconqueror.json`,
    /// each while the next number exists. Each must be a regular file, opened without blocking
    /// (a FIFO or a device of that name is refused, never waited on).
    private static func readChunks(beside path: String, brews: Bool, into decoder: inout BeanconquerorExport.Decoder) throws(CLIError) {
        let folder = path.contains("/") ? String(path[...(path.lastIndex(of: "/") ?? path.startIndex)]) : ""
        var number = 1
        while !decoder.hasEnoughProblems {
            let name = folder + BeanconquerorExport.chunkFileName(brews: brews, number: number)
            let fd = open(name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
            if fd < 0 {
                if errno == ENOENT { return }
                throw openFailure(errno, path: name)
            }
            defer { close(fd) }
            var status = stat()
            guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                throw CLIError.inputUnreadable("\(name) is not a regular file; brewlog reads the export's chunk files beside \(path)",
                                               hint: "move it away, or import a folder that holds only the unzipped export")
            }
            decoder.begin(brews ? .brews(name) : .beans(name))
            try InputReader.forEachBlock(fd: fd, name: name) { (block: UnsafeBufferPointer<UInt8>) throws(CLIError) -> Bool in
                decoder.feed(block)
                return !decoder.hasEnoughProblems
            }
            decoder.endOfFile()
            number += 1
        }
    }
}

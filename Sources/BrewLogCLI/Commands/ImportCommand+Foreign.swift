import BrewLogCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `brewlog import --from TOOL FILE`: another tool's export, read whole, made into records by the
/// core (``BeanconquerorExport``, ``JrnlExport``, ``LoopExport``) and merged as any import is.
extension ImportCommand {
    /// How long a line of an export may be: Beanconqueror writes its whole export on one line.
    static let foreignLineLimit = 256 << 20

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
        let prefer = try prefer(context)
        let path = context.arguments.positionals[0]
        let shown = path == "-" ? "standard input" : path
        let bytes = try readWhole(path)
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            throw CLIError.dataError("\(shown) is a zip archive; brewlog reads the file inside it", hint: unzipHint(format, path))
        }
        let decoded: Result<ExchangeContents, ForeignImportProblems>
        switch format {
        case .beanconqueror:
            let (brewChunks, beanChunks) = try beanconquerorChunks(beside: path)
            decoded = BeanconquerorExport.decode(bytes, brewChunks: brewChunks, beanChunks: beanChunks, timeZone: try context.timeZone)
        case .jrnl:
            decoded = JrnlExport.decode(bytes, timeZone: try context.timeZone)
        case .loop:
            let column = try loopHabit(habit, in: bytes, shown: shown, context)
            decoded = LoopExport.decode(bytes, habit: column, timeZone: try context.timeZone)
        }
        switch decoded {
        case let .success(contents):
            try merge(contents.records, entries: contents.entries, preference: prefer, context)
        case let .failure(found):
            throw report(found, shown: shown, format: format, context)
        }
    }

    /// Lists the problems as `FILE:LINE: PATH: reason` and gives the error that ends the import.
    private static func report(_ found: ForeignImportProblems, shown: String, format: ForeignFormat, _ context: CommandContext) -> CLIError {
        for problem in found.problems.prefix(badRecordsToStopAt) {
            let place = (problem.file ?? shown) + (problem.line.map { ":\($0)" } ?? "") + (problem.path.map { ": \($0)" } ?? "")
            context.notices.line("\(place.terminalSafe): \(problem.reason.terminalSafe)")
        }
        let count = found.problems.count
        if count > badRecordsToStopAt {
            context.notices.line("\(shown.terminalSafe): \(count - badRecordsToStopAt) more problems not listed")
        }
        return CLIError.dataError("\(shown) has \(count) problem\(count == 1 ? "" : "s") as a \(format.rawValue) export; nothing imported",
                                  hint: "check that this is the file the tool exported (see README, \"Importing from other tools\")")
    }

    /// The habit whose column to read: the one `--habit` names (exactly, else ignoring case),
    /// or the file's only one.
    private static func loopHabit(_ given: String?, in bytes: [UInt8], shown: String, _ context: CommandContext) throws(CLIError) -> String {
        let names: [String]
        switch LoopExport.habits(in: bytes) {
        case let .success(found): names = found
        case let .failure(found): throw report(found, shown: shown, format: .loop, context)
        }
        let listed = names.map { "'\($0)'" }.joined(separator: ", ").terminalSafe
        guard let given else {
            if names.count == 1 { return names[0] }
            throw context.usage("\(shown) has \(names.count) habits: pass --habit NAME", hint: "one of \(listed)")
        }
        if names.contains(given) { return given }
        let alike = names.filter { $0.lowercased() == given.lowercased() }
        if alike.count == 1 { return alike[0] }
        throw context.usage("no habit '\(cappedForMessage(given))' in \(shown)", hint: "one of \(listed)")
    }

    /// What to run instead of importing an export's zip.
    private static func unzipHint(_ format: ForeignFormat, _ path: String) -> String {
        switch format {
        case .beanconqueror: "unzip it and import its Beanconqueror.json: unzip -d beanconqueror '\(path)' && brewlog import --from beanconqueror beanconqueror/Beanconqueror.json"
        case .loop: "unzip its Checkmarks.csv and import that: unzip -o '\(path)' Checkmarks.csv && brewlog import --from loop Checkmarks.csv"
        case .jrnl: "write the export with jrnl --export json > jrnl.json and import that"
        }
    }

    /// The files of more brews and bags the app writes beside `Beanconqueror.json` (none for
    /// standard input), each read while the next number exists.
    private static func beanconquerorChunks(beside path: String) throws(CLIError) -> ([BeanconquerorExport.Chunk], [BeanconquerorExport.Chunk]) {
        guard path != "-" else { return ([], []) }
        let folder = path.contains("/") ? String(path[...(path.lastIndex(of: "/") ?? path.startIndex)]) : ""
        var found: [[BeanconquerorExport.Chunk]] = [[], []]
        for (slot, brews) in [true, false].enumerated() {
            var number = 1
            while true {
                let name = folder + BeanconquerorExport.chunkFileName(brews: brews, number: number)
                guard access(name, F_OK) == 0 else { break }
                found[slot].append((name, try readWhole(name)))
                number += 1
            }
        }
        return (found[0], found[1])
    }

    /// The whole of `path` (standard input for `-`).
    private static func readWhole(_ path: String) throws(CLIError) -> [UInt8] {
        let fd = try openInput(path)
        defer { if fd != STDIN_FILENO { close(fd) } }
        return try InputReader.readAll(fd: fd, name: path == "-" ? "standard input" : path, maximumLineLength: foreignLineLimit,
                                       hint: "check that this is the file the tool exported")
    }
}

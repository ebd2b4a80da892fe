import BrewLogCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `brewlog report [FILTERS] [-o FILE]`: the journal's charts and their tables in one
/// self-contained HTML page, on standard output or written atomically to a file.
enum ReportCommand: BrewLogCommand {
    /// Its own option, besides the filters.
    enum Option {
        static let output = OptionSpec("output", short: "o", value: "file", completes: .files, help: "Write the page to this file (atomically) instead of standard output.")
    }

    static let spec = CommandSpec(
        name: "report",
        abstract: "Write an HTML page of charts: calendar, streaks, weeks, freshness, ratios, dialling in.",
        usage: "report [<filters>] [-o <file>]",
        options: BrewFilter.options + [Option.output],
        discussion: "One self-contained HTML file (no script, nothing fetched from elsewhere), in light and dark colours and "
            + "printable: the totals and streaks, a calendar of each year with brews (newest first), the streak runs, brews and grams per week, "
            + "rating against days off roast per bag, rating against ratio per method, and each coffee's dial-in history (rating per "
            + "brew, against grind, and the ratio per brew); each chart spans the brews kept, and "
            + "beside each is a table of its numbers. The filters choose the brews, as in list and stats; the streak totals stay the whole journal's.")

    /// The most bytes a file the report replaces may hold (it is read before it is replaced).
    private static let replacedLimit = 256 << 20

    static func run(_ context: CommandContext) throws(CLIError) {
        let filter = try BrewFilter(context)
        let session = try context.session()
        let store = try session.read()
        let data = ReportData(store: store, filter: filter)
        try store.ensureReadWhole()
        let filters = BrewFilter.options.flatMap { option in
            context.arguments.all(option).map { "--\(option.long) " + ShellWord.quoted($0) }
        }
        let page = ReportPage.html(data, filters: filters, made: BrewFormatting.dateTimeWithOffset(store.nowTimestamp))
        guard let path = context.arguments.value(Option.output), path != "-" else {
            context.out.write(page)
            return
        }
        try checkOutput(path, journal: session.journal.path, context)
        let lockTimeout = try context.lockTimeout
        do throws(JournalError) {
            try StoredFile(path: path, subject: "report").update(limit: replacedLimit, lockTimeout: lockTimeout) { _ in Array(page.utf8) }
        } catch {
            throw CLIError(error)
        }
        if !context.quiet { context.notices.line("Wrote the report to " + path.terminalSafe) }
    }

    /// Refuses, as a usage error, an `-o` path the report cannot or must not be written to, before
    /// anything is written: an empty one, one with `..`, a folder, a name BrewLog keeps for its
    /// own files (`.lock`, `.rejected`), one in a folder that does not exist (the report makes
    /// no folders), and the journal or the config file.
    private static func checkOutput(_ path: String, journal: String, _ context: CommandContext) throws(CLIError) {
        let shown = "'--output \(cappedForMessage(path))'"
        let another = "choose another file, e.g. -o report.html, or '-' for standard output"
        guard !path.isEmpty else { throw context.usage("'--output' needs a file's path", hint: "e.g. -o report.html, or leave it out for standard output") }
        // A `..` could climb out of a folder past the checks below (`new/../journal.jsonl`):
        // such a path is refused rather than resolved.
        if path.split(separator: "/").contains("..") {
            throw context.usage("\(shown) holds '..'", hint: "give the report's path without '..', e.g. an absolute one")
        }
        var status = stat()
        if path.hasSuffix("/") || path.hasSuffix("/.") || path == "." || (stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR) {
            throw context.usage("\(shown) names a folder, not a file", hint: another)
        }
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw context.usage("\(shown) is not a regular file", hint: another)
        }
        if let suffix = FileJournal.reservedSuffixes.first(where: path.hasSuffix) {
            throw context.usage("\(shown) ends in '\(suffix)', a name BrewLog keeps for its own \(suffix.dropFirst()) files", hint: another)
        }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw context.usage("\(shown) is in a folder that does not exist ('\(cappedForMessage(folder))')",
                                hint: "make the folder first, or " + another)
        }
        let protected = [journal, journal + ".lock"] + (context.configuration.path.map { [$0, $0 + ".lock"] } ?? [])
        if protected.contains(where: { samePlace(path, $0) }) {
            throw context.usage("\(shown) is BrewLog's own file: the report never replaces the journal or the config",
                                hint: "choose another file, e.g. -o report.html")
        }
    }

    /// Whether `a` and `b` name one file: the same path once the folders' links are resolved (the
    /// file itself may not exist yet), or the same file when both exist.
    private static func samePlace(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        if stat(a, &first) == 0, stat(b, &second) == 0 { return first.st_dev == second.st_dev && first.st_ino == second.st_ino }
        return resolved(a) == resolved(b)
    }

    /// `path` with its folder's symbolic links resolved (`realpath`), or as given when that fails.
    private static func resolved(_ path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let real = realpath(folder, nil) else { return path }
        defer { free(real) }
        return String(cString: real) + "/" + name
    }
}

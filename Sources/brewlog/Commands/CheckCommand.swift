import BrewLogCore

/// `brewlog check [--repair]`: lists every problem in the journal; `--repair` sets bad lines aside.
enum CheckCommand: BrewLogCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Validate the journal and list every problem.",
        usage: "check [--repair] [--json]",
        options: [
            OptionSpec("repair", help: "Move every bad line, byte for byte, to PATH.rejected and rewrite the journal without them."),
            OptionSpec("json", help: "Print the result as JSON: the path, the number of valid brews and every problem."),
        ],
        discussion: """
            Problems are listed as PATH:LINE: reason on standard output; the exit status is 65 when
            there is any. --repair appends the bad lines to PATH.rejected (nothing is deleted), so you
            can fix them by hand and 'brewlog import' them back.
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let session = try context.session()
        let journal = session.journal
        let repairing = context.arguments.has("repair")
        try session.lock(writing: repairing)
        defer { session.close() }
        if repairing {
            let moved: [JournalProblem]
            do throws(JournalError) {
                moved = try journal.repair()
            } catch {
                throw CLIError(error)
            }
            for problem in moved where !context.quiet {
                context.out.line("\(journal.path):\(problem.line): moved to \(journal.rejectedPath): \(problem.reason)")
            }
            if !context.quiet {
                context.out.line(moved.isEmpty ? "\(journal.path): no problems; nothing to repair."
                                 : "Moved \(moved.count) bad line\(moved.count == 1 ? "" : "s") to \(journal.rejectedPath).")
            }
            return
        }
        let report: JournalReport
        do throws(JournalError) {
            report = try journal.check()
        } catch {
            throw CLIError(error)
        }
        if context.json {
            var text = "{\"path\":"
            BrewLineCodec.appendQuoted(journal.path, to: &text)
            text += ",\"brews\":\(report.brewCount),\"problems\":["
            text += report.problems.map { problem in
                var reason = ""
                BrewLineCodec.appendQuoted(problem.reason, to: &reason)
                return "{\"line\":\(problem.line),\"reason\":\(reason)}"
            }.joined(separator: ",")
            context.out.line(text + "]}")
        } else {
            for problem in report.problems {
                context.out.line("\(journal.path):\(problem.line): \(problem.reason)")
            }
        }
        guard report.problems.isEmpty else {
            let count = report.problems.count
            throw CLIError.problemsFound("\(count) problem\(count == 1 ? "" : "s") in \(journal.path)",
                                         hint: "'brewlog check --repair' moves the bad lines to \(journal.rejectedPath)")
        }
        if !context.quiet && !context.json {
            context.out.line("\(journal.path): \(report.brewCount) brew\(report.brewCount == 1 ? "" : "s"), no problems.")
        }
    }
}

/// One `$ ` line of an example: `[NAME=value ...] brewlog WORDS [# comment]`.
struct ReadmeCommand {
    /// The line as the README prints it, after `$ `, for messages.
    let text: String
    /// The words after `brewlog`.
    let arguments: [String]
    /// Variables set for this command alone (`COLUMNS=60 brewlog list`).
    let assignments: [String: String]
    /// Where the comment moves the clock (`# at 15:10`), if it does.
    let clock: ReadmeClock.Move?

    init(_ text: Substring, line: Int) throws(ReadmeExampleError) {
        self.text = String(text)
        let parts: (words: [String], comment: String?)
        do throws(ReadmeRefusal) {
            parts = try ReadmeShellWords.split(text)
            clock = try parts.comment.flatMap(ReadmeClock.move(in:))
        } catch {
            throw ReadmeExampleError(line: line, message: error.message)
        }
        var words = parts.words[...]
        var assignments: [String: String] = [:]
        while let first = words.first, let (name, value) = ReadmeShellWords.assignment(first) {
            assignments[name] = value
            words = words.dropFirst()
        }
        guard words.first == "brewlog" else {
            throw ReadmeExampleError(line: line, message: "only brewlog runs here: the line must read [NAME=value ...] brewlog ...")
        }
        self.assignments = assignments
        arguments = Array(words.dropFirst())
    }
}

import Foundation

/// How a command line of an example splits into words, as a POSIX shell splits a line of plain
/// words and quotes: `'…'` keeps its text as it is, `"…"` too but for `\"`, `\\`, `\$` and
/// `` \` ``, a backslash outside quotes keeps the next character, and an unquoted `#` that starts
/// a word starts the comment.
///
/// What a shell would expand, redirect or run (`$`, backquotes, `|`, `;`, `&`, `<`, `>`, `(`,
/// `)`, `*`, `?`, `[`, `{` unquoted, `~` starting a word) is refused rather than passed on, so
/// that an example never means one thing here and another when pasted into a shell.
enum ReadmeShellWords {
    /// The words of `line` and its comment (trimmed), if it has one.
    static func split(_ line: some StringProtocol) throws(ReadmeRefusal) -> (words: [String], comment: String?) {
        let characters = Array(line)
        var words: [String] = []
        // `nil` between words; `""` for a word begun by an empty quote.
        var word: String?
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case " ", "\t":
                if let finished = word { words.append(finished) }
                word = nil
            case "#" where word == nil:
                return (words, String(characters[(index + 1)...]).trimmingCharacters(in: .whitespaces))
            case "'":
                guard let close = characters[(index + 1)...].firstIndex(of: "'") else { throw ReadmeRefusal(message: "a ' quote is not closed") }
                word = (word ?? "") + String(characters[(index + 1)..<close])
                index = close
            case "\"":
                let (text, close) = try doubleQuoted(characters, from: index + 1)
                word = (word ?? "") + text
                index = close
            case "\\":
                guard index + 1 < characters.count else { throw ReadmeRefusal(message: "a line ending in '\\': continued lines are not supported") }
                index += 1
                word = (word ?? "") + String(characters[index])
            case "~" where word == nil:
                throw ReadmeRefusal(message: "a word starting with '~': a shell would read it as a home folder; quote it")
            case _ where "|&;<>()$`*?[{".contains(character):
                throw ReadmeRefusal(message: "'\(character)' is shell syntax a shell would act on (a pipe, a redirection, an expansion or a pattern); quote it")
            default:
                word = (word ?? "") + String(character)
            }
            index += 1
        }
        if let finished = word { words.append(finished) }
        return (words, nil)
    }

    /// `NAME=value` as a shell reads a variable assignment before a command, else `nil`.
    static func assignment(_ word: String) -> (name: String, value: String)? {
        guard let equals = word.firstIndex(of: "="), let first = word.first, first == "_" || (first.isASCII && first.isLetter),
              word[..<equals].allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }) else { return nil }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// The text of a double-quoted part that starts at `start` (after its quote), and the index
    /// of its closing quote.
    private static func doubleQuoted(_ characters: [Character], from start: Int) throws(ReadmeRefusal) -> (String, Int) {
        var text = ""
        var index = start
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\"":
                return (text, index)
            case "\\" where index + 1 < characters.count && "\"\\$`".contains(characters[index + 1]):
                text.append(characters[index + 1])
                index += 1
            case "$", "`":
                throw ReadmeRefusal(message: "'\(character)' inside double quotes: a shell would expand it; use single quotes")
            default:
                text.append(character)
            }
            index += 1
        }
        throw ReadmeRefusal(message: "a \" quote is not closed")
    }
}

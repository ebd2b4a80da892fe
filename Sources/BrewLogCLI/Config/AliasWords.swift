/// Splits an alias's text into words as a POSIX shell splits plain words and quotes, without a
/// shell: nothing is expanded, globbed or run.
///
/// Spaces, tabs and line feeds separate words; `'...'` keeps everything inside as it is;
/// `"..."` keeps everything but `\"`, `\\`, `` \` `` and `\$`, which lose their backslash; outside
/// quotes a backslash keeps the next character as it is. `''` and `""` make an empty word.
enum AliasWords {
    static func split(_ text: String) -> Result<[String], ConfigValueProblem> {
        var words: [String] = []
        var word = ""
        var inWord = false
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case " ", "\t", "\n":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                var closed = false
                while let inner = scalars.next() {
                    if inner == "'" { closed = true; break }
                    word.unicodeScalars.append(inner)
                }
                guard closed else { return .failure(ConfigValueProblem(message: "a single quote (') is not closed")) }
            case "\"":
                inWord = true
                var closed = false
                while let inner = scalars.next() {
                    if inner == "\"" { closed = true; break }
                    if inner == "\\" {
                        guard let escaped = scalars.next() else { break }
                        if !["\"", "\\", "`", "$"].contains(escaped) { word.unicodeScalars.append("\\") }
                        word.unicodeScalars.append(escaped)
                        continue
                    }
                    word.unicodeScalars.append(inner)
                }
                guard closed else { return .failure(ConfigValueProblem(message: "a double quote (\") is not closed")) }
            case "\\":
                inWord = true
                guard let escaped = scalars.next() else {
                    return .failure(ConfigValueProblem(message: "a backslash ends the alias; it must escape a character"))
                }
                word.unicodeScalars.append(escaped)
            default:
                inWord = true
                word.unicodeScalars.append(scalar)
            }
        }
        if inWord { words.append(word) }
        return .success(words)
    }
}

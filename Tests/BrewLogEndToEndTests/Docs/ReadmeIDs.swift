/// The ids of one example. BrewLog mints random ids, so an id the README shows stands for
/// whatever the binary printed in its place.
///
/// - A token of 12 lowercase hex digits first met in expected output is a placeholder: it
///   matches any 12 hex digits there, and is bound to them once the command's output matches.
/// - From then on, the token stands for the printed id wherever it is met: in commands (a whole
///   word, or the value of `--option=VALUE`) and in output.
/// - A command word of 4 to 11 hex digits that starts exactly one bound id is an id prefix: it
///   stands for as many digits of the printed id, there and in later output.
///
/// A token is a maximal run of ASCII letters and digits, so `(like 0f3a9c2e71d4)` holds one and
/// `2026-11-29` none of 12 digits.
struct ReadmeIDs {
    /// A piece of an expected line.
    enum Piece: Equatable {
        /// Text the printed line must hold as it is.
        case text(String)
        /// An id not bound yet: any 12 lowercase hex digits.
        case placeholder(String)
    }

    /// README id → printed id.
    private var bound: [String: String] = [:]
    /// README id prefix used in a command → the printed id's prefix it stood for.
    private var prefixes: [String: String] = [:]

    /// The command's words with the ids and id prefixes they use replaced by what they stand for.
    mutating func arguments(_ words: [String]) -> [String] {
        words.map { word in
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                return String(word[...equals]) + substituted(word: String(word[word.index(after: equals)...]))
            }
            return substituted(word: word)
        }
    }

    /// An expected line as pieces: bound ids and used prefixes replaced, unbound ids as placeholders.
    func pieces(of line: String) -> [Piece] {
        var pieces: [Piece] = []
        var text = ""
        for token in Self.tokens(of: line) {
            if Self.isID(token), bound[token] == nil {
                if !text.isEmpty { pieces.append(.text(text)) }
                pieces.append(.placeholder(token))
                text = ""
            } else {
                text += Self.isToken(token) ? bound[token] ?? prefixes[token] ?? token : token
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    /// What each placeholder of `pieces` stands for in `line`, or `nil` when the line does not match.
    static func captures(of pieces: [Piece], in line: String) -> [(id: String, printed: String)]? {
        var rest = Substring(line)
        var captures: [(id: String, printed: String)] = []
        for piece in pieces {
            switch piece {
            case .text(let text):
                guard rest.hasPrefix(text) else { return nil }
                rest = rest.dropFirst(text.count)
            case .placeholder(let id):
                let printed = rest.prefix(12)
                guard printed.count == 12, isID(String(printed)) else { return nil }
                captures.append((id, String(printed)))
                rest = rest.dropFirst(12)
            }
        }
        return rest.isEmpty ? captures : nil
    }

    /// Binds each README id to the id printed in its place; a message when that is not one to
    /// one (a README id printed as two ids, or two README ids as one).
    mutating func bind(_ captures: [(id: String, printed: String)]) -> String? {
        var bound = self.bound
        for (id, printed) in captures {
            if let earlier = bound[id], earlier != printed {
                return "the README's \(id) was printed as \(earlier), then as \(printed)"
            }
            if let other = bound.first(where: { $0.value == printed && $0.key != id }) {
                return "the README's \(other.key) and \(id) were both printed as \(printed)"
            }
            bound[id] = printed
        }
        self.bound = bound
        return nil
    }

    /// A word with the id or id prefix it is replaced, when it is one.
    private mutating func substituted(word: String) -> String {
        if let printed = bound[word] { return printed }
        guard (4..<12).contains(word.count), Self.isHex(word) else { return word }
        let starting = bound.filter { $0.key.hasPrefix(word) }
        guard starting.count == 1, let printed = starting.first?.value else { return word }
        prefixes[word] = String(printed.prefix(word.count))
        return String(printed.prefix(word.count))
    }

    /// `line` cut into tokens (runs of ASCII letters and digits) and the text between them.
    private static func tokens(of line: String) -> [String] {
        var tokens: [String] = []
        for character in line {
            if let last = tokens.last, isToken(last) == isTokenCharacter(character) {
                tokens[tokens.count - 1].append(character)
            } else {
                tokens.append(String(character))
            }
        }
        return tokens
    }

    private static func isTokenCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }

    private static func isToken(_ text: String) -> Bool {
        text.first.map(isTokenCharacter) ?? false
    }

    private static func isHex(_ text: String) -> Bool {
        text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// Whether `text` is 12 lowercase hex digits: an id as BrewLog mints them.
    private static func isID(_ text: String) -> Bool {
        text.count == 12 && isHex(text)
    }
}

/// "Did you mean": the known coffee a new coffee name is probably a slip of.
enum CoffeeSuggestion {
    /// The known name `typed` is close to, or `nil` when `typed` is itself known (exactly) or
    /// nothing is close. Close, best first: the same letters ignoring case and spaces
    /// (`kenya aa`, `KenyaAA` for `Kenya AA`); one a prefix of the other, ignoring case and
    /// spaces, 3 letters or more (`Ethiopia` for `Ethiopia Guji`); at most 2 edits apart
    /// ignoring case, for names of 4 letters or more (`Ethopia Guji`). Ties go to the known
    /// name listed first.
    static func suggestion(for typed: String, known: [String]) -> String? {
        guard !known.contains(typed) else { return nil }
        let squeezed = squeeze(typed)
        guard !squeezed.isEmpty else { return nil }
        if let same = known.first(where: { squeeze($0) == squeezed }) { return same }
        if squeezed.count >= 3, let prefix = known.first(where: {
            let other = squeeze($0)
            return other.count >= 3 && (other.hasPrefix(squeezed) || squeezed.hasPrefix(other))
        }) {
            return prefix
        }
        guard typed.count >= 4 else { return nil }
        let lowered = typed.lowercased()
        let scored = known.map { (name: $0, distance: editDistance(lowered, $0.lowercased())) }.filter { $0.distance <= 2 }
        return scored.min { $0.distance < $1.distance }?.name
    }

    /// The name lowercased, without whitespace.
    private static func squeeze(_ name: String) -> String {
        String(name.lowercased().filter { !$0.isWhitespace })
    }
}

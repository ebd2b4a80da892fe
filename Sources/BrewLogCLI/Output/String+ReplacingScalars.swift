extension String {
    /// This text with each scalar that `replacements` names replaced by its text, all at once
    /// (a replacement is never looked at again).
    ///
    /// Scalar by scalar, not Character by Character: a quote or a backslash followed by a
    /// combining mark is one Character to Swift, but to a shell or a parser reading bytes it is
    /// still a quote, so escaping must not pass over it.
    func replacingScalars(_ replacements: [Unicode.Scalar: String]) -> String {
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if let replacement = replacements[scalar] {
                result.append(contentsOf: replacement.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}

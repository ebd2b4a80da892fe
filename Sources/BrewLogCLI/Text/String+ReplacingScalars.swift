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

extension String {
    /// This text with every occurrence of `target` replaced by `replacement`, compared scalar by
    /// scalar (FoundationEssentials has no `replacingOccurrences`).
    func replacingText(_ target: String, with replacement: String) -> String {
        let source = Array(unicodeScalars), pattern = Array(target.unicodeScalars)
        guard !pattern.isEmpty, source.count >= pattern.count else { return self }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < source.count {
            if index + pattern.count <= source.count, source[index..<index + pattern.count].elementsEqual(pattern) {
                result.append(contentsOf: replacement.unicodeScalars)
                index += pattern.count
            } else {
                result.append(source[index])
                index += 1
            }
        }
        return String(result)
    }
}

/// What `word` was probably meant to be, among `candidates`: the one it is a prefix of, when
/// only one is (`rate` is `rating`, though `date` is nearer in spelling: a name cut short is the
/// likelier slip); else the nearest by Levenshtein distance, when it is close enough to be a typo.
func nearest(to word: String, in candidates: [String]) -> String? {
    let extended = Set(candidates.filter { $0.hasPrefix(word) && $0 != word })
    if !word.isEmpty, extended.count == 1, let only = extended.first { return only }
    let scored = candidates.map { (candidate: $0, distance: editDistance(word, $0)) }
    guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
    let limit = max(1, min(3, word.count / 3 + 1))
    if best.distance <= limit { return best.candidate }
    return candidates.first { $0.hasPrefix(word) && word.count >= 2 }
}

/// The number of single-character insertions, deletions and substitutions that turn `a` into `b`.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

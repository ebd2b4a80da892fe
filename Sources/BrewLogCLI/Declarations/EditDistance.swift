/// What `word` was probably meant to be, among `candidates`. A name cut short or mistyped near
/// its end is the likelier slip, so before spelling distance: the one candidate `word` is a
/// prefix of; else the candidate sharing the longest start with it, when that start is at
/// least three characters and half the word (`rate` is `rating`, though `date` is nearer in
/// spelling), the first in `candidates` order on a tie (a command lists its common options
/// first: `rating` before `ratio`); else the nearest by Levenshtein distance, when it is close
/// enough to be a typo.
func nearest(to word: String, in candidates: [String]) -> String? {
    var seen: Set<String> = []
    let distinct = candidates.filter { $0 != word && seen.insert($0).inserted }
    let extended = distinct.filter { $0.hasPrefix(word) }
    if !word.isEmpty, extended.count == 1 { return extended[0] }
    let shared = distinct.map { (candidate: $0, length: zip($0, word).prefix { $0 == $1 }.count) }
    if let longest = shared.map(\.length).max(), longest >= 3, longest * 2 >= word.count,
       let best = shared.first(where: { $0.length == longest }) {
        return best.candidate
    }
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

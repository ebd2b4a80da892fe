extension Array where Element == String {
    /// The words as a sentence lists them: `add, list or rm` (one word alone, none empty).
    var listedWithOr: String {
        count < 2 ? joined() : dropLast().joined(separator: ", ") + " or " + (last ?? "")
    }
}

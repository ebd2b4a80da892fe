extension BrewRecord {
    /// The journal keys whose values differ between this record and `other`, in the field
    /// table's order, then the unknown keys either side carries with a different value (or only
    /// one side carries; whitespace between a value's tokens does not count). The id is
    /// compared like every other field.
    public func differingKeys(from other: BrewRecord) -> [String] {
        var keys = BrewField.allCases.filter { self[$0] != other[$0] }.map(\.journalKey)
        let mine = Dictionary(unknownFields.map { ($0.key, $0.compactJSON) }, uniquingKeysWith: { _, last in last })
        let theirs = Dictionary(other.unknownFields.map { ($0.key, $0.compactJSON) }, uniquingKeysWith: { _, last in last })
        var seen: Set<String> = []
        for key in unknownFields.map(\.key) + other.unknownFields.map(\.key) where seen.insert(key).inserted {
            if mine[key] != theirs[key] { keys.append(key) }
        }
        return keys
    }
}

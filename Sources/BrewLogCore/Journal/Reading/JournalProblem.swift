/// What `check` found in a journal: how many brews are valid, and every bad line.
public struct JournalReport: Equatable, Sendable {
    /// The number of valid brews.
    public let brewCount: Int
    /// Every bad line, in file order.
    public let problems: [JournalProblem]
    /// The valid records of other kinds BrewLog knows (skip days), in file order.
    public var entries: [JournalEntry] = []
    /// How many valid lines hold a kind BrewLog does not know (kept, otherwise ignored).
    public var unknownKindCount = 0
}

/// One bad line of a journal, as `check` reports it.
public struct JournalProblem: Equatable, Sendable {
    /// 1-based line number.
    public let line: Int
    /// What is wrong.
    public let reason: String
    /// The line's bytes in the file, for repair.
    let range: Range<Int>
}

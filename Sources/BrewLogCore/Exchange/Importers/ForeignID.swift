/// Ids for records read from another tool: 12 lowercase hex digits, like the ids BrewLog mints,
/// hashed from the tool's name and its own identity of the record (Beanconqueror's uuid, jrnl's
/// date, time and title, Loop's habit and day), so the same record gets the same id on every
/// import and a record of one tool never takes another's.
enum ForeignID {
    /// The id of the record `identity` names in `format`'s export, of `kind` ("brew", "bean",
    /// "skip"), the `occurrence`-th of that identity in the file (0 for the first).
    static func make(_ format: ForeignFormat, _ kind: String, _ identity: String, occurrence: Int = 0) -> BrewID {
        CSV.derivedID("\(format.rawValue):\(kind):\(identity)", occurrence: occurrence)
    }
}

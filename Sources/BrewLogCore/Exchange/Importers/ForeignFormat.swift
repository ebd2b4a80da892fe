/// The other tools whose exports `import --from` reads, each turned into brews, skip days and bean
/// bags whose ids derive from the tool's own identity of each record, so that importing the same
/// export twice adds nothing.
public enum ForeignFormat: String, CaseIterable, Sendable {
    /// Beanconqueror's `Beanconqueror.json`, the main file of its export zip.
    case beanconqueror
    /// jrnl's `jrnl --export json`.
    case jrnl
    /// Loop Habit Tracker's `Checkmarks.csv`, one column per habit.
    case loop
}

/// Every problem found in a foreign export: the import writes nothing when there is one.
public struct ForeignImportProblems: Error, Equatable, Sendable {
    /// One problem: where it is and what is wrong.
    public struct Problem: Equatable, Sendable {
        /// The file the problem is in when it is not the one named on the command line (a chunk
        /// file beside `Beanconqueror.json`).
        public let file: String?
        /// The 1-based line, when the format has lines that mean something (CSV, jrnl's JSON).
        public let line: Int?
        /// Where in the JSON document (`BREWS[3]`), when the line says little.
        public let path: String?
        /// What is wrong.
        public let reason: String

        /// A problem at `line` and/or `path` of `file`.
        public init(file: String? = nil, line: Int? = nil, path: String? = nil, reason: String) {
            self.file = file
            self.line = line
            self.path = path
            self.reason = reason
        }
    }

    /// The problems, in file order.
    public let problems: [Problem]

    /// The given problems.
    public init(_ problems: [Problem]) {
        self.problems = problems
    }

    /// One problem.
    init(line: Int? = nil, path: String? = nil, _ reason: String) {
        self.problems = [Problem(line: line, path: path, reason: reason)]
    }
}

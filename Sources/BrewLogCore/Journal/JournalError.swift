/// Why a journal could not be read or written. Each case carries the path it concerns.
public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A line that is not a valid brew; `line` counts from 1, blank lines included.
    case malformedLine(path: String, line: Int, reason: String)
    /// The journal (or its folder) could not be created.
    case cannotCreate(path: String, reason: String)
    /// A system call failed while reading or writing.
    case io(path: String, operation: String, reason: String)
    /// Another BrewLog held the journal's lock for longer than `seconds`.
    case lockTimeout(path: String, seconds: Double)

    /// `PATH:LINE: reason` for parse errors, a sentence for the rest.
    public var description: String {
        switch self {
        case let .malformedLine(path, line, reason):
            "\(path):\(line): \(reason)"
        case let .cannotCreate(path, reason):
            "cannot create journal '\(path)': \(reason)"
        case let .io(path, operation, reason):
            "\(operation) '\(path)' failed: \(reason)"
        case let .lockTimeout(path, seconds):
            "journal '\(path)' is locked by another brewlog; gave up after \(formatNumber(seconds)) s"
        }
    }
}

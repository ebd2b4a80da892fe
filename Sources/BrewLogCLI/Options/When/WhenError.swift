/// Why a WHEN argument was refused: each case says what was wrong, so the usage error can say
/// more than "invalid value".
enum WhenError: Error, Equatable, Sendable {
    /// Not one of the forms at all (`tomorrow`, `2026-11-29X08:30`, trailing words).
    case unrecognised
    /// A date that is not in the calendar (`2026-02-30`).
    case noSuchDate
    /// A clock reading that does not exist: the detail says which part (`25:00`, `13pm`, `0am`).
    case noSuchTime(String)
    /// A count of zero in a relative form (`-0d`, `0 hours ago`): "ago" needs a distance.
    case zeroCount
    /// A number too large to count with, or a result outside the years 0001–9999.
    case outOfRange
    /// A period (`last week`, `nov`, `2026-11`) where one day or moment is wanted (`--date`).
    case period

    /// The reason, appended to the usage error's message.
    var reason: String {
        switch self {
        case .unrecognised: "not a date or time BrewLog reads"
        case .noSuchDate: "no such date"
        case let .noSuchTime(detail): "no such time: \(detail)"
        case .zeroCount: "a count of 0 means now or today; say so"
        case .outOfRange: "outside the years 0001–9999"
        case .period: "a week or a month, not one day"
        }
    }

    /// The hint that replaces the caller's list of forms, for an error that has one of its own.
    var hint: String? {
        switch self {
        case .period: "a period names several days; give one day, e.g. 'last monday' or '2026-11-03'"
        default: nil
        }
    }
}

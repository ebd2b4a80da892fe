/// A day of the week, Monday first (ISO 8601 numbering).
enum Weekday: Int, CaseIterable, Sendable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// Its full English name, lowercase.
    var name: String {
        switch self {
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }

    /// Its first three letters (`mon`), which config values may use instead of the name.
    var shortName: String { String(name.prefix(3)) }

    /// The day named `text`: its full name or its short name, in any case.
    init?(name text: String) {
        let lowered = text.lowercased()
        guard let day = Weekday.allCases.first(where: { $0.name == lowered || $0.shortName == lowered }) else { return nil }
        self = day
    }

    static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}

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

    /// The day named `text`: its full name or its first three letters, in any case.
    init?(name text: String) {
        let lowered = text.lowercased()
        guard let day = Weekday.allCases.first(where: { $0.name == lowered || $0.name.prefix(3) == lowered }) else { return nil }
        self = day
    }

    static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The typed value of a known key, as its validator read it.
enum ConfigValue: Equatable, Sendable {
    /// Free text (a method, a pager command, a path before it is resolved).
    case text(String)
    /// A number (grams, °C).
    case number(Double)
    /// A whole number (seconds, a weekly target).
    case integer(Int)
    /// A list of words: tags, list columns, an alias's arguments.
    case words([String])
    /// A time of day, in minutes after midnight.
    case minutes(Int)
    /// Days of the week.
    case weekdays([Weekday])
}

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

/// The defaults a `[add]` section or a `[recipe "NAME"]` section gives a new brew.
struct BrewDefaults: Equatable, Sendable {
    var method: String?
    var coffee: String?
    /// Grams of coffee.
    var dose: Double?
    /// Grams of water.
    var water: Double?
    /// Grams of beverage.
    var yield: Double?
    var grind: String?
    /// °C.
    var temperature: Double?
    /// Seconds.
    var time: Int?
    /// `nil` when not set; `[]` when set to nothing.
    var tags: [String]?
}

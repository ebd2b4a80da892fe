/// The fields of a brew, with the names they carry in the journal and on the command line.
public enum BrewField: String, CaseIterable, Sendable, CustomStringConvertible {
    case id, date, rating, notes, method, coffee, dose, water, grind, temperature, brewTime, tags

    /// The key in a journal line (`dose_g`, `temp_c`, ...).
    public var journalKey: String {
        switch self {
        case .dose: "dose_g"
        case .water: "water_g"
        case .temperature: "temp_c"
        case .brewTime: "time_s"
        default: rawValue
        }
    }

    /// The name used by command-line options (`--temp`, `--time`, `--unset dose`).
    public var optionName: String {
        switch self {
        case .temperature: "temp"
        case .brewTime: "time"
        default: rawValue
        }
    }

    /// The field named `name` on the command line (`temp`, `time`, ...) or in the journal (`temp_c`).
    public init?(name: String) {
        guard let field = BrewField.allCases.first(where: { $0.optionName == name || $0.journalKey == name }) else {
            return nil
        }
        self = field
    }

    /// The command-line name.
    public var description: String { optionName }
}

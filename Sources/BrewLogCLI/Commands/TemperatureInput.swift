import BrewLogCore

/// A temperature as typed on the command line or in the config: a decimal in °C (`94`, `94C`,
/// `94°C`) or in °F (`201F`, `201°F`; `c` and `f` too). It is stored in °C; a Fahrenheit value is
/// converted and rounded to a tenth of a degree, the precision shown everywhere. The range is
/// the field table's, checked in °C.
enum TemperatureInput {
    /// Why a text is not a temperature BrewLog records.
    enum Problem: Error {
        /// Not a decimal number with one of the units.
        case notANumber
        /// A number outside the range; `got` says what was typed and, for °F, the °C it makes.
        case outOfRange(got: String)

        /// The message, for an option (`--temp`) or a config key.
        var message: String {
            switch self {
            case .notANumber: "give a decimal number in °C or °F, e.g. 94, 94C or 201F"
            case .outOfRange(let got): BrewField.temperature.limit.map { $0.problem(got: got).message } ?? "out of range"
            }
        }
    }

    /// The temperature in °C that `text` means.
    static func celsius(_ text: String) -> Result<Double, Problem> {
        var digits = Substring(text)
        var fahrenheit = false
        for (suffix, isFahrenheit) in [("°C", false), ("C", false), ("c", false), ("°F", true), ("F", true), ("f", true)] where digits.hasSuffix(suffix) {
            digits = digits.dropLast(suffix.count)
            fahrenheit = isFahrenheit
            break
        }
        guard let value = parseDecimal(digits) else { return .failure(.notANumber) }
        let celsius = fahrenheit ? ((value - 32) * 5 / 9 * 10).rounded() / 10 : value
        guard celsius.isFinite, BrewField.temperature.limit?.contains(celsius) ?? true else {
            return .failure(.outOfRange(got: fahrenheit ? "\(cappedForMessage(text)), \(formatNumber(celsius)) °C" : String(digits)))
        }
        return .success(celsius)
    }
}

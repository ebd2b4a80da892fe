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

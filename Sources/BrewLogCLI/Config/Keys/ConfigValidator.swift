import BrewLogCore

/// A config value's validator together with the values it accepts from a known set, so that
/// completion offers exactly what the validator takes (`config set ui.color <TAB>`).
struct ConfigValidator: Sendable {
    /// Reads a value, or says in words what is wrong with it.
    let read: @Sendable (String) -> Result<ConfigValue, ConfigValueProblem>
    /// What a shell may offer as the value.
    let offers: ConfigValueOffers
}

/// The values a shell may offer for a config key.
enum ConfigValueOffers: Equatable, Sendable {
    /// None: free text, a number, a time of day.
    case nothing
    /// One of these words.
    case oneOf([String])
    /// A comma list of these words (`date,rating`).
    case listOf([String])
    /// What `add`'s option for the field offers (the journal's methods for `add.method`), as a
    /// comma list for a field the option repeats (tags).
    case field(BrewField)
}

extension KnownConfigKey {
    /// A key whose value `validator` reads, and whose values it offers.
    init(section: String, subsection: Subsection, name: String?, display: String, summary: String, example: String,
         read validator: ConfigValidator, listed: Bool = true) {
        self.init(section: section, subsection: subsection, name: name, display: display, summary: summary,
                  example: example, read: validator.read, listed: listed, offers: validator.offers)
    }
}

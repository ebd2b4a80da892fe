import BrewLogCore

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
    /// A brew field's value (`add.dose`, `recipe.NAME.tags`), read by the field table's parser.
    case field(FieldValue)
    /// A recipe's timed steps (`recipe.NAME.steps`).
    case steps([BrewStep])
}

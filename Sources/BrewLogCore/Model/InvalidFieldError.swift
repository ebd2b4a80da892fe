/// A field value that breaks its rule (rating 6, a negative dose, a tag with a space).
public struct InvalidFieldError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The field whose value is invalid.
    public let field: BrewField
    /// What is wrong, in words a user can act on: "rating must be 1...5 (got 6)".
    public let message: String

    /// An error for `field` saying `message`.
    public init(_ field: BrewField, _ message: String) {
        self.field = field
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

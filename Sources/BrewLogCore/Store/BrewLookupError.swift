/// Why a brew reference (`last`, an id, an id prefix) does not name exactly one brew.
public enum BrewLookupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No brew has this id or id prefix (or the journal is empty, for `last`).
    case notFound(String)
    /// The prefix matches several brews; their ids are listed.
    case ambiguous(String, candidates: [BrewID])
    /// A prefix shorter than 4 characters that is not a whole id.
    case prefixTooShort(String)
    /// `last~N` (or `last:TEXT~N`) goes back further than there are brews (of TEXT).
    case tooFewBrews(String, available: Int, of: String?)
    /// No brew has TEXT of `last:TEXT` as its method or coffee.
    case noneOf(String)
    /// TEXT of `last:TEXT` is part of several method names (or, when of no method's, of several
    /// coffees'); they are listed.
    case ambiguousName(String, candidates: [String])
    /// A reference that starts like `last~` or `last:` but is not one (`last~x`, `last:`).
    case malformed(String)

    /// A sentence naming the reference, capped (``cappedForMessage(_:)``): the reference is
    /// whatever the user typed, however long.
    public var description: String {
        switch self {
        case let .notFound(reference):
            reference == "last" ? "the journal has no brews" : "no brew with id '\(cappedForMessage(reference))'"
        case let .ambiguous(reference, candidates):
            "id prefix '\(cappedForMessage(reference))' matches \(candidates.count) brews: "
                + candidates.map(\.rawValue).joined(separator: ", ")
        case let .prefixTooShort(reference):
            "id prefix '\(cappedForMessage(reference))' is too short: give at least 4 characters"
        case let .tooFewBrews(reference, available, text):
            "'\(cappedForMessage(reference))' goes back further than the \(available) brew\(available == 1 ? "" : "s")"
                + (text.map { " of '\(cappedForMessage($0))'" } ?? " in the journal")
        case let .noneOf(text):
            "no brew has the method or coffee '\(cappedForMessage(text))'"
        case let .ambiguousName(text, candidates):
            "'\(cappedForMessage(text))' is part of \(candidates.count) names: " + candidates.map { "'\(cappedForMessage($0))'" }.joined(separator: ", ")
        case let .malformed(reference):
            "'\(cappedForMessage(reference))' is not a brew reference"
        }
    }
}

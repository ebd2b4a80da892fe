/// A parsed JSON value, as much of JSON as a journal line can hold.
enum JSONValue {
    case string(String)
    /// A number.
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// What kind of value this is, for error messages ("expected a string, got a number").
    var kind: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

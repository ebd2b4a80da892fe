/// How a brew is named on the command line: an id or an id prefix, or a place counted back from
/// the newest brew (`last`, `last~N`, `last:TEXT`, `last:TEXT~N`).
public enum BrewReference: Equatable, Sendable {
    /// A whole id or a prefix of one.
    case id(String)
    /// The brew `back` places before the newest by date (0 is the newest), among the brews whose
    /// method, else coffee, is `text` ignoring case; among every brew when `text` is `nil`.
    case newest(back: Int, of: String?)

    /// The reference `text` names, or `nil` when it starts like a newest form (`last~`, `last:`)
    /// but is not one: `last~` without a number, `last:` without a text.
    ///
    /// A trailing `~N` (digits only) counts back; anything before it after `last:` is the text,
    /// so `last:Kenya AA~2` is the third newest brew of Kenya AA, and `last:Blend~` the newest
    /// of `Blend~`.
    public init?(_ text: String) {
        guard text == "last" || text.hasPrefix("last~") || text.hasPrefix("last:") else {
            self = .id(text)
            return
        }
        var rest = Substring(text.dropFirst(4))
        var back = 0
        if let tilde = rest.lastIndex(of: "~") {
            let digits = rest[rest.index(after: tilde)...]
            if !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                // More digits than an Int holds goes back further than any journal: Int.max says so.
                back = Int(digits) ?? Int.max
                rest = rest[..<tilde]
            } else if rest.first != ":" {
                // `last~x`: a count that is not one. After `last:`, the `~` is part of the text.
                return nil
            }
        }
        guard rest.isEmpty || rest.first == ":" else { return nil }
        let of = rest.isEmpty ? nil : String(rest.dropFirst())
        if of?.isEmpty == true { return nil }
        self = .newest(back: back, of: of)
    }

    /// The forms, for a message: what a user can type.
    public static let forms = "an id, a prefix of 4+ characters, last, last~N (N before the newest), last:METHOD or last:COFFEE, last:V60~1"
}

extension BrewLogStore {
    /// The brew `reference` names.
    /// - Parameter reference: An id or a unique id prefix of 4+ characters; `last` (the newest by
    ///   date), `last~N` (N before it), `last:TEXT` (the newest whose method, else coffee, is
    ///   TEXT ignoring case) or both, `last:V60~1`. A whole id wins over the newest forms (an id
    ///   may contain `:`).
    /// - Throws: ``BrewLookupError``: nothing matches, a prefix matches several (they are
    ///   listed), or the reference is malformed.
    public func brew(matching reference: String) throws(BrewLookupError) -> Brew {
        if let id = BrewID(reference), let exact = brew(id: id) {
            return exact
        }
        guard let parsed = BrewReference(reference) else { throw .malformed(reference) }
        switch parsed {
        case .id(let prefix):
            return try brew(prefix: prefix)
        case let .newest(back, of):
            return try newest(back: back, of: of, reference: reference)
        }
    }

    /// The brew `back` places before the newest, among those of method (else coffee) `text`.
    ///
    /// Brews at the same moment are ordered by their place in the journal, the later one newer
    /// (as ``newestBrew`` orders them). Without a text only the `back + 1` newest moments are
    /// held while passing over the journal; with one, the brews are read newest first
    /// (``NewestFirstPositions``: a journal in date order from its end, any other a window of the
    /// newest at a time, never sorted whole) until `back + 1` match. When too few match, every one
    /// was read, so the count is exact.
    private func newest(back: Int, of text: String?, reference: String) throws(BrewLookupError) -> Brew {
        guard let text else {
            guard back < count else { throw count == 0 ? .notFound("last") : .tooFewBrews(reference, available: count, of: nil) }
            // The newest `back + 1` by date, held while passing over every brew's date once.
            guard let oldest = newest(back + 1, where: { _ in true }).first else { throw .notFound("last") }
            return brew(at: oldest.position)
        }
        let name = try name(matching: text)
        registry.access(\BrewLogStore.brews)
        // The method matches count when any brew has the name as its method; else the coffee's.
        let wanted = back == Int.max ? Int.max : back + 1
        var matching: [Int] = []
        for position in NewestFirstPositions(self) {
            let record = record(at: position)
            guard (name.isMethod ? record.method : record.coffee)?.lowercased() == name.key else { continue }
            matching.append(position)
            if matching.count == wanted { break }
        }
        guard !matching.isEmpty else { throw .noneOf(text) }
        guard back < matching.count else {
            throw .tooFewBrews(reference, available: matching.count, of: text)
        }
        return brew(at: matching[back])
    }

    /// The method or coffee name (lowercased) that `text` of `last:TEXT` stands for, and whether
    /// it is a method's (a brew's method is the name, ignoring case): the name itself when a brew's
    /// method or coffee equals it ignoring case, else the one method name that contains it ignoring
    /// case, else the one coffee name; as `-b` and `dial` forgive.
    /// - Throws: ``BrewLookupError/ambiguousName(_:candidates:)`` when it is part of several
    ///   methods (or, no method containing it, of several coffees), naming them as first spelled.
    private func name(matching text: String) throws(BrewLookupError) -> (key: String, isMethod: Bool) {
        let wanted = text.lowercased()
        var methods: [String: String] = [:], coffees: [String: String] = [:]
        forEachRecord { record in
            if let method = record.method, methods[method.lowercased()] == nil { methods[method.lowercased()] = method }
            if let coffee = record.coffee, coffees[coffee.lowercased()] == nil { coffees[coffee.lowercased()] = coffee }
        }
        if methods[wanted] != nil || coffees[wanted] != nil { return (wanted, methods[wanted] != nil) }
        for names in [methods, coffees] {
            let containing = names.keys.filter { $0.contains(wanted) }.sorted()
            if containing.count == 1 { return (containing[0], methods[containing[0]] != nil) }
            if containing.count > 1 { throw .ambiguousName(text, candidates: containing.compactMap { names[$0] }) }
        }
        return (wanted, false)
    }

    /// The records of the newest brews whose method is `method` ignoring case, newest first, at
    /// most `limit` of them: what a new brew of that method carries over (`add.sticky`) and how
    /// its method is usually measured (``BrewRatio/target(for:recent:)``).
    ///
    /// `add` asks on every brew, so the journal is not sorted: the brews are read newest first
    /// (``NewestFirstPositions``), from the journal's end when it is in date order, else the
    /// newest few hundred by date picked in one pass over the moments alone, the window widened
    /// (eight times, then again) only when too few of them are of the method.
    public func newestRecords(ofMethod method: String, limit: Int) -> [BrewRecord] {
        guard limit > 0 else { return [] }
        registry.access(\BrewLogStore.brews)
        let wanted = method.lowercased()
        var found: [BrewRecord] = []
        for position in NewestFirstPositions(self, firstWindow: Swift.max(256, limit * 16)) {
            let record = record(at: position)
            guard record.method?.lowercased() == wanted else { continue }
            found.append(record)
            if found.count == limit { break }
        }
        return found
    }
}

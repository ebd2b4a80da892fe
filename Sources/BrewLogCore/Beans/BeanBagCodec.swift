/// The journal line of a bag of beans: its keys, how they are read and written.
extension BeanBag {
    /// The keys a bean record defines, in the order they are written after `id` and `kind`.
    static let journalKeys: Set<String> = ["id", "kind", "name", "roaster", "origin", "process", "roasted", "weight_g",
                                           "opened", "finished", "price", "notes", "tags"]
}

extension RecordLineCodec {
    /// Reads a bean record's fields, refusing a missing or empty name, a date that is not
    /// `YYYY-MM-DD`, a weight outside its range, bad tags, or a bag finished before it was opened.
    static func beanBag(_ fields: [String: JSONValue], unknown: [UnknownField]) throws(LineProblem) -> BeanBag {
        let id = try requiredID(fields)
        guard let nameValue = fields["name"] else { throw LineProblem("missing required key \"name\" in a bean record") }
        guard case let .string(name) = nameValue, !name.isEmpty else {
            throw LineProblem("\"name\" of a bean record must be a non-empty string, got \(describe(nameValue))")
        }
        var bag = BeanBag(id: id, name: name, roaster: try text(fields, "roaster"), origin: try text(fields, "origin"),
                          process: try text(fields, "process"), roasted: try day(fields, "roasted"),
                          opened: try day(fields, "opened"), finished: try day(fields, "finished"),
                          notes: try text(fields, "notes"), unknownFields: unknown)
        switch fields["weight_g"] {
        case nil, .null?: break
        case let .number(weight)?: bag.weightGrams = weight
        case let other?: throw LineProblem("\"weight_g\" must be a number, got \(other.kind)")
        }
        switch fields["price"] {
        case nil, .null?: break
        case let .number(price)?: bag.price = price
        case let other?: throw LineProblem("\"price\" must be a number, got \(other.kind)")
        }
        switch fields["tags"] {
        case nil, .null?: break
        case let .array(values)?:
            for value in values {
                guard case let .string(tag) = value else { throw LineProblem("\"tags\" must be an array of strings, got \(value.kind) in it") }
                bag.tags.append(tag)
            }
        case let other?: throw LineProblem("\"tags\" must be an array of strings, got \(other.kind)")
        }
        do throws(BeanProblem) { try bag.validate() } catch { throw LineProblem(error.message) }
        if let opened = bag.opened, let finished = bag.finished, finished < opened {
            throw LineProblem("a bean bag cannot be finished (\(finished)) before it was opened (\(opened))")
        }
        // The days in order, as the command line keeps them: a bag the other way round would
        // show negative days off roast.
        if let roasted = bag.roasted, let opened = bag.opened, opened < roasted {
            throw LineProblem("a bean bag cannot be opened (\(opened)) before it was roasted (\(roasted))")
        }
        if let roasted = bag.roasted, let finished = bag.finished, finished < roasted {
            throw LineProblem("a bean bag cannot be finished (\(finished)) before it was roasted (\(roasted))")
        }
        if bag.name.allSatisfy(\.isWhitespace) {
            throw LineProblem("\"name\" must hold some text")
        }
        return bag
    }

    /// Appends a bag's keys after `id` and `kind`: absent ones are left out, like a brew's.
    static func appendFields(of bag: BeanBag, to line: inout [UInt8]) {
        func key(_ name: String) {
            line.append(contentsOf: ",\"\(name)\":".utf8)
        }
        key("name")
        BrewLineCodec.appendJSONString(bag.name, to: &line)
        for (name, value) in [("roaster", bag.roaster), ("origin", bag.origin), ("process", bag.process)] {
            guard let value else { continue }
            key(name)
            BrewLineCodec.appendJSONString(value, to: &line)
        }
        if let roasted = bag.roasted { key("roasted"); line.append(contentsOf: "\"\(roasted)\"".utf8) }
        if let weight = bag.weightGrams { key("weight_g"); line.append(contentsOf: formatNumber(weight).utf8) }
        if let opened = bag.opened { key("opened"); line.append(contentsOf: "\"\(opened)\"".utf8) }
        if let finished = bag.finished { key("finished"); line.append(contentsOf: "\"\(finished)\"".utf8) }
        if let price = bag.price { key("price"); appendFormattedNumber(price, to: &line) }
        if let notes = bag.notes { key("notes"); BrewLineCodec.appendJSONString(notes, to: &line) }
        if !bag.tags.isEmpty {
            key("tags")
            line.append(UInt8(ascii: "["))
            for (index, tag) in bag.tags.enumerated() {
                if index > 0 { line.append(UInt8(ascii: ",")) }
                BrewLineCodec.appendJSONString(tag, to: &line)
            }
            line.append(UInt8(ascii: "]"))
        }
    }

    /// An optional text key: absent, null or empty reads as none.
    private static func text(_ fields: [String: JSONValue], _ key: String) throws(LineProblem) -> String? {
        switch fields[key] {
        case nil, .null?: return nil
        case let .string(text)?: return text.isEmpty ? nil : text
        case let other?: throw LineProblem("\"\(key)\" must be a string, got \(other.kind)")
        }
    }

    /// An optional `YYYY-MM-DD` key.
    private static func day(_ fields: [String: JSONValue], _ key: String) throws(LineProblem) -> CalendarDay? {
        switch fields[key] {
        case nil, .null?: return nil
        case let value?:
            guard case let .string(text) = value, let day = CalendarDay(parsing: text) else {
                throw LineProblem("\"\(key)\" of a bean record must be a date as YYYY-MM-DD, got \(describe(value))")
            }
            return day
        }
    }
}

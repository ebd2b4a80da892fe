/// One record changed on both sides, merged field by field (a field is a top-level key).
///
/// Each field takes the side that changed it from the base (added, changed or removed); a field
/// both sides changed to the same value is that value; one both changed to different values is
/// a conflict. The merged line keeps ours' fields in ours' order, each value as written; a field
/// only theirs added goes after the field it follows in theirs' line, so a journal written in
/// BrewLog's key order stays in it.
struct FieldMerge {
    /// The merged fields (meaningless when ``conflicting`` is not empty).
    private(set) var fields: [MergeLine.Field] = []
    /// The keys both sides changed to different values, in the order met.
    private(set) var conflicting: [String] = []

    /// Merges the three versions' fields; a field both sides changed differently is a conflict,
    /// or, when `preferring` names a side, takes that side's value (or its removal).
    init(base: [MergeLine.Field], ours: [MergeLine.Field], theirs: [MergeLine.Field], preferring: JournalConflict.Side? = nil) {
        // A record that is of another kind on each side (a brew on one, a skip day on the other)
        // has no fields in common to merge: the whole record is a conflict.
        let ourKind = ours.first { $0.key == "kind" }?.value, theirKind = theirs.first { $0.key == "kind" }?.value
        let sameKind = switch (ourKind, theirKind) {
        case (nil, nil): true
        case let (ours?, theirs?): sameJSON(ours, theirs)
        default: false
        }
        guard sameKind else {
            conflicting = ["kind"]
            return
        }
        let baseValues = Dictionary(base.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let theirsByKey = Dictionary(theirs.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let ourKeys = Set(ours.map(\.key))
        for field in ours {
            let before = baseValues[field.key]
            guard let their = theirsByKey[field.key] else {
                // Theirs has no such field: it removed it, or ours added it.
                guard let before else { fields.append(field); continue }
                if !sameJSON(before, field.value) {
                    switch preferring {
                    case .ours?: fields.append(field)
                    case .theirs?: break
                    case nil: conflicting.append(field.key)
                    }
                }
                continue
            }
            if sameJSON(field.value, their.value) || before.map({ sameJSON($0, their.value) }) == true {
                fields.append(field)
            } else if before.map({ sameJSON($0, field.value) }) == true {
                fields.append(MergeLine.Field(key: field.key, value: their.value, rawKey: field.rawKey, rawValue: their.rawValue))
            } else {
                switch preferring {
                case .ours?: fields.append(field)
                case .theirs?: fields.append(MergeLine.Field(key: field.key, value: their.value, rawKey: field.rawKey, rawValue: their.rawValue))
                case nil: conflicting.append(field.key)
                }
            }
        }
        var previous: String?
        for field in theirs {
            defer { previous = field.key }
            guard !ourKeys.contains(field.key) else { continue }
            if let before = baseValues[field.key] {
                // Ours removed it: gone, unless theirs changed it meanwhile.
                guard !sameJSON(before, field.value), preferring != .ours else { continue }
                if preferring == nil {
                    conflicting.append(field.key)
                    continue
                }
            }
            let place = previous.flatMap { key in fields.firstIndex { $0.key == key } }.map { $0 + 1 } ?? fields.count
            fields.insert(field, at: place)
        }
    }

    /// The merged record as one JSON object, each key and value as written.
    var line: [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: field.rawKey)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: field.rawValue)
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}

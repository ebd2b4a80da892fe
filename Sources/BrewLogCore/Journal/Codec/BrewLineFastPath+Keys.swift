/// The fast path's tables: the journal keys by their first byte, what each value must be, and
/// the byte patterns a key is matched with (flat values, so reading a line retains nothing).
extension BrewLineFastPath {
    /// The journal keys, to be found by their first byte.
    static let keys = KeyTable()

    /// Each field's journal key with its closing quote (`date"`) and the shape of its value, by
    /// position in the table (a match is the whole key, spelled without escapes), the positions
    /// grouped by the key's first byte (those of byte `b` are
    /// `positions[starts[b]..<starts[b + 1]]`), and the keys as BrewLog writes them between
    /// values. Flat arrays of plain values, so reading a line retains nothing.
    struct KeyTable {
        let keys: [Pattern]
        let shapes: [Shape]
        let starts: [UInt8]
        let positions: [UInt8]
        /// What opens a line as BrewLog writes it: the brace and the id's key.
        let opening = Pattern("{\"id\":")
        /// `,"key":` for each field: a key in a line as BrewLog writes it, after the value before.
        let separated: [Pattern]

        init() {
            keys = BrewField.allCases.map { Pattern($0.journalKey + "\"") }
            separated = BrewField.allCases.map { Pattern(",\"" + $0.journalKey + "\":") }
            shapes = BrewField.allCases.map(Shape.init)
            var starts = [UInt8](repeating: 0, count: 257)
            var positions: [UInt8] = []
            for byte in 0..<256 {
                starts[byte] = UInt8(positions.count)
                for field in BrewField.allCases where field.journalKey.utf8.first == UInt8(byte) {
                    positions.append(UInt8(field.rawValue))
                }
            }
            starts[256] = UInt8(positions.count)
            self.starts = starts
            self.positions = positions
        }
    }

    /// What a field's value must be, without the key paths of its ``BrewField/Kind`` (which
    /// reading would retain on every field of every line).
    enum Shape {
        case id, date, tags
        /// A string; an empty `optional` one is no value.
        case text(optional: Bool)
        /// A number within the field's range (a whole one for ratings and durations); a numeric
        /// field without a range, were there one, is left to the decoder.
        case number(Bounds?)

        init(_ field: BrewField) {
            switch field.kind {
            case .id: self = .id
            case .date: self = .date
            case .text: self = .text(optional: false)
            case .optionalText: self = .text(optional: true)
            case .number, .rating, .duration: self = .number(field.limit.map(Bounds.init))
            case .tags: self = .tags
            }
        }
    }

    /// A field's range as plain numbers (a ``FieldLimit`` also holds its words, which copying
    /// would retain on every line).
    struct Bounds {
        let lower: Double
        let lowerIsExclusive: Bool
        let upper: Double
        let isWhole: Bool

        init(_ limit: FieldLimit) {
            lower = limit.lower
            lowerIsExclusive = limit.lowerIsExclusive
            upper = limit.upper
            switch limit.field.kind {
            case .rating, .duration: isWhole = true
            case .id, .date, .text, .optionalText, .number, .tags: isWhole = false
            }
        }

        /// ``FieldLimit/contains(_:)``.
        func contains(_ value: Double) -> Bool {
            value.isFinite && value <= upper && (lowerIsExclusive ? value > lower : value >= lower)
        }
    }

    /// Up to 16 bytes to find at a position, held as two little-endian words and their masks,
    /// so a match is two loads and two compares rather than a loop.
    struct Pattern {
        let words: (UInt64, UInt64)
        let masks: (UInt64, UInt64)
        let count: Int

        init(_ text: String) {
            let bytes = Array(text.utf8)
            precondition(bytes.count <= 16, "a key pattern holds at most 16 bytes")
            var words: (UInt64, UInt64) = (0, 0)
            var masks: (UInt64, UInt64) = (0, 0)
            for (index, byte) in bytes.enumerated() {
                let shift = UInt64(index % 8 * 8)
                if index < 8 {
                    words.0 |= UInt64(byte) << shift
                    masks.0 |= 0xFF << shift
                } else {
                    words.1 |= UInt64(byte) << shift
                    masks.1 |= 0xFF << shift
                }
            }
            self.words = words
            self.masks = masks
            count = bytes.count
        }

        /// The pattern's byte at `index`.
        func byte(_ index: Int) -> UInt8 {
            UInt8(truncatingIfNeeded: (index < 8 ? words.0 : words.1) >> UInt64(index % 8 * 8))
        }
    }
}

/// Reads one JSON document — an object or an array — as it arrives in blocks, handing over each
/// element of an array (the document's own, or one member's of the document object) as soon as
/// that element is complete, and every other member of the object whole. An importer judges each
/// record as it streams in, so an export that is garbage, huge or endless ends at once instead of
/// after it was read whole.
///
/// Pieces are delimited here (strings passed over, brackets counted) and parsed by
/// ``JSONScanner`` once complete, so every syntax error is found, in the piece it is in; the
/// structure around the pieces is checked byte by byte. A piece longer than
/// `maximumPieceLength`, nesting deeper than the scanner reads, a key given twice, or more bytes
/// of what the importer leaves out than `maximumIgnoredBytes` (and than it keeps) ends the
/// document at once.
struct JSONDocumentStream {
    /// A complete part of the document.
    enum Piece {
        /// The `index`-th element of the array that is member `member` of the document object,
        /// or (`member` nil) of the document array.
        case element(member: String?, index: Int, value: JSONValue)
        /// A member of the document object whose value is not an array.
        case member(key: String, value: JSONValue)
    }

    /// Why the document cannot be read, and the 1-based line where that was found.
    struct Failure: Error {
        let line: Int
        let message: String
    }

    /// The longest piece read.
    let maximumPieceLength: Int
    /// The most input an importer reads only to leave out (more is allowed while it is less than
    /// what is kept): an endless array nobody imports is garbage too.
    let maximumIgnoredBytes: Int
    /// The keys of the document object whose values were arrays (their elements handed over).
    private(set) var arrayMembers: Set<String> = []
    /// Whether the document is an array (its elements handed over with no member).
    private(set) var isArray = false
    /// The first failure; nothing is read after it.
    private(set) var failure: Failure?

    private enum Place {
        case beforeDocument, objectStart, beforeKey, afterKey, beforeMemberValue, afterMemberValue
        case arrayStart, beforeElement, afterElement, afterDocument
    }

    private enum Gathering {
        case none, key, memberValue, element
    }

    private var place = Place.beforeDocument
    private var gathering = Gathering.none
    private var key = ""
    /// The top-level keys met, by their bytes (keys Unicode calls equal but spelt apart are two).
    private var keys: Set<[UInt8]> = []
    private var member: String?
    private var elementIndex = 0
    private var piece: [UInt8] = []
    private var pieceLine = 1
    private var nesting = 0
    private var inString = false
    private var escaped = false
    private var isScalar = false
    private var line = 1
    private var keptBytes = 0
    private var ignoredBytes = 0

    /// A stream that refuses pieces longer than `maximumPieceLength` bytes, and more than
    /// `maximumIgnoredBytes` of what is left out.
    init(maximumPieceLength: Int = 16 << 20, maximumIgnoredBytes: Int = 16 << 20) {
        self.maximumPieceLength = maximumPieceLength
        self.maximumIgnoredBytes = maximumIgnoredBytes
    }

    /// Reads `bytes`, the next block of the document, calling `take` with each piece completed
    /// and its line; `take` says whether it kept the piece (what it leaves out counts against
    /// ``maximumIgnoredBytes``). Returns the failure, if the document has one so far.
    @discardableResult
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, _ take: (Piece, Int) -> Bool) -> Failure? {
        var index = 0
        while index < bytes.count, failure == nil {
            if gathering != .none, !isScalar, !escaped {
                // A run of bytes that change nothing (text in a string, values between brackets)
                // is copied at once.
                var end = index
                if inString {
                    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
                } else {
                    while end < bytes.count, !isStructural(bytes[end]) { end += 1 }
                }
                if end > index {
                    let run = UnsafeBufferPointer(rebasing: bytes[index..<end])
                    piece.append(contentsOf: run)
                    line += run.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                    index = end
                    failIfTooLong()
                    continue
                }
            }
            let byte = bytes[index]
            if gathering != .none {
                if isScalar, isDelimiter(byte) {
                    complete(take)
                    continue
                }
                gather(byte, take)
            } else {
                structure(byte)
                ignoredBytes += 1
            }
            if byte == 0x0A { line += 1 }
            index += 1
        }
        if failure == nil, ignoredBytes > max(maximumIgnoredBytes, keptBytes) {
            fail(line, "more than \(formatByteCount(maximumIgnoredBytes)) of it is not what this import reads")
        }
        return failure
    }

    /// Ends the document: it must be complete. Returns the failure, if it has one.
    mutating func finish(_ take: (Piece, Int) -> Bool) -> Failure? {
        if failure == nil, gathering != .none, isScalar { complete(take) }
        if failure == nil, place != .afterDocument {
            fail(line, place == .beforeDocument ? "the file is empty: expected a JSON document" : "the JSON document ends early (the file was cut short?)")
        }
        return failure
    }

    private mutating func fail(_ line: Int, _ message: String) {
        if failure == nil { failure = Failure(line: line, message: message) }
    }

    /// A byte between pieces: punctuation and whitespace, or the first byte of a piece.
    private mutating func structure(_ byte: UInt8) {
        if isWhitespace(byte) { return }
        switch place {
        case .beforeDocument:
            switch byte {
            case UInt8(ascii: "{"): place = .objectStart
            case UInt8(ascii: "["): place = .arrayStart; isArray = true
            default: fail(line, "expected a JSON object or array, got '\(printable(byte))'")
            }
        case .objectStart, .beforeKey:
            if byte == UInt8(ascii: "}"), place == .objectStart {
                place = .afterDocument
            } else if byte == UInt8(ascii: "\"") {
                start(.key, byte)
            } else {
                fail(line, "expected a key in double quotes, got '\(printable(byte))'")
            }
        case .afterKey:
            if byte == UInt8(ascii: ":") { place = .beforeMemberValue } else { fail(line, "expected ':' after the key \"\(cappedForMessage(key))\"") }
        case .beforeMemberValue:
            if byte == UInt8(ascii: "[") {
                member = key
                arrayMembers.insert(key)
                elementIndex = 0
                place = .arrayStart
            } else {
                start(.memberValue, byte)
            }
        case .afterMemberValue:
            switch byte {
            case UInt8(ascii: ","): place = .beforeKey
            case UInt8(ascii: "}"): place = .afterDocument
            default: fail(line, "expected ',' or '}' after the value of \"\(cappedForMessage(key))\"")
            }
        case .arrayStart, .beforeElement:
            if byte == UInt8(ascii: "]"), place == .arrayStart { closeArray() } else { start(.element, byte) }
        case .afterElement:
            switch byte {
            case UInt8(ascii: ","): place = .beforeElement
            case UInt8(ascii: "]"): closeArray()
            default: fail(line, "expected ',' or ']' after an element of \(member.map { "\"\(cappedForMessage($0))\"" } ?? "the array")")
            }
        case .afterDocument:
            fail(line, "unexpected text after the JSON document")
        }
    }

    private mutating func closeArray() {
        place = isArray && member == nil ? .afterDocument : .afterMemberValue
        member = nil
    }

    /// Starts a piece with its first byte.
    private mutating func start(_ kind: Gathering, _ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            break
        default:
            fail(line, "expected a value, got '\(printable(byte))'")
            return
        }
        gathering = kind
        piece.removeAll(keepingCapacity: piece.capacity <= 1 << 16)
        pieceLine = line
        escaped = false
        isScalar = byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "{") && byte != UInt8(ascii: "[")
        inString = byte == UInt8(ascii: "\"")
        nesting = isScalar || inString ? 0 : 1
        piece.append(byte)
    }

    /// A byte of the piece being gathered; a string or container ends with its closing byte.
    private mutating func gather(_ byte: UInt8, _ take: (Piece, Int) -> Bool) {
        piece.append(byte)
        if failIfTooLong() { return }
        if isScalar { return }
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                if nesting == 0 { complete(take) }
            }
            return
        }
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            nesting += 1
            if nesting > JSONScanner.maximumDepth { fail(line, "values nested more than \(JSONScanner.maximumDepth) deep") }
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            nesting -= 1
            if nesting <= 0 { complete(take) }
        default:
            break
        }
    }

    /// Fails once the piece gathered is longer than ``maximumPieceLength``; whether it did.
    @discardableResult
    private mutating func failIfTooLong() -> Bool {
        guard piece.count > maximumPieceLength else { return false }
        fail(pieceLine, "a value longer than \(formatByteCount(maximumPieceLength)) starts here")
        return true
    }

    /// Parses the piece gathered and hands it over.
    private mutating func complete(_ take: (Piece, Int) -> Bool) {
        let kind = gathering
        gathering = .none
        let parsed: Result<JSONValue, JSONSyntaxError> = piece.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            do throws(JSONSyntaxError) {
                let value = try scanner.scanValue()
                guard scanner.index == buffer.count else { throw scanner.fail("unexpected text after a value") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        let value: JSONValue
        switch parsed {
        case let .success(found): value = found
        case let .failure(error):
            let newlines = piece.prefix(max(0, min(error.offset, piece.count))).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            fail(pieceLine + newlines, "malformed JSON: \(error.message)")
            return
        }
        let kept: Bool
        switch kind {
        case .key:
            guard case let .string(text) = value else { return }
            guard keys.insert(Array(text.utf8)).inserted else {
                fail(pieceLine, "the key \"\(cappedForMessage(text))\" is in the document twice")
                return
            }
            key = text
            place = .afterKey
            kept = true
        case .memberValue:
            kept = take(.member(key: key, value: value), pieceLine)
            place = .afterMemberValue
        case .element:
            kept = take(.element(member: member, index: elementIndex, value: value), pieceLine)
            elementIndex += 1
            place = .afterElement
        case .none:
            return
        }
        if kept { keptBytes += piece.count } else { ignoredBytes += piece.count }
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether `byte` starts or ends a string or a container.
    private func isStructural(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"): true
        default: false
        }
    }

    private func isDelimiter(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
    }

    private func printable(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16, uppercase: true)
    }
}

/// `count` bytes in words: MiB when it is a whole number of them.
private func formatByteCount(_ count: Int) -> String {
    count >= 1 << 20 && count % (1 << 20) == 0 ? "\(count >> 20) MiB" : "\(count) bytes"
}

extension JSONDocumentStream {
    /// Reads a whole document held in memory (tests, and callers that already have the bytes).
    mutating func read(_ bytes: [UInt8], _ take: (Piece, Int) -> Bool) -> Failure? {
        if let failure = bytes.withUnsafeBufferPointer({ feed($0, take) }) { return failure }
        return finish(take)
    }
}

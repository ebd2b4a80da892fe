// Foundation, not FoundationEssentials alone: time zones by name need its time zone data.
import Foundation
@testable import BrewLogCore

/// Any bytes through the JSON scanner, as a document, as a number, as a line's object, and as an
/// import file in JSON and JSON Lines with the stream judge beside it.
///
/// A document the scanner takes, written back compactly, reads back to the same text; a number
/// it takes has the value `Double(String)` gives its text; a whole-line object keeps its members'
/// text as written; and an import file the decoder takes has no line the judge calls bad.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let buffer = inputBuffer(data, size)
    let bytes = Array(buffer)
    if let value = document(bytes) {
        let text = value.compactText
        guard let again = document(Array(text.utf8)) else {
            fatalError("invariant broken: the scanner refuses the compact text of what it read: \(text)")
        }
        invariant(again.compactText == text, "a document changed through its compact text: \(text) / \(again.compactText)")
    }

    var scanner = JSONScanner(buffer)
    if let number = try? scanner.scanNumberValue() {
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[number.range]), as: UTF8.self)
        let exact = Double(text)
        invariant(exact?.bitPattern == number.value.bitPattern, "the number \(text) reads as \(number.value), Double reads \(String(describing: exact))")
        invariant(!number.isInteger || number.value.rounded() == number.value, "the number \(text) is called whole but is \(number.value)")
    }

    if let members = try? ObjectMember.members(of: buffer, what: "a record") {
        invariant(Set(members.map(\.key)).count == members.count, "an object read with a key twice")
        for member in members {
            var inner = JSONScanner(UnsafeBufferPointer(rebasing: buffer[member.raw]))
            let again = try? inner.scanValue()
            invariant(again?.compactText == member.value.compactText, "a member's text as written reads as another value")
        }
    }

    for format in [ExchangeFormat.json, .jsonl] {
        guard case .success = format.decodeContents(bytes, csv: CSVDialect(localTimeZone: TimeZone(secondsFromGMT: 0) ?? .current)) else { continue }
        // An import judges each line as its newline arrives: a last line without one is not judged.
        var judge = StreamJudge(format: format)
        var lineNumber = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
            lineNumber += 1
            let good = Array(line).withUnsafeBufferPointer { judge.judge($0) }
            invariant(good, "the stream judge calls line \(lineNumber) bad in a \(format) file the decoder takes")
        }
    }
    return 0
}

/// `bytes` as one JSON value with whitespace around it allowed, or `nil` when the scanner refuses it.
private func document(_ bytes: [UInt8]) -> JSONValue? {
    bytes.withUnsafeBufferPointer { buffer in
        var scanner = JSONScanner(buffer)
        scanner.skipWhitespace()
        guard let value = try? scanner.scanValue() else { return nil }
        scanner.skipWhitespace()
        return scanner.index == buffer.count ? value : nil
    }
}

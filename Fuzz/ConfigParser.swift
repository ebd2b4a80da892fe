@testable import BrewLogCLI

/// Values a fuzzed file's keys are set to: each needs quotes or escapes of another kind.
private let values = ["x", "", " padded ", "two  spaces", "#hash;semi", "quote\"back\\slash", "tab\tand\nline", "\u{8}", "é ☕"]

/// A configuration file through the parser and the editor. The parser refuses it with a line
/// inside the file, or gives entries and sections whose offsets lie in order inside it. Setting a
/// key, or removing it, gives a file that parses, holds the new value (or none), and leaves every
/// other key's value as it was.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(inputBuffer(data, size))
    let document: ConfigDocument
    do throws(ConfigSyntaxError) {
        document = try ConfigParser.parse(bytes)
    } catch {
        let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        invariant((1...lines).contains(error.line), "error on line \(error.line) of a file of \(lines) lines: \(error.message)")
        return 0
    }
    var previousEnd = 0
    for entry in document.entries {
        invariant(previousEnd <= entry.start && entry.start <= entry.keyStart && entry.keyStart < entry.keyEnd
                  && entry.keyEnd <= entry.valueStart && entry.valueStart <= entry.valueEnd && entry.valueEnd <= entry.end
                  && entry.end <= bytes.count, "entry \(entry.key) has offsets out of order: \(entry)")
        invariant(document.sections.indices.contains(entry.section), "entry \(entry.key) is in no section")
        previousEnd = entry.end
    }
    for section in document.sections {
        invariant(section.start < section.end && section.end <= bytes.count, "section \(section.name) has offsets out of order")
    }

    let keys = Array(Set(document.entries.map(\.key))).sorted { $0.description < $1.description }
    let editor = ConfigEditor(document)
    let others = { (key: ConfigKey) in keys.filter { $0 != key }.map { (key: $0, value: document.value($0)) } }
    for key in keys.prefix(2) + [ConfigKey(section: "ui", subsection: nil, name: "color"), ConfigKey(section: "recipe", subsection: "Morning V60", name: "dose")] {
        let value = values[(size + key.description.utf8.count) % values.count]
        let set = editor.setting(key, to: value)
        checkEdit(set, of: bytes, key: key, expected: .some(value), others: others(key), what: "setting \(key) to \(value.debugDescription)")
        if let unset = editor.unsetting(key) {
            checkEdit(unset, of: bytes, key: key, expected: nil, others: others(key), what: "removing \(key)")
        }
    }
    return 0
}

/// Fails unless `edited` parses with `key` at `expected` and every key of `others` at its value.
private func checkEdit(_ edited: [UInt8], of original: [UInt8], key: ConfigKey, expected: String??, others: [(key: ConfigKey, value: String??)], what: String) {
    let document: ConfigDocument
    do throws(ConfigSyntaxError) {
        document = try ConfigParser.parse(edited)
    } catch {
        fatalError("invariant broken: \(what) gives a file the parser refuses (line \(error.line): \(error.message)):\n\(String(decoding: edited, as: UTF8.self).debugDescription)")
    }
    invariant(document.value(key) == expected, "\(what) gives \(String(describing: document.value(key))):\n\(String(decoding: edited, as: UTF8.self).debugDescription)")
    for other in others {
        invariant(document.value(other.key) == other.value,
                  "\(what) changes \(other.key) from \(String(describing: other.value)) to \(String(describing: document.value(other.key))):\n\(String(decoding: edited, as: UTF8.self).debugDescription)")
    }
}

/// Edits a ``ConfigDocument`` as git does, changing only the lines it must: every other byte
/// (comments, blank lines, order, indentation, line breaks) stays as it was.
struct ConfigEditor {
    let document: ConfigDocument
    private var bytes: [UInt8] { document.bytes }

    init(_ document: ConfigDocument) {
        self.document = document
    }

    /// The file with `key` set to `value`: the key's last entry gets the new value in place
    /// (its indentation, spelling and trailing comment kept); else a line is added after the last
    /// entry of the key's section (indented like it); else the section is added at the end.
    func setting(_ key: ConfigKey, to value: String) -> [UInt8] {
        let encoded = Array(ConfigValueText.encoded(value).utf8)
        if let entry = document.entries.last(where: { $0.key == key }) {
            if entry.value == nil {
                return Array(bytes[..<entry.keyEnd]) + Array(" = ".utf8) + encoded + Array(bytes[entry.keyEnd...])
            }
            if entry.end == bytes.count && document.endsInContinuation {
                // A value continued into the end of the file: the new value replaces it and ends its line.
                return Array(bytes[..<entry.valueStart]) + encoded + document.lineBreak
            }
            // `key =` with nothing after it: keep a space between `=` and the value.
            let space: [UInt8] = entry.valueStart == entry.valueEnd && entry.valueStart > 0
                && bytes[entry.valueStart - 1] == UInt8(ascii: "=") ? [0x20] : []
            return Array(bytes[..<entry.valueStart]) + space + encoded + Array(bytes[entry.valueEnd...])
        }
        let lineBreak = document.lineBreak
        if let sectionIndex = document.sections.lastIndex(where: { $0.name == key.section && $0.subsection == key.subsection }) {
            let last = document.entries.last { $0.section == sectionIndex }
            let offset = last?.end ?? document.sections[sectionIndex].end
            let indentation = last.map { Array(bytes[$0.start..<$0.keyStart]) } ?? [0x09]
            var line = indentation + Array("\(key.name) = ".utf8) + encoded + lineBreak
            if offset == bytes.count {
                line = document.closingLastLine + line
            } else if offset > 0 && bytes[offset - 1] != 0x0A {
                line = lineBreak + line
            }
            return Array(bytes[..<offset]) + line + Array(bytes[offset...])
        }
        var result = bytes + document.closingLastLine
        let header = "[" + key.section + (key.subsection.map { " " + ConfigValueText.quotedSubsection($0) } ?? "") + "]"
        result += Array(header.utf8) + lineBreak + [0x09] + Array("\(key.name) = ".utf8) + encoded + lineBreak
        return result
    }

    /// The file without any entry of `key`, or `nil` when it has none. A section header left
    /// with nothing but blank lines under it goes too, with those lines (and, at the end of the
    /// file, the blank lines before it).
    func unsetting(_ key: ConfigKey) -> [UInt8]? {
        let removed = document.entries.filter { $0.key == key }
        guard !removed.isEmpty else { return nil }
        var ranges = removed.map { $0.start..<$0.end }
        for sectionIndex in Set(removed.map(\.section)) {
            let section = document.sections[sectionIndex]
            let blockEnd = sectionIndex + 1 < document.sections.count ? document.sections[sectionIndex + 1].start : bytes.count
            let kept = document.entries.contains { $0.section == sectionIndex && $0.key != key }
            guard !kept, isBlank(section.end..<blockEnd, except: removed.map { $0.start..<$0.end }) else { continue }
            var start = section.start
            if blockEnd == bytes.count {
                while let previous = blankLine(endingAt: start), previous.lowerBound > 0 { start = previous.lowerBound }
            }
            ranges.append(start..<blockEnd)
        }
        var keep = [Bool](repeating: true, count: bytes.count)
        for range in ranges {
            for index in range { keep[index] = false }
        }
        return bytes.indices.filter { keep[$0] }.map { bytes[$0] }
    }

    /// Whether `range` holds only spaces and line breaks outside the `except` ranges.
    private func isBlank(_ range: Range<Int>, except removed: [Range<Int>]) -> Bool {
        range.allSatisfy { index in
            removed.contains { $0.contains(index) } || [0x20, 0x09, 0x0D, 0x0A].contains(bytes[index])
        }
    }

    /// The whole blank line that ends (with its line break) just before `offset`, if there is one.
    private func blankLine(endingAt offset: Int) -> Range<Int>? {
        guard offset > 0, bytes[offset - 1] == 0x0A else { return nil }
        var start = offset - 1
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        return isBlank(start..<(offset - 1), except: []) ? start..<offset : nil
    }
}

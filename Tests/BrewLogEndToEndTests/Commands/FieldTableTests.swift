import BrewLogCore
import Foundation
import Testing
@testable import BrewLogCLI
import BrewLogTestSupport

/// Takes every field of the table through every place a brew is shown or read: the option that
/// sets it (`add`, then `edit`), the journal line (encoded and decoded), JSON and CSV export, CSV
/// import, `--unset`, the completion scripts and `show`. The values are derived from the table,
/// so a new field needs no change here, and one that misses a place fails.
@Suite("Every field of the table reaches every representation")
struct FieldTableTests {
    /// The moment every sandbox brew is recorded at.
    static let now = "2026-11-29T09:15:00+01:00"

    /// A value inside the field's range, different from every other field's; `nil` for the id and
    /// the date, which no field option sets.
    static func sample(_ field: BrewField) -> FieldValue? {
        let position = BrewField.allCases.firstIndex(of: field) ?? 0
        switch field.kind {
        case .id, .date: return nil
        case .text, .optionalText: return .text(field.journalKey + "-sample")
        case .number(_, let limit, _): return .number(limit.upper - Double(position) - 0.5)
        case .rating(_, let limit): return .integer(Int(limit.upper) - 1)
        case .duration(_, let limit): return .integer(Int(limit.upper) - position)
        case .tags: return .tags([field.journalKey + "-sample"])
        }
    }

    /// The value as typed after its option.
    static func typed(_ value: FieldValue) -> [String] {
        switch value {
        case .id(let id): [id.rawValue]
        case .date(let timestamp): [timestamp.description]
        case .text(let text): [text]
        case .number(let number): [formatNumber(number)]
        case .integer(let integer): [String(integer)]
        case .tags(let tags): tags
        }
    }

    /// The value as JSON text in a journal line.
    static func json(_ value: FieldValue) -> String {
        switch value {
        case .id(let id): "\"\(id.rawValue)\""
        case .date(let timestamp): "\"\(timestamp)\""
        case .text(let text): "\"\(text)\""
        case .number(let number): formatNumber(number)
        case .integer(let integer): String(integer)
        case .tags(let tags): "[" + tags.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        }
    }

    /// The value as a CSV cell (the samples need no quoting).
    static func csv(_ value: FieldValue) -> String {
        switch value {
        case .id(let id): id.rawValue
        case .date(let timestamp): timestamp.description
        case .text(let text): text
        case .number(let number): formatNumber(number)
        case .integer(let integer): String(integer)
        case .tags(let tags): tags.joined(separator: ",")
        }
    }

    /// What `show` prints for the field: its row's value, or the indented line below the rows.
    static func shown(_ field: BrewField, _ value: FieldValue) -> String {
        switch (field.kind, value) {
        case (.text, .text(let text)): "\n  " + text
        case (.number(_, _, let unit), .number(let number)): (field.row.decimals.map { formatNumber(number, decimals: $0) } ?? formatNumber(number)) + " " + unit
        case (.rating, .integer(let rating)): "(\(rating))"
        case (.duration, .integer(let seconds)): BrewTime.format(seconds)
        case (.tags, .tags(let tags)): tags.joined(separator: ", ")
        case (_, .date(let timestamp)): BrewFormatting.dateTimeWithOffset(timestamp)
        default: csv(value)
        }
    }

    /// The one line of a sandbox's journal.
    static func onlyLine(_ sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let lines = sandbox.journalLines
        try #require(lines.count == 1, "journal: \(lines)", sourceLocation: sourceLocation)
        return lines[0]
    }

    /// Every field but the bag link, a reference resolved against the journal's bags, which
    /// `BeanLinkTests` follows through the same places.
    @Test("a field goes through add, the journal, export, import, show, edit, --unset and completion",
          arguments: BrewField.allCases.filter { $0 != .bean })
    func everyRepresentation(field: BrewField) throws {
        let sandbox = Sandbox(now: FieldTableTests.now)
        let option = field.option?.spec.long
        let given = FieldTableTests.sample(field)
        #expect((option == nil) == (given == nil), "a field set by no option must be the id or the date")
        let arguments: [String] = if let option, let given { ["--" + option] + FieldTableTests.typed(given) } else { [] }
        let id = sandbox.add(arguments)
        let line = try FieldTableTests.onlyLine(sandbox)
        let record = try BrewLineCodec.decode(line)
        let value = try #require(given ?? record[field], "\(field) is missing from \(line)")
        let expected: FieldValue = switch field.kind {
        case .id: .id(try #require(BrewID(id)))
        case .date: .date(try #require(Timestamp(rfc3339: FieldTableTests.now)))
        default: value
        }
        #expect(value == expected)

        // The journal line, written by `add` and read back by the codec.
        let pair = "\"\(field.journalKey)\":" + FieldTableTests.json(value)
        #expect(line.contains(pair), "\(pair) not in \(line)")
        #expect(record[field] == value)
        #expect(BrewLineCodec.encode(record) == line)

        // JSON export.
        #expect(sandbox.ok(["export", "--format", "json"]).contains(pair))

        // CSV export: the column is the journal key, the cell the value; CSV import reads it back.
        let csv = sandbox.ok(["export", "--format", "csv"])
        let rows = csv.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        try #require(rows.count == 2, "CSV: \(csv)")
        let column = try #require(rows[0].firstIndex(of: field.journalKey), "no \(field.journalKey) column in \(rows[0])")
        #expect(rows[1][column] == FieldTableTests.csv(value))
        let importer = Sandbox(now: FieldTableTests.now)
        let csvPath = importer.home + "/brews.csv"
        _ = FileManager.default.createFile(atPath: csvPath, contents: Data(csv.utf8))
        importer.ok(["import", csvPath])
        #expect(try FieldTableTests.onlyLine(importer) == line)

        // `show`: a row labelled with the field's command-line name, or the notes below the rows.
        let shown = sandbox.ok(["show", id])
        if case .text = field.kind {
            #expect(shown.contains("\n" + field.name + FieldTableTests.shown(field, value)), "\(shown)")
        } else {
            let row = shown.split(separator: "\n").first { $0.hasPrefix(field.name + " ") }
            #expect(row?.contains(FieldTableTests.shown(field, value)) == true, "\(field.name) row in:\n\(shown)")
        }

        // Completion: the option is offered to `add` and `edit`, the field name to `--unset`.
        for shell in ["bash", "zsh", "fish"] {
            let script = sandbox.ok(["completion", shell])
            if let option { #expect(script.contains(option), "\(shell) does not offer --\(option)") }
            if field.canUnset { #expect(script.contains(field.name), "\(shell) does not offer --unset \(field.name)") }
        }
        #expect(EditCommand.Option.unset.completion.words.contains(field.name) == field.canUnset)

        // `--unset` clears it (notes become empty), `edit` sets it again; the id and date cannot be unset.
        let unset = sandbox.run(["edit", id, "--unset", field.name])
        guard field.canUnset else {
            #expect(unset.status == 64, "--unset \(field.name) exited \(unset.status)")
            return
        }
        #expect(unset.status == 0, "--unset \(field.name): \(unset.stderr)")
        let cleared = try FieldTableTests.onlyLine(sandbox)
        #expect(!cleared.contains(pair))
        var clearedRecord = record
        clearedRecord.clear(field)
        #expect(try BrewLineCodec.decode(cleared) == clearedRecord)
        sandbox.ok(["edit", id] + arguments)
        #expect(try FieldTableTests.onlyLine(sandbox) == line)
    }
}

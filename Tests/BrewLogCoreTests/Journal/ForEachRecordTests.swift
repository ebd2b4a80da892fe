@testable import BrewLogCore
import Foundation
import Testing
import BrewLogTestSupport

@Suite("A pass over every brew reads the file front to back and gives each brew once, as it is")
struct ForEachRecordTests {
    /// A journal whose lines cross the pass's pieces: short lines, a note longer than a piece,
    /// a CRLF line, a skip day between brews, and a last line without its newline.
    static func journal() -> String {
        var lines: [String] = []
        for index in 0..<3_000 {
            lines.append(#"{"id":"b\#(String(format: "%07d", index))","date":"2026-11-2\#(index % 9)T08:00:00+01:00","notes":"n\#(index)","method":"V60","dose_g":\#(10 + index % 20)}"#)
        }
        lines.insert(#"{"id":"long0001","date":"2026-11-20T09:00:00+01:00","notes":"\#(String(repeating: "x", count: 1_300_000))"}"#, at: 1_500)
        lines.insert(#"{"id":"skip0001","kind":"skip","day":"2026-11-25"}"#, at: 10)
        lines[20] += "\r"
        return lines.joined(separator: "\n") + "\n" + #"{"id":"last0001","date":"2026-11-28T08:00:00+01:00","notes":"end"}"#
    }

    @Test("every record equals the one read line by line, the long, CRLF and last lines included")
    func sameAsOneByOne() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", Self.journal())
        let store = BrewLogStore(journal: try writer(folder.file("j.jsonl")), clock: .fixed(stamp("2026-11-29T12:00:00+01:00").date), timeZone: zone("Europe/Berlin"))
        try store.load()
        var seen: [BrewID: BrewRecord] = [:]
        store.forEachRecord { record in
            #expect(seen.updateValue(record, forKey: record.id) == nil, "\(record.id) given twice")
        }
        #expect(seen.count == store.count)
        for position in 0..<store.count {
            let record = store.record(at: position)
            #expect(seen[record.id] == record)
        }
        #expect(seen[try #require(BrewID("long0001"))]?.notes.count == 1_300_000)
        #expect(seen[try #require(BrewID("last0001"))]?.notes == "end")
    }

    @Test("a brew changed in memory is given as it is now, not as the file holds it")
    func liveBrews() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", Self.journal())
        let store = BrewLogStore(journal: try writer(folder.file("j.jsonl")), clock: .fixed(stamp("2026-11-29T12:00:00+01:00").date), timeZone: zone("Europe/Berlin"))
        try store.load()
        let brew = try store.brew(matching: "b0000007")
        brew.notes = "changed"
        var notes: [String] = []
        store.forEachRecord { if $0.id == brew.id { notes.append($0.notes) } }
        #expect(notes == ["changed"])
    }

    @Test("records by date are the brews by date, as they are now, ties in journal order", arguments: [false, true])
    func recordsByDate(inOrder: Bool) throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", inOrder ? Self.journalInOrder() : Self.journal())
        let store = BrewLogStore(journal: try writer(folder.file("j.jsonl")), clock: .fixed(stamp("2026-11-29T12:00:00+01:00").date), timeZone: zone("Europe/Berlin"))
        try store.load()
        try store.brew(matching: "b0000011").rating = 5
        // Read before brewsByDate makes every brew an object, so the unchanged ones come from the file.
        var read: [BrewRecord] = []
        store.forEachRecordByDate { read.append($0) }
        #expect(read.count == store.count)
        #expect(read == store.brewsByDate.map(\.record))
    }

    @Test("a filter by date keeps the brews it admits, in date order", arguments: [false, true])
    func filteredByDate(inOrder: Bool) throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", inOrder ? Self.journalInOrder() : Self.journal())
        let store = BrewLogStore(journal: try writer(folder.file("j.jsonl")), clock: .fixed(stamp("2026-11-29T12:00:00+01:00").date), timeZone: zone("Europe/Berlin"))
        try store.load()
        let from = stamp("2026-11-24T00:00:00+01:00").date
        var read: [BrewRecord] = []
        store.forEachRecordByDate(where: { $0.date >= from }) { read.append($0) }
        let expected = store.brewsByDate.map(\.record).filter { $0.timestamp.date >= from }
        #expect(!expected.isEmpty)
        #expect(read == expected)
    }

    @Test("without decoding ahead, each brew's line is the journal's own text and its record decodes on demand")
    func linesWithoutDecoding() throws {
        let folder = TemporaryFolder()
        let text = Self.journalInOrder()
        folder.write("j.jsonl", text)
        let store = BrewLogStore(journal: try writer(folder.file("j.jsonl")), clock: .fixed(stamp("2026-11-29T12:00:00+01:00").date), timeZone: zone("Europe/Berlin"))
        try store.load()
        var lines: [String] = []
        var ids: [BrewID] = []
        store.visitBrewsByDate(where: { _ in true }, decoding: false) { record, line in
            lines.append(line())
            ids.append(record().id)
        }
        // Split on the byte: a CR before the newline would make "\r\n" one Character.
        let brewLines = text.utf8.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }.filter { !$0.contains(#""kind""#) }
        #expect(lines == brewLines.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 })
        #expect(ids == store.brewsByDate.map(\.id))
    }

    @Test("brews read at their places in date order come in the order asked for, a place asked twice read twice, places past the end left out", arguments: [false, true])
    func atPlaces(inOrder: Bool) throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", inOrder ? Self.journalInOrder() : Self.journal())
        let store = BrewLogStore(journal: try writer(folder.file("j.jsonl")), clock: .fixed(stamp("2026-11-29T12:00:00+01:00").date), timeZone: zone("Europe/Berlin"))
        try store.load()
        var byDate: [BrewID] = []
        store.visitBrewsByDate(where: { _ in true }) { record, _ in byDate.append(record().id) }
        let orders = store.newest(nil, where: { _ in true })
        #expect(orders.count == byDate.count)
        var generator = SeededRandomGenerator(seed: 7)
        let places = Array((0..<byDate.count).shuffled(using: &generator).prefix(2_500) + [0, 0])
        var read: [BrewID] = []
        let pastTheEnd = DateOrder(date: Date(), position: byDate.count + 5)
        store.visitBrews(at: places.map { orders[$0] } + [pastTheEnd]) { record, _ in read.append(record().id) }
        #expect(read == places.map { byDate[$0] })
    }

    /// ``journal()`` with every brew's date in journal order, so a pass by date reads the file
    /// front to back without sorting.
    static func journalInOrder() -> String {
        var lines: [String] = []
        for index in 0..<3_000 {
            let minute = index % 60, hour = index / 60 % 24, day = 1 + index / 1_440
            lines.append(#"{"id":"b\#(String(format: "%07d", index))","date":"2026-11-\#(String(format: "%02d", day))T\#(String(format: "%02d:%02d", hour, minute)):00+01:00","notes":"n\#(index)","method":"V60","dose_g":\#(10 + index % 20)}"#)
        }
        lines.insert(#"{"id":"skip0001","kind":"skip","day":"2026-11-25"}"#, at: 10)
        lines[20] += "\r"
        return lines.joined(separator: "\n") + "\n" + #"{"id":"last0001","date":"2026-11-28T08:00:00+01:00","notes":"end"}"#
    }
}

import Foundation
import Synchronization
import Testing
@testable import BrewLogCore
import BrewLogTestSupport

/// A brew line with `notes` (JSON-escaped by the caller) and id `id`.
private func brew(_ id: String, day: Int, notes: String) -> String {
    #"{"id":"\#(id)","date":"2026-11-\#(String(format: "%02d", day))T08:00:00+01:00","method":"V60","notes":"\#(notes)"}"#
}

/// Journals whose lines and characters fall across chunk boundaries when read a few bytes at a time.
private let journals: [(name: String, text: String)] = [
    ("plain lines", (1...9).map { brew("id\($0)", day: $0, notes: "note \($0)") + "\n" }.joined()),
    ("multi-byte characters on every boundary", (1...9).map { brew("u\($0)", day: $0, notes: "caf\u{E9} \u{2615} \u{1D11E} \u{1F3FD}\u{200D}") + "\n" }.joined()),
    ("CRLF line ends", (1...5).map { brew("crlf\($0)", day: $0, notes: "x") + "\r\n" }.joined()),
    ("blank lines everywhere", "\n\n" + brew("b1", day: 1, notes: "a") + "\n\n   \n\t\r\n" + brew("b2", day: 2, notes: "b") + "\n\n"),
    ("a line far longer than a chunk", brew("long1", day: 1, notes: String(repeating: "\u{E9}x", count: 40_000)) + "\n" + brew("long2", day: 2, notes: "short") + "\n"),
    ("a last line without its newline", brew("t1", day: 1, notes: "a") + "\n" + brew("t2", day: 2, notes: "b")),
    ("a bad line in the last chunk", (1...6).map { brew("bad\($0)", day: $0, notes: "n") + "\n" }.joined() + "{\"id\":\"bad7\",\"date\":\n"),
    ("a duplicate id across chunks", brew("dup", day: 1, notes: String(repeating: "y", count: 300)) + "\n" + brew("other", day: 2, notes: "z") + "\n" + brew("dup", day: 3, notes: "again") + "\n"),
    ("a byte order mark", "\u{FEFF}" + brew("bom", day: 1, notes: "a") + "\n"),
    ("invalid UTF-8 split across a boundary", brew("ok", day: 1, notes: "fine") + "\n" + #"{"id":"broken","date":"2026-11-02T08:00:00+01:00","notes":"ab"# + "\u{FFFF}" + "\"}\n"),
    ("only blank lines", String(repeating: "\n", count: 5000)),
]

/// What reading `text` whole, in memory, says: the reference every streamed load must agree with.
private func wholeReading(_ text: [UInt8]) -> Result<[BrewRecord], JournalError> {
    Result { () throws(JournalError) in
        let reader = try JournalReader.records(of: text, path: "J")
        return reader.entries.map { entry in
            let end = text[entry.start...].firstIndex(of: 0x0A) ?? text.endIndex
            return text.withUnsafeBufferPointer { bytes in
                (try? BrewLineCodec.decode(UnsafeBufferPointer(rebasing: bytes[entry.start..<end]))) ?? BrewRecord(id: entry.id, timestamp: entry.timestamp)
            }
        }
    }
}

/// Loads `path` with `chunk`-byte chunks through `system`.
private func streamed(_ path: String, chunk: Int, system: any SystemCalls) -> Result<[BrewRecord], JournalError> {
    Result { () throws(JournalError) in
        let journal = try FileJournal(path: path, system: system).open(.reading, timeout: 1)
        defer { journal.release() }
        journal.chunkSize = chunk
        return try journal.load().records
    }
}

/// `error` with the journal's path replaced by `J`, to compare with the in-memory reading.
private func described(_ result: Result<[BrewRecord], JournalError>, path: String) -> String {
    switch result {
    case let .success(records): "\(records)"
    case let .failure(error): "\(error)".replacingOccurrences(of: path, with: "J")
    }
}

@Suite("Loading streams the journal in chunks and agrees with reading it whole")
struct StreamingLoadTests {
    @Test("every chunk size and read size finds the same brews, or the same first bad line", arguments: journals.indices)
    func agreesWithWholeReading(index: Int) throws {
        let (name, text) = journals[index]
        let folder = TemporaryFolder()
        folder.write("j.jsonl", text)
        let path = folder.file("j.jsonl")
        let expected = described(wholeReading(Array(text.utf8)), path: path)
        for chunk in [1, 2, 3, 7, 64, 1 << 20] {
            for limit in [1, 5, 4096] {
                let actual = described(streamed(path, chunk: chunk, system: ScriptedSystemCalls(readLimit: limit)), path: path)
                #expect(actual == expected, "\(name), chunks of \(chunk), reads of \(limit)")
            }
        }
    }

    @Test("a bad line is reported as PATH:LINE with its line number counted across chunks")
    func badLineNumber() throws {
        let folder = TemporaryFolder()
        let lines = (1...40).map { brew("n\($0)", day: $0 % 28 + 1, notes: "\($0)") } + ["not json"]
        folder.write("j.jsonl", lines.joined(separator: "\n") + "\n")
        let result = streamed(folder.file("j.jsonl"), chunk: 50, system: ScriptedSystemCalls(readLimit: 33))
        guard case let .failure(.malformedLine(path, line, _)) = result else {
            Issue.record("expected a malformed line, got \(result)")
            return
        }
        #expect(path == folder.file("j.jsonl"))
        #expect(line == lines.count)
    }

    @Test("a journal that grows while it is read is read to its new end")
    func growsWhileRead() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", brew("g1", day: 1, notes: "a") + "\n")
        let added = brew("g2", day: 2, notes: "b") + "\n"
        let system = ScriptedSystemCalls(readLimit: 10) {
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            handle.seekToEndOfFile()
            handle.write(Data(added.utf8))
            handle.closeFile()
        }
        let records = try streamed(path, chunk: 16, system: system).get()
        #expect(records.map(\.id.rawValue) == ["g1", "g2"])
    }

    @Test("a journal cut short while it is read ends in an incomplete line, reported")
    func shrinksWhileRead() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", brew("s1", day: 1, notes: "a") + "\n" + brew("s2", day: 2, notes: "b") + "\n")
        let system = ScriptedSystemCalls(readLimit: 10) { _ = truncate(path, 70) }
        let result = streamed(path, chunk: 16, system: system)
        guard case let .failure(.malformedLine(_, line, reason)) = result else {
            Issue.record("expected the cut line reported, got \(result)")
            return
        }
        #expect(line == 1)
        #expect(reason.hasPrefix("incomplete last line"))
    }

    @Test("a brew whose line was overwritten after the load comes with its id and date only, and no save writes")
    func lineChangedAfterLoad() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", lineA + "\n" + lineB + "\n")
        let journal = try writer(path)
        defer { journal.release() }
        let store = try fileStore(journal)
        // Another program, ignoring the lock, writes over the second line in place.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seek(toFileOffset: UInt64(lineA.utf8.count + 1))
        handle.write(Data(String(repeating: "x", count: lineB.utf8.count).utf8))
        handle.closeFile()
        let id = try #require(BrewID("bbbb00000002"))
        #expect(store.journalReadFailure == nil)
        let second = try #require(store.brew(id: id))
        #expect(second.notes == "")
        // What a reading command printed is then reported, not passed off as a success.
        #expect(store.journalReadFailure?.contains("no longer hold the brew") == true)
        second.rating = 5
        #expect(throws: JournalError.self) { try store.save() }
        #expect(folder.text("j.jsonl")?.hasPrefix(lineA + "\nxxx") == true)
    }

    @Test("a pass over every brew never gives out a line another program cut or overwrote after the load, decoded or copied", arguments: [false, true])
    func passAfterTruncation(decoding: Bool) throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        let lines = (0..<20_000).map { brew(String(format: "t%07d", $0), day: 1 + $0 % 28, notes: "note \($0)") }
        folder.write("j.jsonl", lines.joined(separator: "\n") + "\n")
        let journal = try writer(path)
        defer { journal.release() }
        let store = try fileStore(journal)
        // Another program, ignoring the lock, cuts the file in the middle of a line, then
        // overwrites one line before the cut in place.
        let cut = lines.prefix(12_000).map { $0.utf8.count + 1 }.reduce(0, +) - 10
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.truncateFile(atOffset: UInt64(cut))
        handle.seek(toFileOffset: UInt64(lines.prefix(500).map { $0.utf8.count + 1 }.reduce(0, +)))
        handle.write(Data(String(repeating: "x", count: lines[500].utf8.count).utf8))
        handle.closeFile()
        var given: [String] = []
        store.visitBrewsByDate(where: { _ in true }, decoding: decoding) { record, line in
            given.append(decoding ? BrewLineCodec.encode(record()) : line())
        }
        // Only whole, unchanged brews are given, and the failure is reported.
        let intact = Set(lines.prefix(11_999)).subtracting([lines[500]])
        #expect(!given.isEmpty)
        #expect(given.allSatisfy { intact.contains($0) || (decoding && !$0.contains("xxx")) })
        #expect(given.count == intact.count)
        #expect(store.journalReadFailure?.contains("no longer hold the brew") == true)
    }

    @Test("a rewrite after a streamed load copies untouched lines byte for byte")
    func rewriteCopies() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        let text = lineA + "\n\n  \n" + lineB + "\r\n" + lineC + "\n"
        folder.write("j.jsonl", text)
        let journal = try writer(path)
        defer { journal.release() }
        journal.chunkSize = 7
        let store = try fileStore(journal)
        let id = try #require(BrewID("bbbb00000002"))
        let second = try #require(store.brew(id: id))
        store.remove(second)
        try store.save()
        #expect(folder.text("j.jsonl") == lineA + "\n\n  \n" + tombstoneLine(store, "bbbb00000002") + "\n" + lineC + "\n")
    }

    @Test("a rewrite of a journal of several megabytes copies every line crossing its pieces, the long, CRLF, unknown and last ones")
    func rewriteAcrossPieces() throws {
        let folder = TemporaryFolder()
        var lines = (0..<9_000).map { brew(String(format: "p%07d", $0), day: 1 + $0 % 28, notes: String(repeating: "n", count: 100 + $0 % 150)) }
        lines[10] += "\r"
        lines.insert(#"{"id":"k0000001","kind":"future","x":1}"#, at: 20)
        lines.insert(brew("longline", day: 3, notes: String(repeating: "\u{E9}", count: 700_000)), at: 4_000)
        let text = lines.joined(separator: "\n")
        #expect(text.utf8.count > 3 << 20)
        folder.write("j.jsonl", text)
        let journal = try writer(folder.file("j.jsonl"))
        defer { journal.release() }
        let store = try fileStore(journal)
        let removed = try #require(BrewID("p0004000")), edited = try #require(BrewID("p0008999"))
        store.remove(try #require(store.brew(id: removed)))
        let last = try #require(store.brew(id: edited))
        last.notes = "edited"
        try store.save()
        var expected = lines
        if let place = expected.firstIndex(where: { $0.contains(#""p0004000""#) }) { expected[place] = tombstoneLine(store, "p0004000") }
        expected[expected.count - 1] = BrewLineCodec.encode(last.record)
        #expect(folder.text("j.jsonl") == expected.joined(separator: "\n") + "\n")
    }
}

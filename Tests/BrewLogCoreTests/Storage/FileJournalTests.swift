import Foundation
import Synchronization
import Testing
import BrewLogTestSupport
@testable import BrewLogCore

/// A fresh temporary folder, removed when the test ends.
final class TemporaryFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "brewlog-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ text: String) {
        _ = FileManager.default.createFile(atPath: file(name), contents: Data(text.utf8))
    }

    func bytes(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file(name)).map(Array.init)
    }

    func text(_ name: String) -> String? {
        bytes(name).map { String(decoding: $0, as: UTF8.self) }
    }

    func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}

let lineA = #"{"id":"aaaa00000001","date":"2026-11-27T08:00:00+01:00","notes":"first","x-extra":[1, {"k": "v"}]}"#
let lineB = #"{"id":"bbbb00000002","date":"2026-11-28T08:00:00+01:00","rating":4,"notes":"second"}"#
let lineC = #"{"id":"cccc00000003","date":"2026-11-29T08:00:00+01:00","notes":"third",  "keep":  true }"#

/// The journal at `path`, open for writing until the returned value is released or goes away.
func writer(_ path: String, system: any SystemCalls = PosixSystemCalls()) throws -> LockedJournal {
    try FileJournal(path: path, system: system).open(.writing, timeout: 1)
}

/// The journal at `path`, read under a shared lock.
func load(_ path: String) throws -> JournalSnapshot {
    try FileJournal(path: path).reading(timeout: 1) { journal throws(JournalError) in try journal.load() }
}

/// The idle record a finished append leaves at the start of the lock file.
let idleIntent = String(decoding: AppendIntent.idle, as: UTF8.self)

func fileStore(_ journal: LockedJournal, now: String = "2026-11-29T12:00:00+01:00") throws -> BrewLogStore {
    let store = BrewLogStore(journal: journal, clock: .fixed(stamp(now).date), timeZone: zone("Europe/Berlin"))
    try store.load()
    return store
}

@Suite("FileJournal reads and writes JSON Lines without losing anything")
struct FileJournalTests {
    @Test("a missing file is an empty journal, and the first add creates folder 0700 and file 0600")
    func createsWithModes() throws {
        let folder = TemporaryFolder()
        let path = folder.file("deep/er/journal.jsonl")
        let journal = try writer(path)
        let store = try fileStore(journal)
        #expect(store.brews.isEmpty)
        store.recordBrew { $0.notes = "hello" }
        try store.save()
        journal.release()
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.file("deep/er"))[.posixPermissions] as? Int
        let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        #expect(fileMode == 0o600)
        #expect(try load(path).records.map(\.notes) == ["hello"])
    }

    @Test("an insert is appended; existing lines stay byte for byte")
    func appendKeepsBytes() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n\n" + lineB + "\n")
        let store = try fileStore(writer(folder.file("j.jsonl")))
        let brew = store.recordBrew { $0.rating = 5 }
        try store.save()
        #expect(folder.text("j.jsonl") == lineA + "\n\n" + lineB + "\n" + BrewLineCodec.encode(brew.record) + "\n")
    }

    @Test("appending after a last line without a newline adds the newline first")
    func appendAfterUnterminatedLine() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA)
        let store = try fileStore(writer(folder.file("j.jsonl")))
        let brew = store.recordBrew()
        try store.save()
        #expect(folder.text("j.jsonl") == lineA + "\n" + BrewLineCodec.encode(brew.record) + "\n")
    }

    @Test("an edit rewrites only the edited line, keeping order, blank lines and unknown keys")
    func rewriteKeepsUntouchedLines() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n" + lineB + "\n\n" + lineC + "\n")
        let store = try fileStore(writer(folder.file("j.jsonl")))
        try store.brew(matching: "aaaa").notes = "edited"
        store.remove(try store.brew(matching: "bbbb"))
        try store.save()
        let expectedA = #"{"id":"aaaa00000001","date":"2026-11-27T08:00:00+01:00","notes":"edited","x-extra":[1, {"k": "v"}]}"#
        #expect(folder.text("j.jsonl") == expectedA + "\n" + tombstoneLine(store, "bbbb00000002") + "\n\n" + lineC + "\n")
        #expect(folder.contents() == ["j.jsonl", "j.jsonl.lock"])
    }

    @Test("a rewrite keeps the journal's permissions")
    func rewriteKeepsMode() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: folder.file("j.jsonl"))
        let store = try fileStore(writer(folder.file("j.jsonl")))
        store.brews[0].rating = 2
        try store.save()
        #expect(try FileManager.default.attributesOfItem(atPath: folder.file("j.jsonl"))[.posixPermissions] as? Int == 0o640)
    }

    @Test("two saves in a row apply both change sets")
    func consecutiveSaves() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineB + "\n")
        let journal = try writer(folder.file("j.jsonl"))
        let store = try fileStore(journal)
        let added = store.recordBrew { $0.notes = "new" }
        try store.save()
        added.notes = "renamed"
        try store.save()
        journal.release()
        #expect(try load(folder.file("j.jsonl")).records.map(\.notes) == ["second", "renamed"])
    }

    static let brokenJournals: [(String, Int, String)] = [
        (lineA + "\n" + "{oops\n" + lineB + "\n", 2, "malformed JSON"),
        (lineA + "\n\n\n" + #"{"id":"z","date":"2026-11-29T08:00:00Z","rating":9}"# + "\n", 4, "rating must be 1...5"),
        (lineA + "\n" + lineB + "\n" + lineA + "\n", 3, "duplicate id 'aaaa00000001' (first on line 1)"),
        (lineA + "\n" + #"{"id":"torn","date":"2026-11-"#, 2, "incomplete last line"),
        (#"{"id":"x"}"# + "\n", 1, "missing required key \"date\""),
    ]

    @Test("a bad line is reported as PATH:LINE: reason", arguments: brokenJournals)
    func malformed(contents: String, line: Int, reason: String) throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", contents)
        let path = folder.file("j.jsonl")
        #expect {
            try load(path)
        } throws: { error in
            guard case let .malformedLine(errorPath, errorLine, errorReason) = error as? JournalError else { return false }
            return errorPath == path && errorLine == line && errorReason.contains(reason)
        }
    }

    @Test("invalid UTF-8 names its line")
    func invalidUTF8Line() throws {
        let folder = TemporaryFolder()
        let bad = Array(#"{"id":"u","date":"2026-11-29T08:00:00Z","notes":""#.utf8) + [0xFF] + Array("\"}\n".utf8)
        _ = FileManager.default.createFile(atPath: folder.file("j.jsonl"), contents: Data(Array((lineA + "\n").utf8) + bad))
        #expect(throws: JournalError.malformedLine(path: folder.file("j.jsonl"), line: 2, reason: "malformed JSON at byte 50: invalid UTF-8 in a string")) {
            try load(folder.file("j.jsonl"))
        }
    }

    @Test("check lists every problem; repair moves bad lines byte for byte to PATH.rejected")
    func checkAndRepair() throws {
        let folder = TemporaryFolder()
        let torn = #"{"id":"torn","date":"#
        folder.write("j.jsonl", lineA + "\n{bad one}\n" + lineB + "\n" + lineA + "\n" + torn)
        folder.write("j.jsonl.rejected", "older rejected line\n")
        let journal = try writer(folder.file("j.jsonl"))
        let report = try journal.check()
        #expect(report.brewCount == 2)
        #expect(report.problems.map(\.line) == [2, 4, 5])
        let repair = try journal.repair()
        journal.release()
        #expect(repair.moved.map(\.line) == [2, 4, 5])
        #expect(folder.text("j.jsonl") == lineA + "\n" + lineB + "\n")
        #expect(folder.text("j.jsonl.rejected") == "older rejected line\n{bad one}\n" + lineA + "\n" + torn + "\n")
        #expect(try writer(folder.file("j.jsonl")).check().problems.isEmpty)
    }

    @Test("an exclusive lock makes a second writer wait, then time out")
    func lockTimesOut() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        let held = try writer(path)
        #expect(throws: JournalError.lockTimeout(path: path, seconds: 0.05)) {
            try FileJournal(path: path).open(.writing, timeout: 0.05)
        }
        held.release()
        #expect(try FileJournal(path: path).open(.writing, timeout: 0.05).access == .writing)
    }

    @Test("a shared lock waits for a writer too")
    func sharedLockWaitsForWriter() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", lineA + "\n")
        let held = try writer(path)
        #expect(throws: JournalError.lockTimeout(path: path, seconds: 0.05)) { try FileJournal(path: path).open(.reading, timeout: 0.05) }
        held.release()
    }
}

@Suite("Duplicate ids are found however many brews come before them")
struct DuplicateIDTests {
    @Test("the second line with an id is reported with the line of the first", arguments: [10, 3_000])
    func duplicateAfterMany(count: Int) throws {
        let folder = TemporaryFolder()
        var lines = (0..<count).map { #"{"id":"id\#($0)","date":"2026-11-28T08:00:00Z","notes":""}"# }
        lines.append(#"{"id":"id\#(count / 2)","date":"2026-11-29T08:00:00Z","notes":"again"}"#)
        folder.write("j.jsonl", lines.joined(separator: "\n") + "\n")
        let expected = JournalError.malformedLine(path: folder.file("j.jsonl"), line: count + 1,
                                                  reason: "duplicate id 'id\(count / 2)' (first on line \(count / 2 + 1))")
        #expect(throws: expected) { try load(folder.file("j.jsonl")) }
        let report = try writer(folder.file("j.jsonl")).check()
        #expect(report.problems.map(\.line) == [count + 1])
        #expect(report.brewCount == count)
    }
}

@Suite("An append killed mid-write leaves no line that later reads fail on")
struct InterruptedAppendTests {
    /// A journal of lines A and B, with `tail` after them and a record of an append of
    /// `length` bytes (more than the tail: it was cut short) where B ends.
    func interrupted(tail: String, length: Int = 4096, sameFile: Bool = true) throws -> (TemporaryFolder, String) {
        let folder = TemporaryFolder()
        let before = lineA + "\n" + lineB + "\n"
        folder.write("j.jsonl", before + tail)
        let file = try PosixSystemCalls().lstat(folder.file("j.jsonl"))
        let intent = AppendIntent(offset: before.utf8.count, length: length, device: file.device, inode: sameFile ? file.inode : file.inode + 1)
        folder.write("j.jsonl.lock", String(decoding: intent.encoded, as: UTF8.self))
        return (folder, before)
    }

    @Test("the next writer cuts the unfinished line and clears the record")
    func writerRecovers() throws {
        let (folder, before) = try interrupted(tail: #"{"id":"half","date":"2026-11-2"#)
        let journal = try writer(folder.file("j.jsonl"))
        #expect(folder.text("j.jsonl") == before)
        #expect(folder.text("j.jsonl.lock") == idleIntent)
        #expect(try journal.load().count == 2)
    }

    @Test("whole lines an interrupted append managed to write are kept", arguments: ["", #"{"id":"half","#])
    func wholeLinesKept(unfinished: String) throws {
        let whole = #"{"id":"whole","date":"2026-11-29T08:00:00Z","notes":""}"# + "\n"
        let (folder, before) = try interrupted(tail: whole + unfinished)
        #expect(try load(folder.file("j.jsonl")).count == 3)
        let journal = try writer(folder.file("j.jsonl"))
        #expect(folder.text("j.jsonl") == before + whole)
        journal.release()
    }

    @Test("a reader stops where the interrupted append began, and changes nothing")
    func readerIgnores() throws {
        let torn = #"{"id":"half","#
        let (folder, before) = try interrupted(tail: torn)
        let journal = try FileJournal(path: folder.file("j.jsonl")).open(.reading, timeout: 1)
        #expect(try journal.load().records.map(\.id.rawValue) == ["aaaa00000001", "bbbb00000002"])
        #expect(try journal.check().problems.isEmpty)
        #expect(folder.text("j.jsonl") == before + torn)
        journal.release()
    }

    @Test("a valid last line after a leftover record is another program's brew: kept by writers and readers")
    func validLineKept() throws {
        let brew = #"{"id":"byhand","date":"2026-11-28T10:00:00+01:00","notes":"typed by hand"}"#
        let (folder, before) = try interrupted(tail: brew)
        #expect(try load(folder.file("j.jsonl")).count == 3)
        let journal = try writer(folder.file("j.jsonl"))
        #expect(folder.text("j.jsonl") == before + brew)
        #expect(try journal.load().count == 3)
    }

    @Test("a record for another file, or for an append that already wrote all it meant to, cuts nothing", arguments: [
        (false, 4096), (true, 5),
    ])
    func foreignRecordIgnored(sameFile: Bool, length: Int) throws {
        let torn = #"{"id":"half","#
        let (folder, before) = try interrupted(tail: torn, length: length, sameFile: sameFile)
        let journal = try writer(folder.file("j.jsonl"))
        #expect(folder.text("j.jsonl") == before + torn)
        #expect(try journal.check().problems.map(\.line) == [3])
    }

    @Test("an append under the lock records its intent only while it writes")
    func intentCleared() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n")
        let journal = try writer(folder.file("j.jsonl"))
        let store = try fileStore(journal)
        store.recordBrew()
        try store.save()
        #expect(folder.text("j.jsonl.lock") == idleIntent)
        journal.release()
        #expect(try load(folder.file("j.jsonl")).count == 2)
    }
}

@Suite("Temporary files a killed writer left")
struct StaleTemporaryFileTests {
    /// The pid of a process that has exited.
    @Test("a writer removes exactly the temporary files of dead writers, nothing else with the prefix")
    func onlyDeadWritersFiles() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n")
        let dead = ".j.jsonl.tmp-\(try deadProcessID())-123"
        let names = [dead, ".j.jsonl.tmp-keep", ".j.jsonl.tmp-\(getpid())-5", ".j.jsonl.tmp-1-2-3", ".j.jsonl.tmp-"]
        for name in names { folder.write(name, "x") }
        _ = try writer(folder.file("j.jsonl"))
        #expect(!folder.contents().contains(dead))
        #expect(Set(names.dropFirst()).isSubset(of: Set(folder.contents())))
    }
}

@Suite("Lines out of all proportion")
struct LineSizeTests {
    @Test("a line longer than 16 MiB is a bad line, named with its length")
    func overlongLine() throws {
        let folder = TemporaryFolder()
        let notes = String(repeating: "x", count: 16 << 20)
        folder.write("j.jsonl", lineA + "\n" + #"{"id":"long","date":"2026-11-29T08:00:00Z","notes":""# + notes + "\"}\n")
        #expect(throws: JournalError.malformedLine(path: folder.file("j.jsonl"), line: 2,
                                                   reason: "the line is 16777270 bytes long, more than the 16 MiB a journal line may be")) {
            try load(folder.file("j.jsonl"))
        }
    }

    @Test("blank lines cost no memory per line: a million of them and one brew read as one brew, its line number right")
    func manyBlankLines() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", String(repeating: "\n", count: 1_000_000) + lineA + "\n" + lineA + "\n")
        #expect(throws: JournalError.malformedLine(path: folder.file("j.jsonl"), line: 1_000_002,
                                                   reason: "duplicate id 'aaaa00000001' (first on line 1000001)")) {
            try load(folder.file("j.jsonl"))
        }
    }
}

@Suite("check and load read a journal the same way, however it is cut into runs")
struct OneReadingTests {
    @Test("every problem of a large journal, in file order, with its line; load stops at the first", arguments: [
        [3, 12_000, 19_999],
        [17_500],
        [1, 2, 20_001],
    ])
    func problemsAcrossRuns(bad: [Int]) throws {
        let folder = TemporaryFolder()
        var lines = (1...20_000).map { #"{"id":"id\#($0)","date":"2026-11-28T08:00:00Z","notes":"a line long enough to make the file span several runs"}"# }
        for line in bad where line <= lines.count { lines[line - 1] = "{broken \(line)" }
        // A duplicate of the first brew's id near the end, in another run than the first.
        lines.append(#"{"id":"id5","date":"2026-11-29T08:00:00Z","notes":""}"#)
        folder.write("j.jsonl", lines.joined(separator: "\n") + "\n")
        let expected = (bad.filter { $0 <= 20_000 } + [20_001]).sorted()
        let report = try writer(folder.file("j.jsonl")).check()
        #expect(report.problems.map(\.line) == expected)
        #expect(report.brewCount == 20_000 - bad.filter { $0 <= 20_000 }.count)
        #expect(report.problems.last?.reason == "duplicate id 'id5' (first on line 5)")
        #expect {
            try load(folder.file("j.jsonl"))
        } throws: { error in
            guard case let .malformedLine(_, line, _) = error as? JournalError else { return false }
            return line == expected[0]
        }
    }
}

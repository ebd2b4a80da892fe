import Foundation
import Testing
@testable import BrewLogCore
import BrewLogTestSupport

/// A writer of `path` that records its saves as `command`.
private func recordingWriter(_ path: String, system: any SystemCalls = PosixSystemCalls(), keep: Int = 1_000) throws -> LockedJournal {
    let journal = try writer(path, system: system)
    journal.recording = recording("test", keep: keep)
    return journal
}

/// The history as a reader sees it, oldest first.
private func readHistory(_ path: String) throws -> HistoryLog {
    try FileJournal(path: path).reading(timeout: 1) { journal throws(JournalError) in try journal.history() }
}

/// A history file holding `entries`, as BrewLog writes one.
private func historyText(_ entries: [HistoryEntry]) -> String {
    HistoryCodec.header + "\n" + entries.map { HistoryCodec.encode($0) + "\n" }.joined()
}

/// An entry that added brew B, made when the journal was `before`.
private func addOfB(before: JournalState) -> HistoryEntry {
    HistoryEntry(at: stamp("2026-11-29T07:00:00+01:00"), command: "add", arguments: ["add"],
                 changes: [.init(id: BrewID(unchecked: "bbbb00000002"), before: nil, after: lineB)], journalBefore: before)
}

@Suite("The history is written in the same step as the change, beside the journal")
struct HistoryFileTests {
    @Test("a save appends one entry naming the journal file as it was before, and the reader trusts it")
    func appended() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n")
        let first = try PosixSystemCalls().lstat(folder.file("j.jsonl"))
        let journal = try recordingWriter(folder.file("j.jsonl"))
        let store = try fileStore(journal)
        let brew = store.recordBrew { $0.notes = "new" }
        try store.save()
        try store.brew(matching: "aaaa").rating = 2
        try store.save()
        journal.release()

        let log = try readHistory(folder.file("j.jsonl"))
        #expect(log.problems.isEmpty)
        #expect(log.entries.map { $0.changes.map(\.id) } == [[brew.id], [BrewID(unchecked: "aaaa00000001")]])
        #expect(log.entries.first?.changes.first?.after == BrewLineCodec.encode(brew.record))
        #expect(log.entries.last?.changes.first?.before == lineA)
        #expect(log.entries.first?.journalBefore == .file(JournalFingerprint(first)))
        #expect(folder.text("j.jsonl.history")?.hasPrefix(HistoryCodec.header + "\n") == true)
        let mode = try PosixSystemCalls().lstat(folder.file("j.jsonl.history")).permissions & 0o777
        #expect(mode == 0o600)
    }

    @Test("an entry whose change never reached the journal is not shown, and the next writer cuts it off")
    func uncommittedEntryDropped() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n")
        let status = try PosixSystemCalls().lstat(folder.file("j.jsonl"))
        folder.write("j.jsonl.history", historyText([addOfB(before: .file(JournalFingerprint(status)))]))
        #expect(try readHistory(folder.file("j.jsonl")).entries.isEmpty)

        let journal = try recordingWriter(folder.file("j.jsonl"))
        let store = try fileStore(journal)
        try store.brew(matching: "aaaa").notes = "edited"
        try store.save()
        journal.release()
        let log = try readHistory(folder.file("j.jsonl"))
        #expect(log.entries.count == 1)
        #expect(log.entries.first?.command == "test")
        #expect(folder.text("j.jsonl.history")?.contains("bbbb00000002") == false)
    }

    @Test("an append a crash cut short: readers stop before it and hide its entry; the next writer cuts both off")
    func interruptedAppend() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n")
        let status = try PosixSystemCalls().lstat(folder.file("j.jsonl"))
        folder.write("j.jsonl.history", historyText([addOfB(before: .file(JournalFingerprint(status)))]))
        // What a writer killed in the middle of its write leaves: its intent in the lock file, part of its line.
        let intent = AppendIntent(offset: status.size, length: lineB.utf8.count + 1, device: status.device, inode: status.inode)
        folder.write("j.jsonl.lock", String(decoding: intent.encoded, as: UTF8.self))
        let handle = try #require(FileHandle(forWritingAtPath: folder.file("j.jsonl")))
        handle.seekToEndOfFile()
        handle.write(Data(lineB.prefix(10).utf8))
        handle.closeFile()
        #expect(try PosixSystemCalls().lstat(folder.file("j.jsonl")).inode == status.inode)
        #expect(try readHistory(folder.file("j.jsonl")).entries.isEmpty)

        try writer(folder.file("j.jsonl")).release()
        #expect(folder.text("j.jsonl") == lineA + "\n")
        #expect(folder.text("j.jsonl.history") == HistoryCodec.header + "\n")
        #expect(try readHistory(folder.file("j.jsonl")).entries.isEmpty)
    }

    @Test("an entry whose change is in the journal stays, even after another program touched the file")
    func committedEntryKept() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n" + lineB + "\n")
        let added = addOfB(before: .file(JournalFingerprint(device: 1, inode: 2, size: 3, modified: 4)))
        folder.write("j.jsonl.history", historyText([added]))
        #expect(try readHistory(folder.file("j.jsonl")).entries == [added])
    }

    @Test("the first add's entry, made before the journal existed, is not shown while the journal still does not exist")
    func firstAddUncommitted() throws {
        let folder = TemporaryFolder()
        let ghost = addOfB(before: .missing)
        folder.write("j.jsonl.history", historyText([ghost]))
        #expect(try readHistory(folder.file("j.jsonl")).entries.isEmpty)
        folder.write("j.jsonl", lineB + "\n")
        #expect(try readHistory(folder.file("j.jsonl")).entries == [ghost])
    }

    @Test("the history keeps the newest history.keep entries, dropping older ones whole")
    func bounded() throws {
        let folder = TemporaryFolder()
        let journal = try recordingWriter(folder.file("j.jsonl"), keep: 3)
        let store = try fileStore(journal)
        var ids: [BrewID] = []
        for index in 0..<7 {
            ids.append(store.recordBrew { $0.notes = "brew \(index)" }.id)
            try store.save()
        }
        journal.release()
        let log = try readHistory(folder.file("j.jsonl"))
        #expect(log.entries.flatMap { $0.changes.map(\.id) } == Array(ids.suffix(3)))
        #expect(folder.text("j.jsonl.history")?.split(separator: "\n").count == 4)
        #expect(log.problems.isEmpty)
    }

    @Test("a foreign file, a symbolic link or a second name of another file at PATH.history is left alone; the change is saved with a warning")
    func foreignLeftAlone() throws {
        for variant in ["foreign", "symbolic link", "hard link"] {
            let folder = TemporaryFolder()
            folder.write("j.jsonl", lineA + "\n")
            // A hard link to a file that looks like a history: still another file's name.
            let notes = variant == "hard link" ? HistoryCodec.header + "\n" : "my own notes\n"
            folder.write("notes.txt", notes)
            switch variant {
            case "symbolic link": #expect(symlink(folder.file("notes.txt"), folder.file("j.jsonl.history")) == 0)
            case "hard link": #expect(link(folder.file("notes.txt"), folder.file("j.jsonl.history")) == 0)
            default: folder.write("j.jsonl.history", notes)
            }
            let journal = try recordingWriter(folder.file("j.jsonl"))
            let store = try fileStore(journal)
            store.recordBrew()
            try store.save()
            #expect(journal.historyWarnings.count == 1)
            journal.release()
            #expect(try load(folder.file("j.jsonl")).count == 2)
            #expect(folder.text("notes.txt") == notes, "\(variant)")
            #expect(folder.text("j.jsonl.history") == notes, "\(variant)")
        }
    }

    @Test("damaged lines are skipped with a warning and dropped at the next trim; the journal is untouched by them")
    func damagedSkipped() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n")
        folder.write("j.jsonl.history", HistoryCodec.header + "\n{not json\n\u{FF}\u{FE}\n" + "{\"id\":\"x\"")
        let log = try readHistory(folder.file("j.jsonl"))
        #expect(log.entries.isEmpty)
        #expect(log.problems.count == 3)
        let journal = try recordingWriter(folder.file("j.jsonl"))
        let store = try fileStore(journal)
        store.recordBrew()
        try store.save()
        journal.release()
        let after = try readHistory(folder.file("j.jsonl"))
        #expect(after.entries.count == 1)
        #expect(after.problems.isEmpty)
    }

    @Test("a damaged history cannot put one record's line under another id: undo refuses and the journal is untouched")
    func damagedRestoreRefused() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n")
        // The entry claims brew bbbb's line before was brew aaaa's: restoring it would duplicate an id.
        let forged = HistoryEntry(at: stamp("2026-11-29T07:00:00+01:00"), command: "rm", arguments: ["rm"],
                                  changes: [.init(id: BrewID(unchecked: "bbbb00000002"), before: lineA, after: nil)])
        let journal = try recordingWriter(folder.file("j.jsonl"))
        _ = try journal.load()
        let plan = try UndoPlan(newestFirst: [forged], current: try journal.currentLines(of: [BrewID(unchecked: "bbbb00000002")]), force: false)
        #expect(throws: JournalError.self) { try journal.restore(plan, recording: recording("undo")) }
        journal.release()
        #expect(folder.text("j.jsonl") == lineA + "\n")
        #expect(folder.text("j.jsonl.history") == nil)
    }

    @Test("undo through the file journal puts lines back byte for byte, unknown keys and spelling included")
    func restoredExactly() throws {
        let folder = TemporaryFolder()
        let original = lineA + "\n" + lineB + "\n" + lineC + "\n"
        folder.write("j.jsonl", original)
        let journal = try recordingWriter(folder.file("j.jsonl"))
        let store = try fileStore(journal)
        for brew in store.brews { brew.notes = "bulk" }
        store.remove(try store.brew(matching: "cccc"))
        try store.save()
        let log = try journal.history()
        let newest = try #require(log.entries.last)
        let plan = try UndoPlan(newestFirst: [newest], current: try journal.currentLines(of: UndoPlan.touchedIDs(newest)), force: false)
        try journal.restore(plan, recording: recording("undo"))
        journal.release()
        let lines = Set((folder.text("j.jsonl") ?? "").split(separator: "\n").map(String.init))
        #expect(lines == [lineA, lineB, lineC])
        #expect(try readHistory(folder.file("j.jsonl")).entries.count == 2)
    }
}

@Suite("A failing system call never leaves a change without its entry, nor an entry without its change")
struct HistoryFaultTests {
    /// Saves `mutate` with `fault` on a journal of lines A and B whose history holds one entry;
    /// returns what the journal and a reader's history then hold.
    func run(_ fault: Fault, _ mutate: (BrewLogStore) throws -> Void) throws {
        let folder = TemporaryFolder()
        let before = lineA + "\n" + lineB + "\n"
        folder.write("j.jsonl", before)
        let earlier = HistoryEntry(at: stamp("2026-11-28T07:00:00+01:00"), command: "add", arguments: ["add"],
                                   changes: [.init(id: BrewID(unchecked: "bbbb00000002"), before: nil, after: lineB)])
        folder.write("j.jsonl.history", historyText([earlier]))
        let system = ScriptedSystemCalls(failing: fault.call, occurrence: fault.occurrence, shortWrites: fault.shortWrites)
        var expected = before
        var warned = false
        var caught: Error?
        do {
            let journal = try recordingWriter(folder.file("j.jsonl"), system: system)
            defer { journal.release() }
            let store = try fileStore(journal)
            try mutate(store)
            expected = try store.pendingChangesApplied(to: before)
            defer { warned = !journal.historyWarnings.isEmpty }
            try store.save()
        } catch {
            caught = error
        }
        let after = folder.text("j.jsonl")
        let log = try readHistory(folder.file("j.jsonl"))
        #expect(after == before || after == expected, "\(fault)")
        if after == expected && expected != before {
            // The change is in: its entry is the newest, unless the history could not be written (and it said so).
            if log.entries.count == 2 {
                #expect(log.entries.first == earlier)
            } else {
                #expect(warned, "\(fault): the change is in the journal, not in the history, and nobody was told")
                #expect(log.entries == [earlier])
            }
        } else {
            #expect(caught != nil, "\(fault): nothing changed and nobody was told")
            #expect(log.entries == [earlier], "\(fault): the history shows a change the journal does not hold")
        }
    }

    @Test("appending a brew", arguments: faults)
    func append(fault: Fault) throws {
        try run(fault) { store in store.recordBrew(at: stamp("2026-11-29T09:00:00+01:00")) { $0.notes = "new" } }
    }

    @Test("rewriting after an edit and a removal", arguments: faults)
    func rewrite(fault: Fault) throws {
        try run(fault) { store in
            try store.brew(matching: "aaaa").notes = "edited"
            store.remove(try store.brew(matching: "bbbb"))
        }
    }
}

@Suite("Another program that ignores the lock never leaves the history showing a change that failed")
struct HistoryInterferenceTests {
    @Test("at every step of a save, the history holds the change only when the save said it was made",
          arguments: SaveKind.allCases, Interference.allCases)
    func everyStep(kind: SaveKind, interference: Interference) throws {
        var steps = Int.max
        var step = 1
        while step <= steps {
            let folder = TemporaryFolder()
            folder.write("j.jsonl", lineA + "\n" + lineB + "\n")
            let path = folder.path
            let system = ScriptedSystemCalls(step: step) { interference.perform(in: path) }
            var failed = false
            do {
                let journal = try recordingWriter(folder.file("j.jsonl"), system: system)
                defer { journal.release() }
                let store = try fileStore(journal)
                try kind.mutate(store)
                system.arm()
                try store.save()
            } catch {
                failed = true
            }
            if steps == Int.max { steps = system.calls.count }
            let recorded = try readHistory(folder.file("j.jsonl")).entries.contains { entry in
                entry.changes.contains { $0.after?.contains("mine") == true }
            }
            #expect(recorded == !failed, "step \(step) (\(system.calls[safe: step - 1] ?? "-")) of \(interference): failed \(failed), recorded \(recorded)")
            step += 1
        }
    }
}

@Suite("A removal, its record replaced by the tombstone with its id, is one change through the file journal too")
struct HistoryReplacedRecordTests {
    @Test("the entry holds the old line before and the new one after, and undo brings the old one back")
    func replaced() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n" + lineB + "\n")
        let journal = try recordingWriter(folder.file("j.jsonl"))
        let store = try fileStore(journal)
        let brew = try store.brew(matching: "bbbb")
        store.remove(brew)
        try store.save()
        let entry = try #require(try journal.history().entries.last)
        #expect(entry.changes.count == 1)
        #expect(entry.changes.first?.before == lineB)
        #expect(entry.changes.first?.after?.contains(#""kind":"removed""#) == true)
        let plan = try UndoPlan(newestFirst: [entry], current: try journal.currentLines(of: UndoPlan.touchedIDs(entry)), force: false)
        try journal.restore(plan, recording: recording("undo"))
        journal.release()
        #expect(folder.text("j.jsonl") == lineA + "\n" + lineB + "\n")
    }
}

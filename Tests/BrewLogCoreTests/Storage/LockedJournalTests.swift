import Foundation
import Testing
@testable import BrewLogCore
import BrewLogTestSupport

@Suite("Only a held journal can load and save, and a writer never overwrites what another program did")
struct LockedJournalTests {
    @Test("a released journal can neither load nor save; one opened for reading cannot save or repair")
    func heldOnly() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n")
        let journal = try writer(folder.file("j.jsonl"))
        let store = try fileStore(journal)
        journal.release()
        store.recordBrew()
        #expect(throws: JournalError.notHeld(path: folder.file("j.jsonl"), operation: "save")) { try store.save() }
        #expect(throws: JournalError.notHeld(path: folder.file("j.jsonl"), operation: "load")) { try journal.load() }

        let reading = try FileJournal(path: folder.file("j.jsonl")).open(.reading, timeout: 1)
        let readStore = try fileStore(reading)
        readStore.recordBrew()
        #expect(throws: JournalError.notHeld(path: folder.file("j.jsonl"), operation: "save")) { try readStore.save() }
        #expect(throws: JournalError.notHeld(path: folder.file("j.jsonl"), operation: "repair")) { try reading.repair() }
        #expect(folder.text("j.jsonl") == lineA + "\n")
    }

    @Test("writing { } releases the lock on every path, errors included")
    func releasedAfterClosure() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        struct Stop: JournalErrorConvertible {
            init(_ error: JournalError) {}
            init() {}
        }
        #expect(throws: Stop.self) {
            try FileJournal(path: path).writing(timeout: 1) { (_: LockedJournal) throws(Stop) in throw Stop() }
        }
        #expect(try FileJournal(path: path).open(.writing, timeout: 0.01).access == .writing)
    }

    @Test("a lock file deleted while held: the writer that held it writes nothing; the one that came in keeps its brew")
    func lockFileDeleted() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n")
        let first = try writer(folder.file("j.jsonl"))
        let firstStore = try fileStore(first)
        try firstStore.brew(matching: "aaaa").notes = "first writer"
        unlink(folder.file("j.jsonl.lock"))

        let second = try writer(folder.file("j.jsonl"))
        let secondStore = try fileStore(second)
        let kept = secondStore.recordBrew { $0.notes = "second writer" }
        try secondStore.save()
        second.release()

        #expect(throws: JournalError.changedByAnotherProgram(path: folder.file("j.jsonl"),
                                                             what: "the lock file '\(folder.file("j.jsonl.lock"))' was replaced")) {
            try firstStore.save()
        }
        #expect(try load(folder.file("j.jsonl")).records.map(\.id) == [BrewID(unchecked: "aaaa00000001"), kept.id])
    }

    @Test("a journal a sync tool renamed in after the read is kept; the writer says so and writes nothing", arguments: [true, false])
    func journalReplaced(appending: Bool) throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n")
        let journal = try writer(folder.file("j.jsonl"))
        let store = try fileStore(journal)
        if appending { store.recordBrew() } else { try store.brew(matching: "aaaa").notes = "mine" }
        folder.write("synced.tmp", lineA + "\n" + lineB + "\n")
        rename(folder.file("synced.tmp"), folder.file("j.jsonl"))
        #expect(throws: JournalError.self) { try store.save() }
        #expect(folder.text("j.jsonl") == lineA + "\n" + lineB + "\n")
    }

    @Test("a record whose line would not read back is refused before anything is written", arguments: [true, false])
    func unwritable(appending: Bool) throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n")
        let store = try fileStore(writer(folder.file("j.jsonl")))
        // 23:30 UTC on the last day of 9999 is already year 10000 at +01:00.
        let late = Timestamp(date: stamp("9999-12-31T23:30:00Z").date, utcOffsetSeconds: 3600)
        if appending {
            store.recordBrew(at: late)
        } else {
            try store.brew(matching: "aaaa").timestamp = late
        }
        #expect {
            try store.save()
        } throws: { error in
            guard case .unwritable = error as? JournalError else { return false }
            return true
        }
        #expect(folder.text("j.jsonl") == lineA + "\n")
    }

    @Test("a bag or skip day whose line would not read back is named as what it is, never as a brew", arguments: [true, false])
    func unwritableEntry(bag: Bool) throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n")
        let store = try fileStore(writer(folder.file("j.jsonl")))
        // Escaped, 3 million control characters take 18 MB: more than a journal line may hold.
        let notes = String(repeating: "\u{1}", count: 3_000_000)
        let id = bag ? store.recordBean(BeanBag(id: .random(), name: "Kenya AA", notes: notes)).id
            : store.recordSkip(on: day("2026-11-20"), notes: notes).skip.id
        #expect {
            try store.save()
        } throws: { error in
            guard case .unwritable = error as? JournalError else { return false }
            return "\(error)".hasPrefix((bag ? "bean bag " : "skip day ") + id.rawValue + " cannot be written to ")
        }
        #expect(folder.text("j.jsonl") == lineA + "\n")
    }

    @Test("a symbolic link pointed at another file after the read: nothing is written to either file", arguments: [true, false])
    func linkRetargeted(appending: Bool) throws {
        let folder = TemporaryFolder()
        folder.write("a.jsonl", lineA + "\n")
        folder.write("b.jsonl", lineB + "\n")
        symlink("a.jsonl", folder.file("link.jsonl"))
        let store = try fileStore(writer(folder.file("link.jsonl")))
        if appending { store.recordBrew() } else { try store.brew(matching: "aaaa").notes = "mine" }
        unlink(folder.file("link.jsonl"))
        symlink("b.jsonl", folder.file("link.jsonl"))
        #expect(throws: JournalError.changedByAnotherProgram(path: folder.file("link.jsonl"),
                                                             what: "the symbolic link '\(folder.file("link.jsonl"))' was pointed at another file")) {
            try store.save()
        }
        #expect(folder.text("a.jsonl") == lineA + "\n")
        #expect(folder.text("b.jsonl") == lineB + "\n")
    }

    @Test("a lock file that can never be looked at again ends the wait at the timeout, not in an endless retry",
          .timeLimit(.minutes(10)))
    func vanishingLockFileTimesOut() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n")
        let system = ScriptedSystemCalls(hiding: ".lock", from: "lstat", as: ENOENT)
        #expect(throws: JournalError.self) {
            try FileJournal(path: folder.file("j.jsonl"), system: system).open(.writing, timeout: 0.05)
        }
    }
}


import Foundation
import Synchronization
import Testing
@testable import BrewLogCore
import BrewLogTestSupport

/// One scripted failure: the `occurrence`-th call named `call`, with short writes or not.
struct Fault: CustomTestStringConvertible, Sendable {
    let call: String
    let occurrence: Int
    var shortWrites = false
    var testDescription: String { "\(call) #\(occurrence)\(shortWrites ? " (short writes)" : "")" }
}

/// Every call a save makes, failing at its first few occurrences (reads during load happen before the fault matters).
let faults: [Fault] = ["open", "read", "write", "fsync", "rename", "exchange", "fstat", "lstat", "fchmod", "fchown", "mkdir", "chmod", "unlink", "pwrite", "pread", "flock", "ftruncate", "opendir"].flatMap { call in
    (1...4).map { Fault(call: call, occurrence: $0) }
} + (1...4).map { Fault(call: "write", occurrence: $0, shortWrites: true) }

@Suite("A failing system call leaves the journal as it was or fully updated, and says so")
struct FaultInjectionTests {
    /// Runs `mutate` and save on a journal of lines A and B with `fault`; returns the final bytes and the outcome.
    func run(_ fault: Fault, _ mutate: (BrewLogStore) throws -> Void) throws -> (before: String, after: String?, expected: String, error: Error?) {
        let folder = TemporaryFolder()
        let before = lineA + "\n" + lineB + "\n"
        folder.write("j.jsonl", before)
        let system = ScriptedSystemCalls(failing: fault.call, occurrence: fault.occurrence, shortWrites: fault.shortWrites)
        var caught: Error?
        var expected = before
        do {
            let journal = try writer(folder.file("j.jsonl"), system: system)
            defer { journal.release() }
            let store = try fileStore(journal)
            try mutate(store)
            expected = try store.pendingChangesApplied(to: before)
            try store.save()
        } catch {
            caught = error
        }
        // A failed unlink after the swap leaves the old journal under a temporary name; a writer
        // removes it once the process that made it is gone (here it is this test, still running).
        let leftovers = folder.contents().filter { $0.contains(".tmp-") }
        if fault.call == "unlink" {
            #expect(leftovers.count <= 1)
        } else {
            #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
        }
        return (before, folder.text("j.jsonl"), expected, caught)
    }

    @Test("appending a brew", arguments: faults)
    func append(fault: Fault) throws {
        let outcome = try run(fault) { store in store.recordBrew(at: stamp("2026-11-29T09:00:00+01:00")) { $0.notes = "new\nline" } }
        #expect(outcome.after == outcome.before || outcome.after == outcome.expected)
        if outcome.after != outcome.expected { #expect(outcome.error != nil, "the journal was not updated and nobody was told") }
        if outcome.error == nil { #expect(outcome.after == outcome.expected) }
    }

    @Test("rewriting after an edit and a removal", arguments: faults)
    func rewrite(fault: Fault) throws {
        let outcome = try run(fault) { store in
            try store.brew(matching: "aaaa").notes = "edited"
            store.remove(try store.brew(matching: "bbbb"))
        }
        #expect(outcome.after == outcome.before || outcome.after == outcome.expected)
        if outcome.after != outcome.expected { #expect(outcome.error != nil, "the journal was not updated and nobody was told") }
        if outcome.error == nil { #expect(outcome.after == outcome.expected) }
    }
}

@Suite("A failing system call during a repair or a first add leaves nothing half done")
struct RepairAndCreateFaultTests {
    @Test("repair: PATH.rejected gains all the bad lines or none (none when the journal stays as it was), never a fragment", arguments: faults)
    func repair(fault: Fault) throws {
        let folder = TemporaryFolder()
        let before = lineA + "\n{bad one}\n" + lineB + "\n{bad two}\n"
        folder.write("j.jsonl", before)
        folder.write("j.jsonl.rejected", "older\n")
        let system = ScriptedSystemCalls(failing: fault.call, occurrence: fault.occurrence, shortWrites: fault.shortWrites)
        var caught: Error?
        do {
            let journal = try writer(folder.file("j.jsonl"), system: system)
            defer { journal.release() }
            _ = try journal.repair()
        } catch {
            caught = error
        }
        let rejected = folder.text("j.jsonl.rejected")
        #expect(rejected == "older\n" || rejected == "older\n{bad one}\n{bad two}\n", "\(fault): \(String(describing: rejected))")
        let after = folder.text("j.jsonl")
        #expect(after == before || after == lineA + "\n" + lineB + "\n")
        if caught == nil { #expect(after == lineA + "\n" + lineB + "\n") }
        if after == before && system.failed { #expect(caught != nil, "the repair failed and nobody was told") }
        // All or nothing: a repair that did not rewrite the journal takes back its rejected lines.
        if after == before { #expect(rejected == "older\n", "\(fault): the journal was not repaired, yet \(String(describing: rejected))") }
    }

    @Test("a fragment an earlier crash left in PATH.rejected gets its newline before new lines")
    func rejectedFragment() throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n{bad}\n")
        folder.write("j.jsonl.rejected", "half a li")
        let journal = try writer(folder.file("j.jsonl"))
        _ = try journal.repair()
        #expect(folder.text("j.jsonl.rejected") == "half a li\n{bad}\n")
    }

    @Test("a failed first add leaves no journal behind", arguments: faults)
    func firstAdd(fault: Fault) throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        let system = ScriptedSystemCalls(failing: fault.call, occurrence: fault.occurrence, shortWrites: fault.shortWrites)
        var caught: Error?
        do {
            let journal = try writer(path, system: system)
            defer { journal.release() }
            let store = try fileStore(journal)
            store.recordBrew { $0.notes = "first ever" }
            try store.save()
        } catch {
            caught = error
        }
        let text = folder.text("j.jsonl")
        if caught == nil {
            #expect(text?.contains("first ever") == true)
        } else {
            #expect(text == nil, "\(fault): a failed first add left \(String(describing: text))")
        }
    }
}

@Suite("A failed system call is named for what the user was doing, not for a step they never asked for")
struct FailureMessageTests {
    @Test("each message names the right file and cause", arguments: [
        // An existing journal on a read-only mount: the lock file cannot be made, the journal is not "created".
        ("open", 1, EROFS, true, "lock for writing", "the file system is read-only"),
        // `chattr +i` on the journal: appending is not permitted.
        ("open", 3, EPERM, true, "open for appending", "Operation not permitted"),
        // A full inode table while a rewrite makes its temporary file.
        ("open", 3, ENOSPC, false, "cannot create a temporary file in", "No space left on device; nothing was changed"),
        // A file-size limit or a full disk during the append.
        ("write", 1, EFBIG, true, "append to", "File too large; nothing was added"),
    ] as [(String, Int, Int32, Bool, String, String)])
    func messages(call: String, occurrence: Int, code: Int32, appending: Bool, operation: String, reason: String) throws {
        let folder = TemporaryFolder()
        folder.write("j.jsonl", lineA + "\n")
        let system = ScriptedSystemCalls(failing: call, occurrence: occurrence, code: code)
        let error = #expect(throws: JournalError.self) {
            let journal = try writer(folder.file("j.jsonl"), system: system)
            let store = try fileStore(journal)
            if appending { store.recordBrew() } else { store.brews[0].rating = 4 }
            try store.save()
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains(operation) && message.contains(reason), "\(message)")
        #expect(!message.contains("cannot create journal"))
        #expect(folder.text("j.jsonl") == lineA + "\n")
    }
}

extension BrewLogStore {
    /// What the journal text should be once the pending changes are saved (computed independently of FileJournal).
    func pendingChangesApplied(to text: String) throws -> String {
        let changes = pendingChanges
        let removed = Set(changes.removed)
        let updated = Dictionary(changes.updated.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        // A removed brew's tombstone takes its line's place.
        let tombstones = Dictionary(changes.insertedEntries.compactMap { $0.tombstone.map { ($0.id, JournalEntry.removed($0)) } },
                                    uniquingKeysWith: { first, _ in first })
        var lines: [String] = []
        for line in text.split(separator: "\n") {
            let record = try BrewLineCodec.decode(String(line))
            if removed.contains(record.id) {
                if let tombstone = tombstones[record.id] { lines.append(RecordLineCodec.encode(tombstone)) }
                continue
            }
            lines.append(updated[record.id].map(BrewLineCodec.encode) ?? String(line))
        }
        lines += changes.inserted.map(BrewLineCodec.encode)
        return lines.map { $0 + "\n" }.joined()
    }
}

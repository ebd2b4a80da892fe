import Foundation
import Synchronization
import Testing
@testable import BrewLogCore
import BrewLogTestSupport

/// What another program does to the journal's folder.
enum Interference: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// Renames a new version of the journal into place, as sync tools and editors do.
    case replaceJournal
    /// Deletes the lock file and makes a new one, as a user tidying up "stale" files might.
    case replaceLockFile

    var testDescription: String { rawValue }

    static let otherVersion = lineC + "\n"

    func perform(in folder: String) {
        switch self {
        case .replaceJournal:
            let staging = folder + "/elsewhere.tmp"
            _ = FileManager.default.createFile(atPath: staging, contents: Data(Interference.otherVersion.utf8))
            Foundation.rename(staging, folder + "/j.jsonl")
        case .replaceLockFile:
            Foundation.unlink(folder + "/j.jsonl.lock")
            _ = FileManager.default.createFile(atPath: folder + "/j.jsonl.lock", contents: Data())
        }
    }
}

/// The kinds of save, each with the call that commits it (after which an interference is too late to see).
enum SaveKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case append, rewrite

    var testDescription: String { rawValue }

    func mutate(_ store: BrewLogStore) throws {
        switch self {
        case .append:
            store.recordBrew(at: stamp("2026-11-29T09:00:00+01:00")) { $0.notes = "mine" }
        case .rewrite:
            try store.brew(matching: "aaaa").notes = "mine"
        }
    }

    /// The step (from 1) up to which `interference` must be caught, in a clean run's calls: for
    /// a replaced journal, the commit itself (the swap; for an append, the check after its fsync
    /// that the file written is still the journal); for a replaced lock file, the last look at it,
    /// two calls before the commit's write or swap.
    func lastStepCaught(_ interference: Interference, in calls: [String]) -> Int? {
        let commit: Int?
        switch self {
        case .append:
            guard let write = calls.firstIndex(of: "write") else { return nil }
            commit = interference == .replaceLockFile ? write : calls[write...].firstIndex(of: "lstat")
        case .rewrite:
            commit = calls.firstIndex(of: "exchange")
        }
        guard let commit else { return nil }
        return interference == .replaceLockFile ? commit - 1 : commit + 1
    }
}

@Suite("Another program that ignores the lock never loses its change to a writer, nor gets an acknowledged one lost")
struct InterferenceTests {
    struct Outcome {
        var error: Error?
        var after: String?
        var expected: String
        var calls: [String]
    }

    func run(_ kind: SaveKind, _ interference: Interference, at step: Int) throws -> (Outcome, before: String) {
        let folder = TemporaryFolder()
        let before = lineA + "\n" + lineB + "\n"
        folder.write("j.jsonl", before)
        let path = folder.path
        let system = ScriptedSystemCalls(step: step) { interference.perform(in: path) }
        var outcome = Outcome(expected: before, calls: [])
        do {
            let journal = try writer(folder.file("j.jsonl"), system: system)
            defer { journal.release() }
            let store = try fileStore(journal)
            try kind.mutate(store)
            outcome.expected = try store.pendingChangesApplied(to: before)
            system.arm()
            try store.save()
        } catch {
            outcome.error = error
        }
        outcome.after = folder.text("j.jsonl")
        outcome.calls = system.calls
        return (outcome, before)
    }

    @Test("at every step of a save", arguments: SaveKind.allCases, Interference.allCases)
    func everyStep(kind: SaveKind, interference: Interference) throws {
        let (clean, _) = try run(kind, interference, at: Int.max)
        #expect(clean.error == nil)
        let commit = try #require(kind.lastStepCaught(interference, in: clean.calls), "no commit in \(clean.calls)")
        for step in 1...clean.calls.count {
            let (outcome, before) = try run(kind, interference, at: step)
            let caught = outcome.error.map { "\($0)" } ?? "none"
            switch interference {
            case .replaceJournal:
                // The other program's version is never overwritten (it wins when it came last).
                #expect(outcome.after == Interference.otherVersion, "step \(step) (\(outcome.calls[safe: step - 1])): \(caught)")
                if step <= commit {
                    #expect(isChangedByAnother(outcome.error),
                            "step \(step) (\(outcome.calls[safe: step - 1])): replaced before the commit, yet \(caught)")
                }
            case .replaceLockFile:
                if step <= commit {
                    #expect(isChangedByAnother(outcome.error), "step \(step) of \(clean.calls): \(caught)")
                    #expect(outcome.after == before)
                } else {
                    #expect(outcome.error == nil)
                    #expect(outcome.after == outcome.expected)
                }
            }
        }
    }

    func isChangedByAnother(_ error: Error?) -> Bool {
        if case .changedByAnotherProgram = error as? JournalError { return true }
        return false
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

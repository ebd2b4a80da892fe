import Foundation
import Synchronization
import Testing
@testable import BrewLogCore

/// Real system calls that, once armed, let another program act just before the `step`-th call:
/// what a sync tool or a user cleaning up does while a writer holds the lock.
final class InterferingSystemCalls: SystemCalls {
    private let real = PosixSystemCalls()
    private let step: Int
    private let interfere: @Sendable () -> Void
    private struct State {
        var armed = false
        var calls: [String] = []
    }
    private let state = Mutex(State())

    init(step: Int, interfere: @escaping @Sendable () -> Void) {
        self.step = step
        self.interfere = interfere
    }

    /// Starts counting (after the journal is loaded).
    func arm() { state.withLock { $0.armed = true } }

    /// The calls made since arming, in order.
    var calls: [String] { state.withLock { $0.calls } }

    private func note(_ name: String) {
        let due = state.withLock { state -> Bool in
            guard state.armed else { return false }
            state.calls.append(name)
            return state.calls.count == step
        }
        if due { interfere() }
    }

    func open(_ path: String, _ flags: Int32, _ mode: mode_t) throws(SystemCallError) -> Int32 { note("open"); return try real.open(path, flags, mode) }
    func close(_ fd: Int32) { note("close"); real.close(fd) }
    func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int { note("read"); return try real.read(fd, into: buffer) }
    func write(_ fd: Int32, from buffer: UnsafeRawBufferPointer) throws(SystemCallError) -> Int { note("write"); return try real.write(fd, from: buffer) }
    func fsync(_ fd: Int32) throws(SystemCallError) { note("fsync"); try real.fsync(fd) }
    func rename(_ from: String, _ to: String) throws(SystemCallError) { note("rename"); try real.rename(from, to) }
    func exchange(_ first: String, _ second: String) throws(SystemCallError) { note("exchange"); try real.exchange(first, second) }
    func flock(_ fd: Int32, _ operation: Int32) throws(SystemCallError) { note("flock"); try real.flock(fd, operation) }
    func mkdir(_ path: String, _ mode: mode_t) throws(SystemCallError) { note("mkdir"); try real.mkdir(path, mode) }
    func chmod(_ path: String, _ mode: mode_t) throws(SystemCallError) { note("chmod"); try real.chmod(path, mode) }
    func unlink(_ path: String) throws(SystemCallError) { note("unlink"); try real.unlink(path) }
    func fstat(_ fd: Int32) throws(SystemCallError) -> FileStatus { note("fstat"); return try real.fstat(fd) }
    func lstat(_ path: String) throws(SystemCallError) -> FileStatus { note("lstat"); return try real.lstat(path) }
    func readlink(_ path: String) throws(SystemCallError) -> [UInt8] { note("readlink"); return try real.readlink(path) }
    func fchmod(_ fd: Int32, _ mode: mode_t) throws(SystemCallError) { note("fchmod"); try real.fchmod(fd, mode) }
    func fchown(_ fd: Int32, _ owner: uid_t, _ group: gid_t) throws(SystemCallError) { note("fchown"); try real.fchown(fd, owner, group) }
    func ftruncate(_ fd: Int32, _ length: Int) throws(SystemCallError) { note("ftruncate"); try real.ftruncate(fd, length) }
    func pread(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(SystemCallError) -> Int {
        note("pread"); return try real.pread(fd, into: buffer, at: offset)
    }
    func pwrite(_ fd: Int32, from buffer: UnsafeRawBufferPointer, at offset: Int) throws(SystemCallError) -> Int {
        note("pwrite"); return try real.pwrite(fd, from: buffer, at: offset)
    }
}

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
        let system = InterferingSystemCalls(step: step) { interference.perform(in: path) }
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

import Foundation
import Synchronization
import Testing
@testable import BrewLogCore
import BrewLogTestSupport

/// A brew line of BrewLog's own shape, on day `day` of November 2026 (up to 28) or of a later month.
private func brewLine(_ id: String, day: Int, notes: String = "fine", bean: String? = nil) -> String {
    let month = 11 + (day - 1) / 28, date = (day - 1) % 28 + 1
    let when = String(format: "%04d-%02d-%02dT08:00:00+01:00", 2026 + (month - 1) / 12, (month - 1) % 12 + 1, date)
    let bag = bean.map { #","bean":"\#($0)""# } ?? ""
    return #"{"id":"\#(id)","date":"\#(when)","method":"V60","dose":15,"water":250\#(bag),"notes":"\#(notes)"}"#
}

/// A journal of `count` brews (every third naming a bag), a skip day and a line of a kind
/// BrewLog does not know, with `notes` long enough, when asked, that the brews span many blocks.
private func journalText(count: Int, notes: String = "fine") -> String {
    var lines = (1...count).map { brewLine("b\($0)", day: $0, notes: notes, bean: $0 % 3 == 0 ? "Kenya" : nil) }
    lines.insert(#"{"id":"s1","kind":"skip","day":"2026-10-01"}"#, at: min(2, lines.count))
    lines.insert(#"{"id":"k1","kind":"recipe-card","name":"from another tool"}"#, at: min(4, lines.count))
    return lines.joined(separator: "\n") + "\n"
}

/// A journal of 1,000 brews with long notes (about 420 KB: seven 64 KiB blocks) in `folder` as
/// `j.jsonl`, and its text. Brew `b500`'s line is in the fourth block: neither the first nor the
/// last two, which an index that is not racy hashes.
private func largeJournal(in folder: TemporaryFolder) -> String {
    let text = journalText(count: 1000, notes: String(repeating: "notes ", count: 40))
    folder.write("j.jsonl", text)
    return text
}

/// Where brew `b500`'s id starts in `text` (ASCII, so characters are bytes), checked to lie in a
/// block an index that is not racy leaves unhashed.
private func middleOffset(in text: String) throws -> Int {
    let offset = try #require(text.range(of: "\"b500\"")).lowerBound.utf16Offset(in: text)
    let lastBlock = text.utf8.count / BlockHasher.blockSize
    #expect(![0, lastBlock - 1, lastBlock].contains(offset / BlockHasher.blockSize))
    return offset
}

/// Everything a load gives, in a form two loads can be compared by.
private struct Loaded: Equatable, CustomStringConvertible {
    let brews: [BrewRecord]
    let entries: [JournalEntry]
    let unknownKindCount: Int
    let unknownKindIDs: Set<BrewID>
    let linked: [Int]?
    let readFailure: String?

    var description: String { "\(brews.count) brews, \(entries.count) records, \(unknownKindCount) unknown, linked \(linked ?? [])" }
}

/// The outcome of loading `path`: what it holds, or the error's words.
private enum Outcome: Equatable {
    case loaded(Loaded)
    case failed(String)
}

/// Loads `path` with the index (when `indexed`), through `system`; also says how it was read.
private func indexedLoad(_ path: String, indexed: Bool = true, system: any SystemCalls = PosixSystemCalls()) -> (Outcome, LockedJournal.LoadSource?) {
    do {
        return try FileJournal(path: path, system: system, indexed: indexed).reading(timeout: 1) { journal throws(JournalError) in
            let snapshot = try journal.load()
            let loaded = Loaded(brews: snapshot.records, entries: snapshot.entries, unknownKindCount: snapshot.unknownKindCount,
                                unknownKindIDs: snapshot.unknownKindIDs, linked: snapshot.linked, readFailure: snapshot.readFailure)
            return (.loaded(loaded), journal.loadedFrom)
        }
    } catch {
        return (.failed("\(error)"), nil)
    }
}

/// What a full read of `path`, without any index, says: what every load must agree with.
private func reference(_ path: String) -> Outcome {
    indexedLoad(path, indexed: false).0
}

/// Overwrites the bytes of `path` at `offset` with `bytes`, in place (same inode, same size).
private func overwrite(_ path: String, at offset: Int, with bytes: String) throws {
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    defer { try? handle.close() }
    try handle.seek(toOffset: UInt64(offset))
    try handle.write(contentsOf: Data(bytes.utf8))
}

/// Appends `text` to `path` as another program would: no lock, no index.
private func appendUnlocked(_ path: String, _ text: String) throws {
    let handle = try #require(FileHandle(forWritingAtPath: path))
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
}

/// The modification time of `path` to the nanosecond, to put back after a change (as `touch -r` would).
private func modificationTime(_ path: String) -> timespec {
    var info = stat()
    _ = stat(path, &info)
    return info.st_mtim
}

/// Sets the modification time of `path` back to `time`.
private func setModificationTime(_ path: String, _ time: timespec) {
    var times = [time, time]
    _ = utimensat(AT_FDCWD, path, &times, 0)
}

@Suite("The index beside the journal is used only while it matches, and never changes an answer")
struct JournalIndexTests {
    @Test("a full read leaves an index, and the next load takes everything from it")
    func fullReadThenIndex() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", journalText(count: 40))
        let first = indexedLoad(path)
        #expect(first.1 == .wholeFile)
        #expect(FileManager.default.fileExists(atPath: path + ".index"))
        let second = indexedLoad(path)
        #expect(second.1 == .index)
        #expect(second.0 == reference(path))
        guard case let .loaded(loaded) = second.0 else { Issue.record("the journal did not load"); return }
        #expect(loaded.brews.count == 40)
        #expect(loaded.unknownKindCount == 1)
    }

    @Test("a journal without the index option neither writes nor reads one")
    func notIndexed() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", journalText(count: 5))
        #expect(indexedLoad(path, indexed: false).1 == .wholeFile)
        #expect(!FileManager.default.fileExists(atPath: path + ".index"))
    }

    @Test("lines another program appended are validated on their own and joined to the index",
          arguments: [1, 10, 3000])
    func grown(by count: Int) throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", journalText(count: 300, notes: String(repeating: "long notes ", count: 30)))
        _ = indexedLoad(path)
        try appendUnlocked(path, (1...count).map { brewLine("n\($0)", day: $0, bean: $0 % 2 == 0 ? "Kenya" : nil) + "\n" }.joined())
        let grown = indexedLoad(path)
        #expect(grown.1 == .indexAndNewLines)
        #expect(grown.0 == reference(path))
        // The index now covers the new lines too.
        #expect(indexedLoad(path).1 == .index)
    }

    @Test("an appended line that breaks a rule is reported as a full read reports it", arguments: [
        brewLine("b7", day: 2) + "\n",                                     // an id the index holds
        #"{"id":"s2","kind":"skip","day":"2026-10-01"}"# + "\n",           // a second skip record for a day
        #"{"id":"k1","kind":"other"}"# + "\n",                            // the id of a line of unknown kind
        #"{"id":"s1","kind":"skip","day":"2026-10-02"}"# + "\n",           // a record's id
        "{\"id\":\"x\",\"date\":\n",                                    // not JSON
        brewLine("fine1", day: 3) + "\n" + brewLine("fine1", day: 4) + "\n", // a duplicate among the new lines
    ])
    func grownBadly(_ appended: String) throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", journalText(count: 12))
        _ = indexedLoad(path)
        try appendUnlocked(path, appended)
        let expected = reference(path)
        guard case .failed = expected else { Issue.record("the reference read accepted \(appended)"); return }
        #expect(indexedLoad(path).0 == expected)
    }

    @Test("a journal whose last line had no newline, then grew, is read in full")
    func grownFromUnterminated() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", brewLine("a", day: 1) + "\n" + #"{"id":"b","date":"2026-11-02T08:00:00+01:00","notes":"x"#)
        _ = indexedLoad(path)
        try appendUnlocked(path, "y\"}\n")
        let after = indexedLoad(path)
        #expect(after.1 == .wholeFile)
        #expect(after.0 == reference(path))
    }

    @Test("a truncated, replaced or rewritten journal is read in full",
          arguments: ["truncate", "replace", "rewrite-same-size", "empty", "rewrite-and-append"])
    func changed(_ change: String) throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        let text = largeJournal(in: folder)
        _ = indexedLoad(path)
        switch change {
        case "truncate":
            let cut = try #require(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: text.utf8.count / 2)...].firstIndex(of: 0x0A))
            try FileHandle(forUpdatingAtPath: path).map { try $0.truncate(atOffset: UInt64(text.utf8.distance(from: text.utf8.startIndex, to: cut) + 1)); try $0.close() }
        case "replace":
            folder.write("other.jsonl", journalText(count: 3))
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.moveItem(atPath: folder.file("other.jsonl"), toPath: path)
        case "empty":
            folder.write("j.jsonl", "")
        case "rewrite-and-append":
            // Grown, but changed in the middle too: not a journal that only grew.
            try overwrite(path, at: try middleOffset(in: text), with: "\"c500\"")
            try appendUnlocked(path, brewLine("new", day: 9) + "\n")
        default:
            // The middle of the file, far from its first and last blocks, same size, modification time put back.
            let when = modificationTime(path)
            try overwrite(path, at: try middleOffset(in: text), with: "\"c500\"")
            setModificationTime(path, when)
            #expect(modificationTime(path).tv_sec == when.tv_sec && modificationTime(path).tv_nsec == when.tv_nsec)
        }
        let after = indexedLoad(path)
        #expect(after.1 == .wholeFile)
        #expect(after.0 == reference(path))
    }

    @Test("when the journal was written within a clock tick of its stat, every block is hashed before the index is trusted")
    func racy() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        let text = largeJournal(in: folder)
        // A coarse clock: every write leaves the file's times at `second`, and the index is made
        // half a tick after it, so a write in that same tick leaves `stat` exactly as it was.
        let second: Int64 = 1_800_000_000_000_000_000
        let coarse = ScriptedSystemCalls(frozenTimes: second, clock: second + 2_000_000, tick: 4_000_000)
        #expect(indexedLoad(path, system: coarse).1 == .wholeFile)
        try overwrite(path, at: try middleOffset(in: text), with: "\"c500\"")
        let after = indexedLoad(path, system: coarse)
        #expect(after.1 == .wholeFile)
        #expect(after.0 == reference(path))
        // Once the journal is hashed whole, a tick later, its index is trusted on its `stat` alone.
        let later = ScriptedSystemCalls(frozenTimes: second, clock: second + 10_000_000, tick: 4_000_000)
        #expect(indexedLoad(path, system: later).1 == .index)
        #expect(indexedLoad(path, system: later).0 == reference(path))
    }

    @Test("check reads every line even when the index would have been trusted")
    func checkReadsEverything() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        let text = largeJournal(in: folder)
        // Not racy: the index is made long after the journal's times.
        let frozen = ScriptedSystemCalls(frozenTimes: 1_000, clock: 1_000_000_000_000, tick: 4_000_000)
        _ = indexedLoad(path, system: frozen)
        try overwrite(path, at: try middleOffset(in: text), with: "\"b100\"")
        #expect(indexedLoad(path, system: frozen).1 == .index, "the index, not racy, trusts what it cannot see")
        let report = try FileJournal(path: path, system: frozen, indexed: true).reading(timeout: 1) { journal throws(JournalError) in
            try journal.check()
        }
        #expect(report.problems.map(\.reason).contains { $0.contains("duplicate id 'b100'") })
    }

    @Test("a damaged index (every length it could be cut to, every byte flipped) is never used and never an error")
    func damaged() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", journalText(count: 6))
        _ = indexedLoad(path)
        let index = try #require(folder.bytes("j.jsonl.index"))
        let expected = reference(path)
        var used: [Int] = []
        for length in 0..<index.count {
            try Data(index[..<length]).write(to: URL(fileURLWithPath: path + ".index"))
            let result = indexedLoad(path)
            if result.1 != .wholeFile { used.append(length) }
            #expect(result.0 == expected)
        }
        for position in index.indices {
            var flipped = index
            flipped[position] ^= 0x20
            try Data(flipped).write(to: URL(fileURLWithPath: path + ".index"))
            let result = indexedLoad(path)
            if result.1 != .wholeFile { used.append(-position) }
            #expect(result.0 == expected)
        }
        #expect(used.isEmpty, "a damaged index was used: \(used)")
    }

    @Test("an index whose sums hold but whose id is no id (a byte not UTF-8, a slash) is refused, not read as a repaired id",
          arguments: [0xFF as UInt8, 0x2F])
    func checksummedButNoID(_ byte: UInt8) throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", journalText(count: 6))
        _ = indexedLoad(path)
        var index = try #require(folder.bytes("j.jsonl.index"))
        // The magic line, 13 header words, the first brew's two words and its id's length byte.
        index[JournalIndex.magic.count + 13 * 8 + 16 + 1] = byte
        var hasher = BlockHasher()
        index[..<(index.count - 8)].withUnsafeBytes { hasher.add($0) }
        withUnsafeBytes(of: ContentHash.combining(hasher.hashes).littleEndian) { index.replaceSubrange((index.count - 8)..., with: $0) }
        try Data(index).write(to: URL(fileURLWithPath: path + ".index"))
        let result = indexedLoad(path)
        #expect(result.1 == .wholeFile)
        #expect(result.0 == reference(path))
    }

    @Test("another journal's index, an index that is a folder, a link or a FIFO: ignored", arguments: ["foreign", "folder", "symlink", "fifo"])
    func foreign(_ kind: String) throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", journalText(count: 8))
        folder.write("other.jsonl", journalText(count: 9))
        _ = indexedLoad(folder.file("other.jsonl"))
        let index = path + ".index"
        switch kind {
        case "foreign": try FileManager.default.copyItem(atPath: folder.file("other.jsonl.index"), toPath: index)
        case "folder": try FileManager.default.createDirectory(atPath: index, withIntermediateDirectories: false)
        case "symlink": try FileManager.default.createSymbolicLink(atPath: index, withDestinationPath: folder.file("other.jsonl.index"))
        default: #expect(mkfifo(index, 0o600) == 0)
        }
        let result = indexedLoad(path)
        #expect(result.1 == .wholeFile)
        #expect(result.0 == reference(path))
    }

    @Test("saves leave an index that describes what they wrote", arguments: ["append", "edit", "remove", "skip"])
    func saves(_ change: String) throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", journalText(count: 300, notes: String(repeating: "notes ", count: 40)))
        let journal = try FileJournal(path: path, indexed: true).open(.writing, timeout: 1)
        let store = BrewLogStore(journal: journal,
                                 clock: .fixed(Date(timeIntervalSince1970: 1_795_000_000)), timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt)
        try store.load()
        switch change {
        case "append":
            _ = store.recordBrew { $0.method = "AeroPress"; $0.bean = "Kenya" }
        case "edit":
            let brew = try #require(store.brews.first { $0.id.rawValue == "b150" })
            brew.notes = "changed, and a bag now"
            brew.bean = "Kenya"
        case "remove":
            let brew = try #require(store.brews.first { $0.id.rawValue == "b151" })
            store.remove(brew)
        default:
            _ = store.recordSkip(on: try #require(CalendarDay(year: 2026, month: 10, day: 2)), notes: "travel")
        }
        try store.save()
        journal.release()
        let after = indexedLoad(path)
        #expect(after.1 == .index)
        #expect(after.0 == reference(path))
    }

    @Test("another program appending while loads run: each load sees whole lines, and the last sees them all")
    func racingAppender() async throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", journalText(count: 50))
        _ = indexedLoad(path)
        let done = Atomic(false)
        let appender = Task.detached {
            for number in 1...300 {
                try? appendUnlocked(path, brewLine("r\(number)", day: number % 300 + 1) + "\n")
            }
            done.store(true, ordering: .sequentiallyConsistent)
        }
        var seen: [Int] = []
        while !done.load(ordering: .sequentiallyConsistent) {
            if case let .loaded(loaded) = indexedLoad(path).0 { seen.append(loaded.brews.count) }
        }
        await appender.value
        #expect(seen == seen.sorted())
        let final = indexedLoad(path)
        #expect(final.0 == reference(path))
        guard case let .loaded(loaded) = final.0 else { Issue.record("the journal did not load"); return }
        #expect(loaded.brews.count == 350)
    }

    @Test("a failing system call while the index is read or written never fails the load, and never misleads the next one",
          arguments: ["open", "read", "pread", "fstat", "lstat", "write", "rename", "unlink"], [1, 2, 3, 4, 5, 6])
    func faults(_ call: String, _ occurrence: Int) throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", journalText(count: 200, notes: String(repeating: "notes ", count: 40)))
        _ = indexedLoad(path)
        try appendUnlocked(path, brewLine("late", day: 3) + "\n")
        let faulty = ScriptedSystemCalls(failing: call, occurrence: occurrence)
        let expected = reference(path)
        let result = indexedLoad(path, system: faulty)
        switch result.0 {
        case .failed:
            // Only a failure of the journal's own reading may fail a load, as it would without an index.
            #expect(["open", "read", "pread", "fstat", "lstat"].contains(call))
        case let .loaded(loaded) where loaded.readFailure != nil:
            // A brew's line that could not be read again: the store refuses to save, as without an index.
            #expect(call == "pread")
        case .loaded:
            #expect(result.0 == expected)
        }
        #expect(indexedLoad(path).0 == expected)
    }

    @Test("a rewrite refuses a journal whose bytes changed without its times (a write through a shared memory mapping), and drops the index")
    func rewriteChecksWhatItCopies() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        let text = largeJournal(in: folder)
        // Times that never move, long before the clock: the index is trusted on its `stat`.
        let frozen = ScriptedSystemCalls(frozenTimes: 1_000, clock: 1_000_000_000_000, tick: 4_000_000)
        _ = indexedLoad(path, system: frozen)
        // A brew's notes, in the middle, same size: nothing a `stat` shows.
        try overwrite(path, at: try middleOffset(in: text) + 120, with: "XXXXX")
        let changed = try #require(folder.text("j.jsonl"))
        let journal = try FileJournal(path: path, system: frozen, indexed: true).open(.writing, timeout: 1)
        let store = BrewLogStore(journal: journal, clock: .fixed(Date(timeIntervalSince1970: 1_795_000_000)), timeZone: TimeZone.gmt)
        try store.load()
        #expect(journal.loadedFrom == .index)
        let id = try #require(BrewID("b900"))
        try #require(store.brew(id: id)).notes = "edited"
        #expect { try store.save() } throws: { error in
            guard case let .changedByAnotherProgram(_, what)? = error as? JournalError else { return false }
            return what.contains("in place")
        }
        journal.release()
        #expect(folder.text("j.jsonl") == changed)
        #expect(!FileManager.default.fileExists(atPath: path + ".index"))
        let after = indexedLoad(path, system: frozen)
        #expect(after.1 == .wholeFile)
        #expect(after.0 == reference(path))
    }

    @Test("whoever writes an index removes the temporary index files of processes that are gone, and only those")
    func staleTemporaryIndexes() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", journalText(count: 5))
        let dead = ".j.jsonl.index.tmp-\(try deadProcessID())-42"
        let alive = ".j.jsonl.index.tmp-\(getpid() == 1 ? 2 : 1)-42"
        folder.write(dead, "half an index")
        folder.write(alive, "someone's index")
        #expect(indexedLoad(path).1 == .wholeFile)
        #expect(!folder.contents().contains(dead))
        #expect(folder.contents().contains(alive))
    }

    @Test("check reads every line and leaves no index of its own")
    func checkLeavesNoIndex() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", journalText(count: 9))
        let report = try FileJournal(path: path, indexed: true).reading(timeout: 1) { journal throws(JournalError) in try journal.check() }
        #expect(report.problems.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path + ".index"))
        #expect(indexedLoad(path).1 == .wholeFile)
    }

    @Test("an index another user owns is not read")
    func othersIndex() throws {
        let folder = TemporaryFolder()
        let path = folder.file("j.jsonl")
        folder.write("j.jsonl", journalText(count: 9))
        _ = indexedLoad(path)
        let someoneElse: uid_t = geteuid() == 65_534 ? 65_533 : 65_534
        // Only the superuser can give a file away; another user's run checks the index is used.
        let givenAway = chown(path + ".index", someoneElse, getegid()) == 0
        let result = indexedLoad(path)
        #expect(result.1 == (givenAway ? .wholeFile : .index))
        #expect(result.0 == reference(path))
    }

    @Test("the hashes of blocks do not depend on how the bytes are cut", arguments: [1, 7, 4096, 65_535, 65_536, 100_000])
    func blockHashes(piece: Int) {
        var generator = SeededRandomGenerator(seed: 7)
        let bytes = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var whole = BlockHasher()
        bytes.withUnsafeBytes { whole.add($0) }
        var cut = BlockHasher()
        for start in stride(from: 0, to: bytes.count, by: piece) {
            bytes[start..<min(bytes.count, start + piece)].withUnsafeBytes { cut.add($0) }
        }
        #expect(cut.hashes == whole.hashes)
        #expect(whole.hashes.count == 200_000 / BlockHasher.blockSize + 1)
        var changed = bytes
        changed[150_000] ^= 1
        var other = BlockHasher()
        changed.withUnsafeBytes { other.add($0) }
        #expect(other.hashes[2] != whole.hashes[2])
        #expect(other.hashes[0...1] == whole.hashes[0...1])
    }
}

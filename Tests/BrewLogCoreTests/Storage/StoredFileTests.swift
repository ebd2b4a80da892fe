import Foundation
import Testing
@testable import BrewLogCore
import BrewLogTestSupport

/// The config file is written by the journal's storage engine: every system call failing in
/// turn, and another program replacing the file or its lock at every step, leave it whole.
@Suite("A file read and replaced whole (the config file) survives failing calls and other programs")
struct StoredFileTests {
    static let before = "[ui]\n\tcolor = auto\n"
    static let after = "[ui]\n\tcolor = never\n"

    private func update(_ folder: TemporaryFolder, system: any SystemCalls) -> Error? {
        do {
            try StoredFile(path: folder.file("config"), subject: "config file", system: system)
                .update(limit: 4 << 20, lockTimeout: 1) { _ in Array(Self.after.utf8) }
            return nil
        } catch {
            return error
        }
    }

    @Test("a failing system call leaves the old text or the new one, says so when it is the old, and leaves no temporary file", arguments: faults)
    func fault(fault: Fault) {
        let folder = TemporaryFolder()
        folder.write("config", Self.before)
        let error = update(folder, system: ScriptedSystemCalls(failing: fault.call, occurrence: fault.occurrence, shortWrites: fault.shortWrites))
        let text = folder.text("config")
        #expect(text == Self.before || text == Self.after)
        if text != Self.after { #expect(error != nil, "the file was not updated and nobody was told") }
        let leftovers = folder.contents().filter { $0.contains(".tmp-") }
        #expect(leftovers.count <= (fault.call == "unlink" ? 1 : 0), "temporary files left behind: \(leftovers)")
    }

    @Test("a new file in a new folder is all there or not there at all", arguments: faults)
    func faultCreating(fault: Fault) {
        let folder = TemporaryFolder()
        let config = folder.file("brewlog/config")
        let error: Error?
        do {
            try StoredFile(path: config, subject: "config file",
                           system: ScriptedSystemCalls(failing: fault.call, occurrence: fault.occurrence, shortWrites: fault.shortWrites))
                .update(limit: 4 << 20, lockTimeout: 1) { _ in Array(Self.after.utf8) }
            error = nil
        } catch let caught {
            error = caught
        }
        let text = FileManager.default.contents(atPath: config).map { String(decoding: $0, as: UTF8.self) }
        #expect(text == nil || text == Self.after)
        if text == nil { #expect(error != nil) }
    }

    @Test("the file or its lock file replaced by another program at any step: the write is refused, nothing of the other program's is lost",
          arguments: Array(1...24))
    func interference(step: Int) {
        for interference in ["file", "lock"] {
            let folder = TemporaryFolder()
            folder.write("config", Self.before)
            let other = "[ui]\n\tcolor = always\n"
            let path = folder.path
            let system = ScriptedSystemCalls(step: step) {
                if interference == "file" {
                    _ = FileManager.default.createFile(atPath: path + "/elsewhere", contents: Data(other.utf8))
                    Foundation.rename(path + "/elsewhere", path + "/config")
                } else {
                    Foundation.unlink(path + "/config.lock")
                    _ = FileManager.default.createFile(atPath: path + "/config.lock", contents: Data())
                }
            }
            system.arm()
            let error = update(folder, system: system)
            let text = folder.text("config")
            if error == nil {
                // The interference came after the commit, or (a new lock file) too early to matter.
                #expect(text == Self.after || (interference == "file" && text == other), "\(interference) at \(step): \(text ?? "nil")")
            } else if interference == "file" {
                #expect(text == other, "\(interference) at \(step): the other program's version was lost: \(text ?? "nil")")
            } else {
                #expect(text == Self.before, "\(interference) at \(step): \(text ?? "nil")")
            }
        }
    }

    @Test("bytes past the limit are refused and nothing is written; a file past it is refused when read")
    func limit() throws {
        let folder = TemporaryFolder()
        folder.write("config", Self.before)
        let file = StoredFile(path: folder.file("config"), subject: "config file")
        let limit = Self.before.utf8.count + 2
        let tooMuch = Array(String(repeating: "#", count: limit + 1).utf8)
        #expect(throws: JournalError.tooLarge(path: folder.file("config"), size: limit + 1, limit: limit)) {
            try file.update(limit: limit, lockTimeout: 1) { _ in tooMuch }
        }
        #expect(folder.text("config") == Self.before)
        #expect(throws: JournalError.tooLarge(path: folder.file("config"), size: Self.before.utf8.count, limit: 10)) {
            try file.read(limit: 10)
        }
        #expect(try file.read(limit: 100) == Array(Self.before.utf8))
    }
}

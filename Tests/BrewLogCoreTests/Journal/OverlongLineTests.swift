import Foundation
import Testing
@testable import BrewLogCore
import BrewLogTestSupport

/// A line past the 16 MiB limit is reported by its length, never held whole: memory follows the
/// brews, not the longest line.
@Suite("a line longer than a journal line may be is read through in bounded memory")
struct OverlongLineTests {
    /// Where the long line sits in the journal.
    enum Layout: String, CaseIterable, CustomTestStringConvertible {
        case middle, lastWithoutNewline, first

        var testDescription: String { rawValue }
    }

    private static let first = #"{"id":"aaaa0001","date":"2026-11-20T08:00:00Z","rating":3}"# + "\n"
    private static let after = #"{"id":"cccc0001","date":"2026-11-21T08:00:00Z","rating":4}"# + "\n"
    /// Past twice the limit: a load that kept growing its buffers to hold it would read it into 64 MiB.
    private static let overlongLength = (33 << 20) + 100

    /// Writes the long line in pieces, so the test holds no copy of it.
    private func write(_ layout: Layout) throws -> String {
        let path = NSTemporaryDirectory() + "brewlog-overlong-" + UUID().uuidString + ".jsonl"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let file = try FileHandle(forWritingAtPath: path).unwrap()
        defer { try? file.close() }
        if layout == .middle { file.write(Data(Self.first.utf8)) }
        let head = Data(#"{"id":"bbbb0001","date":"2026-11-20T09:00:00Z","notes":""#.utf8), tail = Data(#""}"#.utf8)
        let piece = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        var left = Self.overlongLength - head.count - tail.count
        file.write(head)
        while left > 0 {
            file.write(piece.prefix(left))
            left -= min(left, piece.count)
        }
        file.write(tail)
        switch layout {
        case .middle: file.write(Data(("\n" + Self.after + "not json\n").utf8))
        case .lastWithoutNewline: break
        case .first: file.write(Data(("\n" + Self.after).utf8))
        }
        return path
    }

    @Test("load stops at the long line by its number; check lists it and every problem after it; no read buffer passes twice the limit",
          arguments: Layout.allCases)
    func bounded(layout: Layout) throws {
        let path = try write(layout)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (problemLines, brews) = switch layout {
        case .middle: ([2, 4], 2)
        case .lastWithoutNewline: ([1], 0)
        case .first: ([1], 1)
        }
        let system = ScriptedSystemCalls(readLimit: Int.max)
        let journal = try FileJournal(path: path, system: system).open(.reading, timeout: 1)
        let reason = "the line is \(Self.overlongLength) bytes long, more than the 16 MiB a journal line may be"
        #expect(throws: JournalError.malformedLine(path: path, line: problemLines[0], reason: reason)) {
            try journal.load()
        }
        let report = try journal.check()
        #expect(report.problems.map(\.line) == problemLines)
        #expect(report.problems.first?.reason == reason)
        #expect(report.brewCount == brews)
        #expect(system.largestReadBuffer <= 2 * (16 << 20), "a read buffer of \(system.largestReadBuffer) bytes")
    }
}

private extension Optional {
    /// The value, or a thrown error for a test that cannot go on without it.
    func unwrap() throws -> Wrapped {
        guard let self else { throw CocoaError(.fileNoSuchFile) }
        return self
    }
}

// Foundation, not FoundationEssentials alone: time zones by name need its time zone data.
import Foundation
@testable import BrewLogCore

/// The day the importers take as today (no bag may be roasted, opened or finished after it).
let importToday = CalendarDay(year: 2026, month: 12, day: 1) ?? CalendarDay(daysSinceEpoch: 0)

/// The zone an importer places local times in: one with daylight saving time, so its gaps and
/// repeated hours are reached.
let importZone: TimeZone = {
    guard let zone = TimeZone(identifier: "America/New_York") else { fatalError("no time zone data for America/New_York") }
    return zone
}()

/// Checks what `importer` gave as a journal would hold it: no id twice, every brew one the
/// journal takes and unchanged through its line, every record of another kind likewise.
func checkImported(_ contents: ExchangeContents, from importer: String) {
    var ids = Set<BrewID>()
    for record in contents.records {
        invariant(ids.insert(record.id).inserted, "\(importer) gave the id \(record.id) twice")
        let line = BrewLineCodec.encode(record)
        switch Result(catching: { () throws(LineProblem) in try BrewLineCodec.decode(line) }) {
        case let .success(again):
            invariant(again == record,
                      "\(importer) gave a brew that changes through its line:\n  before \(record)\n  after  \(again)")
        case let .failure(problem):
            invariant(false, "\(importer) gave a brew the journal refuses (\(problem.reason)): \(line)")
        }
    }
    for entry in contents.entries {
        invariant(ids.insert(entry.id).inserted, "\(importer) gave the id \(entry.id) twice")
        let line = RecordLineCodec.encode(entry)
        switch Result(catching: { () throws(LineProblem) in try RecordLineCodec.decode(line) }) {
        case let .success(again):
            invariant(again == .entry(entry), "\(importer) gave a record that changes through its line:\n  before \(entry)\n  after  \(String(describing: again))")
        case let .failure(problem):
            invariant(false, "\(importer) gave a record the journal refuses (\(problem.reason)): \(line)")
        }
    }
}

/// Feeds `bytes` to `decoder` in blocks of `size` bytes, as the command line feeds a file.
func feedInBlocks(_ bytes: [UInt8], of size: Int, into decoder: inout some ForeignExportDecoder) {
    var start = 0
    while start < bytes.count {
        let end = min(bytes.count, start + size)
        bytes[start..<end].withUnsafeBufferPointer { decoder.feed($0) }
        start = end
    }
}

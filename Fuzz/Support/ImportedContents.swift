// Foundation, not FoundationEssentials alone: time zones by name need its time zone data.
import Foundation
@testable import BrewLogCore

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
            // RFC 3339 writes an offset in whole minutes, so a moment in a zone's local mean time
            // (New York's -04:56:02 before 1883) moves by its seconds: a known difference, let pass
            // (`excused(_:)`) so that the run goes on to find others.
            invariant(again == record || excused(record.timestamp.utcOffsetSeconds % 60 != 0),
                      "\(importer) gave a brew that changes through its line:\n  before \(record)\n  after  \(again)")
        case let .failure(problem):
            invariant(excused(keptTwice(problem)), "\(importer) gave a brew the journal refuses (\(problem.reason)): \(line)")
        }
    }
    for entry in contents.entries {
        invariant(ids.insert(entry.id).inserted, "\(importer) gave the id \(entry.id) twice")
        let line = RecordLineCodec.encode(entry)
        switch Result(catching: { () throws(LineProblem) in try RecordLineCodec.decode(line) }) {
        case let .success(again):
            invariant(again == .entry(entry), "\(importer) gave a record that changes through its line:\n  before \(entry)\n  after  \(String(describing: again))")
        case let .failure(problem):
            invariant(excused(keptTwice(problem)), "\(importer) gave a record the journal refuses (\(problem.reason)): \(line)")
        }
    }
}

/// Whether the journal refuses a line for an unknown key written twice: Beanconqueror's importer
/// keeps a key the export gives twice twice, and a record's own `uuid` key beside the uuid it
/// keeps from `config`. A known difference, let pass (`excused(_:)`) so that the run goes on to
/// find others.
private func keptTwice(_ problem: LineProblem) -> Bool {
    problem.reason.hasPrefix("malformed JSON") && problem.reason.contains("duplicate key \"beanconqueror_")
}

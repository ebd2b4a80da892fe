@testable import BrewLogCore

/// Loop Habit Tracker's `Checkmarks.csv` through its importer, for each habit its header names
/// (the first few): refused with problems, or brews and skip days the journal takes
/// (``checkImported(_:from:)``). A name the header does not hold is refused.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(inputBuffer(data, size))
    guard case let .success(habits) = LoopExport.habits(in: bytes) else { return 0 }
    for habit in habits.prefix(3) {
        let whole = LoopExport.decode(bytes, habit: habit, timeZone: importZone)
        var decoder = LoopExport.Decoder(habit: habit, timeZone: importZone)
        let block = 1 + Int(bytes.first ?? 0) % 13
        feedInBlocks(bytes, of: block, into: &decoder)
        decoder.endOfFile()
        invariant(decoder.habitChoice != nil || decoder.finish() == whole, "Loop read in blocks of \(block) differs from read whole")
        switch whole {
        case let .success(contents): checkImported(contents, from: "Loop")
        case let .failure(problems): invariant(!problems.problems.isEmpty, "Loop failed without a problem")
        }
    }
    let absent = habits.joined(separator: ",") + "\u{1}"
    if case .success = LoopExport.decode(bytes, habit: absent, timeZone: importZone) {
        invariant(false, "Loop took a habit the header does not name")
    }
    return 0
}

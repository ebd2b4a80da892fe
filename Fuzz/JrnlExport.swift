@testable import BrewLogCore

/// jrnl's JSON export through its importer: refused with problems, or brews the journal takes
/// (``checkImported(_:from:)``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(inputBuffer(data, size))
    let whole = JrnlExport.decode(bytes, timeZone: importZone)
    var decoder = JrnlExport.Decoder(timeZone: importZone)
    let block = 1 + Int(bytes.first ?? 0) % 13
    feedInBlocks(bytes, of: block, into: &decoder)
    decoder.endOfFile()
    invariant(decoder.finish() == whole, "jrnl read in blocks of \(block) differs from read whole")
    switch whole {
    case let .success(contents): checkImported(contents, from: "jrnl")
    case let .failure(problems): invariant(!problems.problems.isEmpty, "jrnl failed without a problem")
    }
    // Picking the brews by tag, a method tag becoming the method: a subset of the same entries.
    let picked = JrnlExport.decode(bytes, timeZone: importZone, selection: JrnlExport.Selection(tags: ["v60", "coffee"], methods: ["v60": "V60"]))
    if case let .success(contents) = picked {
        checkImported(contents, from: "jrnl")
        if case let .success(all) = whole { invariant(contents.records.count <= all.records.count, "jrnl picked more brews than it read") }
    } else if case .success = whole {
        invariant(false, "jrnl failed only when picking brews")
    }
    return 0
}

@testable import BrewLogCore

/// jrnl's JSON export through its importer: refused with problems, or brews the journal takes
/// (``checkImported(_:from:)``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    switch JrnlExport.decode(Array(inputBuffer(data, size)), timeZone: importZone) {
    case let .success(contents): checkImported(contents, from: "jrnl")
    case let .failure(problems): invariant(!problems.problems.isEmpty, "jrnl failed without a problem")
    }
    return 0
}

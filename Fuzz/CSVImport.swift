@testable import BrewLogCore

/// A CSV import file, its delimiter sniffed, through the decoder and the stream judge. A file the
/// decoder takes gives brews the journal takes (``checkImported(_:from:)``), written out as CSV
/// again it reads back as the same brews (the keys BrewLog has no column for aside), and the
/// judge, which sees it line by line as an import does, found no line of it bad.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(inputBuffer(data, size))
    let dialect = CSVDialect(localTimeZone: importZone)
    guard case let .success(contents) = ExchangeFormat.csv.decodeContents(bytes, csv: dialect) else { return 0 }
    checkImported(contents, from: "CSV")

    // An import judges each line as its newline arrives: a last line without one is not judged.
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
    var judge = StreamJudge(format: .csv)
    var lineNumber = 0
    for line in lines {
        lineNumber += 1
        let good = Array(line).withUnsafeBufferPointer { judge.judge($0) }
        invariant(good, "the stream judge calls line \(lineNumber) bad in a file the decoder takes")
    }

    let written = ExchangeFormat.csv.encode(contents.records.map(Brew.init(record:)))
    switch ExchangeFormat.csv.decodeContents(Array(written.utf8), csv: dialect) {
    case let .success(again):
        let before = contents.records.map { record in
            var known = record
            known.unknownFields = []
            return known
        }
        invariant(again.records == before, "the brews changed through a CSV export:\n  before \(before)\n  after  \(again.records)\n  file   \(written.debugDescription)")
    case let .failure(problems):
        invariant(false, "the CSV BrewLog wrote is refused (\(problems.problems)): \(written.debugDescription)")
    }
    return 0
}

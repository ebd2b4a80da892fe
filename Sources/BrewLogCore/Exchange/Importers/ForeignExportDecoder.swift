/// An importer of another tool's export, fed the file block by block as it is read, so that it
/// judges each record as it arrives: a file that is garbage, huge or endless ends as soon as
/// enough is wrong, in memory bounded by the records it keeps.
public protocol ForeignExportDecoder {
    /// Whether so much is wrong that reading on would only find more: the reader stops.
    var hasEnoughProblems: Bool { get }
    /// Reads the next block of the file.
    mutating func feed(_ block: UnsafeBufferPointer<UInt8>)
    /// The file is at its end.
    mutating func endOfFile()
    /// The records read, or every problem found.
    mutating func finish() -> Result<ExchangeContents, ForeignImportProblems>
}

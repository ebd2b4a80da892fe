@testable import BrewLogCore

/// Beanconqueror's export through its importer: the input is `Beanconqueror.json`, then after
/// each NUL byte a further chunk file, of brews and of bags in turn. Whatever it is, the importer
/// refuses it with problems or gives brews and bags the journal takes (``checkImported(_:from:)``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let parts = inputBuffer(data, size).split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    var brewChunks: [BeanconquerorExport.Chunk] = []
    var beanChunks: [BeanconquerorExport.Chunk] = []
    for (index, part) in parts.dropFirst().enumerated() {
        let brews = index % 2 == 0
        let chunk = (name: BeanconquerorExport.chunkFileName(brews: brews, number: index / 2 + 1), bytes: part)
        if brews { brewChunks.append(chunk) } else { beanChunks.append(chunk) }
    }
    let result = BeanconquerorExport.decode(parts.first ?? [], brewChunks: brewChunks, beanChunks: beanChunks, timeZone: importZone, today: importToday)
    // Read as the command line reads it, in blocks (of a size the input picks), it is the same.
    var decoder = BeanconquerorExport.Decoder(timeZone: importZone, today: importToday)
    let block = 1 + Int(parts.first?.first ?? 0) % 13
    for (part, bytes) in [(BeanconquerorExport.Part.main, parts.first ?? [])] + beanChunks.map({ (.beans($0.name), $0.bytes) })
        + brewChunks.map({ (.brews($0.name), $0.bytes) }) {
        decoder.begin(part)
        feedInBlocks(bytes, of: block, into: &decoder)
        decoder.endOfFile()
    }
    invariant(decoder.finish() == result, "Beanconqueror read in blocks of \(block) differs from read whole")
    switch result {
    case let .success(contents): checkImported(contents, from: "Beanconqueror")
    case let .failure(problems): invariant(!problems.problems.isEmpty, "Beanconqueror failed without a problem")
    }
    return 0
}

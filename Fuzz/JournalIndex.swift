#if canImport(Glibc)
import Glibc
#endif
@testable import BrewLogCore

/// Any bytes as the index beside a journal, as they are and with their last eight bytes made the
/// checksum of the rest (so the fuzzer reaches the sections behind it). Reading must never trap,
/// whatever the bytes (a damaged index is only a missing one), and an index it accepts must be
/// written back byte for byte: the layout has one spelling, so nothing read can mean two things.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    check(bytes)
    if size >= 8 {
        var hasher = BlockHasher()
        bytes[..<(size - 8)].withUnsafeBytes { hasher.add($0) }
        withUnsafeBytes(of: ContentHash.combining(hasher.hashes).littleEndian) { bytes.replaceSubrange((size - 8)..., with: $0) }
        check(bytes)
    }
    return 0
}

/// Reads `bytes` as an index and, if they are one, writes it back and compares.
private func check(_ bytes: [UInt8]) {
    let system = PosixSystemCalls()
    let size = bytes.count
    let input = bytes.withUnsafeBytes { memoryFile(holding: $0) }
    guard let index = JournalIndex.read(from: input, size: size, system: system) else { return }
    let output = memoryFile(holding: UnsafeRawBufferPointer(start: nil, count: 0), output: true)
    do throws(SystemCallError) {
        try index.write(to: output, system: system)
    } catch {
        invariant(false, "an index read could not be written back: \(error)")
    }
    let written = Int(lseek(output, 0, SEEK_END))
    invariant(written == size, "an index read is written back as \(written) bytes, not \(size)")
    var again = [UInt8](repeating: 0, count: size)
    let read = again.withUnsafeMutableBytes { pread(output, $0.baseAddress, size, 0) }
    invariant(read == size && again == bytes, "an index read is written back otherwise")
}

/// Two files opened once and unlinked (one the input, one what is written back), reused for
/// every input: opening files per input would be most of the run.
private let inputFile = unlinkedTemporaryFile()
private let outputFile = unlinkedTemporaryFile()

private func unlinkedTemporaryFile() -> Int32 {
    var template = Array("/tmp/brewlog-fuzz-index-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
    invariant(fd >= 0, "mkstemp failed")
    template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
    return fd
}

/// The input file holding just `bytes` (or the output file, emptied, when `bytes` is empty and
/// `output`), its offset at the start.
private func memoryFile(holding bytes: UnsafeRawBufferPointer, output: Bool = false) -> Int32 {
    let fd = output ? outputFile : inputFile
    invariant(ftruncate(fd, 0) == 0, "ftruncate failed")
    if let base = bytes.baseAddress, bytes.count > 0 {
        invariant(pwrite(fd, base, bytes.count, 0) == bytes.count, "writing the input failed")
    }
    lseek(fd, 0, SEEK_SET)
    return fd
}

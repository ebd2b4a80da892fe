#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One physical line of a journal file.
struct JournalLine {
    /// 1-based line number, blank lines included.
    let number: Int
    /// The line's bytes, without its newline.
    let range: Range<Int>
    /// Whether a newline ends it (only the last line of a file can lack one).
    let terminated: Bool
}

/// Calls `body` for each line of `bytes`; a final line without a newline is included.
func forEachLine<E: Error>(in bytes: UnsafeBufferPointer<UInt8>, _ body: (JournalLine) throws(E) -> Void) throws(E) {
    var start = 0
    var number = 1
    guard let base = bytes.baseAddress else { return }
    while start < bytes.count {
        let remaining = bytes.count - start
        if let found = memchr(base + start, 0x0A, remaining) {
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            try body(JournalLine(number: number, range: start..<end, terminated: true))
            start = end + 1
        } else {
            try body(JournalLine(number: number, range: start..<bytes.count, terminated: false))
            start = bytes.count
        }
        number += 1
    }
}

/// Whether the line holds only spaces, tabs or a carriage return (ignored by readers).
func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
}

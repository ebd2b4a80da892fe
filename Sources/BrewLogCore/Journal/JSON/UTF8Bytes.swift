#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether two byte buffers hold the same bytes.
func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let left = a.baseAddress, let right = b.baseAddress else { return true }
    return memcmp(left, right, a.count) == 0
}

/// Whether `bytes` is well-formed UTF-8 (RFC 3629: no overlongs, no surrogates, at most U+10FFFF).
func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    firstInvalidUTF8Offset(bytes) == nil
}

/// The offset of the first byte of `bytes` that does not belong to well-formed UTF-8 (RFC 3629:
/// no overlongs, no surrogates, at most U+10FFFF), or `nil` when all of it is UTF-8: so a bad
/// file is reported where it goes wrong, never silently repaired.
public func firstInvalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    let count = bytes.count
    guard let base = bytes.baseAddress else { return nil }
    while index < count {
        // Eight ASCII bytes at a time: most of a journal line is ASCII.
        while index + 8 <= count, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            index += 8
        }
        guard index < count else { return nil }
        let lead = bytes[index]
        if lead < 0x80 { index += 1; continue }
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return index
        }
        guard index + length <= count, (low...high).contains(bytes[index + 1]) else { return index }
        for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) {
            return index
        }
        index += length
    }
    return nil
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where text a user typed is kept when it cannot be applied (the brew or the config file changed
/// while the editor was open): a new file, created private (0600) and never over an existing one
/// or through a link, written whole and synced.
enum RescueFile {
    /// Writes `bytes` to a new file at `path`; `false`, and no file left, when that fails.
    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { writeBytes(fd, $0.baseAddress.map { $0 + written }, bytes.count - written) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { break }
            written += result
        }
        let kept = written == bytes.count && fsync(fd) == 0
        close(fd)
        if !kept { unlink(path) }
        return kept
    }
}

/// `write(2)`: inside ``RescueFile`` the name `write` means ``RescueFile/write(_:to:)``.
private func writeBytes(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}

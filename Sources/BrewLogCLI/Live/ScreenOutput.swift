#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to standard output unbuffered (`write(2)`, retried on `EINTR` and short writes), so
/// what a full-screen view draws reaches the terminal at once and in one piece.
enum ScreenOutput {
    /// Writes `text`; a terminal that is gone is ignored (the view ends on SIGHUP anyway).
    static func send(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(STDOUT_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}

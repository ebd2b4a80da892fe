#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to a file descriptor. A closed pipe (`brewlog list | head -1`) ends the
/// process quietly with status 0, as ripgrep does, since the reader has all it wanted.
final class OutputStream {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(1 << 16)
    }

    /// Writes `text` and a newline.
    func line(_ text: String = "") {
        write(text + "\n")
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    func flush() {
        var written = 0
        while written < buffer.count {
            let result = buffer.withUnsafeBytes { raw in
                posixWrite(fd, raw.baseAddress.map { $0 + written }, raw.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { exit(0) }
                break
            }
            written += result
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// `write(2)` under a name the stream's own `write` does not shadow.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}

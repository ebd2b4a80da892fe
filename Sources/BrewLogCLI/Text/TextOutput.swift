#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered text output to a file descriptor, or to memory for tests that run the app in-process.
///
/// A closed pipe (`brewlog list | head -1`) ends the
/// process quietly with status 0, as ripgrep does, since the reader has all it wanted.
///
/// Any other failed write (a full disk, `> /dev/full`, a file-size limit) is kept in
/// ``failure``; later writes are dropped, and the program reports it as an I/O error (exit 74)
/// instead of exiting 0 with the output lost.
final class TextOutput {
    /// The descriptor written to, or `nil` when the text is kept in ``captured``.
    private let fd: Int32?
    private var buffer: [UInt8] = []
    private var kept: [UInt8] = []
    /// What the first failed write said (`errno`'s text), `nil` while every write has succeeded.
    private(set) var failure: String?
    /// Called once, just before the first bytes reach the descriptor (the pager starts there,
    /// so a command that prints nothing, or fails first, never opens one).
    var beforeFirstWrite: (() -> Void)?
    /// Whether a pager started by the first write opens at the end of the text (the newest
    /// brews of `list`), as `journalctl -e` does; set by the command before it writes.
    var pageFromEnd = false
    /// Called instead of exiting with status 0 when the reader has closed the pipe (the pager
    /// decides whether that was the user leaving it, or the pager failing).
    var whenClosed: (() -> Never)?

    init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(1 << 16)
    }

    /// An output that keeps everything written, for ``captured``.
    private init() {
        fd = nil
    }

    /// An output that writes nowhere but keeps the text, to be read back with ``captured``.
    static func capturing() -> TextOutput { TextOutput() }

    /// Everything flushed so far to a ``capturing()`` output (empty for a descriptor).
    var captured: String { String(decoding: kept, as: UTF8.self) }

    /// Writes `text` and a newline.
    func line(_ text: String = "") {
        write(text + "\n")
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes UTF-8 `bytes` as they are (a piece of an export, built as bytes).
    func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    func flush() {
        guard failure == nil else {
            buffer.removeAll(keepingCapacity: true)
            return
        }
        guard let fd else {
            kept += buffer
            buffer.removeAll(keepingCapacity: true)
            return
        }
        if !buffer.isEmpty, let start = beforeFirstWrite {
            beforeFirstWrite = nil
            start()
        }
        var written = 0
        while written < buffer.count {
            let result = buffer.withUnsafeBytes { raw in
                posixWrite(fd, raw.baseAddress.map { $0 + written }, raw.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE {
                    if let whenClosed { whenClosed() }
                    exit(0)
                }
                failure = String(cString: strerror(errno))
                break
            }
            if result == 0 {
                failure = "nothing was written"
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

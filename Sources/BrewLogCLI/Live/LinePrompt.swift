#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A question asked on the terminal and one line of answer read from standard input, byte by
/// byte (`read(2)`), so nothing after the line is taken from the descriptor.
enum LinePrompt {
    /// Writes `question` and returns the line typed, without its line break; `nil` at the end of
    /// input (Ctrl-D) or when it cannot be read.
    static func ask(_ question: String) -> String? {
        ScreenOutput.send(question)
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else {
                ScreenOutput.send("\n")
                return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}

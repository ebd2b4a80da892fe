#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an input (standard input or an import file) whole and strictly: an input that cannot
/// be read is an error, never empty text.
///
/// A closed standard input (`<&-`) or a folder (`< /tmp`) cannot be read: exit 66, as for an
/// input that is missing, since there is nothing brewlog could read. Any other failed read is
/// an I/O error (74). The input is read in blocks and checked as it comes, so an endless input
/// (`/dev/zero`) is refused once a line passes ``maximumLineLength`` instead of filling memory.
enum InputReader {
    /// The longest line accepted: far beyond any brew, small enough to refuse runaway input early.
    static let maximumLineLength = 16 << 20

    /// The most any input is read: far beyond any journal's export (a million brews are about
    /// 270 MB), small enough that an endless stream of records ends instead of filling memory.
    static let maximumLength = 1 << 30

    /// The hint for a line past the limit in a file of records.
    static let recordsHint = "brewlog reads files of brews, one per line; check that this is one"

    /// All bytes of `fd`, which `name` describes in messages; a data error (65), with `hint`, when
    /// a line is longer than `maximumLineLength`.
    static func readAll(fd: Int32, name: String, maximumLineLength: Int = InputReader.maximumLineLength,
                        maximumLength: Int = InputReader.maximumLength, hint: String = recordsHint) throws(CLIError) -> [UInt8] {
        try read(fd: fd, name: name, maximumLineLength: maximumLineLength, maximumLength: maximumLength, badLinesToStopAt: nil,
                 hint: hint) { _ in true }.bytes
    }

    /// Like ``readAll(fd:name:maximumLineLength:)``, but judging each complete line as it comes
    /// with `isGood`: after `badLinesToStopAt` bad lines it stops reading (an endless stream of
    /// garbage ends there) and returns the lines up to the last bad one, `stoppedEarly` set.
    static func read(fd: Int32, name: String, maximumLineLength: Int = InputReader.maximumLineLength,
                     maximumLength: Int = InputReader.maximumLength, badLinesToStopAt: Int?, hint: String = recordsHint,
                     isGood: (UnsafeBufferPointer<UInt8>) -> Bool) throws(CLIError) -> (bytes: [UInt8], stoppedEarly: Bool) {
        var bytes: [UInt8] = []
        var lineStart = 0
        var bad = 0
        var stop: Int?
        try forEachBlock(fd: fd, name: name) { (block: UnsafeBufferPointer<UInt8>) throws(CLIError) -> Bool in
            let previous = bytes.count
            guard previous + block.count <= maximumLength else {
                throw CLIError.dataError("\(name) is longer than \(maximumLength >> 20) MiB; stopped reading", hint: hint)
            }
            bytes.append(contentsOf: block)
            if let newline = block.lastIndex(of: UInt8(ascii: "\n")) {
                let end = previous + newline + 1
                if let badLinesToStopAt {
                    // The end of the line that made the bad ones enough, if one did: reading stops there.
                    stop = bytes.withUnsafeBufferPointer { all in
                        var start = lineStart
                        for index in lineStart..<end where all[index] == UInt8(ascii: "\n") {
                            if !isGood(UnsafeBufferPointer(rebasing: all[start..<index])) { bad += 1 }
                            start = index + 1
                            if bad >= badLinesToStopAt { return start }
                        }
                        return nil
                    }
                    if stop != nil { return false }
                }
                lineStart = end
            }
            guard bytes.count - lineStart <= maximumLineLength else {
                let lineNumber = bytes[0..<lineStart].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
                throw CLIError.dataError("\(name): line \(lineNumber) is longer than \(maximumLineLength >> 20) MiB",
                                         hint: hint)
            }
            return true
        }
        if let stop { return (Array(bytes[0..<stop]), true) }
        return (bytes, false)
    }

    /// Reads `fd` in blocks, handing each to `take` as it arrives, until the end or until `take`
    /// returns false; nothing is kept here, so an endless input costs no memory.
    static func forEachBlock(fd: Int32, name: String,
                             _ take: (UnsafeBufferPointer<UInt8>) throws(CLIError) -> Bool) throws(CLIError) {
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { readBlock(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw failure(code, name: name)
            }
            if count == 0 { return }
            let more = try block.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(CLIError) -> Bool in
                try take(UnsafeBufferPointer(rebasing: buffer[0..<count]))
            }
            if !more { return }
        }
    }

    /// The error for a failed read with `errno` `code`.
    private static func failure(_ code: Int32, name: String) -> CLIError {
        switch code {
        case EBADF: .inputUnreadable("cannot read \(name): it is closed", hint: "give the input on standard input, e.g. with < FILE or a pipe")
        case EISDIR: .inputUnreadable("cannot read \(name): it is a folder", hint: "give a file, not a folder")
        default: .io("cannot read \(name): \(String(cString: strerror(code)))")
        }
    }
}

/// Standard input, read whole and strictly (`--notes -`, `import -`).
enum StandardInput {
    /// Every byte of standard input (see ``InputReader``).
    static func readAll(maximumLength: Int = InputReader.maximumLength, hint: String = InputReader.recordsHint) throws(CLIError) -> [UInt8] {
        try InputReader.readAll(fd: STDIN_FILENO, name: "standard input", maximumLength: maximumLength, hint: hint)
    }

    /// Standard input as text; a data error (65) when it is not valid UTF-8, instead of text
    /// with U+FFFD in place of the bytes that were given.
    static func readText(maximumLength: Int, hint: String) throws(CLIError) -> String {
        let bytes = try readAll(maximumLength: maximumLength, hint: hint)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CLIError.dataError("standard input is not valid UTF-8", hint: "convert it first, e.g. with iconv -t UTF-8")
        }
        return text
    }
}

/// `read(2)` under a name the reader's own `read` does not shadow.
private func readBlock(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

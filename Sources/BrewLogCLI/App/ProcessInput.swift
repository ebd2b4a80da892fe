#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BrewLogCore

/// The command line and the location variables as the kernel gave them, checked to be UTF-8.
///
/// Swift's `CommandLine.arguments` and Foundation's environment repair invalid UTF-8 by putting
/// U+FFFD in place of the bad bytes, so `--file` with such a path would open a different file
/// than the one named. These are read raw instead, and a value that is not valid UTF-8 is
/// refused with its position rather than repaired.
enum ProcessInput {
    /// Variables that name files: a repaired value would name a different file.
    static let pathVariables = ["BREWLOG_FILE", "XDG_DATA_HOME", "HOME", "BREWLOG_CONFIG", "XDG_CONFIG_HOME"]

    /// The arguments after the program name, or a usage error naming the first that is not UTF-8.
    static func arguments() throws(CLIError) -> [String] {
        var arguments: [String] = []
        for position in 1..<max(1, Int(CommandLine.argc)) {
            guard let raw = CommandLine.unsafeArgv[position] else { break }
            guard let argument = String(validatingCString: raw) else {
                throw CLIError.usage("argument \(position) is not valid UTF-8: '\(cappedForMessage(String(cString: raw)))'",
                                     hint: "brewlog reads its arguments as UTF-8; give the value in UTF-8 (for a file, rename it)", command: nil)
            }
            arguments.append(argument)
        }
        return arguments
    }

    /// The environment from `environ`, each `NAME=value` entry split at its first `=` byte. A
    /// name given twice keeps its first value, the one `getenv` (and so the C library's reading
    /// of `TZ`) sees. Bytes that are not UTF-8 are replaced by U+FFFD: the variables that name
    /// files are refused instead, by ``checkEnvironment()``, before this is read.
    static func environment() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let raw = entry.pointee {
            let bytes = UnsafeRawBufferPointer(start: raw, count: strlen(raw))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(decoding: bytes[..<equals], as: UTF8.self)
                if variables[name] == nil {
                    variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
                }
            }
            entry += 1
        }
        return variables
    }

    /// A configuration error for the first of ``pathVariables`` whose value is not UTF-8.
    static func checkEnvironment() throws(CLIError) {
        for name in pathVariables {
            guard let raw = getenv(name), String(validatingCString: raw) == nil else { continue }
            throw CLIError.configuration("\(name) is not valid UTF-8: '\(cappedForMessage(String(cString: raw)))'",
                                         hint: "set \(name) to a UTF-8 path, or unset it")
        }
    }
}

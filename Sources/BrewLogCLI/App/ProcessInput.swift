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
    /// of `TZ`) sees. Bytes that are not UTF-8 are replaced by U+FFFD: a variable that names
    /// files is refused instead where it is used (``unreadableVariables()``).
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

    /// The names among ``pathVariables`` whose values are not UTF-8. Each is an error only where
    /// a location is read from it (``refusal(of:value:)``), so a command that needs no journal or
    /// config file, such as the merge driver, runs all the same.
    static func unreadableVariables() -> Set<String> {
        Set(pathVariables.filter { name in getenv(name).map { String(validatingCString: $0) == nil } ?? false })
    }

    /// The error for a location read from `name`, whose value (`value`, repaired) is not UTF-8.
    static func refusal(of name: String, value: String) -> CLIError {
        .configuration(notUTF8(name, value: value), hint: "set \(name) to a UTF-8 path, or unset it")
    }

    /// What is wrong with `name`, whose value (`value`, repaired) is not UTF-8.
    static func notUTF8(_ name: String, value: String) -> String {
        "\(name) is not valid UTF-8: '\(cappedForMessage(value))'"
    }
}

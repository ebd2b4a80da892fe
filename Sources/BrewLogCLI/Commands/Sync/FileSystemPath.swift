#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's working folder, for a journal path given relative to it, and a folder's
/// path as messages show it.
enum FileSystemPath {
    /// `path` with links, `.` and `..` resolved (`realpath`), or `nil` when it does not exist.
    static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(validating: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)).bindMemory(to: UInt8.self), as: UTF8.self)
    }

    static var current: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

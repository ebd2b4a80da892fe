import BrewLogCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The configuration file on disk: read without creating anything, and changed atomically under
/// a lock, by the core's storage engine (``StoredFile``), which keeps the journal too: the
/// same lock file rules, temporary files, identity checks and atomic replacement, every system
/// call through one `SystemCalls`. A file reached through symbolic links is written where they
/// lead, so the links stay links and two paths to one file share one lock. A new file is made
/// 0600 in a folder made 0700.
struct ConfigFile {
    /// The path as given (the location), which may be a symbolic link.
    let path: String
    /// The system calls the engine makes (a scripted double in the fault-injection tests).
    var system: any SystemCalls = PosixSystemCalls()

    /// A config file this large is surely not one (and would be read on every run).
    static let sizeLimit = 4 << 20

    init(path: String, system: any SystemCalls = PosixSystemCalls()) {
        self.path = path
        self.system = system
    }

    private var stored: StoredFile { StoredFile(path: path, subject: "config file", system: system) }

    /// The file's bytes, or `nil` when there is no file (or a file stands where a folder on its
    /// path should be). Opened without blocking (a FIFO cannot hold up the run) and refused
    /// unless it is a regular file of at most ``sizeLimit`` bytes.
    static func read(_ path: String) throws(ConfigError) -> [UInt8]? {
        try ConfigFile(path: path).read()
    }

    /// ``read(_:)`` for this file.
    func read() throws(ConfigError) -> [UInt8]? {
        do throws(JournalError) {
            return try stored.read(limit: ConfigFile.sizeLimit)
        } catch {
            throw unreadable(error)
        }
    }

    /// Locks the file, reads it (`nil` when there is none), and writes what `change` makes of
    /// its bytes (nothing when `change` returns `nil` or the same bytes; bytes past
    /// ``sizeLimit`` throw, and nothing is written).
    func update(lockTimeout: Double, _ change: ([UInt8]?) throws(ConfigError) -> [UInt8]?) throws(ConfigError) {
        var refusal: ConfigError?
        do throws(JournalError) {
            try stored.update(limit: ConfigFile.sizeLimit, lockTimeout: lockTimeout) { old in
                do throws(ConfigError) {
                    return try change(old)
                } catch {
                    refusal = error
                    return nil
                }
            }
        } catch {
            throw written(error)
        }
        if let refusal { throw refusal }
    }

    /// Like ``update(lockTimeout:_:)``, with the bytes parsed: a syntax error stops the change.
    func updateDocument(lockTimeout: Double, _ change: (ConfigDocument) -> [UInt8]?) throws(ConfigError) {
        try update(lockTimeout: lockTimeout) { old throws(ConfigError) in
            do throws(ConfigSyntaxError) {
                return change(try ConfigParser.parse(old ?? []))
            } catch {
                throw .syntax(path: path, line: error.line, message: error.message)
            }
        }
    }

    /// The folder holding `path` (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A storage error met while reading, as a config error.
    private func unreadable(_ error: JournalError) -> ConfigError {
        switch error {
        case .notRegularFile: .unreadable(path: path, reason: "it is not a regular file")
        case .tooLarge: .unreadable(path: path, reason: "it is larger than \(ConfigFile.sizeLimit >> 20) MiB")
        case let .io(_, _, reason): .unreadable(path: path, reason: reason)
        default: .unreadable(path: path, reason: error.description)
        }
    }

    /// A storage error met while changing the file, as a config error.
    private func written(_ error: JournalError) -> ConfigError {
        switch error {
        case let .lockTimeout(_, seconds): .lockTimeout(path: path, seconds: seconds)
        case let .cannotCreate(_, reason): .cannotCreate(path: path, reason: reason)
        case let .tooLarge(_, size, _): .tooLarge(path: path, size: size)
        case .changedByAnotherProgram: .changedMeanwhile(error.description)
        case .unsafeSibling: .unsafeLockFile(error.description)
        case .notRegularFile, .unusablePath: unreadable(error)
        case let .io(_, operation, reason): .io(path: path, reason: operation + ": " + reason)
        default: .io(path: path, reason: error.description)
        }
    }
}

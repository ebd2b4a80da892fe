#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One entry of the configuration as read with its includes, and the file it is in.
struct SourcedEntry: Sendable {
    /// The file the entry is in, as its include named it (or the main file's path).
    let path: String
    let entry: ConfigDocument.Entry
}

/// `[include] path = FILE`, read as `git config --includes` reads it: the included file's
/// entries count as if written where the `path` line is (so what comes after it wins over them,
/// and they win over what comes before). A relative path is relative to the folder of the file
/// that includes it; `~/` is `HOME` (and `~user/` that user's home); a file that does not exist
/// is ignored. A `path` without a value or with an empty one, an include loop, or more than
/// ``maximumDepth`` files included one inside another is an error, as is a syntax error in an
/// included file (named `FILE:LINE`).
enum ConfigIncludes {
    /// How deep includes may nest, as git's limit.
    static let maximumDepth = 10

    /// Every entry of `document` (read from `path`) and of the files it includes, in the order
    /// they count.
    static func expand(_ document: ConfigDocument, path: String, environment: [String: String]) throws(ConfigError) -> [SourcedEntry] {
        var entries: [SourcedEntry] = []
        try expand(document, path: path, chain: [identity(of: path)], environment: environment, into: &entries)
        return entries
    }

    /// Whether `key` is an include directive.
    static func isInclude(_ key: ConfigKey) -> Bool {
        key.section == "include" && key.subsection == nil && key.name == "path"
    }

    private static func expand(_ document: ConfigDocument, path: String, chain: [String], environment: [String: String],
                               into entries: inout [SourcedEntry]) throws(ConfigError) {
        for entry in document.entries {
            entries.append(SourcedEntry(path: path, entry: entry))
            guard isInclude(entry.key) else { continue }
            guard let value = entry.value else {
                throw .badValue(path: path, line: entry.line, key: "include.path", value: nil, problem: "write 'path = FILE'")
            }
            guard !value.isEmpty else {
                throw .badValue(path: path, line: entry.line, key: "include.path", value: value, problem: "name a file (git reads an empty path as the folder itself)")
            }
            let included = try resolve(value, from: path, line: entry.line, environment: environment)
            guard let bytes = try ConfigFile.read(included) else { continue }
            let identity = identity(of: included)
            if let start = chain.firstIndex(of: identity) {
                let loop = (chain[start...] + [identity]).joined(separator: " -> ")
                throw .include(path: path, line: entry.line, message: "an include loop: \(loop)")
            }
            guard chain.count <= maximumDepth else {
                throw .include(path: path, line: entry.line, message: "includes nest more than \(maximumDepth) files deep")
            }
            let parsed: ConfigDocument
            do throws(ConfigSyntaxError) {
                parsed = try ConfigParser.parse(bytes)
            } catch {
                throw .syntax(path: included, line: error.line, message: error.message)
            }
            try expand(parsed, path: included, chain: chain + [identity], environment: environment, into: &entries)
        }
    }

    /// The file `value` names, included from the file at `path`.
    static func resolve(_ value: String, from path: String, line: Int, environment: [String: String]) throws(ConfigError) -> String {
        if value == "~" || value.hasPrefix("~/") {
            guard let home = environment["HOME"], home.hasPrefix("/") else {
                throw .include(path: path, line: line, message: "cannot expand '\(value)': HOME is not an absolute path")
            }
            return (home.hasSuffix("/") ? String(home.dropLast()) : home) + value.dropFirst()
        }
        if value.hasPrefix("~") {
            let user = String(value.dropFirst().prefix { $0 != "/" })
            guard let entry = getpwnam(user), let directory = entry.pointee.pw_dir else {
                throw .include(path: path, line: line, message: "cannot expand '\(value)': no user '\(user)'")
            }
            return String(cString: directory) + value.dropFirst(1 + user.utf8.count)
        }
        if value.hasPrefix("/") { return value }
        return ConfigFile.folder(of: path) + "/" + value
    }

    /// What tells two paths to one file apart from two files: the path with links and `..`
    /// resolved, when it exists.
    private static func identity(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

import BrewLogCore

/// The part of the configuration that travels with the journal: `sync init --with-config` moves
/// the shareable keys (recipes, `[add]` and per-method sections, aliases, streak rules) into
/// ``fileName`` beside the journal and includes it from the config file, where the keys of this
/// machine (`journal.file`, `ui.*`) stay.
enum SharedConfig {
    /// The shared file's name, in the journal's folder.
    static let fileName = "brewlog.config"

    /// The sections that travel.
    static let sections: Set<String> = ["recipe", "add", "alias", "streak"]

    /// Whether `key` travels.
    static func isShareable(_ key: ConfigKey) -> Bool { sections.contains(key.section) && !ConfigIncludes.isInclude(key) }

    /// The shared file with `document`'s shareable entries appended (each under its section's
    /// header, its line copied byte for byte), after `existing`; `nil` when there is none to move.
    static func appending(_ document: ConfigDocument, to existing: [UInt8]?) -> [UInt8]? {
        let moving = document.entries.filter { isShareable($0.key) }
        guard !moving.isEmpty else { return nil }
        var bytes = existing ?? []
        if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
        var section: (String, String?)?
        for entry in moving {
            if section.map({ $0.0 != entry.key.section || $0.1 != entry.key.subsection }) ?? true {
                let header = entry.key.subsection.map { "[\(entry.key.section) \(ConfigValueText.quotedSubsection($0))]" } ?? "[\(entry.key.section)]"
                bytes += Array((header + "\n").utf8)
                section = (entry.key.section, entry.key.subsection)
            }
            var line = Array(document.bytes[entry.start..<entry.end])
            if line.last != 0x0A { line.append(0x0A) }
            bytes += line
        }
        return bytes
    }

    /// `document` without its shareable entries (and without the headers of sections left with
    /// no entry), with an `[include] path` naming `includePath` first unless one already does.
    static func leaving(_ document: ConfigDocument, including includePath: String) -> [UInt8] {
        let bytes = document.bytes
        var cut: [Range<Int>] = document.entries.filter { isShareable($0.key) }.map { $0.start..<$0.end }
        for (index, section) in document.sections.enumerated() where sections.contains(section.name) {
            if document.entries.allSatisfy({ $0.section != index || isShareable($0.key) }) { cut.append(section.start..<section.end) }
        }
        var kept: [UInt8] = []
        var position = 0
        for range in cut.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= position {
            kept += bytes[position..<range.lowerBound]
            position = range.upperBound
        }
        kept += bytes[position...]
        let included = document.entries.contains { ConfigIncludes.isInclude($0.key) && $0.value == includePath }
        return included ? kept : Array("[include]\n\tpath = \(ConfigValueText.encoded(includePath))\n".utf8) + kept
    }

    /// Moves the shareable keys of the config file into `folder`/``fileName`` and includes it
    /// (only the include, when `moving` is false: a clone, whose shared file came with it).
    /// Returns the shared file's path and how many entries moved.
    static func share(into folder: String, moving: Bool, _ context: CommandContext) throws(CLIError) -> (path: String, moved: Int) {
        let sharedPath = folder + "/" + fileName
        let lockTimeout = try context.lockTimeout
        let mainPath: String
        do throws(ConfigError) {
            mainPath = try ConfigLocation.required(context.environment, unreadable: context.unreadableVariables)
        } catch {
            throw CLIError(error)
        }
        var moved = 0
        do throws(ConfigError) {
            if moving, let document = try ConfigFile.read(mainPath).map({ bytes throws(ConfigError) in try parsed(bytes, mainPath) }) {
                moved = document.entries.count { isShareable($0.key) }
                try ConfigFile(path: sharedPath).update(lockTimeout: lockTimeout) { old in appending(document, to: old) }
            }
            let home = context.environment["HOME"].map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
            let shown = home.flatMap { sharedPath.hasPrefix($0 + "/") ? "~" + sharedPath.dropFirst($0.count) : nil } ?? sharedPath
            try ConfigFile(path: mainPath).updateDocument(lockTimeout: lockTimeout) { document in leaving(document, including: shown) }
        } catch {
            throw CLIError(error)
        }
        return (sharedPath, moved)
    }

    private static func parsed(_ bytes: [UInt8], _ path: String) throws(ConfigError) -> ConfigDocument {
        do throws(ConfigSyntaxError) {
            return try ConfigParser.parse(bytes)
        } catch {
            throw .syntax(path: path, line: error.line, message: error.message)
        }
    }
}

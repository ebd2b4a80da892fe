/// Where the configuration file is: `$BREWLOG_CONFIG`, else `$XDG_CONFIG_HOME/brewlog/config`
/// (an absolute one, as the XDG spec requires), else `$HOME/.config/brewlog/config` (an absolute
/// `HOME`). Empty variables count as unset. A pure function of the environment.
enum ConfigLocation {
    /// The path, or `nil` when no variable gives one (the defaults apply and nothing can be
    /// written). A `BREWLOG_CONFIG` ending in `/` names a folder and is refused; so is a variable
    /// in `unreadable` (its value not UTF-8) where it would be used.
    static func resolve(_ environment: [String: String], unreadable: Set<String> = []) throws(ConfigError) -> String? {
        func value(_ name: String) throws(ConfigError) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            if unreadable.contains(name) { throw .notUTF8(variable: name, value: value) }
            return value
        }
        if let path = try value("BREWLOG_CONFIG") {
            guard !path.hasSuffix("/") else { throw .location("BREWLOG_CONFIG names a folder, not a config file: '\(path)'") }
            return path
        }
        if let config = try value("XDG_CONFIG_HOME"), config.hasPrefix("/") {
            return trimmingSlash(config) + "/brewlog/config"
        }
        if let home = try value("HOME"), home.hasPrefix("/") {
            return trimmingSlash(home) + "/.config/brewlog/config"
        }
        return nil
    }

    /// The path for a command that writes the file; an error when there is none.
    static func required(_ environment: [String: String], unreadable: Set<String>) throws(ConfigError) -> String {
        guard let path = try resolve(environment, unreadable: unreadable) else {
            throw .location("cannot tell where the config file is: none of BREWLOG_CONFIG, an absolute XDG_CONFIG_HOME or an absolute HOME is set")
        }
        return path
    }

    private static func trimmingSlash(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}

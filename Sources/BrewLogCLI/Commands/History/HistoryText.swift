import BrewLogCore

/// How history entries and undo plans read in human output.
enum HistoryText {
    /// One line an entry: `2026-11-29 07:41  add  6b216b11  V60 Kenya AA`, or a bulk change
    /// with its count (`2026-11-29 07:45  edit  12 brews`).
    /// `commandWidth` pads the command's name, so that a list's ids line up.
    static func line(_ entry: HistoryEntry, commandWidth: Int = 0) -> String {
        BrewFormatting.dateTime(entry.at) + "  " + BrewFormatting.padded(entry.command.terminalSafe, to: commandWidth) + "  " + touched(entry)
    }

    /// The width of the widest command name of `entries`.
    static func commandWidth(_ entries: [HistoryEntry]) -> Int {
        entries.map { BrewFormatting.displayWidth($0.command.terminalSafe) }.max() ?? 0
    }

    /// What an entry touched: one record's id and what it is, or how many records.
    static func touched(_ entry: HistoryEntry) -> String {
        if entry.changes.count == 1, let change = entry.changes.first {
            return record(change.id, line: change.after ?? change.before)
        }
        let kinds = Set(entry.changes.map { kind(of: $0.after ?? $0.before) })
        let count = entry.changes.count
        switch kinds.count == 1 ? kinds.first : nil {
        case "brew"?: return count == 1 ? "1 brew" : "\(count) brews"
        case let noun?: return "\(count) \(noun)s"
        case nil: return "\(count) records"
        }
    }

    /// `6b216b11  V60 Kenya AA`: a record's id and a few words on it, from its journal line.
    static func record(_ id: BrewID, line: String?) -> String {
        let words = line.map(summary) ?? ""
        return id.rawValue.terminalSafe + (words.isEmpty ? "" : "  " + words.terminalSafe)
    }

    /// One line of an undo plan: what happens to one record.
    static func step(_ change: HistoryEntry.Change) -> String {
        let action = switch (change.before, change.after) {
        case (nil, _): "bring back "
        case (_, nil): "remove     "
        default: "change back"
        }
        return "  " + action + "  " + record(change.id, line: change.after ?? change.before)
    }

    private static func kind(of line: String?) -> String {
        guard let line else { return "record" }
        do throws(LineProblem) {
            switch try RecordLineCodec.decode(line) {
            case nil: return "brew"
            case let .entry(entry)?: return entry.kind.noun
            case .unknownKind?: return "record"
            }
        } catch {
            return "record"
        }
    }

    private static func summary(_ line: String) -> String {
        do throws(LineProblem) {
            switch try RecordLineCodec.decode(line) {
            case nil:
                let brew = try BrewLineCodec.decode(line)
                return [brew.method, brew.coffee].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            case let .entry(.skip(skip))?: return "skip day \(skip.day)"
            case let .entry(.bean(bag))?: return "bean bag \(bag.name)"
            case let .unknownKind(kind, _)?: return "a record of kind '\(kind)'"
            }
        } catch {
            return ""
        }
    }
}

/// The name a history entry gives a command: its name, and for `bean` the action (`bean edit`).
enum HistoryCommandName {
    static func of(_ spec: CommandSpec, _ parsed: ParsedArguments) -> String {
        if spec.name == BeanCommand.spec.name, let action = parsed.positionals.first, BeanCommand.actions.contains(action) {
            return spec.name + " " + action
        }
        return spec.name
    }
}

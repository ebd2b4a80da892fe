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
            return record(change.id, line: described(change))
        }
        let kinds = Set(entry.changes.map { kind(of: described($0)) })
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
        let action = switch (change.before.map(isTombstone), change.after.map(isTombstone)) {
        case (nil, _), (true?, _): "bring back "
        case (_, nil), (_, true?): "remove     "
        default: "change back"
        }
        return "  " + action + "  " + record(change.id, line: described(change))
    }

    /// The line that says what a change touched: the line after it, unless that is gone or a
    /// tombstone (a removal), then the record's line before.
    private static func described(_ change: HistoryEntry.Change) -> String? {
        if let after = change.after, !isTombstone(after) { return after }
        return change.before.flatMap { isTombstone($0) ? nil : $0 } ?? change.after ?? change.before
    }

    /// Whether `line` is a tombstone: a record of kind `removed`.
    private static func isTombstone(_ line: String) -> Bool {
        do throws(LineProblem) {
            if case .entry(.removed)? = try RecordLineCodec.decode(line) { return true }
        } catch {
            return false
        }
        return false
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
            case .entry(.removed)?: return "removed"
            case let .unknownKind(kind, _)?: return "a record of kind '\(kind)'"
            }
        } catch {
            return ""
        }
    }
}

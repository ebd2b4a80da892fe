extension CompletionScripts {
    /// The fish script. An option that takes a value is `-x` (its value is required and never a
    /// file name) unless its values are files (`-r -F`); journal values come from
    /// `__brewlog_values`, whose output lines fish offers as they are.
    static func fish() -> String {
        var lines = [
            "# fish completion for brewlog (brewlog completion fish)",
            "complete -c brewlog -f",
            "# The journal's values of one kind ($argv[1]), one per line: fish offers a command",
            "# substitution's lines as they are. A --file on the line being completed names the",
            "# journal (its tokens come unquoted, and a fish variable is never split or expanded again).",
            "function __brewlog_values",
            "    set -l tokens (commandline -opc)",
            "    set -l file",
            "    for i in (seq (count $tokens))",
            "        switch $tokens[$i]",
            "            case --file",
            "                set file $tokens[(math $i + 1)]",
            "            case '--file=*'",
            "                set file (string replace -r -- '^--file=' '' $tokens[$i])",
            "        end",
            "    end",
            "    test \"$argv[1]\" = ids; and echo last",
            "    if test -n \"$file\"",
            "        command brewlog --file $file __complete $argv[1] 2>/dev/null",
            "    else",
            "        command brewlog __complete $argv[1] 2>/dev/null",
            "    end",
            "end",
        ]
        for command in commands {
            lines.append("complete -c brewlog -n __fish_use_subcommand -a \(command.name) -d \(fishQuoted(command.abstract))")
        }
        for option in GlobalOptions.all + [GlobalOptions.version] {
            lines.append(fishOption(option, condition: nil))
        }
        for command in commands {
            let condition = "__fish_seen_subcommand_from \(command.name)"
            for option in command.options {
                lines.append(fishOption(option, condition: condition))
            }
            let source = CompletionSource.arguments(of: command.name)
            let described = if case .journal(let kind) = source { kind.description } else { command.arguments.first?.name }
            let description = described.map { " -d " + fishQuoted($0) } ?? ""
            switch source {
            case .nothing: break
            case .files: lines.append("complete -c brewlog -n \(fishQuoted(condition)) -F")
            case let source: lines.append("complete -c brewlog -n \(fishQuoted(condition)) -a \(fishArguments(source))" + description)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishOption(_ option: OptionSpec, condition: String?) -> String {
        var line = "complete -c brewlog"
        if let condition { line += " -n " + fishQuoted(condition) }
        line += " -l \(option.long)"
        if let short = option.short { line += " -s \(short)" }
        if option.valueName != nil {
            switch CompletionSource.value(of: option.long) {
            case .files: line += " -r -F"
            case .nothing: line += " -x"
            case let source: line += " -x -a " + fishArguments(source)
            }
        }
        return line + " -d " + fishQuoted(option.help)
    }

    /// The `-a` argument for `source`: its plain words, or the function that reads the journal.
    private static func fishArguments(_ source: CompletionSource) -> String {
        switch source {
        case .journal(let kind): fishQuoted("(__brewlog_values \(kind.rawValue))")
        default: fishQuoted(source.words.joined(separator: " "))
        }
    }

    /// `text` as one single-quoted fish word.
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingScalars(["\\": "\\\\", "'": "\\'"]) + "'"
    }
}

extension CompletionScripts {
    /// The fish script. An option that takes a value is `-x` (its value is required and never a
    /// file name) unless its values are files (`-r -F`); looked-up values come from
    /// `__brewlog_values`, whose output lines (`VALUE<TAB>DESCRIPTION`) fish offers as they are.
    /// Each command's lines hold under `__brewlog_at COMMAND` (the first word that is neither an
    /// option nor an option's value); a command whose first argument is an action completes the
    /// arguments after it by the action, under `__brewlog_at COMMAND PLACE ACTION...`.
    static func fish() -> String {
        let valueWords = valueOptionWords.map(fishQuoted).joined(separator: " ")
        var lines = [
            "# fish completion for brewlog (brewlog completion fish)",
            "complete -c brewlog -f",
            "# The command and its arguments before the token being completed, one per line (the",
            "# tokens come unquoted): options and the values they take are neither.",
            "function __brewlog_words",
            "    set -l skip",
            "    for token in (commandline -opc)[2..-1]",
            "        if set -q skip[1]",
            "            set -e skip[1]",
            "        else if contains -- $token \(valueWords)",
            "            set skip 1",
            "        else if not string match -q -- '-*' $token",
            "            printf '%s\\n' $token",
            "        end",
            "    end",
            "end",
            "# Whether the command typed is $argv[1] and, when $argv[2] is given, the token being",
            "# completed is its argument $argv[2], after one of the actions $argv[3..] (any, when",
            "# none are given).",
            "function __brewlog_at",
            "    set -l words (__brewlog_words)",
            "    test \"$words[1]\" = $argv[1]; or return 1",
            "    test (count $argv) -eq 1; and return 0",
            "    test (count $words) -eq $argv[2]; or return 1",
            "    test (count $argv) -eq 2; or contains -- \"$words[2]\" $argv[3..-1]",
            "end",
            "# The values of one kind ($argv[1]) with their descriptions, one per line: fish offers a",
            "# command substitution's lines as they are. A --file on the line being completed names",
            "# the journal (a fish variable is never split or expanded again). The token typed so far",
            "# (without an --option= before it, its quoting removed) and the command's arguments",
            "# before it go to the lookup as data.",
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
            "    set -l token (commandline -ct)",
            "    set -l typed (string unescape -- (string replace -r -- '^--[^=]*=' '' \"$token\"))",
            "    set -l arguments (__brewlog_words)[2..-1]",
            "    if test -n \"$file\"",
            "        command brewlog --file $file __complete --descriptions $argv[1] -- \"$typed\" $arguments 2>/dev/null",
            "    else",
            "        command brewlog __complete --descriptions $argv[1] -- \"$typed\" $arguments 2>/dev/null",
            "    end",
            "end",
        ]
        for command in commands {
            lines.append("complete -c brewlog -n __fish_use_subcommand -a \(command.name) -d \(fishQuoted(command.abstract))")
        }
        for option in GlobalOptions.all {
            lines.append(fishOption(option, condition: nil))
        }
        // `--version` goes before any command, so it is offered only there.
        lines.append(fishOption(GlobalOptions.version, condition: "__fish_use_subcommand"))
        for command in commands {
            let condition = "__brewlog_at \(command.name)"
            for option in command.completedOptions {
                lines.append(fishOption(option, condition: condition))
            }
            let arguments = command.argumentCompletion
            switch arguments {
            case .each(let source):
                lines += fishArgument(source, condition: condition, name: command.arguments.first?.name)
            case .actions(let actions, _):
                lines += fishArgument(.fixed(actions), condition: "__brewlog_at \(command.name) 1", name: "subcommand")
                for follower in arguments.followers {
                    let condition = (["__brewlog_at", command.name, String(follower.position)] + follower.actions).joined(separator: " ")
                    lines += fishArgument(follower.source, condition: condition, name: follower.actions.first.flatMap { command.argumentName(at: follower.position, after: $0) })
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `complete` line that offers `source` for an argument when `condition` holds, `name`
    /// describing it unless the lookup describes each value.
    private static func fishArgument(_ source: CompletionSource, condition: String, name: String?) -> [String] {
        let described = if case .lookup(let kind) = source { kind.description } else { name }
        let description = described.map { " -d " + fishQuoted($0) } ?? ""
        switch source {
        case .nothing: return []
        case .files: return ["complete -c brewlog -n \(fishQuoted(condition)) -F"]
        case let source: return ["complete -c brewlog -n \(fishQuoted(condition)) -a \(fishArguments(source))" + description]
        }
    }

    private static func fishOption(_ option: OptionSpec, condition: String?) -> String {
        var line = "complete -c brewlog"
        if let condition { line += " -n " + fishQuoted(condition) }
        line += " -l \(option.long)"
        if let short = option.short { line += " -s \(short)" }
        if option.valueName != nil {
            switch option.completion {
            case .files: line += " -r -F"
            case .nothing: line += " -x"
            case let source: line += " -x -a " + fishArguments(source)
            }
        }
        return line + " -d " + fishQuoted(option.help)
    }

    /// The `-a` argument for `source`: its plain words, or the function that looks the values up.
    private static func fishArguments(_ source: CompletionSource) -> String {
        switch source {
        case .lookup(let kind): fishQuoted("(__brewlog_values \(kind.rawValue))")
        default: fishQuoted(source.words.joined(separator: " "))
        }
    }

    /// `text` as one single-quoted fish word.
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingScalars(["\\": "\\\\", "'": "\\'"]) + "'"
    }
}

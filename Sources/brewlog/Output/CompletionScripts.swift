import Foundation

/// Completion scripts for bash, zsh and fish, generated from the same specs the parser uses,
/// so they never drift from the options brewlog accepts.
enum CompletionScripts {
    /// Values an option takes, where there is a fixed set.
    static func values(for option: String) -> [String]? {
        switch option {
        case "unset": FieldOptions.unsettableNames
        case "format": ["jsonl", "json", "csv"]
        case "color": ["auto", "always", "never"]
        case "prefer": ["existing", "incoming"]
        case "date", "since", "until": ["now", "today", "yesterday"]
        default: nil
        }
    }

    /// Commands whose argument is a brew id.
    static let takesID: Set<String> = ["show", "edit", "rm"]

    private static var commandNames: [String] { Commands.specs.map(\.name) + ["help"] }

    private static func options(_ command: CommandSpec) -> [OptionSpec] {
        command.options + GlobalOptions.all
    }

    /// The bash script. Every candidate (commands, options, values, and brew ids read from the
    /// journal) is offered through `_brewlog_offer`, which compares it with the word typed as
    /// plain text and adds it to `COMPREPLY` as it is: unlike `compgen -W`, nothing is expanded,
    /// split or globbed, so an id such as `$(touch x)` or `*` is offered, never run or matched
    /// against files. `compopt -o filenames` makes readline quote what it inserts.
    static func bash() -> String {
        var cases = ""
        for command in Commands.specs where command.name != "completion" {
            let words = options(command).map { shellQuoted("--" + $0.long) }.joined(separator: " ")
            cases += "        \(command.name)) opts=(\(words)) ;;\n"
        }
        var valueCases = ""
        for option in ["unset", "format", "color", "prefer", "date", "since", "until"] {
            let words = (values(for: option) ?? []).map(shellQuoted).joined(separator: " ")
            valueCases += "        --\(option)) _brewlog_offer \"$cur\" \(words); return ;;\n"
        }
        let commandWords = (commandNames + ["--file", "--color", "--quiet", "--help", "--version"]).map(shellQuoted).joined(separator: " ")
        let helpWords = Commands.specs.map { shellQuoted($0.name) }.joined(separator: " ")
        return """
            # bash completion for brewlog (brewlog completion bash)

            # Adds each argument after the first that starts with the first to COMPREPLY, as it is.
            _brewlog_offer() {
                local prefix="$1" candidate
                shift
                for candidate in "$@"; do
                    if [[ "$candidate" == "$prefix"* ]]; then
                        COMPREPLY+=("$candidate")
                    fi
                done
            }

            _brewlog() {
                local cur prev cmd i file
                local -a opts ids
                COMPREPLY=()
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev="${COMP_WORDS[COMP_CWORD-1]}"
                cmd=""
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case "${COMP_WORDS[i]}" in
                        --file) file="${COMP_WORDS[i+1]}"; ((i++)) ;;
                        --file=*) file="${COMP_WORDS[i]#--file=}" ;;
                        --color) ((i++)) ;;
                        -*) ;;
                        *) cmd="${COMP_WORDS[i]}"; break ;;
                    esac
                done
                case "$prev" in
            \(valueCases)        --file)
                        compopt -o filenames 2>/dev/null
                        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
                        return ;;
                esac
                if [[ -z "$cmd" ]]; then
                    _brewlog_offer "$cur" \(commandWords)
                    return
                fi
                case "$cmd" in
            \(cases)        help) _brewlog_offer "$cur" \(helpWords); return ;;
                    completion) _brewlog_offer "$cur" bash zsh fish; return ;;
                    *) opts=() ;;
                esac
                if [[ "$cur" == -* ]]; then
                    _brewlog_offer "$cur" "${opts[@]}"
                elif [[ "$cmd" == show || "$cmd" == edit || "$cmd" == rm ]]; then
                    compopt -o filenames 2>/dev/null
                    if [[ -n "$file" ]]; then
                        mapfile -t ids < <(brewlog --file "$file" list -q 2>/dev/null)
                    else
                        mapfile -t ids < <(brewlog list -q 2>/dev/null)
                    fi
                    _brewlog_offer "$cur" last "${ids[@]}"
                elif [[ "$cmd" == import ]]; then
                    compopt -o filenames 2>/dev/null
                    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
                fi
            }
            complete -F _brewlog brewlog

            """
    }

    /// `text` as one single-quoted shell word, for bash and zsh scripts.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func zsh() -> String {
        var functions = ""
        for command in Commands.specs {
            var specs = options(command).map { option -> String in
                let help = escapeZsh(option.help)
                let action: String
                if let values = values(for: option.long) {
                    action = ":\(option.valueName ?? "value"):(\(values.joined(separator: " ")))"
                } else if option.long == "file" {
                    action = ":path:_files"
                } else if let name = option.valueName {
                    action = ":\(name): "
                } else {
                    action = ""
                }
                let repeatable = option.repeatable ? "*" : ""
                return "'\(repeatable)--\(option.long)[\(help)]\(action)'"
            }
            if takesID.contains(command.name) {
                specs.append("'*:brew id:_brewlog_ids'")
            } else if command.name == "import" {
                specs.append("':file:_files'")
            } else if command.name == "completion" {
                specs.append("':shell:(bash zsh fish)'")
            }
            functions += "_brewlog_\(command.name.replacingOccurrences(of: "-", with: "_"))() {\n    _arguments \\\n        "
                + specs.joined(separator: " \\\n        ") + "\n}\n\n"
        }
        let described = Commands.specs.map { "'\($0.name):\(escapeZsh($0.abstract))'" }.joined(separator: "\n        ")
        return """
            #compdef brewlog
            # zsh completion for brewlog (brewlog completion zsh)

            # Brew ids from the journal, offered as they are: quoted expansion (never globbed or
            # evaluated), and compadd rather than _describe, which would read a ':' in an id as
            # the start of a description. compadd quotes what it inserts. A --file on the line
            # being completed (in the words _brewlog saved before _arguments shifted them) names
            # the journal; its quoting is removed with (Q), which evaluates nothing.
            _brewlog_ids() {
                local -a ids line
                local file= i
                line=("${(@)words}")
                (( ${+_brewlog_words} )) && line=("${(@)_brewlog_words}")
                for (( i = 1; i <= $#line; i++ )); do
                    case ${line[i]} in
                        --file) file=${(Q)line[i+1]}; (( i++ )) ;;
                        --file=*) file=${(Q)${line[i]#--file=}} ;;
                    esac
                done
                if [[ -n $file ]]; then
                    ids=("${(@f)$(brewlog --file "$file" list -q 2>/dev/null)}")
                else
                    ids=("${(@f)$(brewlog list -q 2>/dev/null)}")
                fi
                compadd -X 'brew id' -- last "${(@)ids:#}"
            }

            \(functions)_brewlog() {
                local -a commands _brewlog_words
                _brewlog_words=("${(@)words}")
                commands=(
                    \(described)
                    'help:Show help for a subcommand.'
                )
                _arguments -C \\
                    '--file[The journal file]:path:_files' \\
                    '--color[Colour output]:when:(auto always never)' \\
                    '(-q --quiet)'{-q,--quiet}'[Print only what a script needs]' \\
                    '(-h --help)'{-h,--help}'[Show help information]' \\
                    '--version[Show the version]' \\
                    '1: :->command' \\
                    '*:: :->args'
                case $state in
                    command) _describe 'command' commands ;;
                    args)
                        case $words[1] in
                            help) _describe 'command' commands ;;
                            *) (( $+functions[_brewlog_$words[1]] )) && _brewlog_$words[1] ;;
                        esac ;;
                esac
            }

            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
                _brewlog "$@"
            else
                compdef _brewlog brewlog
            fi

            """
    }

    static func fish() -> String {
        var lines = [
            "# fish completion for brewlog (brewlog completion fish)",
            "complete -c brewlog -f",
            "# Brew ids from the journal, one per line: fish offers command substitution output as it is.",
            "# A --file on the line being completed names the journal (its tokens come unquoted, and",
            "# a fish variable is never split or expanded again).",
            "function __brewlog_ids",
            "    echo last",
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
            "    if test -n \"$file\"",
            "        brewlog --file $file list -q 2>/dev/null",
            "    else",
            "        brewlog list -q 2>/dev/null",
            "    end",
            "end",
            "complete -c brewlog -n '__fish_use_subcommand' -a help -d 'Show help for a subcommand.'",
        ]
        for command in Commands.specs {
            lines.append("complete -c brewlog -n '__fish_use_subcommand' -a \(command.name) -d '\(escapeFish(command.abstract))'")
        }
        for option in GlobalOptions.all + [GlobalOptions.version] {
            lines.append(fishOption(option, condition: nil))
        }
        for command in Commands.specs {
            let condition = "__fish_seen_subcommand_from \(command.name)"
            for option in command.options {
                lines.append(fishOption(option, condition: condition))
            }
            if takesID.contains(command.name) {
                lines.append("complete -c brewlog -n '\(condition)' -a '(__brewlog_ids)' -d 'brew id'")
            } else if command.name == "import" {
                lines.append("complete -c brewlog -n '\(condition)' -F")
            } else if command.name == "completion" {
                lines.append("complete -c brewlog -n '\(condition)' -a 'bash zsh fish'")
            }
        }
        lines.append("complete -c brewlog -n '__fish_seen_subcommand_from help' -a '\(Commands.specs.map(\.name).joined(separator: " "))'")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishOption(_ option: OptionSpec, condition: String?) -> String {
        var line = "complete -c brewlog"
        if let condition { line += " -n '\(condition)'" }
        line += " -l \(option.long)"
        if let short = option.short { line += " -s \(short)" }
        if option.valueName != nil {
            line += " -r"
            if let values = values(for: option.long) { line += " -a '\(values.joined(separator: " "))'" }
            if option.long == "file" { line += " -F" }
        }
        return line + " -d '\(escapeFish(option.help))'"
    }

    private static func escapeZsh(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: ":", with: "\\:")
    }

    private static func escapeFish(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "\\'")
    }
}

import Foundation

/// Completion scripts for bash, zsh and fish, generated from the same specs the parser uses,
/// so they never drift from the options brewlog accepts.
enum CompletionScripts {
    /// Values an option takes, where there is a fixed set.
    static func values(for option: String) -> [String]? {
        switch option {
        case "unset": ["rating", "notes", "method", "coffee", "dose", "water", "grind", "temp", "time", "tags"]
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

    static func bash() -> String {
        var cases = ""
        for command in Commands.specs {
            let words = options(command).map { "--" + $0.long }.joined(separator: " ")
            cases += "        \(command.name)) opts=\"\(words)\" ;;\n"
        }
        var valueCases = ""
        for option in ["unset", "format", "color", "prefer", "date", "since", "until"] {
            valueCases += "        --\(option)) COMPREPLY=($(compgen -W \"\((values(for: option) ?? []).joined(separator: " "))\" -- \"$cur\")); return ;;\n"
        }
        return """
            # bash completion for brewlog (brewlog completion bash)
            _brewlog() {
                local cur prev cmd opts i file
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
            \(valueCases)        --file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                esac
                if [[ -z "$cmd" ]]; then
                    COMPREPLY=($(compgen -W "\(commandNames.joined(separator: " ")) --file --color --quiet --help --version" -- "$cur"))
                    return
                fi
                case "$cmd" in
            \(cases)        help) COMPREPLY=($(compgen -W "\(Commands.specs.map(\.name).joined(separator: " "))" -- "$cur")); return ;;
                    completion) COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur")); return ;;
                    *) opts="" ;;
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
                elif [[ "$cmd" == show || "$cmd" == edit || "$cmd" == rm ]]; then
                    COMPREPLY=($(compgen -W "last $(brewlog ${file:+--file "$file"} list -q 2>/dev/null)" -- "$cur"))
                elif [[ "$cmd" == import ]]; then
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -F _brewlog brewlog

            """
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

            _brewlog_ids() {
                local -a ids
                ids=(last ${(f)"$(brewlog list -q 2>/dev/null)"})
                _describe 'brew id' ids
            }

            \(functions)_brewlog() {
                local -a commands
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
                lines.append("complete -c brewlog -n '\(condition)' -a '(brewlog list -q 2>/dev/null; echo last)' -d 'brew id'")
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

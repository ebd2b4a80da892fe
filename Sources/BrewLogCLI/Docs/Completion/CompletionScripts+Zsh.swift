extension CompletionScripts {
    /// The zsh script: one `_arguments` function per command. Looked-up values go through
    /// `_brewlog_values`, which adds them with `compadd` (never `_describe`, which would read a
    /// `:` in a value as the start of a description); compadd quotes what it inserts. A command
    /// whose first argument is an action gets a second function, `_brewlog_NAME_arguments`, that
    /// completes the arguments after it by the action (`_arguments` sets `line` to the arguments).
    static func zsh() -> String {
        var functions = ""
        for command in commands {
            var specs = options(command).map(zshOptionSpec)
            var afterAction = ""
            let argumentName = zshEscaped(command.subcommands.isEmpty ? command.arguments.first?.name ?? "argument" : "subcommand")
            switch command.argumentCompletion {
            case .each(.nothing): break
            case .each(let source): specs.append("'*:\(argumentName):\(zshAction(source))'")
            case let arguments:
                specs.append("'1:\(argumentName):\(zshAction(.fixed(arguments.actionWords)))'")
                let cases = arguments.followers.map { follower in
                    "        \(follower.position - 1):" + follower.actions.joined(separator: "|\(follower.position - 1):")
                        + ") " + zshCall(follower.source) + " ;;\n"
                }.joined()
                if !cases.isEmpty {
                    let name = zshEscaped(arguments.followers.first.flatMap { follower in follower.actions.first.flatMap { command.argumentName(at: follower.position, after: $0) } } ?? "argument")
                    specs.append("'*:\(name):_brewlog_\(zshName(command.name))_arguments'")
                    afterAction = "# The arguments after '\(command.name)'s action, by the action and their place.\n"
                        + "_brewlog_\(zshName(command.name))_arguments() {\n    case $(( ${#line} - 1 )):${line[1]} in\n"
                        + cases + "    esac\n}\n\n"
                }
            }
            functions += "_brewlog_\(zshName(command.name))() {\n    _arguments -s \\\n        "
                + specs.joined(separator: " \\\n        ") + "\n}\n\n" + afterAction
        }
        let described = commands.map { "'\(zshEscaped($0.name)):\(zshEscaped($0.abstract))'" }.joined(separator: "\n        ")
        let globals = (GlobalOptions.all + [GlobalOptions.version]).map(zshOptionSpec).joined(separator: " \\\n        ")
        return """
            #compdef brewlog
            # zsh completion for brewlog (brewlog completion zsh)

            # The values of one kind ($1: \(CompletionValues.allCases.map(\.rawValue).joined(separator: ", "))), read with
            # 'brewlog __complete' and offered as they are: a quoted expansion, never globbed or
            # evaluated. A --file on the line being completed (in the words _brewlog saved before
            # _arguments shifted them) names the journal; its quoting is removed with (Q), which
            # evaluates nothing. The word typed so far (PREFIX) and the command's arguments before
            # it (line, set by _arguments) go to the lookup as data.
            _brewlog_values() {
                # _arguments puts its compadd options (-J group...) before the two words the
                # action names: the kind and the description are the last two arguments.
                local -a values all options arguments
                local file= i kind=${@[-2]} description=${@[-1]}
                options=("${(@)@[1,-3]}")
                all=("${(@)words}")
                (( ${+_brewlog_words} )) && all=("${(@)_brewlog_words}")
                for (( i = 1; i <= $#all; i++ )); do
                    case ${all[i]} in
                        --file) file=${(Q)all[i+1]}; (( i++ )) ;;
                        --file=*) file=${(Q)${all[i]#--file=}} ;;
                    esac
                done
                (( ${#line} > 1 )) && arguments=("${(@Q)line[1,-2]}")
                if [[ -n $file ]]; then
                    values=("${(@f)$(command brewlog --file "$file" __complete "$kind" -- "${(Q)PREFIX}" "${(@)arguments}" 2>/dev/null)}")
                else
                    values=("${(@f)$(command brewlog __complete "$kind" -- "${(Q)PREFIX}" "${(@)arguments}" 2>/dev/null)}")
                fi
                compadd "${(@)options}" -X "$description" -- "${(@)values:#}"
            }

            \(functions)_brewlog() {
                local -a commands _brewlog_words
                local curcontext=$curcontext state line
                _brewlog_words=("${(@)words}")
                commands=(
                    \(described)
                )
                _arguments -C \\
                    \(globals) \\
                    '1: :->command' \\
                    '*:: :->args'
                case $state in
                    command) _describe 'command' commands ;;
                    args) (( $+functions[_brewlog_${words[1]}] )) && _brewlog_${words[1]} ;;
                esac
            }

            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
                _brewlog "$@"
            else
                compdef _brewlog brewlog
            fi

            """
    }

    /// `'--rating[Rating from 1 to 5.]:n: '` and the like, for `_arguments`.
    private static func zshOptionSpec(_ option: OptionSpec) -> String {
        let help = "[" + zshEscaped(option.help) + "]"
        let repeatable = option.repeatable ? "*" : ""
        let action = option.valueName.map { ":\(zshEscaped($0)):" + zshAction(option.completion) } ?? ""
        guard let short = option.short else { return "'\(repeatable)--\(option.long)\(help)\(action)'" }
        let words = "-\(short) --\(option.long)"
        return "'(\(words))'{-\(short),--\(option.long)}'\(help)\(action)'"
    }

    /// The `_arguments` action for `source` (inside single quotes).
    private static func zshAction(_ source: CompletionSource) -> String {
        switch source {
        case .fixed(let words): "(" + words.joined(separator: " ") + ")"
        case .lookup(let kind): "_brewlog_values \(kind.rawValue) '\\''\(kind.description)'\\''"
        case .files: "_files"
        case .nothing: " "
        }
    }

    /// A call that completes `source` from a function `_arguments` runs as an action, passing on
    /// the compadd options it was given.
    private static func zshCall(_ source: CompletionSource) -> String {
        switch source {
        case .fixed(let words): "compadd \"$@\" -- " + words.joined(separator: " ")
        case .lookup(let kind): "_brewlog_values \"$@\" \(kind.rawValue) " + shellQuoted(kind.description)
        case .files: "_files \"$@\""
        case .nothing: ":"
        }
    }

    /// A command name as part of a zsh function name.
    static func zshName(_ name: String) -> String {
        name.replacingScalars(["-": "_"])
    }

    /// `text` inside a single-quoted `_arguments` spec: quotes closed and reopened, and the
    /// characters `_arguments` reads (`[`, `]`, `:`) escaped.
    private static func zshEscaped(_ text: String) -> String {
        text.replacingScalars(["'": "'\\''", "[": "\\[", "]": "\\]", ":": "\\:"])
    }
}

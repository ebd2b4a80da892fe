extension CompletionScripts {
    /// The zsh script: one `_arguments` function per command. Journal values go through
    /// `_brewlog_values`, which adds them with `compadd` (never `_describe`, which would read a
    /// `:` in a value as the start of a description); compadd quotes what it inserts.
    static func zsh() -> String {
        var functions = ""
        for command in commands {
            var specs = options(command).map(zshOptionSpec)
            switch CompletionSource.arguments(of: command.name) {
            case .nothing: break
            case let source: specs.append("'*:\(zshEscaped(command.arguments.first?.name ?? "argument")):\(zshAction(source))'")
            }
            functions += "_brewlog_\(zshName(command.name))() {\n    _arguments -s \\\n        "
                + specs.joined(separator: " \\\n        ") + "\n}\n\n"
        }
        let described = commands.map { "'\(zshEscaped($0.name)):\(zshEscaped($0.abstract))'" }.joined(separator: "\n        ")
        let globals = (GlobalOptions.all + [GlobalOptions.version]).map(zshOptionSpec).joined(separator: " \\\n        ")
        return """
            #compdef brewlog
            # zsh completion for brewlog (brewlog completion zsh)

            # The journal's values of one kind ($1: \(JournalValues.allCases.map(\.rawValue).joined(separator: ", "))), read with
            # 'brewlog __complete' and offered as they are: a quoted expansion, never globbed or
            # evaluated. A --file on the line being completed (in the words _brewlog saved before
            # _arguments shifted them) names the journal; its quoting is removed with (Q), which
            # evaluates nothing.
            _brewlog_values() {
                # _arguments puts its compadd options (-J group...) before the two words the
                # action names: the kind and the description are the last two arguments.
                local -a values line options
                local file= i kind=${@[-2]} description=${@[-1]}
                options=("${(@)@[1,-3]}")
                line=("${(@)words}")
                (( ${+_brewlog_words} )) && line=("${(@)_brewlog_words}")
                for (( i = 1; i <= $#line; i++ )); do
                    case ${line[i]} in
                        --file) file=${(Q)line[i+1]}; (( i++ )) ;;
                        --file=*) file=${(Q)${line[i]#--file=}} ;;
                    esac
                done
                if [[ -n $file ]]; then
                    values=("${(@f)$(command brewlog --file "$file" __complete "$kind" 2>/dev/null)}")
                else
                    values=("${(@f)$(command brewlog __complete "$kind" 2>/dev/null)}")
                fi
                [[ $kind == ids ]] && values=(last "${(@)values}")
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
        let action = option.valueName.map { ":\(zshEscaped($0)):" + zshAction(CompletionSource.value(of: option.long)) } ?? ""
        guard let short = option.short else { return "'\(repeatable)--\(option.long)\(help)\(action)'" }
        let words = "-\(short) --\(option.long)"
        return "'(\(words))'{-\(short),--\(option.long)}'\(help)\(action)'"
    }

    /// The `_arguments` action for `source` (inside single quotes).
    private static func zshAction(_ source: CompletionSource) -> String {
        switch source {
        case .fixed(let words): "(" + words.joined(separator: " ") + ")"
        case .journal(let kind): "_brewlog_values \(kind.rawValue) '\\''\(kind.description)'\\''"
        case .files: "_files"
        case .nothing: " "
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

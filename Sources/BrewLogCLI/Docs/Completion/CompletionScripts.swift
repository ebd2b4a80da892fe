/// Completion scripts for bash, zsh and fish, generated from the command declarations: the
/// commands, their subcommands and options, and what each option's value and each argument
/// completes to (``OptionSpec/completion``, ``ArgumentSpec/completion``), so they never drift
/// from what brewlog accepts.
///
/// The safety rule all three keep: text from the journal and the config file (ids, methods,
/// coffees, tags, recipes, keys) reaches the shell only as data, through `brewlog __complete
/// KIND`: it is never evaluated, expanded, split or globbed, and the shell quotes what it inserts.
/// What the line typed gives that lookup (the word so far, the arguments before it) is passed to
/// it as arguments, never as code.
enum CompletionScripts {
    /// The commands offered at the command's place, `help` included.
    static var commands: [CommandSpec] { Commands.listed + [HelpCommand.spec] }

    /// The options offered after `command`: its own (a family's: its subcommands') and the global ones.
    static func options(_ command: CommandSpec) -> [OptionSpec] {
        command.completedOptions + GlobalOptions.all
    }

    /// Every option that takes a value, by long name, once (for the scripts' value cases).
    static var valueOptions: [String] {
        var seen: [String] = []
        for option in commands.flatMap(options) + [GlobalOptions.version] where option.valueName != nil && !seen.contains(option.long) {
            seen.append(option.long)
        }
        return seen
    }

    /// A short option that takes a value, with the long one it names: the same in every command
    /// (-m is --method everywhere).
    static var shortValueOptions: [(short: Character, long: String)] {
        var seen: [(short: Character, long: String)] = []
        for option in commands.flatMap(options) where option.valueName != nil {
            if let short = option.short, !seen.contains(where: { $0.short == short }) { seen.append((short, option.long)) }
        }
        return seen
    }

    /// Every way an option that takes its value in the next word is typed (`--method`, `-m`):
    /// the words the scripts skip, with the word after them, when they look for arguments.
    static var valueOptionWords: [String] {
        valueOptions.map { "--" + $0 } + shortValueOptions.map { "-" + String($0.short) }
    }

    /// `text` as one single-quoted shell word, for bash and zsh scripts.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingScalars(["'": "'\\''"]) + "'"
    }

    /// The bash script. Candidates go through `_brewlog_offer`, which compares each with the word
    /// typed as plain text and adds it to `COMPREPLY` as it is (unlike `compgen -W`, nothing is
    /// expanded, split or globbed). Looked-up values are quoted with `printf %q` before they are
    /// inserted (so `` `cmd` ``, `$HOME` or `~user` are inserted as text, never run or expanded),
    /// unless they hold only letters, digits and `._,+@%/:=-`, which the shell reads as they are;
    /// file names get readline's own quoting (`compopt -o filenames`). A command's arguments
    /// before the word completed (`args`, options and their values left out) go to the lookup.
    ///
    /// bash splits words at `COMP_WORDBREAKS` (`:` and `=` among them), so `--file=/tmp` and an
    /// id `2026-11-29T08:00` arrive in pieces: `_brewlog_rejoin` joins the pieces that touch in
    /// `COMP_LINE`, and `_brewlog_reply` hands back only the part of each candidate after the
    /// last break character typed, the part readline replaces.
    static func bash() -> String {
        let commandCases = commands.map { command in
            "        \(command.name)) opts=(\(options(command).flatMap(optionWords).map(shellQuoted).joined(separator: " "))) ;;\n"
        }.joined()
        let argumentCases = commands.map { command in
            "        \(command.name))" + bashArguments(command.argumentCompletion) + " ;;\n"
        }.joined()
        // By command and option: the same long name may complete differently in two commands
        // (`recipe --from` an id, `import --from` a tool). The global options match after any.
        let commandValueCases = commands.flatMap { command in
            command.completedOptions.filter { $0.valueName != nil && $0.completion != .nothing }.map { option in
                "        \(command.name):\(option.long)) _brewlog_complete \(bashAction(option.completion)) \"$3\" ;;\n"
            }
        }.joined()
        let globalValueCases = (GlobalOptions.all + [GlobalOptions.version]).filter { $0.valueName != nil && $0.completion != .nothing }.map { option in
            "        *:\(option.long)) _brewlog_complete \(bashAction(option.completion)) \"$3\" ;;\n"
        }.joined()
        let valueCases = commandValueCases + globalValueCases
        let valuePattern = valueOptions.map { "--" + $0 }.joined(separator: "|")
        let shortCases = shortValueOptions.map { "-\($0.short)) prev=--\($0.long) ;; " }.joined()
        let valueWordPattern = valueOptionWords.joined(separator: "|")
        let topWords = (commands.map(\.name) + (GlobalOptions.all + [GlobalOptions.version]).flatMap(optionWords)).map(shellQuoted).joined(separator: " ")
        return """
            # bash completion for brewlog (brewlog completion bash)

            # Adds each argument after the first that starts with the first to candidates, as it is.
            _brewlog_offer() {
                local prefix="$1" candidate
                shift
                for candidate in "$@"; do
                    if [[ "$candidate" == "$prefix"* ]]; then
                        candidates+=("$candidate")
                    fi
                done
            }

            # The word as the shell will pass it, in REPLY: quotes and backslashes removed, a
            # leading ~/ made $HOME/. Nothing is expanded or evaluated.
            _brewlog_dequote() {
                local text="$1" out="" c quote="" i
                for ((i = 0; i < ${#text}; i++)); do
                    c="${text:i:1}"
                    if [[ "$quote" == "'" ]]; then
                        if [[ "$c" == "'" ]]; then quote=""; else out+="$c"; fi
                    elif [[ "$quote" == '"' ]]; then
                        if [[ "$c" == '"' ]]; then
                            quote=""
                        elif [[ "$c" == '\\' && "${text:i+1:1}" == [\\"\\\\\\$\\`] ]]; then
                            out+="${text:i+1:1}"; ((i++))
                        else
                            out+="$c"
                        fi
                    elif [[ "$c" == "'" || "$c" == '"' ]]; then
                        quote="$c"
                    elif [[ "$c" == '\\' ]]; then
                        out+="${text:i+1:1}"; ((i++))
                    else
                        out+="$c"
                    fi
                done
                if [[ "$out" == "~/"* ]]; then out="$HOME/${out#"~/"}"; fi
                REPLY="$out"
            }

            # words and cword: COMP_WORDS with the pieces bash split at COMP_WORDBREAKS joined
            # again where they touch in COMP_LINE (without COMP_LINE, COMP_WORDS as they are).
            _brewlog_rejoin() {
                local i word rest spaces line="${COMP_LINE-}" pos=0
                words=()
                cword=0
                for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
                    word="${COMP_WORDS[i]}"
                    if [[ -n "$line" ]]; then
                        rest="${line:pos}"
                        spaces="${rest%%[![:space:]]*}"
                        if [[ "${rest:${#spaces}:${#word}}" != "$word" ]]; then
                            line=""
                        elif ((i > 0 && ${#spaces} == 0)); then
                            words[${#words[@]}-1]+="$word"
                            pos=$((pos + ${#word}))
                            ((i == COMP_CWORD)) && cword=$((${#words[@]} - 1))
                            continue
                        else
                            pos=$((pos + ${#spaces} + ${#word}))
                        fi
                    fi
                    words+=("$word")
                    ((i == COMP_CWORD)) && cword=$((${#words[@]} - 1))
                done
                ((COMP_CWORD >= ${#COMP_WORDS[@]})) && { words+=(""); cword=$((${#words[@]} - 1)); }
            }

            # Adds the candidates for one source to candidates: fixed WORD..., lookup KIND,
            # files, or nothing; the last argument is the text typed so far (dequoted).
            _brewlog_complete() {
                local kind="$1" typed="${!#}" value
                local -a values file_option=()
                case "$kind" in
                    fixed) _brewlog_offer "$typed" "${@:2:$#-2}" ;;
                    files)
                        compopt -o filenames 2>/dev/null
                        while IFS= read -r value; do candidates+=("$value"); done < <(compgen -f -- "$typed")
                        ;;
                    lookup)
                        # Quoted here with printf %q, never by readline's filename quoting,
                        # which leaves ` and $ alone and adds a / after a folder's name. The
                        # word typed and the command's arguments (args) go along as data.
                        quote=1
                        [[ -n "$file" ]] && file_option=(--file "$file")
                        mapfile -t values < <(command brewlog "${file_option[@]}" __complete "$2" -- "$typed" "${args[@]}" 2>/dev/null)
                        _brewlog_offer "$typed" "${values[@]}"
                        ;;
                esac
            }

            # The candidates for the value of command $1's option $2 (without dashes), typed so far: $3.
            _brewlog_value() {
                case "$1:$2" in
            \(valueCases)    esac
            }

            # COMPREPLY: each candidate without the part of the word readline keeps: all but
            # the last piece bash split the word into (none when that piece is only break
            # characters, as the = of --file= is), read as the shell will read it.
            _brewlog_reply() {
                local rest raw="$1" piece="${COMP_WORDS[COMP_CWORD]-}" keep="" i candidate
                for ((i = 0; i < ${#piece}; i++)); do
                    [[ "${COMP_WORDBREAKS-}" == *"${piece:i:1}"* ]] || break
                done
                ((i == ${#piece})) && piece=""
                if [[ "$raw" == *"$piece" ]]; then
                    _brewlog_dequote "${raw:0:${#raw}-${#piece}}"
                    keep="$REPLY"
                fi
                for candidate in "${candidates[@]}"; do
                    [[ "$candidate" == "$keep"* ]] || continue
                    rest="${candidate:${#keep}}"
                    # A word of only these characters means the same to the shell unquoted
                    # (printf %q would write date,rating as date\\,rating).
                    [[ -n "$quote" && "$rest" == *[!A-Za-z0-9._,+@%/:=-]* ]] && printf -v rest '%q' "$rest"
                    COMPREPLY+=("$rest")
                done
            }

            _brewlog() {
                local cur raw prev cmd="" file="" i cword REPLY typed quote=""
                local -a words opts candidates args
                COMPREPLY=()
                _brewlog_rejoin
                raw="${words[cword]}"
                _brewlog_dequote "$raw"
                cur="$REPLY"
                prev="${words[cword-1]}"
                case "$prev" in \(shortCases)esac
                # The command, and its arguments before the word completed (dequoted): options
                # and the values they take are neither.
                for ((i = 1; i < cword; i++)); do
                    case "${words[i]}" in
                        --file) _brewlog_dequote "${words[i+1]}"; file="$REPLY"; ((i++)) ;;
                        --file=*) _brewlog_dequote "${words[i]#--file=}"; file="$REPLY" ;;
                        \(valueWordPattern)) ((i++)) ;;
                        -*) ;;
                        *)
                            if [[ -z "$cmd" ]]; then
                                cmd="${words[i]}"
                            else
                                _brewlog_dequote "${words[i]}"
                                args+=("$REPLY")
                            fi
                            ;;
                    esac
                done
                if ((cword > 1)) && [[ "$prev" == @(\(valuePattern)) ]]; then
                    _brewlog_value "$cmd" "${prev#--}" "$cur"
                elif [[ "$cur" == --*=* ]]; then
                    local option="${cur%%=*}"
                    _brewlog_value "$cmd" "${option#--}" "${cur#*=}"
                    for i in "${!candidates[@]}"; do candidates[i]="$option=${candidates[i]}"; done
                elif [[ -z "$cmd" ]]; then
                    _brewlog_offer "$cur" \(topWords)
                elif [[ "$cur" == -* ]]; then
                    case "$cmd" in
            \(commandCases)        *) opts=() ;;
                    esac
                    _brewlog_offer "$cur" "${opts[@]}"
                else
                    typed="$cur"
                    case "$cmd" in
            \(argumentCases)    esac
                fi
                _brewlog_reply "$raw"
            }
            complete -F _brewlog brewlog

            """
    }

    /// `-q` and `--quiet`: the words an option is typed as.
    static func optionWords(_ option: OptionSpec) -> [String] {
        ["--" + option.long] + (option.short.map { ["-" + String($0)] } ?? [])
    }

    /// The arguments `_brewlog_complete` takes for `source`, before the text typed.
    private static func bashAction(_ source: CompletionSource) -> String {
        switch source {
        case .fixed(let words): (["fixed"] + words.map(shellQuoted)).joined(separator: " ")
        case .lookup(let kind): "lookup " + kind.rawValue
        case .files: "files"
        case .nothing: "nothing"
        }
    }

    /// What completes a command's argument: one call for every argument, or a `case` on how
    /// many arguments come before it and the first of them (the action).
    private static func bashArguments(_ arguments: ArgumentCompletion) -> String {
        switch arguments {
        case .each(let source):
            return " _brewlog_complete \(bashAction(source)) \"$typed\""
        case .actions(let actions, _):
            let first = "0:*) _brewlog_complete \(bashAction(.fixed(actions))) \"$typed\" ;;"
            let after = arguments.followers.map { follower in
                follower.actions.map { "\(follower.position - 1):\($0)" }.joined(separator: "|")
                    + ") _brewlog_complete \(bashAction(follower.source)) \"$typed\" ;;"
            }
            let cases = ([first] + after).map { "\n                " + $0 }.joined()
            return "\n            case \"${#args[@]}:${args[0]-}\" in\(cases)\n            esac"
        }
    }
}

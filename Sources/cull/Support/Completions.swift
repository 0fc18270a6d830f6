/// `cull --generate-completion-script bash|zsh|fish`: shell completion written from the same
/// command specs the parser and `--help` read, so a new option completes without more code.
enum Completions {
    enum Shell: String, CaseIterable { case bash, zsh, fish }

    static func script(_ shell: Shell, commands: [CommandSpec]) -> String {
        switch shell {
        case .bash: bash(commands)
        case .zsh: zsh(commands)
        case .fish: fish(commands)
        }
    }

    /// What a value completes to: one of its choices, a folder, a file, or nothing to offer.
    private enum ValueKind { case choices([String]), folder, file, free }

    private static func kind(of option: OptionSpec) -> ValueKind {
        if let choices = option.choices { return .choices(choices) }
        switch option.value {
        case "DIR": return .folder
        case "PATH": return .file
        default: return .free
        }
    }

    private static func names(_ option: OptionSpec) -> [String] {
        (option.short.map { ["-\($0)"] } ?? []) + ["--\(option.long)"]
    }

    private static func bash(_ commands: [CommandSpec]) -> String {
        let top = (commands.map(\.name) + ["help", "--help", "--version", "--generate-completion-script", "--generate-man-page"]).joined(separator: " ")
        var out = """
            # bash completion for cull (cull --generate-completion-script bash)
            _cull() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                COMPREPLY=()
                if [[ $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=($(compgen -W "\(top)" -- "$cur"))
                    return
                fi
                case "${COMP_WORDS[1]}" in
                    help) [[ $COMP_CWORD -eq 2 ]] && COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$cur")) ;;
                    --generate-completion-script) COMPREPLY=($(compgen -W "\(Shell.allCases.map(\.rawValue).joined(separator: " "))" -- "$cur")) ;;

            """
        for command in commands {
            out += "        \(command.name))\n            case \"$prev\" in\n"
            // An optional value is only ever written after `=` (`--preview=kitty`): bash offers the option itself.
            for option in command.options where option.value != nil && !option.valueIsOptional {
                let action: String
                switch kind(of: option) {
                case let .choices(choices): action = "COMPREPLY=($(compgen -W \"\(choices.joined(separator: " "))\" -- \"$cur\"))"
                case .folder: action = "COMPREPLY=($(compgen -d -- \"$cur\"))"
                case .file: action = "COMPREPLY=($(compgen -f -- \"$cur\"))"
                case .free: action = ":"
                }
                out += "                \(names(option).joined(separator: "|"))) \(action); return ;;\n"
            }
            let flags = (command.options.flatMap(names) + ["-h", "--help"]).joined(separator: " ")
            out += "            esac\n"
            out += "            COMPREPLY=($(compgen -W \"\(flags)\" -- \"$cur\"))\n"
            if !command.arguments.isEmpty { out += "            [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- \"$cur\"))\n" }
            out += "            ;;\n"
        }
        out += "    esac\n}\ncomplete -o filenames -F _cull cull\n"
        return out
    }

    /// Text safe inside a single-quoted zsh `_arguments` spec or `_describe` entry.
    private static func zshText(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "(")
            .replacingOccurrences(of: "]", with: ")").replacingOccurrences(of: ":", with: "\\:")
    }

    private static func zsh(_ commands: [CommandSpec]) -> String {
        var out = """
            #compdef cull
            # zsh completion for cull (cull --generate-completion-script zsh)
            _cull() {
                local -a commands
                commands=(

            """
        for command in commands { out += "        '\(command.name):\(zshText(command.abstract))'\n" }
        out += """
                )
                if (( CURRENT == 2 )); then
                    _describe 'command' commands
                    _arguments '--version[Show the version.]' '--help[Show help information.]' \\
                        '--generate-completion-script[Print a shell completion script.]:shell:(\(Shell.allCases.map(\.rawValue).joined(separator: " ")))' \\
                        '--generate-man-page[Print the man page.]'
                    return
                fi
                local command=$words[2]
                shift words
                (( CURRENT-- ))
                case $command in
                    help) _describe 'command' commands ;;

            """
        for command in commands {
            out += "        \(command.name))\n            _arguments \\\n"
            for option in command.options {
                let help = zshText(option.help)
                let value: String
                switch option.value == nil ? nil : kind(of: option) {
                case nil: value = ""
                case let .choices(choices)?: value = ":\(option.value!.lowercased()):(\(choices.joined(separator: " ")))"
                case .folder?: value = ":\(option.value!.lowercased()):_files -/"
                case .file?: value = ":\(option.value!.lowercased()):_files"
                case .free?: value = ":\(option.value!.lowercased()): "
                }
                // `--preview=-`: zsh's spelling of a value that may follow `=` or be left out.
                let long = "--\(option.long)" + (option.valueIsOptional ? "=-" : "")
                let spec = option.short.map { "'(-\($0) --\(option.long))'{-\($0),\(long)}'" } ?? "'\(long)"
                out += "                \(spec)[\(help)]\(value)' \\\n"
            }
            out += "                '(-h --help)'{-h,--help}'[Show help information.]'"
            out += command.arguments.isEmpty ? "\n" : " \\\n                '*:\(command.arguments[0].name):_files'\n"
            out += "            ;;\n"
        }
        out += "    esac\n}\n_cull \"$@\"\n"
        return out
    }

    private static func fishText(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }

    private static func fish(_ commands: [CommandSpec]) -> String {
        var out = """
            # fish completion for cull (cull --generate-completion-script fish)
            complete -c cull -f
            complete -c cull -n __fish_use_subcommand -l version -d 'Show the version.'
            complete -c cull -n __fish_use_subcommand -l generate-completion-script -x -a '\(Shell.allCases.map(\.rawValue).joined(separator: " "))' -d 'Print a shell completion script.'
            complete -c cull -n __fish_use_subcommand -l generate-man-page -d 'Print the man page.'
            complete -c cull -n __fish_use_subcommand -a help -d 'Show help for a subcommand.'

            """
        for command in commands {
            out += "complete -c cull -n __fish_use_subcommand -a \(command.name) -d '\(fishText(command.abstract))'\n"
        }
        for command in commands {
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.options {
                var line = "complete -c cull \(condition)"
                if let short = option.short { line += " -s \(short)" }
                line += " -l \(option.long)"
                if option.value != nil {
                    switch kind(of: option) {
                    // Without -x (-r -f) fish takes the value as optional: `--preview` or `--preview=kitty`.
                    case let .choices(choices): line += (option.valueIsOptional ? " -f" : " -x") + " -a '\(choices.joined(separator: " "))'"
                    case .folder: line += " -x -a '(__fish_complete_directories)'"
                    case .file: line += " -r -F"
                    case .free: line += " -x"
                    }
                }
                out += line + " -d '\(fishText(option.help))'\n"
            }
            if !command.arguments.isEmpty { out += "complete -c cull \(condition) -F\n" }
        }
        return out
    }
}

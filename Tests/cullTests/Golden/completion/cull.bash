# bash completion for cull (cull --generate-completion-script bash)
_cull() {
    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
    COMPREPLY=()
    if [[ $COMP_CWORD -eq 1 ]]; then
        COMPREPLY=($(compgen -W "init status scan check explain plan stage find show schema trash review restore keep unkeep distinct catalog commit undo run log help --help --version --generate-completion-script --generate-man-page" -- "$cur"))
        return
    fi
    case "${COMP_WORDS[1]}" in
        help) [[ $COMP_CWORD -eq 2 ]] && COMPREPLY=($(compgen -W "init status scan check explain plan stage find show schema trash review restore keep unkeep distinct catalog commit undo run log" -- "$cur")) ;;
        --generate-completion-script) COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur")) ;;
        init)
            case "$prev" in
                --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--format -h --help" -- "$cur"))
            [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- "$cur"))
            ;;
        status)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library --format -h --help" -- "$cur"))
            ;;
        scan)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library --format --include-managed --hash --text -v --verbose -h --help" -- "$cur"))
            ;;
        check)
            case "$prev" in
                --format) COMPREPLY=($(compgen -W "text json github sarif" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--format --strict -h --help" -- "$cur"))
            [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- "$cur"))
            ;;
        explain)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --now) :; return ;;
                --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library --now --format --evaluate -h --help" -- "$cur"))
            [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- "$cur"))
            ;;
        plan)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --now) :; return ;;
                --ceiling) :; return ;;
                --lift-limit) :; return ;;
                --stock) :; return ;;
                --format) COMPREPLY=($(compgen -W "text json paths" -- "$cur")); return ;;
                --explain) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library --now --ceiling --lift-limit --stock --format -0 --null --explain --preview -h --help" -- "$cur"))
            [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- "$cur"))
            ;;
        stage)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --now) :; return ;;
                --ceiling) :; return ;;
                --lift-limit) :; return ;;
                --stock) :; return ;;
                --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library --now --ceiling --lift-limit --stock --path --format -h --help" -- "$cur"))
            [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- "$cur"))
            ;;
        find)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --now) :; return ;;
                --format) COMPREPLY=($(compgen -W "text json paths" -- "$cur")); return ;;
                --sort) COMPREPLY=($(compgen -W "path largest newest oldest" -- "$cur")); return ;;
                --limit) :; return ;;
            esac
            COMPREPLY=($(compgen -W "--library --now --format -0 --null --sort --limit --preview -h --help" -- "$cur"))
            [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- "$cur"))
            ;;
        show)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --now) :; return ;;
                --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library --now --format -h --help" -- "$cur"))
            [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- "$cur"))
            ;;
        schema)
            case "$prev" in
                --format) COMPREPLY=($(compgen -W "json markdown man" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--format -h --help" -- "$cur"))
            ;;
        trash)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --sort) COMPREPLY=($(compgen -W "largest newest oldest path" -- "$cur")); return ;;
                --kind) COMPREPLY=($(compgen -W "photo video" -- "$cur")); return ;;
                --rule) :; return ;;
                --format) COMPREPLY=($(compgen -W "text json paths" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library --sort --kind --rule --format -0 --null --preview -h --help" -- "$cur"))
            ;;
        review)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --now) :; return ;;
                --ceiling) :; return ;;
                --lift-limit) :; return ;;
                --stock) :; return ;;
                --html) COMPREPLY=($(compgen -d -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library --now --ceiling --lift-limit --stock --no-open --html --inline --terminal -h --help" -- "$cur"))
            [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- "$cur"))
            ;;
        restore)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --rule) :; return ;;
                --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library --rule --all --format -h --help" -- "$cur"))
            [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- "$cur"))
            ;;
        keep)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library --format -h --help" -- "$cur"))
            [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- "$cur"))
            ;;
        unkeep)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library --all --format -h --help" -- "$cur"))
            [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- "$cur"))
            ;;
        distinct)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library --format -h --help" -- "$cur"))
            [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- "$cur"))
            ;;
        catalog)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --map) :; return ;;
                --kind) COMPREPLY=($(compgen -W "darktable digikam shotwell lightroom" -- "$cur")); return ;;
                --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library --map --kind --format -h --help" -- "$cur"))
            [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- "$cur"))
            ;;
        commit)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --to) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --fingerprint) :; return ;;
                --staged-before) :; return ;;
                --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library -y --yes --to --permanently --fingerprint --staged-before --format -h --help" -- "$cur"))
            ;;
        undo)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library --format -h --help" -- "$cur"))
            [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- "$cur"))
            ;;
        run)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --now) :; return ;;
                --ceiling) :; return ;;
                --lift-limit) :; return ;;
                --stock) :; return ;;
                --to) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library --now --ceiling --lift-limit --stock --commit -y --yes --to --format -h --help" -- "$cur"))
            [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- "$cur"))
            ;;
        log)
            case "$prev" in
                --library) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
            esac
            COMPREPLY=($(compgen -W "--library --format -h --help" -- "$cur"))
            ;;
    esac
}
complete -o filenames -F _cull cull

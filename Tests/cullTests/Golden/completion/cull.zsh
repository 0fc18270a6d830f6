#compdef cull
# zsh completion for cull (cull --generate-completion-script zsh)
_cull() {
    local -a commands
    commands=(
        'init:Make a folder a Cull library (creates DIR/.cull/ with the index).'
        'status:Show the library, its index, what is staged and kept, the last scan and commit; changes nothing.'
        'scan:Index new and changed files, forget vanished ones.'
        'check:Validate rule files and report every error at once (no library needed).'
        'explain:Show what each rule compiles to\: the normalised predicate, SQL, bound values and SQLite'\''s plan.'
        'plan:Show what '\''cull stage'\'' would do with these rules; changes nothing.'
        'stage:Stage what these rules match in Cull'\''s trash (one transaction; no file is touched).'
        'find:List assets matching predicates written in the rule vocabulary (all must match).'
        'show:Show all Cull knows of files\: fields and their sources, measures, copies and groups, staging, history.'
        'schema:Print the JSON Schema (2020-12) of the rule format, for editors and CI.'
        'trash:Show what is staged\: totals by rule, then the files, largest first.'
        'review:Look at the plan of these rules (or what is staged) as pictures in the browser, and decide there.'
        'restore:Unstage files by path, by rule, or everything; a named file also loses a keep (no file moves).'
        'keep:Mark files reviewed and kept\: no rule stages them again (unstages them if staged).'
        'unkeep:Forget keeps, by path or all of them\: the rules decide those files again (staged files stay staged).'
        'distinct:Mark photos as different pictures\: similar groups never hold two of them.'
        'catalog:List, add or ignore the photo-manager catalogs (darktable, digiKam, Shotwell, Lightroom) whose decisions count.'
        'commit:Move everything staged to the trash (or --to DIR, or --permanently) in one undoable batch.'
        'undo:Put a committed batch back where it was (the latest, or COMMIT), never overwriting a file.'
        'run:Scan, stage and optionally commit under the library lock, for cron and timers.'
        'log:Show the runs recorded in .cull/log and every commit and undo, oldest first.'
    )
    if (( CURRENT == 2 )); then
        _describe 'command' commands
        _arguments '--version[Show the version.]' '--help[Show help information.]' \
            '--generate-completion-script[Print a shell completion script.]:shell:(bash zsh fish)' \
            '--generate-man-page[Print the man page.]'
        return
    fi
    local command=$words[2]
    shift words
    (( CURRENT-- ))
    case $command in
        help) _describe 'command' commands ;;
        init)
            _arguments \
                '--format[Output format\: text (default) or json.]:format:(text json)' \
                '(-h --help)'{-h,--help}'[Show help information.]' \
                '*:dir:_files'
            ;;
        status)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--format[Output format\: text (default) or json.]:format:(text json)' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        scan)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--format[Output format\: text (default) or json.]:format:(text json)' \
                '--include-managed[Also walk other applications'\'' libraries (Apple Photos, Lightroom previews, Immich, ...).]' \
                '--hash[Also bring the duplicate hashes and the photos'\'' perceptual hashes, sharpness and exposure up to date (what a group or image rule would compute), e.g. from cron.]' \
                '--text[Also read the text of every photo not read yet (the text, text_words and document fields; slow\: up to a second a photo with text).]' \
                '(-v --verbose)'{-v,--verbose}'[Also name every file the scan ignored, and why (not media, a format Cull does not read, hidden, a symlink, not a regular file).]' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        check)
            _arguments \
                '--format[Output format\: text (default), json, github or sarif.]:format:(text json github sarif)' \
                '--strict[Treat warnings as errors.]' \
                '(-h --help)'{-h,--help}'[Show help information.]' \
                '*:rules:_files'
            ;;
        explain)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--now[Pin the clock for relative dates (ISO 8601), for reproducible plans.]:date: ' \
                '--format[Output format\: text (default) or json.]:format:(text json)' \
                '--evaluate[Also run each rule and report counts and timings (changes nothing).]' \
                '(-h --help)'{-h,--help}'[Show help information.]' \
                '*:rules:_files'
            ;;
        plan)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--now[Pin the clock for relative dates (ISO 8601), for reproducible plans.]:date: ' \
                '--ceiling[Stop if the trash would hold more than this share of the library (default 30%; 100 disables).]:percent: ' \
                '--lift-limit[Let trash rule RULE stage more than its limit\: for this run, after looking at what it selects (repeatable).]:rule: ' \
                '--stock[Also run the stock rule file NAME (e.g. old-screenshots)\: from /usr/share/cull/rules (share/cull/rules of the prefix cull is installed in), or $CULL_STOCK_RULES.]:name: ' \
                '--format[Output format\: text (default), json or paths; paths lists every path staging would add.]:format:(text json paths)' \
                '(-0 --null)'{-0,--null}'[With --format paths\: end each path with NUL instead of a newline.]' \
                '--explain[Say which rules match this file and why it is or is not staged (repeatable).]:path:_files' \
                '--preview=-[Draw the files as a contact sheet in the terminal\: kitty, iterm, sixel or symbols (default\: the best the terminal supports; text only on a pipe or TERM=dumb).]:mode:(kitty iterm sixel symbols)' \
                '(-h --help)'{-h,--help}'[Show help information.]' \
                '*:rules:_files'
            ;;
        stage)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--now[Pin the clock for relative dates (ISO 8601), for reproducible plans.]:date: ' \
                '--ceiling[Stop if the trash would hold more than this share of the library (default 30%; 100 disables).]:percent: ' \
                '--lift-limit[Let trash rule RULE stage more than its limit\: for this run, after looking at what it selects (repeatable).]:rule: ' \
                '--stock[Also run the stock rule file NAME (e.g. old-screenshots)\: from /usr/share/cull/rules (share/cull/rules of the prefix cull is installed in), or $CULL_STOCK_RULES.]:name: ' \
                '--path[Stage the files named as arguments by hand, instead of reading rules.]' \
                '--format[Output format\: text (default) or json; json prints the plan that was staged.]:format:(text json)' \
                '(-h --help)'{-h,--help}'[Show help information.]' \
                '*:rules:_files'
            ;;
        find)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--now[Pin the clock for relative dates (ISO 8601), for reproducible plans.]:date: ' \
                '--format[Output format\: text (default), json or paths; json prints the indexed fields, paths raw bytes for piping.]:format:(text json paths)' \
                '(-0 --null)'{-0,--null}'[With --format paths\: end each path with NUL instead of a newline.]' \
                '--sort[path (default), largest, newest or oldest (by capture time; files without one last).]:order:(path largest newest oldest)' \
                '--limit[Print at most N files (after sorting).]:n: ' \
                '--preview=-[Draw the files as a contact sheet in the terminal\: kitty, iterm, sixel or symbols (default\: the best the terminal supports; text only on a pipe or TERM=dumb).]:mode:(kitty iterm sixel symbols)' \
                '(-h --help)'{-h,--help}'[Show help information.]' \
                '*:predicate:_files'
            ;;
        show)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--now[Pin the clock for relative dates (ISO 8601), for reproducible plans.]:date: ' \
                '--format[Output format\: text (default) or json.]:format:(text json)' \
                '(-h --help)'{-h,--help}'[Show help information.]' \
                '*:path:_files'
            ;;
        schema)
            _arguments \
                '--format[Output format\: json (default), markdown or man; markdown prints the field reference, man the page cull-rules(5).]:format:(json markdown man)' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        trash)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--sort[largest (default), newest, oldest (by capture time; files without one last) or path.]:order:(largest newest oldest path)' \
                '--kind[Only this kind (photo or video).]:kind:(photo video)' \
                '--rule[Only what this rule staged.]:rule: ' \
                '--format[Output format\: text (default), json or paths.]:format:(text json paths)' \
                '(-0 --null)'{-0,--null}'[With --format paths\: end each path with NUL instead of a newline.]' \
                '--preview=-[Draw the files as a contact sheet in the terminal\: kitty, iterm, sixel or symbols (default\: the best the terminal supports; text only on a pipe or TERM=dumb).]:mode:(kitty iterm sixel symbols)' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        review)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--now[Pin the clock for relative dates (ISO 8601), for reproducible plans.]:date: ' \
                '--ceiling[Stop if the trash would hold more than this share of the library (default 30%; 100 disables).]:percent: ' \
                '--lift-limit[Let trash rule RULE stage more than its limit\: for this run, after looking at what it selects (repeatable).]:rule: ' \
                '--stock[Also run the stock rule file NAME (e.g. old-screenshots)\: from /usr/share/cull/rules (share/cull/rules of the prefix cull is installed in), or $CULL_STOCK_RULES.]:name: ' \
                '--no-open[Print the URL, do not open a browser.]' \
                '--html[Write a static report (index.html and thumbnails) into DIR and exit.]:dir:_files -/' \
                '--inline[Put the thumbnails inside index.html (with --html)\: one file to mail.]' \
                '--terminal=-[Decide in this terminal, one photo at a time; MODE (kitty, iterm, sixel, symbols) forces how photos are drawn.]:mode:(kitty iterm sixel symbols)' \
                '(-h --help)'{-h,--help}'[Show help information.]' \
                '*:rules:_files'
            ;;
        restore)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--rule[Unstage everything this rule staged.]:rule: ' \
                '--all[Unstage everything.]' \
                '--format[Output format\: text (default) or json.]:format:(text json)' \
                '(-h --help)'{-h,--help}'[Show help information.]' \
                '*:path:_files'
            ;;
        keep)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--format[Output format\: text (default) or json.]:format:(text json)' \
                '(-h --help)'{-h,--help}'[Show help information.]' \
                '*:path:_files'
            ;;
        unkeep)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--all[Forget every keep.]' \
                '--format[Output format\: text (default) or json.]:format:(text json)' \
                '(-h --help)'{-h,--help}'[Show help information.]' \
                '*:path:_files'
            ;;
        distinct)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--format[Output format\: text (default) or json.]:format:(text json)' \
                '(-h --help)'{-h,--help}'[Show help information.]' \
                '*:path:_files'
            ;;
        catalog)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--map[With add\: the catalog'\''s paths under FROM are the library'\''s under TO.]:from=to: ' \
                '--kind[With add\: the application, when the file name does not say.]:kind:(darktable digikam shotwell lightroom)' \
                '--format[Output format\: text (default) or json.]:format:(text json)' \
                '(-h --help)'{-h,--help}'[Show help information.]' \
                '*:action:_files'
            ;;
        commit)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '(-y --yes)'{-y,--yes}'[Do not ask; required when standard input is not a terminal.]' \
                '--to[Move into this quarantine folder (same file system), keeping relative paths.]:dir:_files -/' \
                '--permanently[Delete instead of moving to the trash; cannot be undone.]' \
                '--fingerprint[Commit only if the staged set still has this fingerprint.]:f: ' \
                '--staged-before[Commit only what has been staged for at least AGE (7d, 2w, 1mo); the rest stays staged.]:age: ' \
                '--format[Output format\: text (default) or json; json prints the receipt.]:format:(text json)' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        undo)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--format[Output format\: text (default) or json.]:format:(text json)' \
                '(-h --help)'{-h,--help}'[Show help information.]' \
                '*:commit:_files'
            ;;
        run)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--now[Pin the clock for relative dates (ISO 8601), for reproducible plans.]:date: ' \
                '--ceiling[Stop if the trash would hold more than this share of the library (default 30%; 100 disables).]:percent: ' \
                '--lift-limit[Let trash rule RULE stage more than its limit\: for this run, after looking at what it selects (repeatable).]:rule: ' \
                '--stock[Also run the stock rule file NAME (e.g. old-screenshots)\: from /usr/share/cull/rules (share/cull/rules of the prefix cull is installed in), or $CULL_STOCK_RULES.]:name: ' \
                '--commit[Also commit everything staged (needs --yes).]' \
                '(-y --yes)'{-y,--yes}'[Confirm --commit without asking (cron has no one to ask).]' \
                '--to[With --commit\: move into this quarantine folder instead of the trash.]:dir:_files -/' \
                '--format[Output format\: text (default) or json; json prints one object per run.]:format:(text json)' \
                '(-h --help)'{-h,--help}'[Show help information.]' \
                '*:rules:_files'
            ;;
        log)
            _arguments \
                '--library[The library root (default\: $CULL_LIBRARY, else the nearest parent with .cull/).]:dir:_files -/' \
                '--format[Output format\: text (default) or json.]:format:(text json)' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
    esac
}
_cull "$@"

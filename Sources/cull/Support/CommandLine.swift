import CullKit
import Foundation

/// One option a command accepts, as declared by the command (the parser and `--help` read it).
struct OptionSpec {
    let long: String
    var short: Character? = nil
    /// Name of the value (`FORMAT`), or nil for a flag.
    var value: String? = nil
    let help: String
    /// Whether the option may be given several times.
    var repeats: Bool = false
    /// The only values the option accepts, when it is a choice (checked by the parser, with did-you-mean).
    var choices: [String]? = nil
    /// Whether the value may be left out (`--preview` alone, or `--preview=kitty`): then it can only
    /// be given after `=`, since the next word is an argument.
    var valueIsOptional: Bool = false

    /// How `--help` and the man page show the option's value: ` <mode>`, or `[=<mode>]` when optional.
    func valueLabel(_ name: (String) -> String) -> String {
        guard let value else { return "" }
        return valueIsOptional ? "[=\(name(value))]" : " \(name(value))"
    }
}

/// One positional argument, for `--help`.
struct ArgumentSpec {
    let name: String
    let help: String
    var repeats: Bool = false
    var optional: Bool = false
}

/// What a subcommand declares about itself.
struct CommandSpec {
    let name: String
    let abstract: String
    var discussion: String? = nil
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
}

/// A usage error: printed with the usage line and a pointer to `--help`, exit 2.
struct UsageError: Error {
    let message: String
}

/// The parsed command line of one subcommand.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Parses `arguments` against `spec`. `--` ends options; `--opt=value` and `--opt value` both work.
    init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            let (name, inlineValue) = Self.split(argument)
            guard let option = Self.option(named: name, in: spec) else {
                let candidates = spec.options.map { "--" + $0.long } + ["--help"]
                throw UsageError(message: "unknown option '\(name)'" + DidYouMean.hint(for: name, in: candidates))
            }
            if option.valueIsOptional, inlineValue == nil {
                flags.insert(option.long)
            } else if option.value != nil {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    // The next word is the value whatever it looks like (`--rule -h` names a rule called -h).
                    guard index < arguments.count else { throw UsageError(message: "missing value for '\(name)'") }
                    value = arguments[index]
                    index += 1
                }
                if values[option.long] != nil && !option.repeats {
                    throw UsageError(message: "option '--\(option.long)' given more than once")
                }
                if let choices = option.choices, !choices.contains(value) {
                    throw UsageError(message: "invalid value '\(value)' for '--\(option.long)'; expected "
                                     + English.list(choices, or: true) + DidYouMean.hint(for: value, in: choices))
                }
                values[option.long, default: []].append(value)
            } else {
                guard inlineValue == nil else { throw UsageError(message: "flag '--\(option.long)' takes no value") }
                flags.insert(option.long)
            }
        }
    }

    /// Whether `-h` or `--help` is among the options (not as an option's value, not after `--`).
    static func asksForHelp(_ arguments: [String], spec: CommandSpec) -> Bool {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return false }
            if argument == "-h" || argument == "--help" { return true }
            guard argument.hasPrefix("-"), argument != "-" else { continue }
            let (name, inlineValue) = split(argument)
            if inlineValue == nil, let option = option(named: name, in: spec), option.value != nil, !option.valueIsOptional { index += 1 }
        }
        return false
    }

    private static func split(_ argument: String) -> (name: String, inlineValue: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func option(named name: String, in spec: CommandSpec) -> OptionSpec? {
        if name.hasPrefix("--") { return spec.options.first { "--" + $0.long == name } }
        if name.count == 2, let short = name.last { return spec.options.first { $0.short == short } }
        return nil
    }

    func flag(_ option: OptionSpec) -> Bool { flags.contains(option.long) }
    func value(_ option: OptionSpec) -> String? { values[option.long]?.last }
    func all(_ option: OptionSpec) -> [String] { values[option.long] ?? [] }

    /// The value of a choice option (the parser already checked it against the option's choices).
    func choice<T: RawRepresentable>(_ option: OptionSpec, default fallback: T) -> T where T.RawValue == String {
        value(option).flatMap(T.init(rawValue:)) ?? fallback
    }

    /// Fails with a usage error when positional arguments were given to a command that takes none.
    func expectNoArguments() throws(UsageError) {
        if let first = positionals.first { throw UsageError(message: "unexpected argument '\(first)'") }
    }
}

/// Options every library command shares.
enum CommonOptions {
    static let now = Option<RunClock>(long: "now", value: "DATE", help: "Pin the clock for relative dates (ISO 8601), for reproducible plans.")
    static let null = OptionSpec(long: "null", short: "0", help: "With --format paths: end each path with NUL instead of a newline.")

    /// The one `--format` declaration: the first format is the default; `detail` says what each prints.
    static func format<F: RawRepresentable>(_ formats: [F], detail: String? = nil) -> OptionSpec where F.RawValue == String {
        let names = formats.map(\.rawValue)
        let listed = English.list([names[0] + " (default)"] + names.dropFirst(), or: true)
        return OptionSpec(long: "format", value: "FORMAT", help: "Output format: \(listed)" + (detail.map { "; \($0)" } ?? "") + ".",
                          choices: names)
    }

    /// `--format` with text and json, the staging and commit commands' usual pair.
    static let textOrJSON = format([OutputFormat.text, .json])
}

/// Did-you-mean for the command line: a unique prefix (`vid` → `video`), else the nearest name within
/// a third of the word's length (at least one edit), where swapping two neighbours (`sacn` → `scan`) is one edit.
enum DidYouMean {
    static func hint(for word: String, in candidates: [String]) -> String {
        let bare = word.drop { $0 == "-" }.lowercased()
        guard !bare.isEmpty else { return "" }
        let prefixed = candidates.filter { $0.drop { $0 == "-" }.lowercased().hasPrefix(bare) }
        if prefixed.count == 1 { return "; did you mean '\(prefixed[0])'?" }
        let budget = max(1, min(2, bare.count / 3))
        let ranked = candidates.map { ($0, distance(bare, $0.drop { $0 == "-" }.lowercased())) }
            .filter { $0.1 <= budget }.min { $0.1 < $1.1 }
        return ranked.map { "; did you mean '\($0.0)'?" } ?? ""
    }

    /// Optimal string alignment distance: Levenshtein plus adjacent transpositions.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}

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
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            let option: OptionSpec?
            if name.hasPrefix("--") {
                option = spec.options.first { "--" + $0.long == name }
            } else if name.count == 2, let short = name.last {
                option = spec.options.first { $0.short == short }
            } else {
                option = nil
            }
            guard let option else { throw UsageError(message: "Unknown option '\(name)'") }
            if option.value != nil {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError(message: "Missing value for '\(name)'") }
                    value = arguments[index]
                    index += 1
                }
                if values[option.long] != nil && !option.repeats {
                    throw UsageError(message: "Option '--\(option.long)' given more than once")
                }
                values[option.long, default: []].append(value)
            } else {
                guard inlineValue == nil else { throw UsageError(message: "Flag '--\(option.long)' takes no value") }
                flags.insert(option.long)
            }
        }
    }

    func flag(_ long: String) -> Bool { flags.contains(long) }

    /// `--format`, limited to the formats a command can print.
    func format(allowing allowed: [OutputFormat] = [.text, .json]) throws(UsageError) -> OutputFormat {
        let format: OutputFormat = try choice("format", default: .text)
        guard allowed.contains(format) else {
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            throw UsageError(message: "Invalid value '\(format.rawValue)' for '--format': expected one of \(names)")
        }
        return format
    }
    func value(_ long: String) -> String? { values[long]?.last }
    func all(_ long: String) -> [String] { values[long] ?? [] }

    /// The value of `long` parsed as one of `choices`.
    func choice<T: RawRepresentable>(_ long: String, default fallback: T) throws(UsageError) -> T
        where T.RawValue == String, T: CaseIterable {
        guard let raw = value(long) else { return fallback }
        guard let parsed = T(rawValue: raw) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError(message: "Invalid value '\(raw)' for '--\(long)': expected one of \(names)")
        }
        return parsed
    }
}

/// Options every library command shares.
enum CommonOptions {
    static let library = OptionSpec(long: "library", value: "DIR", help: "The library root (default: $CULL_LIBRARY, else the nearest parent with .cull/).")
    static let format = OptionSpec(long: "format", value: "FORMAT", help: "Output format: text or json.")
    static let now = OptionSpec(long: "now", value: "DATE", help: "Pin the clock for relative dates (ISO 8601), for reproducible plans.")
}

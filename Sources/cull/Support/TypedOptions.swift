import CullKit

/// A value an option takes, made from the option's text when a command looks it up (as
/// swift-argument-parser's `ExpressibleByArgument`). A text that is none is the one usage error form:
/// `invalid value 'x' for '--limit'; expected a positive whole number`.
protocol ArgumentConvertible {
    /// The value the text names, or nil.
    init?(argument: String)
    /// What a valid value looks like, after "expected".
    static var expected: String { get }
}

/// An option whose value is a `Value`: the ``OptionSpec`` the parser, `--help`, the man page and the
/// completions read (declared once, here), and the type a lookup returns.
struct Option<Value: ArgumentConvertible> {
    let spec: OptionSpec

    init(long: String, short: Character? = nil, value: String, help: String, repeats: Bool = false) {
        spec = OptionSpec(long: long, short: short, value: value, help: help, repeats: repeats)
    }
}

extension Option where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// A choice among the cases of `Value`: the parser checks the word (with did-you-mean), and
    /// `--help`, the man page and the completions list them.
    init(long: String, value: String, help: String) {
        spec = OptionSpec(long: long, value: value, help: help, choices: Value.allCases.map(\.rawValue))
    }
}

/// A word among an enum's cases.
extension ArgumentConvertible where Self: RawRepresentable & CaseIterable, RawValue == String {
    init?(argument: String) { self.init(rawValue: argument) }
    static var expected: String { English.list(allCases.map(\.rawValue), or: true) }
}

extension MediaKind: ArgumentConvertible {}
extension CatalogKind: ArgumentConvertible {}

extension ParsedArguments {
    /// The option's value (its last, when repeated), converted; nil when the option is not given.
    func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        guard let text = value(option.spec) else { return nil }
        return try Self.convert(text, option)
    }

    /// Every value of a repeatable option, converted, in order.
    func all<Value>(_ option: Option<Value>) throws(UsageError) -> [Value] {
        var values: [Value] = []
        for text in all(option.spec) { values.append(try Self.convert(text, option)) }
        return values
    }

    private static func convert<Value>(_ text: String, _ option: Option<Value>) throws(UsageError) -> Value {
        guard let value = Value(argument: text) else {
            throw UsageError(message: "invalid value '\(text)' for '--\(option.spec.long)'; expected \(Value.expected)")
        }
        return value
    }
}

/// `--limit N`: a whole number above zero.
struct PositiveCount: ArgumentConvertible {
    let value: Int
    init?(argument: String) {
        guard let number = Int(argument), number > 0 else { return nil }
        value = number
    }
    static let expected = "a positive whole number"
}

/// `--ceiling PERCENT`: 0 to 100, with or without `%`.
struct Percentage: ArgumentConvertible {
    let value: Double
    init?(argument: String) {
        guard let number = Double(argument.hasSuffix("%") ? String(argument.dropLast()) : argument), number >= 0, number <= 100 else { return nil }
        value = number
    }
    static let expected = "a percentage from 0 to 100"
}

extension RunClock: ArgumentConvertible {
    init?(argument: String) {
        guard let clock = RunClock.parse(argument) else { return nil }
        self = clock
    }
    static let expected = "an ISO 8601 date or date-time"
}

extension TimeSpan: ArgumentConvertible {
    init?(argument: String) {
        guard case let .success(span) = TimeSpan.parse(argument) else { return nil }
        self = span
    }
    static let expected = "an age with its unit, like 7d, 2w or 1mo"
}

extension PathMap: ArgumentConvertible {
    static let expected = "FROM=TO with an absolute TO"
}

/// `--library DIR`, the option every command that opens a library shares (as swift-argument-parser's
/// `@OptionGroup`): declared once, parsed once, and what opens the library.
struct LibraryOptions {
    static let spec = OptionSpec(long: "library", value: "DIR", help: "The library root (default: $CULL_LIBRARY, else the nearest parent with .cull/).")

    /// The library named on the command line, nil to find it ($CULL_LIBRARY, the working directory).
    let explicit: String?

    init(_ arguments: ParsedArguments) { explicit = arguments.value(Self.spec) }

    /// Opens the library (``LibraryAccess``), locked when the command writes.
    func open(locking: Bool, terminal: Console) throws -> LibraryAccess {
        try LibraryAccess(libraryOption: explicit, locking: locking, terminal: terminal)
    }
}

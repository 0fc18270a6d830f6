/// A size with an explicit unit: `KB MB GB TB` are decimal (1000), `KiB MiB GiB TiB` binary (1024).
public struct ByteSize: Sendable, Hashable, CustomStringConvertible {
    public let bytes: Int64
    /// The text as written (`500MB`), for messages and `cull explain`.
    public let written: String

    /// Every accepted unit and its multiplier.
    public static let units: [(name: String, factor: Double)] = [
        ("B", 1), ("KB", 1e3), ("MB", 1e6), ("GB", 1e9), ("TB", 1e12),
        ("KiB", 1024), ("MiB", 1_048_576), ("GiB", 1_073_741_824), ("TiB", 1_099_511_627_776),
    ]

    /// The regular expression (JSON Schema `pattern`) of a valid size.
    public static let pattern = "^[0-9]+(\\.[0-9]+)? ?(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)$"

    public var description: String { "\(written) (\(bytes) bytes)" }

    /// Parses `12MB`, `1.5 GiB`; the error says what was wrong.
    public static func parse(_ text: String) -> Result<ByteSize, UnitError> {
        guard let (number, unit) = UnitSplit.split(text) else { return .failure(.notANumber) }
        guard !unit.isEmpty else { return .failure(.missingUnit) }
        guard let factor = units.first(where: { $0.name == unit })?.factor else {
            return .failure(.unknownUnit(unit, Suggestion.nearest(to: unit, in: units.map(\.name))))
        }
        let bytes = (number * factor).rounded()
        guard bytes < 9e18 else { return .failure(.tooLarge) }
        return .success(ByteSize(bytes: Int64(bytes), written: text))
    }
}

/// What is wrong with a number-and-unit value.
public enum UnitError: Error, Sendable, Equatable {
    case notANumber, missingUnit, tooLarge
    case unknownUnit(String, String?)
    /// A calendar unit (`mo`, `y`) with a fractional count.
    case fraction(String)
}

/// Splits `12.5MB` / `12.5 MB` into the number and the unit text.
enum UnitSplit {
    static func split(_ text: String) -> (Double, String)? {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count, scalars[index].properties.numericType != nil || scalars[index] == "." {
            guard scalars[index].isASCII else { return nil }
            index += 1
        }
        let digits = String(String.UnicodeScalarView(scalars[..<index]))
        guard !digits.isEmpty, !digits.hasPrefix("."), !digits.hasSuffix("."),
              digits.filter({ $0 == "." }).count <= 1, let number = Double(digits) else { return nil }
        var unitStart = index
        if unitStart < scalars.count, scalars[unitStart] == " " { unitStart += 1 }
        return (number, String(String.UnicodeScalarView(scalars[unitStart...])))
    }
}

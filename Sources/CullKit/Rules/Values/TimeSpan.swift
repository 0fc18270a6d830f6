/// A span of time with an explicit unit: `s m h d w y` (a year is 365 days, a minute is `m`).
public struct TimeSpan: Sendable, Hashable, CustomStringConvertible {
    public let seconds: Double
    public let written: String

    public static let units: [(name: String, factor: Double)] = [
        ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400), ("w", 604_800), ("y", 31_536_000),
    ]

    /// The regular expression (JSON Schema `pattern`) of a valid span.
    public static let pattern = "^[0-9]+(\\.[0-9]+)? ?(s|m|h|d|w|y)$"

    public var description: String { written }

    /// Parses `90s`, `10m`, `30d`, `1.5h`.
    public static func parse(_ text: String) -> Result<TimeSpan, UnitError> {
        guard let (number, unit) = UnitSplit.split(text) else { return .failure(.notANumber) }
        guard !unit.isEmpty else { return .failure(.missingUnit) }
        guard let factor = units.first(where: { $0.name == unit })?.factor else {
            return .failure(.unknownUnit(unit, Suggestion.nearest(to: unit, in: units.map(\.name))))
        }
        let seconds = number * factor
        guard seconds < 1e13 else { return .failure(.tooLarge) }
        return .success(TimeSpan(seconds: seconds, written: text))
    }
}

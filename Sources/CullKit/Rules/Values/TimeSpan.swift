/// A span of time with an explicit unit: `s m h d w` are fixed lengths (a minute is `m`), `mo` and
/// `y` calendar months and years, counted back on the run's clock (six months before Aug 31 is
/// Feb 28, one year before Feb 29 is Feb 28), so they take whole numbers.
public struct TimeSpan: Sendable, Hashable, CustomStringConvertible {
    /// Seconds for fixed units; for calendar units an average (a Gregorian month or year), used
    /// only to compare and describe spans, never to compute a cutoff.
    public let seconds: Double
    /// Calendar months (`mo`, and 12 per `y`), nil for fixed units.
    public let months: Int?
    public let written: String

    public static let units: [(name: String, factor: Double)] = [
        ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400), ("w", 604_800), ("mo", 2_629_746), ("y", 31_556_952),
    ]

    /// The units counted on the calendar.
    static let calendarMonths: [String: Int] = ["mo": 1, "y": 12]

    /// The regular expression (JSON Schema `pattern`) of a valid span.
    public static let pattern = "^([0-9]+(\\.[0-9]+)? ?(s|m|h|d|w)|[0-9]+ ?(mo|y))$"

    public var description: String { written }

    /// Parses `90s`, `10m`, `30d`, `1.5h`, `6mo`, `2y`.
    public static func parse(_ text: String) -> Result<TimeSpan, UnitError> {
        guard let (number, unit) = UnitSplit.split(text) else { return .failure(.notANumber) }
        guard !unit.isEmpty else { return .failure(.missingUnit) }
        guard let factor = units.first(where: { $0.name == unit })?.factor else {
            return .failure(.unknownUnit(unit, suggestion(for: unit)))
        }
        let seconds = number * factor
        guard seconds < 1e13 else { return .failure(.tooLarge) }
        if let perUnit = calendarMonths[unit] {
            guard number == number.rounded() else { return .failure(.fraction(unit)) }
            return .success(TimeSpan(seconds: seconds, months: Int(number) * perUnit, written: text))
        }
        return .success(TimeSpan(seconds: seconds, months: nil, written: text))
    }

    /// The instant `self` before `now` (seconds since 1970 in the clock's frame): fixed units
    /// subtract seconds, calendar units step back whole months and clamp the day to the month's end.
    public func before(_ now: Int64) -> Int64 {
        guard let months else { return now - Int64(seconds.rounded()) }
        let days = Int(now >= 0 ? now / 86_400 : (now - 86_399) / 86_400)
        let timeOfDay = now - Int64(days) * 86_400
        let (year, month, day) = CivilDate.civil(days: days)
        let index = year * 12 + (month - 1) - months
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        let newDay = min(day, CivilDate.daysInMonth(year: newYear, month: newMonth))
        return Int64(CivilDate.days(year: newYear, month: newMonth, day: newDay)) * 86_400 + timeOfDay
    }

    /// The unit an unknown one most likely meant: English words by their start (`months` → `mo`,
    /// `mins` → `m`), so a month-like word is never sent to minutes; else the nearest by spelling.
    static func suggestion(for unit: String) -> String? {
        let word = unit.lowercased()
        if units.contains(where: { $0.name == word }) { return word }
        for (prefix, name) in [("mo", "mo"), ("mi", "m"), ("y", "y"), ("h", "h"), ("d", "d"), ("w", "w"), ("s", "s")]
        where word.hasPrefix(prefix) {
            return name
        }
        return Suggestion.nearest(to: word, in: units.map(\.name).filter { $0 != "m" })
    }
}

/// An ISO 8601 date (`2020-01-01`, or a month `2020-03` or a year `2005`, each the whole period) or
/// date-time (`2020-01-01T10:00:00`, optionally `Z` or `+02:00`).
///
/// Time-zone semantics (see `DateSemantics`):
/// - a date or a date-time without offset is a wall-clock time, compared with the *local* capture
///   time `taken` as is (a photo taken at 23:30 in Tokyo on Dec 31 is "before 2020-01-01" everywhere);
/// - a date-time with an offset is an instant, compared with `taken_utc` when the offset of the
///   photo is known, else with `taken` read as if it were in the literal's own offset.
public struct RuleDate: Sendable, Hashable, CustomStringConvertible {
    /// Seconds since 1970 of the wall-clock time, as if it were UTC.
    public let wallClock: Int64
    /// The offset east of UTC in seconds, when the literal had one.
    public let offset: Int?
    /// True for a date without a time (`eq` then means the whole day, month or year).
    public let isDateOnly: Bool
    public let written: String
    /// The seconds a date without a time covers: a day, a month, a year (`eq 2005` is all of 2005,
    /// `after 2005` from 2006 on); a date-time is an instant.
    public var period: Int64 = 86_400

    init(wallClock: Int64, offset: Int?, isDateOnly: Bool, written: String, period: Int64 = 86_400) {
        (self.wallClock, self.offset, self.isDateOnly, self.written, self.period) = (wallClock, offset, isDateOnly, written, period)
    }

    public var description: String { written }

    /// The instant: wall clock minus offset (UTC when the literal had no offset).
    public var instant: Int64 { wallClock - Int64(offset ?? 0) }

    /// Parses ISO 8601 (`T`, `t` or a space between date and time; seconds optional).
    public static func parse(_ text: String) -> RuleDate? {
        let chars = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= chars.count else { return nil }
            var value = 0
            for index in range {
                let c = chars[index]
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            return value
        }
        func char(_ index: Int) -> UInt8? { index < chars.count ? chars[index] : nil }
        // A year or a month: the whole of it.
        if chars.count == 4, let year = number(0..<4) {
            let start = Int64(CivilDate.days(year: year, month: 1, day: 1)) * 86_400
            let end = Int64(CivilDate.days(year: year + 1, month: 1, day: 1)) * 86_400
            return RuleDate(wallClock: start, offset: nil, isDateOnly: true, written: text, period: end - start)
        }
        if chars.count == 7, let year = number(0..<4), char(4) == 45, let month = number(5..<7), (1...12).contains(month) {
            let start = Int64(CivilDate.days(year: year, month: month, day: 1)) * 86_400
            return RuleDate(wallClock: start, offset: nil, isDateOnly: true, written: text,
                            period: Int64(daysIn(month: month, year: year)) * 86_400)
        }
        guard chars.count >= 10, let year = number(0..<4), char(4) == 45, let month = number(5..<7),
              char(7) == 45, let day = number(8..<10),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        var seconds = Int64(CivilDate.days(year: year, month: month, day: day)) * 86_400
        if chars.count == 10 {
            return RuleDate(wallClock: seconds, offset: nil, isDateOnly: true, written: text)
        }
        guard let separator = char(10), separator == 84 || separator == 116 || separator == 32,
              let hour = number(11..<13), char(13) == 58, let minute = number(14..<16),
              hour < 24, minute < 60 else { return nil }
        var index = 16
        var second = 0
        if char(index) == 58 {
            guard let value = number(17..<19), value < 60 else { return nil }
            second = value
            index = 19
            if char(index) == 46 {
                index += 1
                while let c = char(index), c >= 48, c <= 57 { index += 1 }
            }
        }
        seconds += Int64(hour * 3600 + minute * 60 + second)
        var offset: Int?
        if index < chars.count {
            if chars[index] == 90 || chars[index] == 122, index + 1 == chars.count {
                offset = 0
            } else if chars[index] == 43 || chars[index] == 45, chars.count == index + 6, char(index + 3) == 58,
                      let hours = number(index + 1..<index + 3), let minutes = number(index + 4..<index + 6),
                      hours < 24, minutes < 60 {
                offset = (hours * 3600 + minutes * 60) * (chars[index] == 45 ? -1 : 1)
            } else {
                return nil
            }
        }
        return RuleDate(wallClock: seconds, offset: offset, isDateOnly: false, written: text)
    }

    /// Why `text` is not a date, when it is one in shape but not in the calendar (`2020-02-30`):
    /// said beside the generic "not an ISO 8601 date".
    public static func calendarProblem(_ text: String) -> String? {
        let parts = text.prefix(10).split(separator: "-")
        guard text.utf8.count >= 10, parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              parts[0].count == 4, parts[1].count == 2, parts[2].count == 2 else { return nil }
        guard (1...12).contains(month) else { return "there is no month \(month)" }
        let days = daysIn(month: month, year: year)
        guard day >= 1, day <= days else {
            return "\(monthNames[month - 1]) \(year) has \(days) days"
        }
        return nil
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

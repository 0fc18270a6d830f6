/// Proleptic Gregorian calendar arithmetic without Foundation (fast, time-zone free).
public enum CivilDate {
    /// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm); the caller validates
    /// the month (1...12) and day.
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Local seconds since 1970 for a wall-clock date-time, validating every component.
    public static func seconds(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Int64? {
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        return Int64(days(year: year, month: month, day: day)) * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59))
    }

    /// (year, month, day, hour, minute, second) of local seconds since 1970.
    public static func components(_ seconds: Int64) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        var days = Int(seconds / 86_400)
        var rest = Int(seconds % 86_400)
        if rest < 0 { rest += 86_400; days -= 1 }
        let date = civil(days: days)
        return (date.year, date.month, date.day, rest / 3600, rest % 3600 / 60, rest % 60)
    }

    /// ISO 8601 text of local seconds, e.g. `2023-01-15T12:34:56`, with `+02:00` when the offset is known.
    public static func iso8601(_ seconds: Int64, offsetMinutes: Int? = nil) -> String {
        let c = components(seconds)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = "\(c.year)-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute)):\(two(c.second))"
        if let offset = offsetMinutes {
            if offset == 0 { text += "Z" } else {
                let sign = offset < 0 ? "-" : "+"
                text += "\(sign)\(two(abs(offset) / 60)):\(two(abs(offset) % 60))"
            }
        }
        return text
    }

    /// The civil date of days since 1970-01-01 (the inverse of ``days(year:month:day:)``).
    public static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// Capture dates written into file names by phones and apps: `IMG_20230115_123456.jpg`,
/// `PXL_20230115_123456789.jpg`, `Screenshot 2023-01-15 at 12.34.56.png`,
/// `IMG-20230115-WA0001.jpg` (date only). The last resort for `taken`.
public enum FilenameDate {
    /// The first plausible date (1990...2099) in `name`, with a time when one follows it.
    public static func parse<C: Collection>(_ name: C) -> CaptureDate? where C.Element == UInt8 {
        let bytes = Array(name)
        var index = 0
        while index + 8 <= bytes.count {
            if let date = parse(bytes, at: index) { return date }
            index += 1
        }
        return nil
    }

    private static func parse(_ b: [UInt8], at start: Int) -> CaptureDate? {
        // The year must not continue a longer digit run (e.g. inside a counter like 120230115).
        if start > 0, isDigit(b[start - 1]) { return nil }
        guard let year = number(b, start, 4), (1990...2099).contains(year) else { return nil }
        var i = start + 4
        let dashed = i < b.count && (b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "_") || b[i] == UInt8(ascii: "."))
        if dashed { i += 1 }
        guard let month = number(b, i, 2), (1...12).contains(month) else { return nil }
        i += 2
        if dashed {
            guard i < b.count, b[i] == b[start + 4] else { return nil }
            i += 1
        }
        guard let day = number(b, i, 2), (1...31).contains(day) else { return nil }
        i += 2
        if i < b.count, isDigit(b[i]) { return nil }
        var seconds = 0
        if let time = parseTime(b, at: i) { seconds = time }
        guard let days = CivilDate.daysFromCivil(year: year, month: month, day: day),
              day <= CivilDate.daysInMonth(year: year, month: month) else { return nil }
        return CaptureDate(local: Int64(days) * 86_400 + Int64(seconds))
    }

    /// A time right after the date: `_123456`, `-123456`, ` 12.34.56`, `T12:34:56`, ` at 12.34.56`.
    private static func parseTime(_ b: [UInt8], at start: Int) -> Int? {
        var i = start
        guard i < b.count else { return nil }
        let separators: Set<UInt8> = [UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: " "), UInt8(ascii: "T")]
        guard separators.contains(b[i]) else { return nil }
        i += 1
        if i + 3 <= b.count, b[i] == UInt8(ascii: "a"), b[i + 1] == UInt8(ascii: "t"), b[i + 2] == UInt8(ascii: " ") { i += 3 }
        guard let hour = number(b, i, 2), hour < 24 else { return nil }
        i += 2
        let separated = i < b.count && (b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ":") || b[i] == UInt8(ascii: "-"))
        if separated { i += 1 }
        guard let minute = number(b, i, 2), minute < 60 else { return nil }
        i += 2
        if separated {
            guard i < b.count, b[i] == b[i - 3] else { return nil }
            i += 1
        }
        guard let second = number(b, i, 2), second < 61 else { return nil }
        return hour * 3600 + minute * 60 + min(second, 59)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    private static func number(_ b: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start >= 0, start + count <= b.count else { return nil }
        var value = 0
        for byte in b[start ..< start + count] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }
}

/// Proleptic Gregorian calendar arithmetic without Foundation (fast, time-zone free).
public enum CivilDate {
    /// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int? {
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
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
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              let days = daysFromCivil(year: year, month: month, day: day) else { return nil }
        return Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59))
    }

    /// (year, month, day, hour, minute, second) of local seconds since 1970.
    public static func components(_ seconds: Int64) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        var days = Int(seconds / 86_400)
        var rest = Int(seconds % 86_400)
        if rest < 0 { rest += 86_400; days -= 1 }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, rest / 3600, rest % 3600 / 60, rest % 60)
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
}

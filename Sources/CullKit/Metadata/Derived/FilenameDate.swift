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
        guard day <= CivilDate.daysInMonth(year: year, month: month) else { return nil }
        return CaptureDate(local: Int64(CivilDate.days(year: year, month: month, day: day)) * 86_400 + Int64(seconds))
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

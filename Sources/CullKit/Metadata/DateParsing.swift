/// Parsers for the textual date forms found in EXIF and XMP headers, shared by the readers.
enum DateParsing {
    /// Parses an EXIF date "YYYY:MM:DD HH:MM:SS" (also tolerating '-' or '/' separators,
    /// a 'T' between date and time, missing seconds and trailing junk or NULs).
    ///
    /// Returns `nil` for blank, all-zero ("0000:00:00 00:00:00") or out-of-range dates.
    static func exif<C: Collection>(_ text: C) -> CaptureDate? where C.Element == UInt8 {
        var scanner = DigitScanner(Array(text.prefix(64)))
        scanner.skipSpaces()
        guard let year = scanner.number(digits: 4), scanner.separator(in: ":-/"),
              let month = scanner.number(digits: 2), scanner.separator(in: ":-/"),
              let day = scanner.number(digits: 2)
        else { return nil }
        guard scanner.separator(in: " T"), let hour = scanner.number(digits: 2),
              scanner.separator(in: ":"), let minute = scanner.number(digits: 2)
        else { return nil }
        var second = 0
        if scanner.separator(in: ":"), let value = scanner.number(digits: 2) { second = value }
        return make(year, month, day, hour, minute, second, offsetMinutes: nil)
    }

    /// Parses an ISO 8601 date as XMP writes it: "YYYY", "YYYY-MM", "YYYY-MM-DD",
    /// "YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]". ExifTool-style colons in the date part are accepted.
    static func iso8601<C: Collection>(_ text: C) -> CaptureDate? where C.Element == UInt8 {
        var scanner = DigitScanner(Array(text.prefix(64)))
        scanner.skipSpaces()
        guard let year = scanner.number(digits: 4) else { return nil }
        var month = 1, day = 1, hour = 0, minute = 0, second = 0
        var offset: Int?
        if scanner.separator(in: "-:") {
            guard let value = scanner.number(digits: 2) else { return nil }
            month = value
            if scanner.separator(in: "-:") {
                guard let value = scanner.number(digits: 2) else { return nil }
                day = value
                if scanner.separator(in: "T ") {
                    guard let h = scanner.number(digits: 2), scanner.separator(in: ":"),
                          let m = scanner.number(digits: 2)
                    else { return nil }
                    hour = h
                    minute = m
                    if scanner.separator(in: ":") {
                        guard let s = scanner.number(digits: 2) else { return nil }
                        second = s
                        if scanner.separator(in: ".,") { scanner.skipDigits() }
                    }
                    offset = scanner.zoneOffset()
                }
            }
        }
        return make(year, month, day, hour, minute, second, offsetMinutes: offset)
    }

    /// Whether an ISO 8601 date names a time of day: "YYYY", "YYYY-MM" and "YYYY-MM-DD" do not.
    static func hasTimeOfDay<C: Collection>(_ text: C) -> Bool where C.Element == UInt8 {
        let trimmed = text.prefix(64).drop { $0 == 0x20 }
        return trimmed.dropFirst(10).first.map { $0 == UInt8(ascii: "T") || $0 == 0x20 } ?? false
    }

    /// Parses an EXIF OffsetTime value such as "+02:00", "-0530" or "Z" into minutes east of UTC.
    static func offset<C: Collection>(_ text: C) -> Int? where C.Element == UInt8 {
        var scanner = DigitScanner(Array(text.prefix(16)))
        scanner.skipSpaces()
        return scanner.zoneOffset()
    }

    /// A wall-clock date from its parts (binary dates in maker records), `nil` when any part is out of range.
    static func make(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, offsetMinutes: Int? = nil
    ) -> CaptureDate? {
        guard (1 ... 9999).contains(year), (1 ... 12).contains(month), (1 ... 31).contains(day),
              (0 ... 24).contains(hour), (0 ... 59).contains(minute), (0 ... 60).contains(second)
        else { return nil }
        let days = Int64(CivilDate.days(year: year, month: month, day: day))
        let local = days * 86400 + Int64(hour * 3600 + minute * 60 + second)
        return CaptureDate(local: local, offsetMinutes: offsetMinutes)
    }
}

/// A tiny cursor over ASCII digits and separators.
private struct DigitScanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func skipSpaces() {
        while position < bytes.count, bytes[position] == 0x20 { position += 1 }
    }

    mutating func skipDigits() {
        while position < bytes.count, (0x30 ... 0x39).contains(bytes[position]) { position += 1 }
    }

    /// Exactly `digits` ASCII digits.
    mutating func number(digits: Int) -> Int? {
        guard bytes.count - position >= digits else { return nil }
        var value = 0
        for i in 0 ..< digits {
            let byte = bytes[position + i]
            guard (0x30 ... 0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        position += digits
        return value
    }

    /// Consumes one byte if it is one of `characters`.
    mutating func separator(in characters: String) -> Bool {
        guard position < bytes.count, characters.utf8.contains(bytes[position]) else { return false }
        position += 1
        return true
    }

    /// "Z", "±HH:MM", "±HHMM" or "±HH" → minutes east of UTC; `nil` when absent or invalid.
    mutating func zoneOffset() -> Int? {
        guard position < bytes.count else { return nil }
        let sign = bytes[position]
        if sign == UInt8(ascii: "Z") { return 0 }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        position += 1
        // "+1:00" occurs in the wild (33-type_error.jpg); accept one-digit hours too.
        guard let hours = number(digits: 2) ?? number(digits: 1) else { return nil }
        _ = separator(in: ":")
        let minutes = number(digits: 2) ?? 0
        guard hours <= 14, minutes < 60 else { return nil }
        let total = hours * 60 + minutes
        return sign == UInt8(ascii: "-") ? -total : total
    }
}

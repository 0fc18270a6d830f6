/// The one `Range` request header the review answers (RFC 9110 §14): a single byte range of an
/// original, so a browser can seek in a video. libmicrohttpd parses the request but not this
/// header's value; its grammar is three forms of digits, read here strictly.
///
/// Anything else is answered with the whole file, as the RFC lets a server do: another unit,
/// several ranges, a malformed value, or an `If-Range` (no validator is ever sent, so none can
/// match).
enum ByteRange: Equatable {
    /// The whole file, 200.
    case whole
    /// Bytes `first ... last` (inclusive, inside the file), 206.
    case part(first: Int64, last: Int64)
    /// No byte of the file is in the range, 416.
    case unsatisfiable

    /// Digits a position may have: more would overflow, and no file is that large.
    static let maxDigits = 18

    static func of(_ header: String?, ifRange: String? = nil, size: Int64) -> ByteRange {
        guard let header, ifRange == nil else { return .whole }
        let value = header.trimmingWhitespace()
        guard value.lowercased().hasPrefix("bytes="), size >= 0 else { return .whole }
        let spec = String(value.dropFirst("bytes=".count)).trimmingWhitespace()
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        switch (number(first), number(last)) {
        case let (start?, end?):
            guard start <= end else { return .whole }
            return start < size ? .part(first: start, last: min(end, size - 1)) : .unsatisfiable
        case let (start?, nil) where last.isEmpty:
            return start < size ? .part(first: start, last: size - 1) : .unsatisfiable
        case let (nil, suffix?) where first.isEmpty:
            return suffix > 0 && size > 0 ? .part(first: max(0, size - suffix), last: size - 1) : .unsatisfiable
        default:
            return .whole
        }
    }

    private static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.count <= maxDigits, text.utf8.allSatisfy({ (0x30 ... 0x39).contains($0) }) else { return nil }
        return Int64(text)
    }
}

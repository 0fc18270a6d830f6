/// A key of the deck, read from the raw bytes a terminal sends: arrows come as `ESC [ C` (or
/// `ESC O C` in application mode), Ctrl-C and Ctrl-Z as 0x03 and 0x1A since the deck turns the
/// terminal's own signal keys off.
enum DeckKey: Equatable {
    case right, left, down, up
    case character(Character)
    case enter, escape
    case interrupt, suspend
    /// Ctrl-D or Ctrl-\: leave, like `q`.
    case end

    /// The keys in `bytes`, in order. A sequence cut off at the end stays in `rest`, for the next
    /// read to finish; a lone ESC with nothing after it is the Escape key.
    static func parse(_ bytes: [UInt8]) -> (keys: [DeckKey], rest: [UInt8]) {
        var keys: [DeckKey] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                guard index + 1 < bytes.count else { return (keys + [.escape], []) }
                let next = bytes[index + 1]
                guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else { keys.append(.escape); index += 1; continue }
                // Parameters (digits, `;`), then the final byte.
                var end = index + 2
                while end < bytes.count, (0x30 ... 0x3F).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else { return (keys, Array(bytes[index...])) }
                switch bytes[end] {
                case UInt8(ascii: "A"): keys.append(.up)
                case UInt8(ascii: "B"): keys.append(.down)
                case UInt8(ascii: "C"): keys.append(.right)
                case UInt8(ascii: "D"): keys.append(.left)
                default: break
                }
                index = end + 1
            case 0x03: keys.append(.interrupt); index += 1
            case 0x1A: keys.append(.suspend); index += 1
            case 0x04, 0x1C: keys.append(.end); index += 1
            case 0x0D, 0x0A: keys.append(.enter); index += 1
            default:
                // One UTF-8 character (a partial one waits for the rest).
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                guard index + length <= bytes.count else { return (keys, Array(bytes[index...])) }
                if let text = String(validating: bytes[index ..< index + length], as: UTF8.self), let character = text.first {
                    keys.append(.character(character))
                }
                index += length
            }
        }
        return (keys, [])
    }
}

/// A four-byte type read from a file (an ISO-BMFF box, a PNG chunk, a RIFF chunk), as a reason may
/// show it: printable ASCII as it is, every other byte as `\xNN`, so a hostile type cannot put
/// control characters into a reason the index keeps and every output prints.
enum BoxName {
    static func shown(_ type: String) -> String {
        var text = ""
        for scalar in type.unicodeScalars {
            if (0x20 ..< 0x7F).contains(scalar.value), scalar != "\\" {
                text.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            }
        }
        return text
    }
}

/// Label colours, as the photo managers name them (darktable, digiKam, Lightroom and XMP's `xmp:Label`).
public enum ColorLabel: String, Sendable, CaseIterable {
    case red, orange, yellow, green, blue, purple, magenta, gray, black, white

    /// The label a catalog or an XMP packet writes, in any case ("Red", "Grey", "Violet").
    init?(name: String) {
        let word = name.trimmingWhitespace().lowercased()
        switch word {
        case "grey": self = .gray
        case "violet": self = .purple
        default:
            guard let label = ColorLabel(rawValue: word) else { return nil }
            self = label
        }
    }
}

/// The photo managers whose catalogs Cull reads, each through one ``CatalogAdapter``.
public enum CatalogKind: String, Sendable, CaseIterable {
    case darktable, digikam, shotwell, lightroom

    /// The application's name, as messages and the receipt print it.
    public var application: String {
        switch self {
        case .darktable: "darktable"
        case .digikam: "digiKam"
        case .shotwell: "Shotwell"
        case .lightroom: "Lightroom Classic"
        }
    }

    /// The adapter that reads this kind of catalog.
    var adapter: any CatalogAdapter.Type {
        switch self {
        case .darktable: DarktableCatalog.self
        case .digikam: DigiKamCatalog.self
        case .shotwell: ShotwellCatalog.self
        case .lightroom: LightroomCatalog.self
        }
    }

    /// The kind of the catalog file at `path`, from its name (`cull catalog add` takes any of them).
    public static func guess(path: String) -> CatalogKind? {
        let name = path.split(separator: "/").last.map(String.init)?.lowercased() ?? ""
        if name.hasSuffix(".lrcat") { return .lightroom }
        if name == "digikam4.db" { return .digikam }
        if name == "photo.db" { return .shotwell }
        if name == "library.db" || name.hasSuffix(".db") && name.contains("library") { return .darktable }
        return nil
    }
}

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

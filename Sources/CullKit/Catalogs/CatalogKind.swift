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

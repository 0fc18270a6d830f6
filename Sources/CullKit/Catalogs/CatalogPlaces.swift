/// Where the photo managers keep their catalogs by default, for the user whose `HOME` (and XDG
/// folders) `environment` names: darktable's `library.db`, Shotwell's `photo.db`, and the database
/// folder digikamrc names under `[Database Settings]` (a MySQL collection is the digikamrc itself,
/// which reads as unsupported). Lightroom Classic has no Linux home; `cull catalog add` takes an `.lrcat`.
enum CatalogPlaces {
    struct Place: Equatable {
        let path: String
        let kind: CatalogKind
    }

    static func defaults(_ environment: [String: String]) -> [Place] {
        guard let home = environment["HOME"], home.hasPrefix("/") else { return [] }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        var places: [Place] = []
        func add(_ path: String, _ kind: CatalogKind) {
            let place = Place(path: path, kind: kind)
            if !places.contains(place), FileOps.statFollowingLinks(Array(path.utf8)) != nil { places.append(place) }
        }
        for folder in [config, home + "/.config"] { add(folder + "/darktable/library.db", .darktable) }
        for folder in [data, home + "/.local/share"] { add(folder + "/shotwell/data/photo.db", .shotwell) }
        for rc in [config + "/digikamrc", home + "/.config/digikamrc"] {
            guard let settings = DigiKamSettings(path: rc) else { continue }
            if settings.isSQLite, let folder = settings.folder {
                add((folder.hasSuffix("/") ? folder : folder + "/") + "digikam4.db", .digikam)
            } else if !settings.isSQLite {
                add(rc, .digikam)
            }
        }
        return places
    }
}

/// The `[Database Settings]` group of a digikamrc (a KDE config file: `[Group]`, `Key=Value`).
struct DigiKamSettings {
    let type: String
    let folder: String?

    init?(path: String) {
        guard let bytes = FileOps.read(Array(path.utf8), limit: 1 << 20, followingLinks: true) else { return nil }
        var group = ""
        var values: [String: String] = [:]
        for raw in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: " \t")
            if line.hasPrefix("[") { group = line; continue }
            guard group == "[Database Settings]", let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let type = values["Database Type"] else { return nil }
        self.type = type
        folder = values["Database Name"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    }

    var isSQLite: Bool { type == "QSQLITE" }

    /// True when `path` is a digikamrc rather than a database.
    static func isSettings(_ path: String) -> Bool { path.hasSuffix("/digikamrc") }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = self
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return String(s)
    }
}

/// Where each decision about one file comes from, for `cull plan --explain`: every catalog in use that
/// lists it, each XMP sidecar, and the file itself, value by value ("rating 5 from darktable
/// ~/.config/darktable/library.db; 0 from IMG_0005.jpg.xmp"); and where its capture time came from
/// (EXIF, then XMP, then IPTC, as the Metadata Working Group orders them).
public enum DecisionSources {
    public static func lines(db: Database, root: String, assetID: Int64, path: [UInt8]) throws -> [String] {
        var sources: [(name: String, decision: CatalogDecision)] = []
        var cuts: [String] = []
        let rootBytes = Array(root.utf8) + [PathBytes.slash]
        for (catalog, decision, cut) in try CatalogSync.decisions(db, path: path) {
            sources.append(("\(catalog.kind.application) \(catalog.path)", decision))
            if cut > 0 { cuts.append("\(catalog.kind.application) \(catalog.path) lists \(English.count(cut, "more tag or name", plural: "more tags and names"))") }
        }
        var sidecars: [[UInt8]] = []
        try db.forEachRow("SELECT path FROM companions WHERE asset_id = ? AND role = 'xmp' ORDER BY path", [.integer(assetID)]) { row in
            if let bytes = row.bytes("path") { sidecars.append(bytes) }
        }
        for sidecar in sidecars {
            if let values = try? SidecarReader.readXMP(path: String(decoding: rootBytes + sidecar, as: UTF8.self)) {
                sources.append((PathBytes.display(PathBytes.basename(sidecar)), decision(values)))
            }
        }
        // What the file said, even when it is damaged after its metadata or a decoder declines it (as the scan keeps it).
        let embedded = MetadataReaders.reading(pathBytes: rootBytes + path)
        if embedded.problem.map({ $0.isDamage || $0.isDeclined }) ?? true {
            sources.append(("the file itself", decision(embedded.metadata)))
        }
        func line(_ label: String, _ value: (CatalogDecision) -> String?) -> String? {
            let said = sources.compactMap { source in value(source.decision).map { "\($0) from \(source.name)" } }
            return said.isEmpty ? nil : "  \(label) " + said.joined(separator: "; ")
        }
        var taken: String?
        try db.forEachRow("SELECT taken, taken_offset, taken_source FROM assets WHERE id = ?", [.integer(assetID)]) { row in
            if let seconds = row.optionalInt64("taken") {
                taken = "  taken \(CivilDate.iso8601(seconds, offsetMinutes: row.optionalInt("taken_offset"))) from \(row.string("taken_source") ?? "?")"
            }
        }
        return [
            taken,
            line("rating") { $0.rating.map(String.init) },
            line("pick") { $0.pick.map { $0 == 1 ? "picked" : "rejected" } },
            line("label") { $0.labels.isEmpty ? nil : $0.labels.joined(separator: ", ") },
            line("tags") { $0.tags.isEmpty ? nil : $0.tags.prefix(8).joined(separator: ", ") },
            line("people") { $0.people.isEmpty ? nil : $0.people.prefix(8).joined(separator: ", ") },
            line("in the photo manager's trash") { $0.appTrash ? "yes" : nil },
            line("hidden") { $0.hidden ? "yes" : nil },
            cuts.isEmpty ? nil : "  tags cut: " + cuts.joined(separator: "; ") + " for this file than Cull keeps (\(Self.budgets))",
        ].compactMap { $0 }
    }

    /// What a file keeps from one catalog, in words.
    static var budgets: String {
        let limits = CatalogLimits()
        return "\(limits.tagBytesPerFile) bytes of tags and \(limits.peopleBytesPerFile) of people per catalog, tags of up to \(limits.maxTagBytes) bytes"
    }

    /// The decisions a file's metadata carries.
    static func decision(_ metadata: MediaMetadata) -> CatalogDecision {
        var decision = CatalogDecision()
        decision.rating = metadata.rating
        decision.pick = metadata.pick
        decision.labels = metadata.labels
        decision.tags = metadata.tags
        decision.people = metadata.people
        return decision
    }
}

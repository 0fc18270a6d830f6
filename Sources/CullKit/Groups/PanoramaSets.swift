/// The panoramas among a library's bursts: frames one camera took in a row, each the scene of the
/// one before shifted by a fifth of a frame or more along one side (``PictureLayout/isPanStep(to:)``),
/// as a hand pans for a panorama it will stitch. A burst's frames show one scene laid over itself;
/// a panorama's frames are each a different part of the scene, all of them needed, so they form a
/// bracket set (``BracketGroups``) that no burst or similar group splits.
///
/// Found from the pixels, among the frames of burst candidates only (a pan shot frame after frame
/// within one capture second, or under one burst id): each is measured by the feature pass, once
/// (cached), so a run of burst rules decodes its frames and not the library.
enum PanoramaSets {
    static func sets(_ db: Database, root: String?, frames: CameraFrames, excluding: Set<Int64>) throws -> [BracketGroups.BracketSet] {
        let bursts = BurstGroups.candidates(frames, excluding: excluding)
        let members = bursts.flatMap(\.ids)
        guard !members.isEmpty else { return [] }
        if let root { try FeatureCache(db: db, root: root).refresh(among: members) }
        var layouts: [Int64: PictureLayout] = [:]
        try db.forEachRow("""
            SELECT a.id, f.layout FROM image_features f JOIN assets a ON a.id = f.asset_id
            WHERE f.layout IS NOT NULL AND \(CachedRow.isCurrent("f", for: "a")) AND a.id IN (SELECT value FROM json_each(?))
            """, [.text(JSONValue.list(members))]) { row in
            if let cells = row.bytes("layout"), let layout = PictureLayout(cells: cells) { layouts[row.int64("id")] = layout }
        }
        var sets: [BracketGroups.BracketSet] = []
        for burst in bursts {
            var chain: [Int64] = []
            func close() {
                if chain.count >= 2 {
                    sets.append(BracketGroups.BracketSet(kind: .panorama, key: "\(BracketGroups.Kind.panorama.rawValue) \(burst.key) \(sets.count)",
                                                         pictures: chain.map { [$0] }))
                }
                chain = []
            }
            for (previous, next) in zip(burst.ids, burst.ids.dropFirst()) {
                guard let from = layouts[previous], let to = layouts[next], from.isPanStep(to: to) else { close(); continue }
                if chain.last != previous { close(); chain = [previous] }
                chain.append(next)
            }
            close()
        }
        return sets
    }
}

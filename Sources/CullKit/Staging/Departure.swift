/// Whether a staged asset may leave now: the "and may it?" half of the companions answer, asked by
/// `cull trash`, the commit prompt and the commit alike.
enum Departure {
    /// Staged assets that may not go now, with the reason: sidecars that differ from what the scan
    /// recorded (edited, added or removed since: the decision was made on other metadata), and Live
    /// Photo halves whose other half does not leave with them (a pair leaves whole or not at all), and
    /// twins of a duplicate group whose keeper changed (see ``TwinCheck``).
    /// `twins` says how far staged twins are checked: by identity for a listing, to their bytes at the commit.
    static func refusals(_ staged: [StagedAsset], db: Database, resolver: inout CompanionResolver,
                         twins: TwinCheck.Depth) throws -> [Int64: SkipReason] {
        var refusals: [Int64: SkipReason] = [:]
        // By index, in each loop: iterating would copy every staged asset to read a field or two.
        for index in staged.indices where !Companions.unchanged(resolver.sidecars(of: staged[index].path), since: staged[index].sidecarSignature) {
            // A file gone from disk owns no sidecar any more: it is already gone (done), which the
            // commit finds itself, not a file whose metadata changed under its decision.
            guard FileOps.exists(resolver.root + staged[index].path) else { continue }
            refusals[staged[index].id] = .sidecarChanged
        }
        for (id, reason) in try TwinCheck.refusals(staged, db: db, root: resolver.root, depth: twins) where refusals[id] == nil {
            refusals[id] = reason
        }
        // MARK: Catalog decisions (issue 19) — a file rated, picked, labelled, tagged or un-rejected in a
        // photo manager after it was staged stays, with what changed (``CatalogSync`` records it).
        for (id, reason) in try catalogHolds(staged, db: db) where refusals[id] == nil {
            refusals[id] = reason
        }
        // MARK: end of catalog decisions
        let stagedIDs = Set(staged.map(\.id))
        let partners = try db.cached("SELECT id, path FROM assets WHERE live_id = ? AND kind IS NOT ? AND id <> ? ORDER BY path")
        var pairs: [(asset: Int64, partner: Int64, path: [UInt8])] = []
        for index in staged.indices {
            guard let liveID = staged[index].liveID else { continue }
            let id = staged[index].id
            try partners.forEachRow([.text(liveID), staged[index].kind.map(\.rawValue).sqlValue, .integer(id)]) { row in
                pairs.append((id, row.int64("id"), row.bytes("path") ?? []))
            }
        }
        for pair in pairs where refusals[pair.asset] == nil && !stagedIDs.contains(pair.partner) {
            refusals[pair.asset] = .livePairNotStaged(partner: PathBytes.display(pair.path))
        }
        // A half whose other half was refused above stays with it; and when the commit unstages that
        // half (a twin whose keeper changed), this one is unstaged too, or it would sit staged alone.
        for pair in pairs where refusals[pair.asset] == nil && refusals[pair.partner] != nil {
            refusals[pair.asset] = .livePairStays(partner: PathBytes.display(pair.path), unstaged: refusals[pair.partner]!.unstages)
        }
        return refusals
    }

    /// Staged assets held back by a decision made in a photo manager since they were staged.
    private static func catalogHolds(_ staged: [StagedAsset], db: Database) throws -> [Int64: SkipReason] {
        var holds: [Int64: (at: Int64, reason: String)] = [:]
        try db.forEachRow("SELECT asset_id, staged_at, reason FROM catalog_holds") { row in
            holds[row.int64("asset_id")] = (row.int64("staged_at"), row.string("reason") ?? "decided in a photo manager since it was staged")
        }
        guard !holds.isEmpty else { return [:] }
        var result: [Int64: SkipReason] = [:]
        for asset in staged { if let hold = holds[asset.id], hold.at == asset.stagedAt { result[asset.id] = .catalogHold(hold.reason) } }
        return result
    }
}

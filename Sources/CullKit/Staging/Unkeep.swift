extension StagingStore {
    /// What `cull unkeep` forgets: some assets' keeps, or every keep.
    public enum KeepSelection: Sendable {
        case assets([Int64])
        case all
    }

    /// Forgets keeps (back to never reviewed, so rules may stage them again); a staged asset stays staged.
    /// Returns how many keeps were forgotten.
    public func unkeep(_ selection: KeepSelection) throws -> Int {
        let kept = StagingStatus.kept.sql
        return try db.transaction {
            switch selection {
            case .all:
                try db.execute("DELETE FROM reviews WHERE status = ?", [kept])
                return db.changes
            case let .assets(ids):
                var count = 0
                let delete = try db.cached("DELETE FROM reviews WHERE asset_id = ? AND status = ?")
                for id in ids {
                    try delete.execute([.integer(id), kept])
                    count += db.changes
                }
                return count
            }
        }
    }
}

import Foundation

/// Reads and writes `undos` / `undo_items` (migration `0006-undo-journal`).
enum UndoJournal {
    /// The items of undo `undo` still to bring back, in commit order, with what the commit journaled.
    static func pendingItems(_ db: Database, undo: Int64, commit: Int64) throws -> [JournalItem] {
        var items: [JournalItem] = []
        try db.prepare("""
            SELECT i.seq, i.entry, i.role, i.asset_id, i.path, i.device, i.inode, i.size, i.mtime_ns, i.destination, i.info
            FROM undo_items u JOIN commit_items i ON i.commit_id = ? AND i.seq = u.seq
            WHERE u.undo_id = ? AND u.state = ? ORDER BY u.seq
            """).forEachRow([.integer(commit), .integer(undo), UndoItemState.pending.sql], JournalItem.Columns.self) { row, columns in
            items.append(JournalItem(row: row, columns, ctimeNs: nil, state: .moved, reason: nil))
        }
        return items
    }

    /// Books carried chunks, each in one transaction: a restored item's undo and commit rows, its
    /// index row put back and marked kept; a refused item's reason.
    ///
    /// The states are set per chunk, not per item: every item of a chunk was `pending`, and a chunk
    /// holds every pending item of its seq range (``pendingItems(_:undo:commit:)`` lists them in
    /// seq order, chunks are consecutive runs of that list), so once the refused ones are marked,
    /// the rest of the range's pending items are the restored ones.
    struct Booking {
        let db: Database
        let commit: Int64
        let undo: Int64
        /// The library root, where restored files' sidecars are looked at again.
        let root: [UInt8]
        private let restorer: AssetSnapshot.Restorer
        private let markRefused: Statement
        private let markRestored: Statement
        private let markCommitRestored: Statement
        private let keep: Statement

        init(db: Database, undo: Int64, commit: Int64, root: [UInt8]) throws {
            self.db = db
            self.root = root
            self.undo = undo
            self.commit = commit
            restorer = try AssetSnapshot.Restorer(db: db, commit: commit)
            markRefused = try db.prepare("UPDATE undo_items SET state = ?, reason = ? WHERE undo_id = ? AND seq = ?")
            // ?1 undo, ?2 commit, ?3 first seq, ?4 last seq, ?5 restored (undo item state), then
            // ?6 pending (undo item state) or restored (commit item state).
            markRestored = try db.prepare("""
                UPDATE undo_items SET state = ?5, reason = NULL WHERE undo_id = ?1 AND seq BETWEEN ?3 AND ?4 AND state = ?6
                """)
            markCommitRestored = try db.prepare("""
                UPDATE commit_items SET state = ?6 WHERE commit_id = ?2 AND seq IN
                    (SELECT seq FROM undo_items WHERE undo_id = ?1 AND seq BETWEEN ?3 AND ?4 AND state = ?5)
                """)
            // The restorer leaves the chunk's restored ids in its table. (`WHERE` before `ON CONFLICT`:
            // SQLite's parser would read the `ON` as a join's.)
            keep = try db.prepare("""
                INSERT INTO reviews (asset_id, status, at) SELECT id, ?1, strftime('%s', 'now') FROM \(AssetSnapshot.Restorer.table)
                WHERE id IS NOT NULL ORDER BY seq
                ON CONFLICT (asset_id) DO UPDATE SET status = excluded.status, rule = NULL, rule_file = NULL, at = excluded.at
                """)
        }

        func book(_ outcomes: [UndoCarrier.Carried]) throws {
            guard let first = outcomes.first?.item.seq, let last = outcomes.last?.item.seq else { return }
            try db.transaction {
                var back: [(seq: Int64, now: FileIdentity?)] = []
                back.reserveCapacity(outcomes.count)
                for carried in outcomes {
                    let item = carried.item
                    switch carried.outcome {
                    case let .restored(now):
                        back.append((item.seq, now))
                    case let .refused(reason):
                        try markRefused.execute([UndoItemState.refused.sql, .text(reason), .integer(undo), .integer(item.seq)])
                    }
                }
                let restored = try restorer.restore(back)
                try keep.execute([StagingStatus.kept.sql])
                let range: [SQLValue] = [.integer(undo), .integer(commit), .integer(first), .integer(last), UndoItemState.restored.sql]
                try markRestored.execute(range + [UndoItemState.pending.sql])
                try markCommitRestored.execute(range + [ItemState.restored.sql])
                try settleSidecars(restored, of: outcomes)
            }
        }

        /// The files of a chunk came back with their sidecars (a chunk holds whole entries), each
        /// renamed twice: the same sidecars, by inode, size and mtime, with new ctimes. Their owners'
        /// signatures take the new ctimes, so the next scan does not re-read them and a commit
        /// before it does not hold them back as "sidecar changed since staging".
        private func settleSidecars(_ restored: [AssetSnapshot.Restorer.Restored], of outcomes: [UndoCarrier.Carried]) throws {
            guard !restored.isEmpty else { return }
            let paths = Dictionary(outcomes.map { ($0.item.seq, $0.item.path) }, uniquingKeysWith: { first, _ in first })
            var resolver = CompanionResolver(root: root)
            let write = try db.cached("UPDATE assets SET sidecar_signature = ? WHERE id = ?")
            for restored in restored {
                guard let recorded = restored.sidecarSignature, let path = paths[restored.seq] else { continue }
                let now = resolver.sidecars(of: path)
                guard !Companions.unchanged(now, since: recorded), Companions.sameFiles(now, as: recorded) else { continue }
                try write.execute([.text(Companions.signature(now)), .integer(restored.id)])
            }
        }
    }

    /// Closes undo `undo` (`done`, or `cancelled` when interrupted) and returns its report; the
    /// commit becomes `undone` once none of its items is left in the trash. A cancelled undo's
    /// pending items stay in the trash, `moved` in their commit (the next undo journals them again):
    /// their rows go with the close.
    static func close(_ db: Database, undo: Int64, commit: Int64, cancelled: Bool) throws -> CommitUndo.Report {
        var remaining = 0
        try db.transaction {
            try db.execute("UPDATE undos SET state = ?, finished_at = ? WHERE id = ?",
                           [(cancelled ? UndoState.cancelled : .done).sql, .integer(Int64(Date().timeIntervalSince1970)), .integer(undo)])
            if !cancelled,
               try db.scalar("SELECT 1 FROM commit_items WHERE commit_id = ? AND state = ? LIMIT 1",
                             [.integer(commit), ItemState.moved.sql]) == nil {
                try db.execute("UPDATE commits SET state = ? WHERE id = ?", [CommitState.undone.sql, .integer(commit)])
            }
            if cancelled {
                remaining = Int(try db.scalar("SELECT count(*) FROM undo_items WHERE undo_id = ? AND state = ?",
                                              [.integer(undo), UndoItemState.pending.sql])?.int64 ?? 0)
                try db.execute("DELETE FROM undo_items WHERE undo_id = ? AND state = ?", [.integer(undo), UndoItemState.pending.sql])
            }
        }
        var restored = 0
        try db.forEachRow("SELECT state, count(*) AS items FROM undo_items WHERE undo_id = ? GROUP BY state", [.integer(undo)]) { row in
            switch row.word("state", as: UndoItemState.self) {
            case .restored: restored = row.int("items")
            case .pending: remaining = row.int("items")
            case .refused: break
            }
        }
        var refused: [CommitReceipt.Skip] = []
        try db.forEachRow("""
            SELECT i.path, i.role, u.reason FROM undo_items u JOIN commit_items i ON i.commit_id = ? AND i.seq = u.seq
            WHERE u.undo_id = ? AND u.state = ? ORDER BY u.seq
            """, [.integer(commit), .integer(undo), UndoItemState.refused.sql]) { row in
            refused.append(CommitReceipt.Skip(path: row.bytes("path") ?? [], role: row.word("role"), reason: .refused(row.string("reason") ?? "refused")))
        }
        return CommitUndo.Report(commit: commit, restored: restored, refused: refused, cancelled: cancelled, remaining: remaining)
    }
}

/// A forward-only schema change. Shipped migrations are never edited; add a new one instead.
public struct Migration: Sendable {
    public let id: String
    public let sql: String
}

/// Applies the migrations an index has not seen yet, each in its own transaction,
/// recording each id in `schema_migrations`.
public enum Migrator {
    /// Every migration, oldest first. Append only.
    public static let all: [Migration] = [IndexSchema.v1, CommitSchema.v2, RuleIndexes.migration, CommitSchema.v4, ReviewSchema.v5]

    /// The number of migrations this build knows; an index with more was written by a newer Cull.
    public static var latestVersion: Int { all.count }

    public static func migrate(_ db: Database) throws {
        try db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)")
        var applied = Set<String>()
        try db.forEachRow("SELECT id FROM schema_migrations") { row in
            applied.insert(row.string(0) ?? "")
        }
        let known = Set(all.map(\.id))
        if let unknown = applied.subtracting(known).sorted().first {
            throw IndexError.newerSchema(path: db.path, migration: unknown)
        }
        for migration in all where !applied.contains(migration.id) {
            try db.transaction {
                try db.execute(migration.sql)
                try db.execute("INSERT INTO schema_migrations (id, applied_at) VALUES (?, strftime('%s','now'))",
                               [.text(migration.id)])
            }
        }
    }
}

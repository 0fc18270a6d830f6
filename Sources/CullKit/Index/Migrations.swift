/// A forward-only schema change. Shipped migrations are never edited; add a new one instead.
public struct Migration: Sendable {
    public let id: String
    public let sql: String
    /// Rebuilds a table others reference (SQLite cannot alter a constraint): applied with foreign
    /// keys off, so dropping the old table does not cascade into its children, then checked.
    public let rebuildsTables: Bool

    public init(id: String, sql: String, rebuildsTables: Bool = false) {
        self.id = id
        self.sql = sql
        self.rebuildsTables = rebuildsTables
    }
}

/// Applies the migrations an index has not seen yet, each in its own transaction,
/// recording each id in `schema_migrations`.
public enum Migrator {
    /// Every migration, oldest first. Append only.
    public static let all: [Migration] = [IndexSchema.v1, CommitSchema.v2, RuleIndexes.migration, CommitSchema.v4,
                                          CtimeMigration.v5, UndoSchema.v6,
                                          IndexSchema.unreadable, ReviewSchema.v8, HashSchema.v9, FeatureSchema.v10,
                                          GroupKindsSchema.v11, HashTreeSchema.v12]

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
            let apply = {
                try db.transaction {
                    try db.execute(migration.sql)
                    if migration.rebuildsTables, try db.scalar("SELECT 1 FROM pragma_foreign_key_check") != nil {
                        throw IndexError.damaged(path: db.path, problem: .brokenReferences(migration: migration.id))
                    }
                    try db.execute("INSERT INTO schema_migrations (id, applied_at) VALUES (?, strftime('%s','now'))",
                                   [.text(migration.id)])
                }
            }
            if migration.rebuildsTables { try db.withoutForeignKeys(apply) } else { try apply() }
        }
        try CommitSchema.mirrorAssetColumns(db)
    }
}

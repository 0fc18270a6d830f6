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
    public static let all: [Migration] = [
        .m0001Assets, .m0002Commits, .m0003RuleIndexes, .m0004CommitSnapshots, .m0005Ctime, .m0006UndoJournal,
        .m0007Unreadable, .m0008ReviewLivePair, .m0009Hashes, .m0010ImageFeatures, .m0011GroupKinds,
        .m0012HashesOneTree, .m0013Catalogs, .m0014DistinctSets, .m0015RawFormats, .m0016SkipReasons, .m0017DisagreementIndex,
        .m0018ChangeCounts, .m0019RawFolders, .m0020CaptureSettings, .m0021Declined, .m0022BlurEvidence, .m0023CatalogBytes, .m0024CatalogCut, .m0025PictureLayout, .m0026SampledEdges,
        .m0027Text,
        .m0028Codes,
        .m0029Returns,
        .m0030Turns,
        .m0031PlanInputs,
        .m0032PageReadings,
        .m0033CatalogCutIndex,
        .m0034DeletionsApart,
        .m0035PictureFields,
        .m0036AssetChanges,
        .m0037AddedIndex,
        .m0038LiveKinds,
    ]

    /// The number of migrations this build knows; an index with more was written by a newer Cull.
    public static var latestVersion: Int { all.count }

    public static func migrate(_ db: Database) throws {
        try db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)")
        var applied = Set<String>()
        try db.forEachRow("SELECT id FROM schema_migrations") { row in
            applied.insert(row.string("id") ?? "")
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
        try mirrorAssetColumns(db)
    }

    /// Gives `commit_assets` every column `assets` has and it lacks, after the migrations ran: the
    /// commit snapshot is built from the `assets` column list, so a migration that adds a column to
    /// `assets` need not copy it here by hand, and undo restores it. (Names and types come from the
    /// schema itself, never from input.)
    private static func mirrorAssetColumns(_ db: Database) throws {
        var saved = Set<String>()
        try db.forEachRow("SELECT name FROM pragma_table_info('commit_assets')") { saved.insert($0.string("name") ?? "") }
        guard !saved.isEmpty else { return }
        var missing: [(name: String, type: String)] = []
        try db.forEachRow("SELECT name, type FROM pragma_table_info('assets') ORDER BY cid") { row in
            let name = row.string("name") ?? ""
            if !saved.contains(name) { missing.append((name, row.string("type") ?? "")) }
        }
        guard !missing.isEmpty else { return }
        try db.transaction {
            for column in missing {
                let quoted = "\"" + column.name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                try db.execute("ALTER TABLE commit_assets ADD COLUMN \(quoted) \(column.type.filter { $0.isLetter || $0 == " " })")
            }
        }
    }
}

/// An identity-keyed cache table, described once: `asset_id`, the identity of the file the row was
/// computed for (device, inode, size, mtime, ctime, as ``CachedRow`` compares them), then the values
/// computed. A commit keeps a copy of its moved assets' rows in `commit_<name>` (the same columns,
/// keyed by the commit item instead of the asset), which undo puts back: both are read from this
/// description (``registered``), so a new cache is one description, its migration
/// (``Migration/cacheTable(id:_:)``) and its conformer.
struct CacheTable: Sendable {
    /// One value column: its name and its SQL declaration (type and constraints).
    struct Column: Sendable {
        let name: String
        let declaration: String
    }

    /// The table's name (a fixed identifier, never input).
    let name: String
    /// The columns the cache computes, after the identity.
    let values: [Column]
    /// Table constraints of the cache table (not of its commit copy), e.g. a `CHECK`.
    let constraints: [String]

    init(_ name: String, values: [Column], constraints: [String] = []) {
        self.name = name
        self.values = values
        self.constraints = constraints
    }

    /// The identity columns every cache row carries, in their place after `asset_id`.
    static let identity = ["device", "inode", "size", "mtime_ns", "ctime_ns"]

    /// The table a commit copies this cache's rows of its moved assets into.
    var commitTable: String { "commit_" + name }

    /// The identity columns then the value columns: what the table and its commit copy share.
    var sharedColumns: [String] { Self.identity + values.map(\.name) }

    /// The SQL that creates the table and its commit copy (for a new cache's migration; the
    /// migrations of the caches below wrote theirs out, and keep them as installed indexes ran them).
    var createSQL: String {
        let identity = Self.identity.map { "    \($0) INTEGER NOT NULL" }
        let values = self.values.map { "    \($0.name) \($0.declaration)" }
        let table = ["    asset_id INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE"] + identity + values
            + constraints.map { "    " + $0 }
        let copy = ["    commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE", "    seq INTEGER NOT NULL"]
            + identity + values + ["    PRIMARY KEY (commit_id, seq)"]
        return "CREATE TABLE \(name) (\n\(table.joined(separator: ",\n"))\n);\n"
            + "CREATE TABLE \(commitTable) (\n\(copy.joined(separator: ",\n"))\n) WITHOUT ROWID;\n"
    }

    /// `hashes` (migration `0009-hashes`): the content hashes of exact-duplicate groups.
    static let hashes = CacheTable("hashes", values: [Column(name: "partial", declaration: "BLOB NOT NULL"),
                                                      Column(name: "full", declaration: "BLOB")])

    /// `image_hashes` (migration `0011-group-kinds`): the hash of the image data alone, or the problem met.
    static let imageHashes = CacheTable("image_hashes", values: [Column(name: "hash", declaration: "BLOB"),
                                                                 Column(name: "problem", declaration: "TEXT")])

    /// `image_features` (migrations `0010-image-features`, `0022-blur-evidence`, `0025-picture-layout`, `0030-turns`): what the decode
    /// measured, or why it failed.
    static let imageFeatures = CacheTable("image_features", values: [
        Column(name: "phash", declaration: "INTEGER"), Column(name: "sharpness", declaration: "REAL"),
        Column(name: "exposure", declaration: "REAL"), Column(name: "edges", declaration: "INTEGER"),
        Column(name: "failure", declaration: "TEXT"), Column(name: "layout", declaration: "BLOB"),
        Column(name: "turn_signs", declaration: "INTEGER"), Column(name: "turns", declaration: "INTEGER"),
    ], constraints: ["CHECK ((failure IS NULL) = (exposure IS NOT NULL) AND (failure IS NULL) = (edges IS NOT NULL) "
                     + "AND (failure IS NULL OR (phash IS NULL AND sharpness IS NULL)))"])

    /// `image_codes` (migration `0028-codes`): the kinds and payloads of the codes read in a photo
    /// (lists, ``ValueList``; both NULL when it has none), or why it could not be decoded.
    static let imageCodes = CacheTable("image_codes", values: [
        Column(name: "kinds", declaration: "TEXT"), Column(name: "texts", declaration: "TEXT"), Column(name: "failure", declaration: "TEXT"),
    ], constraints: ["CHECK (failure IS NULL OR kinds IS NULL)"])

    /// Every cache table, in the order a commit saves them and undo puts them back.
    static let registered: [CacheTable] = [.hashes, .imageHashes, .imageFeatures, .textReadings, .imageCodes]
}

extension Migration {
    /// A migration that creates cache table `table` and its commit copy, both from its description,
    /// followed by `then` (its indexes, say).
    static func cacheTable(id: String, _ table: CacheTable, then: String = "") -> Migration {
        Migration(id: id, sql: table.createSQL + then)
    }
}

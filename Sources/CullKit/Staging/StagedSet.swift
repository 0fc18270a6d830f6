import CXXHash

/// One staged file as the staged set's fingerprint covers it (``Fingerprint``: its path, size and
/// mtime), with its asset's id (which files are gone is told by id).
public protocol FingerprintedFile {
    /// The asset's id in the index.
    var id: Int64 { get }
    /// Library-relative path bytes.
    var path: [UInt8] { get }
    var size: Int64 { get }
    var mtimeNs: Int64 { get }
}

/// What a plan reads of a file staged already: what the fingerprint covers, and when it was staged.
public struct StagedFile: Sendable, Equatable, FingerprintedFile {
    public let id: Int64
    public let path: [UInt8]
    public let size: Int64
    public let mtimeNs: Int64
    public let stagedAt: Int64

    public init(_ asset: StagedAsset) {
        (id, path, size, mtimeNs, stagedAt) = (asset.id, asset.path, asset.size, asset.mtimeNs, asset.stagedAt)
    }

    init(id: Int64, path: [UInt8], size: Int64, mtimeNs: Int64, stagedAt: Int64) {
        (self.id, self.path, self.size, self.mtimeNs, self.stagedAt) = (id, path, size, mtimeNs, stagedAt)
    }
}

/// One staged asset: what a commit would remove, with the identity it must still have.
public struct StagedAsset: Sendable, Equatable, RecordedIdentity, FingerprintedFile {
    public let id: Int64
    /// Library-relative path bytes.
    public let path: [UInt8]
    public let device: Int64
    public let inode: Int64
    public let size: Int64
    public let mtimeNs: Int64
    public let kind: MediaKind?
    public let liveID: String?
    public let taken: Int64?
    public let rule: String?
    public let ruleFile: String?
    public let stagedAt: Int64
    /// The ctime the scanner recorded; nil for rows indexed before migration `0005-ctime`.
    public var ctimeNs: Int64? = nil
    /// The change key of its sidecars when it was scanned (a commit refuses it when it differs now).
    public var sidecarSignature: String = ""
    /// For the video (or photo) half of a Live Photo staged with its other half: that half's path.
    public var livePairOf: [UInt8]?
}

/// Reads the staged set (`reviews.status = 'trashed'`) and fingerprints it.
public enum StagedSet {
    /// The asset columns a staged asset is read from, first in both queries, in this order.
    static let columns: [AssetColumn] = [.id, .path, .device, .inode, .size, .mtimeNs, .kind, .liveID, .taken,
                                         .sidecarSignature, .ctimeNs]
    private static let selected = columns.map(\.selected.sql).joined(separator: ", ")

    /// Every staged asset, ordered by path.
    public static func load(_ db: Database) throws -> [StagedAsset] {
        // Sorted here, not by an ORDER BY: SQLite's sorter, moving whole rows, took three quarters of the read.
        let sql = """
            SELECT \(selected), r.rule, r.rule_file, r.at, p.path AS live_pair_path
            FROM reviews r JOIN assets a ON a.id = r.asset_id LEFT JOIN assets p ON p.id = r.live_pair_of
            WHERE r.status = ?
            """
        var result: [StagedAsset] = []
        var repeated = RepeatedTexts()
        try db.prepare(sql).forEachRow([StagingStatus.trashed.sql], StagedColumns.self) { row, column in
            result.append(asset(row, column.asset, rule: row.string(column.rule, repeated: &repeated),
                                ruleFile: row.string(column.ruleFile, repeated: &repeated),
                                stagedAt: row.int64(column.at), livePairOf: row.bytes(column.livePairPath)))
        }
        return byPath(result)
    }

    /// What a plan reads of every staged asset (``StagedFile``), ordered by path: the identity,
    /// review and Live half of ``load(_:)`` are the commit's, and a plan of a library staged
    /// by half spent half its time reading them.
    public static func files(_ db: Database) throws -> [StagedFile] {
        var result: [StagedFile] = []
        try db.prepare("""
            SELECT a.id, a.path, a.size, a.mtime_ns, r.at FROM reviews r JOIN assets a ON a.id = r.asset_id WHERE r.status = ?
            """).forEachRow([StagingStatus.trashed.sql], FileColumns.self) { row, column in
            result.append(StagedFile(id: row.int64(column.id), path: row.bytes(column.path) ?? [], size: row.int64(column.size),
                                     mtimeNs: row.int64(column.mtimeNs), stagedAt: row.int64(column.at)))
        }
        return byPath(result)
    }

    /// The assets with these ids (for plans of what staging would add), each once, ordered by
    /// path: read by one query (a plan's 1,500 twins took as many) straight into the list that is
    /// sorted, with no table by id beside it (92 MB when a stage added half a million).
    public static func assets(_ db: Database, ids: some Collection<Int64>) throws -> [StagedAsset] {
        guard !ids.isEmpty else { return [] }
        var found: [StagedAsset] = []
        found.reserveCapacity(ids.count)
        try db.cached("SELECT \(selected) FROM assets a WHERE a.id IN (SELECT value FROM json_each(?))")
            .forEachRow([.text(JSONValue.list(ids))], AssetColumns.self) { row, column in
                found.append(asset(row, column, rule: nil, ruleFile: nil, stagedAt: 0, livePairOf: nil))
            }
        return byPath(found)
    }

    /// `assets` in path byte order (the order of `ORDER BY path`): the positions are sorted, then
    /// each asset moved once, instead of swapping assets and retaining their strings at every step.
    private static func byPath<File: FingerprintedFile>(_ assets: [File]) -> [File] {
        let paths = assets.map(\.path)
        return paths.indices.sorted { PathBytes.precedes(paths[$0], paths[$1]) }.map { assets[$0] }
    }

    /// The staged asset of a row that selects ``columns``.
    private static func asset(_ row: Row, _ column: AssetColumns, rule: String?, ruleFile: String?, stagedAt: Int64,
                              livePairOf: [UInt8]?) -> StagedAsset {
        StagedAsset(
            id: row.int64(column.id), path: row.bytes(column.path) ?? [], device: row.int64(column.device), inode: row.int64(column.inode),
            size: row.int64(column.size), mtimeNs: row.int64(column.mtimeNs), kind: row.enumValue(column.kind), liveID: row.string(column.liveID),
            taken: row.optionalInt64(column.taken), rule: rule, ruleFile: ruleFile, stagedAt: stagedAt,
            ctimeNs: row.optionalInt64(column.ctimeNs), sidecarSignature: row.string(column.sidecarSignature) ?? "", livePairOf: livePairOf)
    }

    /// The columns ``files(_:)`` reads.
    private struct FileColumns: RowColumns {
        let id, path, size, mtimeNs, at: Row.Column

        init(_ row: Row) { (id, path, size, mtimeNs, at) = (row.index("id"), row.index("path"), row.index("size"), row.index("mtime_ns"), row.index("at")) }
    }

    /// ``columns``, resolved by their names once per statement.
    private struct AssetColumns: RowColumns {
        let id, path, device, inode, size, mtimeNs, kind, liveID, taken, sidecarSignature, ctimeNs: Row.Column

        init(_ row: Row) {
            func at(_ column: AssetColumn) -> Row.Column { row.index(column.rawValue) }
            (id, path, device, inode, size, mtimeNs) = (at(.id), at(.path), at(.device), at(.inode), at(.size), at(.mtimeNs))
            (kind, liveID, taken, sidecarSignature, ctimeNs) = (at(.kind), at(.liveID), at(.taken), at(.sidecarSignature), at(.ctimeNs))
        }
    }

    /// A staged row's: its asset's, then its review's and its Live half's path.
    private struct StagedColumns: RowColumns {
        let asset: AssetColumns
        let rule, ruleFile, at, livePairPath: Row.Column

        init(_ row: Row) {
            asset = AssetColumns(row)
            (rule, ruleFile, at, livePairPath) = (row.index("rule"), row.index("rule_file"), row.index("at"), row.index("live_pair_path"))
        }
    }
}

/// A short, stable fingerprint of exactly what a commit would remove.
///
/// XXH3-64 (libxxhash) over the staged assets sorted by path bytes, each contributing its path, a
/// NUL, its size and its mtime (nanoseconds) as decimal text and a newline; printed as the first 12
/// of 16 hex digits. Not cryptographic: it detects change between review and commit, which is its job.
public enum Fingerprint {
    public static func of(_ assets: [some FingerprintedFile]) -> String {
        // The staged set is loaded in path order already; only sort when it is not. Read by index
        // here and below: iterating would copy each asset (its strings and path) to read two fields.
        let inOrder = assets.indices.dropFirst().allSatisfy { !PathBytes.precedes(assets[$0].path, assets[$0 - 1].path) }
        let sorted = inOrder ? assets : assets.sorted { PathBytes.precedes($0.path, $1.path) }
        guard let state = XXH3_createState() else { fatalError("libxxhash could not allocate a hash state") }
        defer { XXH3_freeState(state) }
        XXH3_64bits_reset(state)
        var line: [UInt8] = []
        for index in sorted.indices {
            line.removeAll(keepingCapacity: true)
            line += sorted[index].path
            line.append(0)
            appendDecimal(sorted[index].size, to: &line)
            line.append(UInt8(ascii: " "))
            appendDecimal(sorted[index].mtimeNs, to: &line)
            line.append(UInt8(ascii: "\n"))
            line.withUnsafeBytes { _ = XXH3_64bits_update(state, $0.baseAddress, $0.count) }
        }
        let hash = XXH3_64bits_digest(state)
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(12))
    }

    /// Appends `value` as `String(value)` spells it (ASCII digits, a `-` when negative), without
    /// making the String: two numbers per file, and a commit or plan fingerprints every staged file.
    static func appendDecimal(_ value: Int64, to line: inout [UInt8]) {
        // Written from the end into 20 bytes on the stack (`-` and the 19 digits of Int64.min), then appended at once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            line.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}

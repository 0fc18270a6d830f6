/// One staged asset: what a commit would remove, with the identity it must still have.
public struct StagedAsset: Sendable, Equatable, RecordedIdentity {
    public let id: Int64
    /// Library-relative path bytes.
    public let path: [UInt8]
    public let device: Int64
    public let inode: Int64
    public let size: Int64
    public let mtimeNs: Int64
    public let kind: String?
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
        let review = columns.count
        // Sorted here, not by an ORDER BY: SQLite's sorter, moving whole rows, took three quarters of the read.
        let sql = """
            SELECT \(selected), r.rule, r.rule_file, r.at, p.path
            FROM reviews r JOIN assets a ON a.id = r.asset_id LEFT JOIN assets p ON p.id = r.live_pair_of
            WHERE r.status = ?
            """
        var result: [StagedAsset] = []
        try db.prepare(sql).forEachRow([ReviewStatus.trashed.sql]) { row in
            result.append(asset(row, rule: row.string(review), ruleFile: row.string(review + 1), stagedAt: row.int64(review + 2),
                                livePairOf: row.bytes(review + 3)))
        }
        return byPath(result)
    }

    /// The assets with these ids (for plans of what staging would add), ordered by path.
    public static func assets(_ db: Database, ids: some Collection<Int64>) throws -> [StagedAsset] {
        var result: [StagedAsset] = []
        let statement = try db.cached("SELECT \(selected) FROM assets a WHERE a.id = ?")
        for id in ids {
            try statement.forEachRow([.integer(id)]) { row in
                result.append(asset(row, rule: nil, ruleFile: nil, stagedAt: 0, livePairOf: nil))
            }
        }
        return byPath(result)
    }

    /// `assets` in path byte order (the order of `ORDER BY path`): the positions are sorted, then
    /// each asset moved once, instead of swapping assets and retaining their strings at every step.
    private static func byPath(_ assets: [StagedAsset]) -> [StagedAsset] {
        let paths = assets.map(\.path)
        return paths.indices.sorted { PathBytes.precedes(paths[$0], paths[$1]) }.map { assets[$0] }
    }

    /// The staged asset of a row that starts with ``columns``.
    private static func asset(_ row: Row, rule: String?, ruleFile: String?, stagedAt: Int64, livePairOf: [UInt8]?) -> StagedAsset {
        func at(_ column: AssetColumn) -> Int { columns.firstIndex(of: column)! }
        return StagedAsset(
            id: row.int64(at(.id)), path: row.bytes(at(.path)) ?? [], device: row.int64(at(.device)), inode: row.int64(at(.inode)),
            size: row.int64(at(.size)), mtimeNs: row.int64(at(.mtimeNs)), kind: row.string(at(.kind)), liveID: row.string(at(.liveID)),
            taken: row.optionalInt64(at(.taken)), rule: rule, ruleFile: ruleFile, stagedAt: stagedAt,
            ctimeNs: row.optionalInt64(at(.ctimeNs)), sidecarSignature: row.string(at(.sidecarSignature)) ?? "", livePairOf: livePairOf)
    }
}

/// A short, stable fingerprint of exactly what a commit would remove.
///
/// FNV-1a 64 over the staged assets sorted by path bytes, each contributing its path, a NUL,
/// its size and its mtime (nanoseconds) as decimal text and a newline; printed as the first 12 of
/// 16 hex digits. Not cryptographic: it detects change between review and commit, which is its job.
public enum Fingerprint {
    public static func of(_ assets: [StagedAsset]) -> String {
        // The staged set is loaded in path order already; only sort when it is not.
        let inOrder = zip(assets, assets.dropFirst()).allSatisfy { !PathBytes.precedes($1.path, $0.path) }
        let sorted = inOrder ? assets : assets.sorted { PathBytes.precedes($0.path, $1.path) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        func mixDecimal(_ value: Int64) {
            if value < 0 { mix(CollectionOfOne(UInt8(ascii: "-"))) }
            // The digits from the most significant one, with no array per number (two per asset).
            let magnitude = value.magnitude
            var divisor: UInt64 = 1
            while magnitude / divisor >= 10 { divisor *= 10 }
            repeat {
                mix(CollectionOfOne(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10)))
                divisor /= 10
            } while divisor > 0
        }
        for asset in sorted {
            mix(asset.path)
            mix(CollectionOfOne(0))
            mixDecimal(asset.size)
            mix(CollectionOfOne(UInt8(ascii: " ")))
            mixDecimal(asset.mtimeNs)
            mix(CollectionOfOne(UInt8(ascii: "\n")))
        }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(12))
    }
}

import Foundation

/// Whether a catalog in the library's list is read.
public enum CatalogState: String, Sendable {
    /// Read at every step; its decisions count, and when it cannot be read, Cull refuses to act.
    case used
    /// Never read again (`cull catalog ignore`).
    case ignored
    /// Found in a default place, but none of its rows is a file of this library (read again when it changes).
    case unrelated
}

/// How a catalog came into the library's list (`catalogs.origin`).
public enum CatalogOrigin: String, Sendable {
    /// Found in a default place.
    case found
    /// Added by hand (`cull catalog add`, or `ignore` of one not listed).
    case added
}

/// One catalog in the library's list (the `catalogs` table: the library's config, never a rule file).
public struct CatalogRecord: Sendable, Equatable {
    public let id: Int64
    public let path: String
    public let kind: CatalogKind
    public let state: CatalogState
    public let origin: CatalogOrigin
    public let maps: [PathMap]
    public let signature: String?
    public let schemaVersion: String?
    public let rowsInside: Int?
    public let rowsOutside: Int?
    public let problem: String?
    /// The identity of the catalog's files when SQLite's integrity check last passed (it runs again
    /// only when they change).
    public let checked: String?
}

/// The library's list of catalogs: reading it, `cull catalog add` and `cull catalog ignore`.
public enum CatalogStore {
    public static func all(_ db: Database) throws -> [CatalogRecord] {
        var result: [CatalogRecord] = []
        try db.forEachRow("""
            SELECT id, path, kind, state, origin, maps, signature, schema_version, rows_inside, rows_outside, problem, checked
            FROM catalogs ORDER BY path
            """) { row in
            guard let kind = row.enumValue("kind", as: CatalogKind.self), let state = row.enumValue("state", as: CatalogState.self) else { return }
            result.append(CatalogRecord(id: row.int64("id"), path: row.string("path") ?? "", kind: kind, state: state,
                                        origin: row.enumValue("origin", as: CatalogOrigin.self) ?? .added, maps: decode(maps: row.string("maps") ?? ""),
                                        signature: row.string("signature"), schemaVersion: row.string("schema_version"),
                                        rowsInside: row.optionalInt("rows_inside"), rowsOutside: row.optionalInt("rows_outside"),
                                        problem: row.string("problem"), checked: row.string("checked")))
        }
        return result
    }

    /// The catalogs whose decisions count.
    public static func used(_ db: Database) throws -> [CatalogRecord] { try all(db).filter { $0.state == .used } }

    /// `cull catalog add PATH [--map FROM=TO]`: use this catalog (again), with these mappings. Its
    /// decisions are read at the next step (or now, by the caller).
    public static func add(_ db: Database, path: String, kind: CatalogKind, maps: [PathMap]) throws {
        try db.execute("""
            INSERT INTO catalogs (path, kind, state, origin, maps) VALUES (?1, ?2, ?3, ?4, ?5)
            ON CONFLICT(path) DO UPDATE SET kind = excluded.kind, state = ?3, maps = excluded.maps, signature = NULL
            """, [.text(path), .text(kind.rawValue), .text(CatalogState.used.rawValue), .text(CatalogOrigin.added.rawValue), .text(encode(maps: maps))])
    }

    /// `cull catalog ignore PATH`: the only way to stop using a catalog. False when it is not in the list
    /// (it is added as ignored then, so a default place is not picked up again either).
    @discardableResult
    public static func ignore(_ db: Database, path: String, kind: CatalogKind?) throws -> Bool {
        let known = try db.scalar("SELECT 1 FROM catalogs WHERE path = ?", [.text(path)]) != nil
        try db.transaction {
            if known {
                try db.execute("UPDATE catalogs SET state = ?, problem = NULL WHERE path = ?", [.text(CatalogState.ignored.rawValue), .text(path)])
            } else {
                try db.execute("INSERT INTO catalogs (path, kind, state, origin) VALUES (?, ?, ?, ?)",
                               [.text(path), .text((kind ?? .darktable).rawValue), .text(CatalogState.ignored.rawValue),
                                .text(CatalogOrigin.added.rawValue)])
            }
            try db.execute("DELETE FROM catalog_entries WHERE catalog_id = (SELECT id FROM catalogs WHERE path = ?)", [.text(path)])
        }
        return known
    }

    static func encode(maps: [PathMap]) -> String {
        maps.map { $0.from + "\u{1F}" + $0.to }.joined(separator: "\u{1E}")
    }

    static func decode(maps: String) -> [PathMap] {
        maps.split(separator: "\u{1E}").compactMap { pair in
            let parts = pair.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            return parts.count == 2 ? PathMap(from: parts[0], to: parts[1]) : nil
        }
    }
}

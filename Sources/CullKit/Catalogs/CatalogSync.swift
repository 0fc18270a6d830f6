import Foundation

/// Keeps the index's copy of the catalogs' decisions fresh: at `scan`, `plan`, `stage`, `run` and
/// before a commit moves anything. A catalog is read again only when its files changed (the
/// catalog, its WAL, darktable's `data.db`) or the index's files did (a read keeps only the rows that
/// are files of the library, so a file indexed later needs the catalog read again): its decisions are
/// a cache keyed by both, so an unchanged library and unchanged catalogs cost a few `stat` calls.
/// SQLite's integrity check of a catalog runs once per change of its files. What the catalogs say is
/// merged into each asset's `catalog_*` columns, where rule SQL reads it without a join.
public struct CatalogSync {
    public let db: Database
    /// The library root (absolute, no trailing slash).
    public let root: String
    public let environment: [String: String]
    public var limits: CatalogLimits
    var mounts = MountTable()

    /// What a refresh did.
    public struct Report: Sendable {
        /// One line per catalog newly used, read again, or whose state changed.
        public var notes: [String] = []
        /// The catalogs in use that could not be read (or matched no file of the library).
        public var errors: [CatalogError] = []
    }

    public init(db: Database, root: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.db = db
        self.root = root
        self.environment = environment
        limits = CatalogLimits(environment: environment)
    }

    /// The refresh before an action (plan, stage, run, commit): throws ``CatalogsUnreadable`` when a
    /// catalog in use cannot be read, and nothing is decided on what Cull cannot see.
    @discardableResult
    public func require(assetsChanged: Bool = false) throws -> Report {
        let report = try refresh(assetsChanged: assetsChanged)
        if !report.errors.isEmpty { throw CatalogsUnreadable(errors: report.errors) }
        return report
    }

    /// Finds catalogs in their default places, reads those not ignored whose files (or the index's)
    /// changed, and merges their decisions into the index when anything changed (or `assetsChanged`:
    /// the scan added, changed or moved files). Unreadable catalogs are reported, not thrown.
    @discardableResult
    public func refresh(assetsChanged: Bool = false) throws -> Report {
        var report = Report()
        var known = Set(try CatalogStore.all(db).map(\.path))
        for place in CatalogPlaces.defaults(environment) where !known.contains(place.path) {
            try db.execute("INSERT OR IGNORE INTO catalogs (path, kind, state, origin) VALUES (?, ?, ?, ?)",
                           [.text(place.path), .text(place.kind.rawValue), .text(CatalogState.unrelated.rawValue), .text(CatalogOrigin.found.rawValue)])
            known.insert(place.path)
        }
        let index = try ChangeCounts.read(db, [ChangeCounts.assets])
        var library: CatalogLibrary?
        var dirty = false
        for record in try CatalogStore.all(db) where record.state != .ignored {
            let files = Self.signature(record)
            let signature = files + Self.indexMark + index
            if signature == record.signature, record.problem == nil { continue }
            let current = try library ?? CatalogLibrary(db: db)
            library = current
            let read: CatalogRead
            do {
                read = try Self.read(record, root: root, library: current, limits: limits, mounts: mounts, verify: record.checked != files)
                try Self.requireMatch(read, record, root: root, library: current)
            } catch {
                // Whether it holds this library's files is unknown: it counts as in use (fail closed).
                try db.execute("UPDATE catalogs SET state = ?, problem = ? WHERE id = ?",
                               [.text(CatalogState.used.rawValue), .text(error.problem), .integer(record.id)])
                report.errors.append(error)
                continue
            }
            if let failure = current.failure { throw failure }
            var state = record.state
            if state == .unrelated, read.inside > 0 {
                state = .used
                report.notes.append("using the \(record.kind.application) catalog \(record.path): \(English.count(read.inside, "file")) of this library")
            } else if state == .used, let old = record.signature, Self.files(of: old) != files {
                report.notes.append("read the \(record.kind.application) catalog \(record.path) again: it changed")
            }
            try db.transaction {
                if state == .used {
                    try hold(record, read.entries)
                    try replaceEntries(record.id, read.entries)
                }
                try db.execute("""
                    UPDATE catalogs SET state = ?, signature = ?, checked = ?, schema_version = ?, rows_inside = ?, rows_outside = ?,
                        read_at = ?, problem = NULL WHERE id = ?
                    """, [.text(state.rawValue), .text(signature), .text(files), .text(read.version), .integer(Int64(read.inside)),
                          .integer(Int64(read.rows - read.placed)), .integer(Int64(Date().timeIntervalSince1970)), .integer(record.id)])
            }
            if state == .used { dirty = true }
        }
        if dirty || assetsChanged { try merge() }
        return report
    }

    /// `cull catalog add`: would the catalog at `path` be read, and does it list files of this library?
    /// The error that says why not (nothing is written either way).
    public func probe(path: String, kind: CatalogKind, maps: [PathMap]) throws -> CatalogError? {
        let record = CatalogRecord(id: 0, path: path, kind: kind, state: .used, origin: .added, maps: maps, signature: nil,
                                   schemaVersion: nil, rowsInside: nil, rowsOutside: nil, problem: nil, checked: nil)
        let library = try CatalogLibrary(db: db)
        do {
            let read = try Self.read(record, root: root, library: library, limits: limits, mounts: mounts, verify: true)
            try Self.requireMatch(read, record, root: root, library: library)
        } catch {
            return error
        }
        if let failure = library.failure { throw failure }
        return nil
    }

    /// A catalog that lists files, none of them in the library nor in a folder of it, while the
    /// library has files: its decisions are not taken as absent when it is in use (added by hand, or
    /// matched before), or when its names are the library's under a folder that exists here (the
    /// library reached by a path Cull could not resolve, or copied from there).
    static func requireMatch(_ read: CatalogRead, _ record: CatalogRecord, root: String, library: CatalogLibrary) throws(CatalogError) {
        guard read.inside == 0, read.underRoot == 0, read.rows > read.pathless, library.count > 0 else { return }
        let found = CatalogSuggestion.find(read, library: library)
        guard record.state == .used || found?.existsHere == true else { return }
        throw .unmatched(path: record.path, kind: record.kind, rows: read.rows - read.pathless,
                         folder: CatalogSuggestion.commonFolder(read) ?? "?", from: found?.from, root: root)
    }

    /// Reads one catalog with its adapter (a MySQL digikamrc is refused as unsupported); `verify` runs
    /// SQLite's integrity check first.
    static func read(_ record: CatalogRecord, root: String, library: CatalogLibrary, limits: CatalogLimits, mounts: MountTable,
                     verify: Bool) throws(CatalogError) -> CatalogRead {
        if record.kind == .digikam, DigiKamSettings.isSettings(record.path) {
            let type = DigiKamSettings(path: record.path)?.type ?? "an unknown database"
            throw .unsupported(path: record.path, kind: .digikam,
                               reason: "digiKam keeps this collection in \(type == "QMYSQL" ? "MySQL/MariaDB" : type), which Cull does not read")
        }
        let connection = try CatalogConnection(path: record.path, kind: record.kind, limits: limits, verify: verify)
        var read = CatalogRead(file: record.path, kind: record.kind, limits: limits, mounts: mounts,
                               paths: CatalogPaths(root: root, maps: record.maps), library: library)
        try record.kind.adapter.read(connection, into: &read)
        read.finish()
        return read
    }

    /// Between a catalog's own identity and the index's in a stored signature.
    static let indexMark = "|index "

    /// The part of a stored signature that is the catalog's own files.
    static func files(of signature: String) -> String {
        guard let mark = signature.range(of: indexMark, options: .backwards) else { return signature }
        return String(signature[..<mark.lowerBound])
    }

    /// The identity of what a read of `record` reads: its file, WAL and rollback journal (a write in
    /// progress), and the adapter's companions; and its maps.
    static func signature(_ record: CatalogRecord) -> String {
        let files = [record.path] + record.kind.adapter.companions(of: record.path)
        return files.flatMap { [$0, $0 + "-wal", $0 + "-journal"] }.map { path in
            guard let info = FileOps.statFollowingLinks(Array(path.utf8)) else { return "-" }
            return "\(info.device):\(info.inode):\(info.size):\(info.mtimeNs):\(info.ctimeNs)"
        }.joined(separator: ";") + "|" + CatalogStore.encode(maps: record.maps)
    }
}

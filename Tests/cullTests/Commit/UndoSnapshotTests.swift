import Foundation
import Testing
@testable import CullKit

/// What a commit keeps of the index rows it deletes, and how undo puts them back.
@Suite struct UndoSnapshotTests {
    /// Every column of every row, in path order, as SQLite holds it (type included).
    static func rows(_ db: Database, _ sql: String) throws -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        let statement = try db.prepare(sql)
        try statement.forEachRow { row in rows.append(row.values) }
        return rows
    }

    @Test func undoPutsBackTheExactRows() throws {
        let box = try Sandbox("snapshot")
        let paths = [Array("s/a.jpg".utf8), Array("s/".utf8) + [0xFF, 0x2E, 0x6A, 0x70, 0x67], Array("s/b.mov".utf8)]
        box.write("s/a.jpg.xmp", "sidecar")  // there when it was indexed: a sidecar added later would stop the commit
        let ids = try box.stageFiles(paths)
        // Values that a lossy snapshot would change: reals needing 17 digits, a huge integer, blobs.
        try box.db.execute("""
            UPDATE assets SET latitude = 37.774929123456779, longitude = -0.1 * 3, duration = 1.0 / 3,
                taken = 9007199254740993, camera_make = 'Ünïcode "quoted"', live_id = x'00ff', rating = NULL WHERE id = ?
            """, [.integer(ids[0])])
        try box.db.execute("INSERT INTO companions (asset_id, path, role) VALUES (?, 's/a.jpg.xmp', 'xmp')", [.integer(ids[0])])
        try box.db.execute("INSERT INTO companions (asset_id, path, role) VALUES (?, ?, 'json')",
                           [.integer(ids[1]), .blob(Array("s/".utf8) + [0xFF, 0x2E, 0x6A, 0x73])])
        // Every column but ctime_ns and the sidecar signature: the renames to the trash and back
        // give the file and its sidecars new ctimes, which the restored row takes (checked below),
        // so the next scan sees them unchanged.
        var columns: [String] = []
        try box.db.forEachRow("SELECT name FROM pragma_table_info('assets') WHERE name NOT IN ('ctime_ns', 'sidecar_signature') ORDER BY cid") {
            columns.append("\"" + ($0.string("name") ?? "") + "\"")
        }
        let assets = "SELECT \(columns.joined(separator: ", ")) FROM assets ORDER BY id"
        let companions = "SELECT * FROM companions ORDER BY asset_id, path"
        let before = (try Self.rows(box.db, assets), try Self.rows(box.db, companions))

        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stderr)")
        #expect(try box.db.scalar("SELECT count(*) FROM assets")?.int64 == 0)
        #expect(try box.db.scalar("SELECT count(*) FROM reviews")?.int64 == 0)
        #expect(try box.db.scalar("SELECT count(*) FROM companions")?.int64 == 0)
        #expect(try Self.rows(box.db, "PRAGMA foreign_key_check").isEmpty)
        #expect(try box.db.scalar("SELECT count(*) FROM commit_assets WHERE commit_id = 1")?.int64 == 3)

        let undo = try box.cull(["undo"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(try Self.rows(box.db, assets) == before.0)
        for (id, path) in zip(ids, paths) {
            let now = try #require(FileOps.lstat(box.root + path).0)
            #expect(try box.db.scalar("SELECT ctime_ns FROM assets WHERE id = ?", [.integer(id)])?.int64 == now.ctimeNs)
            var resolver = CompanionResolver(root: box.root)
            #expect(try box.db.scalar("SELECT sidecar_signature FROM assets WHERE id = ?", [.integer(id)])?.string
                    == Companions.signature(resolver.sidecars(of: path)))
        }
        #expect(try Self.rows(box.db, companions) == before.1)
        #expect(try box.db.scalar("SELECT count(*) FROM reviews WHERE status = 'kept'")?.int64 == 3)
    }

    /// A scan between the commit and its undo may give a new file the id a committed row had:
    /// undo puts that row back under a new id, with its companions and cache rows, and every other
    /// row under its own id. (Giving the new id first would hand it the old id of a later row,
    /// which would then be dropped.)
    @Test func undoRenumbersOnlyTheRowWhoseIdWasTaken() throws {
        let box = try Sandbox("undo-ids")
        let paths = ["u/a.jpg", "u/b.jpg", "u/c.jpg"].map { Array($0.utf8) }
        let ids = try box.stageFiles(paths)
        for id in ids {
            try box.db.execute("INSERT INTO companions (asset_id, path, role) SELECT id, path || '.json', 'json' FROM assets WHERE id = ?",
                               [.integer(id)])
            try CacheUndoTests.insertRow(box.db, .hashes, asset: id)
        }
        // Each asset's row and what hangs off it, by path, without its id and ctime (undo gives
        // the files new ones).
        let assets = "SELECT path, folder, name, size, mtime_ns, inode FROM assets WHERE path IN ('u/a.jpg', 'u/b.jpg', 'u/c.jpg') ORDER BY path"
        let companions = "SELECT a.path, c.path, c.role FROM companions c JOIN assets a ON a.id = c.asset_id ORDER BY a.path"
        let hashes = "SELECT a.path, h.partial, h.full FROM hashes h JOIN assets a ON a.id = h.asset_id ORDER BY a.path"
        let before = try [assets, companions, hashes].map { try Self.rows(box.db, $0) }
        #expect(try box.cull(["commit", "--yes"]).status == 0)

        // The first of the journal's items is a.jpg: its old id goes to a new file.
        box.write("u/new.jpg", "a file found by a scan after the commit")
        let newcomer = try box.index("u/new.jpg")
        #expect(newcomer == ids[0])
        let undo = try box.cull(["undo"])
        #expect(undo.status == 0 && undo.stdout.contains("put back 3 files"), "\(undo.stdout)\(undo.stderr)")

        #expect(try [assets, companions, hashes].map { try Self.rows(box.db, $0) } == before)
        var idOf: [String: Int64] = [:]
        try box.db.forEachRow("SELECT path, id FROM assets") { idOf[$0.string("path") ?? ""] = $0.int64("id") }
        #expect(idOf["u/new.jpg"] == newcomer)
        #expect(idOf["u/b.jpg"] == ids[1] && idOf["u/c.jpg"] == ids[2])
        #expect((idOf["u/a.jpg"] ?? 0) > ids[2])
        #expect(try box.db.scalar("SELECT count(*) FROM companions WHERE asset_id = ?", [.integer(newcomer)])?.int64 == 0)
        #expect(try box.db.scalar("SELECT count(*) FROM hashes WHERE asset_id = ?", [.integer(newcomer)])?.int64 == 0)
        #expect(try Self.rows(box.db, "SELECT a.path FROM reviews r JOIN assets a ON a.id = r.asset_id WHERE r.status = 'kept' ORDER BY a.path")
                == [[.text("u/a.jpg")], [.text("u/b.jpg")], [.text("u/c.jpg")]])
    }

    /// A path indexed again since the commit (a stale row: its file was deleted before the undo
    /// brought the committed one back) keeps its row, whether the committed row's old id is free or
    /// taken: that row is not put back, and nothing of it is hung on the other.
    @Test func undoLeavesAPathIndexedAgainAlone() throws {
        let box = try Sandbox("undo-path")
        let ids = try box.stageFiles(["p/a.jpg", "p/b.jpg", "p/c.jpg"].map { Array($0.utf8) })
        for id in ids { try CacheUndoTests.insertRow(box.db, .hashes, asset: id) }
        #expect(try box.cull(["commit", "--yes"]).status == 0)
        // Another file at c.jpg's path, indexed after the commit, then deleted: its row takes a.jpg's
        // old id, so a.jpg comes back under a new one, and c.jpg (whose old id is free) does not.
        box.write("p/c.jpg", "another file at the same path")
        let stale = try box.index("p/c.jpg")
        #expect(stale == ids[0])
        #expect(FileOps.unlink(box.root + Array("p/c.jpg".utf8)) == 0)
        let undo = try box.cull(["undo"])
        #expect(undo.status == 0 && undo.stdout.contains("put back 3 files"), "\(undo.stdout)\(undo.stderr)")
        var idOf: [String: Int64] = [:]
        try box.db.forEachRow("SELECT path, id FROM assets") { idOf[$0.string("path") ?? ""] = $0.int64("id") }
        #expect(idOf.count == 3 && idOf["p/c.jpg"] == stale && idOf["p/b.jpg"] == ids[1])
        let renumbered = try #require(idOf["p/a.jpg"])
        #expect(renumbered != stale && renumbered != ids[1])
        #expect(try Self.rows(box.db, "SELECT asset_id FROM hashes ORDER BY asset_id") == [renumbered, ids[1]].sorted().map { [.integer($0)] })
        #expect(try Self.rows(box.db, "SELECT asset_id FROM reviews WHERE status = 'kept' ORDER BY asset_id")
                == [renumbered, ids[1]].sorted().map { [.integer($0)] })
        #expect(try box.db.scalar("SELECT size FROM assets WHERE id = ?", [.integer(stale)])?.int64 == Int64("another file at the same path".utf8.count))
    }

    /// The first release saved each row as JSON in `commit_items.snapshot`; undo still reads it.
    @Test func firstReleaseSnapshotsStillUndo() throws {
        let box = try Sandbox("legacy")
        try box.stageFiles([Array("l/old.jpg".utf8)])
        #expect(try box.cull(["commit", "--yes"]).status == 0)
        let id = try #require(try box.db.scalar("SELECT id FROM commit_assets WHERE commit_id = 1")?.int64)
        try box.db.execute("DELETE FROM commit_assets")
        let json = """
            {"asset":{"id":\(id),"path":"l/old.jpg","folder":"l","name":"old.jpg","extension":"jpg","device":1,\
            "inode":2,"size":16,"mtime_ns":5,"added":7,"modified":0,"kind":"photo","latitude":12.5,\
            "software":{"blob":"FF00"}},"companions":[["l/old.jpg.xmp","xmp"]]}
            """
        try box.db.execute("UPDATE commit_items SET snapshot = ? WHERE commit_id = 1", [.text(json)])

        let undo = try box.cull(["undo"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(box.exists("l/old.jpg"))
        let row = try Self.rows(box.db, "SELECT id, added, latitude, software FROM assets")
        #expect(row == [[.integer(id), .integer(7), .real(12.5), .blob([0xFF, 0x00])]])
        #expect(try box.db.scalar("SELECT path FROM companions")?.string == "l/old.jpg.xmp")
    }

    /// `commit_assets` must keep up with `assets`: a migration that adds a column to one adds it to both.
    @Test func commitAssetsMirrorsAssets() throws {
        let box = try Sandbox("mirror")
        func columns(_ table: String) throws -> [[SQLValue]] {
            try Self.rows(box.db, "SELECT name, type FROM pragma_table_info('\(table)') ORDER BY cid")
        }
        let saved = try columns("commit_assets")
        #expect(saved.prefix(2).map { $0[0] } == [.text("commit_id"), .text("seq")])
        #expect(Array(saved.dropFirst(2)) == (try columns("assets")))
    }
}

/// Undo puts a photo and its sidecar back by rename, which gives both a new ctime: the index must
/// say so, or the next scan re-reads every photo with a sidecar and a commit before that scan holds
/// it back as "sidecar changed since staging".
@Suite struct UndoSidecarTests {
    @Test func anUndoneSidecarIsUnchangedForTheNextScanAndCommit() throws {
        let box = try Sandbox("undo-sidecar")
        for (second, name) in ["IMG_0031", "IMG_0032"].enumerated() {
            box.write("\(name).JPG", bytes: Media.jpeg(taken: "2019:05:05 12:00:0\(second)"))
            box.write("\(name).xmp", Media.xmp(rating: 0))
        }
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.cull(["stage", "--path", "IMG_0031.JPG", "IMG_0032.JPG"]).status == 0)
        #expect(try box.cull(["commit", "--yes"]).status == 0)
        #expect(try box.cull(["undo"]).status == 0)
        #expect(box.exists("IMG_0031.JPG") && box.exists("IMG_0031.xmp"))
        // Staged again before any scan: the commit moves it with its sidecar.
        #expect(try box.cull(["restore", "IMG_0031.JPG"]).status == 0)
        #expect(try box.cull(["stage", "--path", "IMG_0031.JPG"]).status == 0)
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0 && !commit.stdout.contains("sidecar changed"), "\(commit.stdout)\(commit.stderr)")
        #expect(!box.exists("IMG_0031.JPG") && !box.exists("IMG_0031.xmp"))
        // The other one, untouched since the undo: the scan finds nothing changed.
        let scan = try box.cull(["scan", "--format", "json"])
        #expect(scan.stdout.contains("\"changed\":0"), "\(scan.stdout)")
    }
}

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

import Foundation
import Testing
@testable import CullKit

/// Issue 37, item 9 (what is stored): the index grows with the library, not with a catalog's padding.
/// A file's tags and people from one catalog are bounded in bytes; what was cut is said by
/// `plan --explain`. (Memory and time are measured by `benchmarks/catalog-hostile`.)
@Suite struct CatalogStorageTests {
    /// Bytes the index keeps for one file from the catalogs: its `catalog_entries` rows and its merged columns.
    static func storedBytes(_ db: Database, _ path: String) throws -> Int {
        let entries = try db.scalar("""
            SELECT total(length(CAST(path AS BLOB)) + ifnull(length(CAST(labels AS BLOB)), 0) + ifnull(length(CAST(tags AS BLOB)), 0)
                + ifnull(length(CAST(people AS BLOB)), 0)) FROM catalog_entries WHERE path = ?
            """, [.text(path)])
        let merged = try db.scalar("""
            SELECT ifnull(length(CAST(catalog_labels AS BLOB)), 0) + ifnull(length(CAST(catalog_tags AS BLOB)), 0)
                + ifnull(length(CAST(catalog_people AS BLOB)), 0) FROM assets WHERE path = ?
            """, [.text(path)])
        return Int(entries?.double ?? 0) + Int(merged?.int64 ?? 0)
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable))
    func hundredsOfLongTagsOnEveryPhotoAreCutAndSaidSo() throws {
        let box = try Sandbox("dt-padding")
        let catalog = try CatalogFixtures.darktable(in: box)
        let data = (catalog as NSString).deletingLastPathComponent + "/data.db"
        // 512 tags of 1,000 characters and 200 short ones, on every photo; IMG_0003 keeps its `family`.
        try CatalogFixtures.write(data, """
            INSERT INTO tags (id, name) WITH RECURSIVE n(x) AS (SELECT 1000 UNION ALL SELECT x + 1 FROM n WHERE x < 1511)
            SELECT x, 'long' || x || printf('%.*c', 990, 'x') FROM n;
            INSERT INTO tags (id, name) WITH RECURSIVE n(x) AS (SELECT 2000 UNION ALL SELECT x + 1 FROM n WHERE x < 2199)
            SELECT x, 'short ' || x FROM n;
            """)
        try CatalogFixtures.write(catalog, """
            INSERT INTO tagged_images (imgid, tagid, position) SELECT i.id, t.x, t.x FROM images i,
                (WITH RECURSIVE n(x) AS (SELECT 1000 UNION ALL SELECT x + 1 FROM n WHERE x < 1511) SELECT x FROM n
                 UNION ALL SELECT x FROM (WITH RECURSIVE m(x) AS (SELECT 2000 UNION ALL SELECT x + 1 FROM m WHERE x < 2199) SELECT x FROM m)) t;
            """)
        #expect(try box.cull(["scan"]).status == 0)
        for name in ["IMG_0001.jpg", "IMG_0003.jpg", "IMG_0006.jpg"] {
            let stored = try Self.storedBytes(box.db, name)
            #expect(stored > 0 && stored < 1024, "\(name): \(stored) bytes")
        }
        // The cut never drops a short tag for a long one, nor the user's own tag.
        #expect(try box.found("tags: family") == ["IMG_0003.jpg"])
        #expect(try box.found("tags: \"short 2000\"").count == 6)
        #expect(try box.found("tags: \"long*\"") == [])
        let rules = try box.rules("all.yaml", CatalogFailClosedTests.all)
        let explained = try box.cull(["plan", rules, "--ceiling", "100", "--explain", "IMG_0001.jpg"])
        #expect(explained.status == 0, "\(explained.stderr)")
        #expect(explained.stdout.contains("tags cut: darktable \(catalog) lists"), "\(explained.stdout)")
    }

    /// What was cut may be the tag that protects a photo: a run whose rules or guards read tags or
    /// people leaves every file whose lists were cut where it is, and says why; a run that reads
    /// neither decides them as any other file.
    @Test(.enabled(if: CatalogFixtures.isAvailable))
    func aFileWhoseTagsWereCutStaysWhenTheRunReadsTags() throws {
        let box = try Sandbox("dt-cut-protect")
        let catalog = try CatalogFixtures.darktable(in: box)
        let data = (catalog as NSString).deletingLastPathComponent + "/data.db"
        // IMG_0001 is tagged with 300 short tags: more than one file keeps, so some are cut.
        try CatalogFixtures.write(data, """
            INSERT INTO tags (id, name) WITH RECURSIVE n(x) AS (SELECT 3000 UNION ALL SELECT x + 1 FROM n WHERE x < 3299)
            SELECT x, 'kw ' || x FROM n;
            """)
        try CatalogFixtures.write(catalog, """
            INSERT INTO tagged_images (imgid, tagid, position) SELECT i.id, t.x, t.x FROM images i,
                (WITH RECURSIVE n(x) AS (SELECT 3000 UNION ALL SELECT x + 1 FROM n WHERE x < 3299) SELECT x FROM n) t
            WHERE i.filename = 'IMG_0001.jpg';
            """)
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.db.scalar("SELECT catalog_cut FROM assets WHERE path = 'IMG_0001.jpg'")?.int64 == 1)
        let guarded = try box.rules("guarded.yaml", """
            version: 1
            protect:
              - {tags: "kw 3299"}
            rules:
              - name: everything
                match: {extension: jpg}
            """)
        let plan = try box.cull(["plan", guarded, "--ceiling", "100", "--format", "paths"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(!plan.stdout.split(separator: "\n").contains("IMG_0001.jpg"), "\(plan.stdout)")
        let explained = try box.cull(["plan", guarded, "--ceiling", "100", "--explain", "IMG_0001.jpg"])
        #expect(explained.stdout.contains("a catalog lists more tags or people for it than Cull keeps"), "\(explained.stdout)")
        // Without tags in the run, IMG_0001 is a file like any other.
        let plain = try box.rules("plain.yaml", "version: 1\nrules:\n  - name: everything\n    match: {extension: jpg}\n")
        let staged = try box.cull(["plan", plain, "--ceiling", "100", "--format", "paths"])
        #expect(staged.stdout.split(separator: "\n").contains("IMG_0001.jpg"), "\(staged.stdout)\(staged.stderr)")
    }
}

import Foundation
import Testing
@testable import CullKit

/// Catalogs nobody's photo manager would write: bounded time and memory, rows outside the library
/// counted and ignored, nothing that could make a path leave the library.
@Suite struct HostileCatalogTests {
    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func manyTagsHugeNamesAndPathsThatLeaveTheLibrary() throws {
        let box = try Sandbox("hostile-dt")
        let catalog = try CatalogFixtures.darktable(in: box)
        let data = (catalog as NSString).deletingLastPathComponent + "/data.db"
        // 200,000 tags, all on IMG_0001, and one tag name of 10 MB on IMG_0002.
        try CatalogFixtures.write(data, """
            INSERT INTO tags (id, name) WITH RECURSIVE n(x) AS (SELECT 100 UNION ALL SELECT x + 1 FROM n WHERE x < 200099)
            SELECT x, 'tag' || x FROM n;
            INSERT INTO tags (id, name) VALUES (99, printf('%.*c', 10000000, 'x'));
            """)
        try CatalogFixtures.write(catalog, """
            INSERT INTO tagged_images (imgid, tagid, position) WITH RECURSIVE n(x) AS (SELECT 100 UNION ALL SELECT x + 1 FROM n WHERE x < 200099)
            SELECT 1, x, x FROM n;
            INSERT INTO tagged_images (imgid, tagid, position) VALUES (2, 99, 0);
            """)
        // Film rolls that climb out of the library, hold a NUL or a newline, or are elsewhere.
        let root = box.library.root
        try CatalogFixtures.write(catalog, """
            INSERT INTO film_rolls (id, folder) VALUES (2, '\(root)/../outside'), (3, CAST(X'\(Array((root + "/a").utf8).map { String(format: "%02X", $0) }.joined())00622F' AS TEXT)),
                (4, '\(root)/new' || char(10) || 'line'), (5, '/etc');
            INSERT INTO images (film_id, filename, flags) VALUES (2, 'IMG_0003.jpg', 5), (3, 'IMG_0003.jpg', 5), (4, 'IMG_0003.jpg', 5),
                (5, 'passwd', 5), (1, '../IMG_0003.jpg', 5);
            """)
        let scan = try box.cull(["scan"])
        #expect(scan.status == 0, "\(scan.stderr)")
        let list = try box.cull(["catalog", "list"])
        #expect(list.stdout.contains("6 files of this library, 5 rows elsewhere"), "\(list.stdout)")
        let tags = try #require(try box.db.scalar("SELECT catalog_tags FROM assets WHERE path = 'IMG_0001.jpg'")?.string)
        // As many as fit the file's budget, in darktable's order of its tags, the rest cut.
        #expect(tags.utf8.count <= CatalogLimits().tagBytesPerFile && tags.utf8.count > CatalogLimits().tagBytesPerFile - 16, "\(tags)")
        #expect(tags.hasPrefix("tag100\u{1F}tag101\u{1F}"), "\(tags)")
        #expect(try box.db.scalar("SELECT catalog_tags FROM assets WHERE path = 'IMG_0002.jpg'") == .null)
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func aTagTreeWithACycleEndsAtItsLimit() throws {
        let box = try Sandbox("hostile-dk")
        box.photo("Deauville/IMG39991.JPG")
        let catalog = box.base + "/digikam4.db"
        try CatalogFixtures.copy("digikam/v10/digikam4.db", to: catalog)
        // Written without digiKam's triggers, which would refuse the loop.
        try CatalogFixtures.write(catalog, """
            DROP TRIGGER move_tagstree;
            INSERT INTO Tags (id, pid, name) VALUES (40, 0, 'Loop A'), (41, 40, 'Loop B');
            UPDATE Tags SET pid = 41 WHERE id = 40;
            INSERT INTO ImageTags (imageid, tagid) VALUES (3, 41);
            """)
        #expect(try box.cull(["scan"]).status == 0)
        let added = try box.cull(["catalog", "add", catalog, "--map", "/home/testuser/Pictures=\(box.library.root)"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try box.found("tags: Marina") == ["Deauville/IMG39991.JPG"])
        #expect(try box.found("tags: \"Loop*\"") == [])
    }
}

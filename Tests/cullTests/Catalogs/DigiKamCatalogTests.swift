import Foundation
import Testing
@testable import CullKit

/// digiKam's real `digikam4.db` (DBVersion 10, and an empty DBVersion 16), copied and changed with SQL
/// the way digiKam writes rows: labels are its internal tags, found by name.
@Suite struct DigiKamCatalogTests {
    /// The fixture's three photos in the library, as digiKam's albums lay them out.
    static func library(_ name: String) throws -> (Sandbox, String) {
        let box = try Sandbox(name)
        for path in ["Calvados_Drouin/20210806_165143.jpg", "Calvados_Drouin/20210806_165416.jpg", "Deauville/IMG39991.JPG"] {
            box.photo(path)
        }
        let catalog = box.base + "/digikam/digikam4.db"
        try CatalogFixtures.copy("digikam/v10/digikam4.db", to: catalog)
        return (box, catalog)
    }

    /// Image 1 rated 4, accepted and red; image 2 rejected; image 3 hidden, with Alice in its faces.
    static func decide(_ catalog: String) throws {
        try CatalogFixtures.write(catalog, """
            UPDATE ImageInformation SET rating = 4 WHERE imageid = 1;
            UPDATE ImageTags SET tagid = (SELECT id FROM Tags WHERE name = 'Pick Label Accepted') WHERE imageid = 1 AND tagid = 16;
            UPDATE ImageTags SET tagid = (SELECT id FROM Tags WHERE name = 'Color Label Red') WHERE imageid = 1 AND tagid = 6;
            UPDATE ImageTags SET tagid = (SELECT id FROM Tags WHERE name = 'Pick Label Rejected') WHERE imageid = 2 AND tagid = 16;
            UPDATE Images SET status = 2 WHERE id = 3;
            INSERT INTO Tags (id, pid, name) VALUES (25, (SELECT id FROM Tags WHERE name = 'People'), 'Alice');
            INSERT INTO Tags (id, pid, name) VALUES (26, 22, 'Paris');
            INSERT INTO ImageTags (imageid, tagid) VALUES (3, 25), (3, 26);
            """)
    }

    static func expectDecisions(_ box: Sandbox, prefix: String = "") throws {
        #expect(try box.found("rating: 4") == [prefix + "Calvados_Drouin/20210806_165143.jpg"])
        #expect(try box.found("picked: true") == [prefix + "Calvados_Drouin/20210806_165143.jpg"])
        #expect(try box.found("favorite: true") == [prefix + "Calvados_Drouin/20210806_165143.jpg"])
        #expect(try box.found("label: red") == [prefix + "Calvados_Drouin/20210806_165143.jpg"])
        #expect(try box.found("rejected: true") == [prefix + "Calvados_Drouin/20210806_165416.jpg"])
        #expect(try box.found("hidden: true") == [prefix + "Deauville/IMG39991.JPG"])
        #expect(try box.found("people: Alice") == [prefix + "Deauville/IMG39991.JPG"])
        #expect(try box.found("tags: Marina") == [prefix + "Deauville/IMG39991.JPG"])
        #expect(try box.found("tags: \"France|Paris\"") == [prefix + "Deauville/IMG39991.JPG"])
        #expect(try box.found("tags: Paris") == [prefix + "Deauville/IMG39991.JPG"])
        #expect(try box.found("tags: Normandy").count == 3)
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func aVolumeRootThatIsNotMountedHereIsMappedByHand() throws {
        let (box, catalog) = try Self.library("dk-uuid")
        try Self.decide(catalog)
        #expect(try box.cull(["scan"]).status == 0)
        let added = try box.cull(["catalog", "add", catalog, "--map", "/home/testuser/Pictures=\(box.library.root)"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("digiKam \(catalog) (used, added), schema 10: 3 files of this library, 0 rows elsewhere"),
                "\(added.stdout)")
        try Self.expectDecisions(box)
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func aVolumeRootResolvesThroughTheMountedFileSystems() throws {
        let (box, catalog) = try Self.library("dk-mount")
        try Self.decide(catalog)
        // The volume 722b9c6f-… is mounted at the sandbox's base; its album root is the folder `lib` on it.
        try CatalogFixtures.write(catalog, "UPDATE AlbumRoots SET specificPath = '/lib'")
        let system = box.base + "/system"
        try FileManager.default.createDirectory(atPath: system + "/by-uuid", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: system + "/vdb1", contents: Data()))
        try FileManager.default.createSymbolicLink(atPath: system + "/by-uuid/722b9c6f-0249-4fc2-8acf-d9926bb2995a",
                                                   withDestinationPath: system + "/vdb1")
        try "36 25 254:17 / \(box.base) rw,relatime shared:1 - ext4 \(system)/vdb1 rw\n"
            .write(toFile: system + "/mountinfo", atomically: true, encoding: .utf8)
        #expect(try box.cull(["scan"]).status == 0)
        try CatalogStore.add(box.db, path: catalog, kind: .digikam, maps: [])
        var sync = CatalogSync(db: box.db, root: box.library.root, environment: box.environment)
        sync.mounts = MountTable(byUUID: system + "/by-uuid", mountInfo: system + "/mountinfo")
        #expect(try sync.refresh().errors.isEmpty)
        #expect(try CatalogStore.used(box.db).first { $0.path == catalog }?.rowsInside == 3)
        // The merged values are in the index now; find reads them (the catalog is unchanged, so it is not read again).
        try Self.expectDecisions(box)
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func aPathRootFoundThroughDigikamrcIsUsedByDefault() throws {
        let (box, catalog) = try Self.library("dk-rc")
        try Self.decide(catalog)
        try CatalogFixtures.write(catalog, "UPDATE AlbumRoots SET identifier = ?, specificPath = '/'", [.text("volumeid:?path=" + box.library.root)])
        try FileManager.default.createDirectory(atPath: box.base + "/home/.config", withIntermediateDirectories: true)
        try "[Database Settings]\nDatabase Type=QSQLITE\nDatabase Name=\(box.base)/digikam/\n"
            .write(toFile: box.base + "/home/.config/digikamrc", atomically: true, encoding: .utf8)
        #expect(try box.cull(["scan"]).status == 0)
        try Self.expectDecisions(box)
        let status = try box.cull(["status"])
        #expect(status.stdout.contains("digiKam \(catalog) (used, found)"), "\(status.stdout)")
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func theNewerEmptySchemaReadsAsNoFiles() throws {
        let (box, _) = try Self.library("dk-v16")
        let catalog = box.base + "/digikam16/digikam4.db"
        try CatalogFixtures.copy("digikam/v16-empty/digikam4.db", to: catalog)
        let added = try box.cull(["catalog", "add", catalog])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("schema 16: 0 files of this library, 0 rows elsewhere"), "\(added.stdout)")
    }

    @Test func aCollectionInMySQLIsRefusedUntilIgnored() throws {
        let box = try Sandbox("dk-mysql")
        box.photo("a.jpg")
        let rc = box.base + "/home/.config/digikamrc"
        try FileManager.default.createDirectory(atPath: box.base + "/home/.config", withIntermediateDirectories: true)
        try "[Database Settings]\nDatabase Type=QMYSQL\nDatabase Hostname=localhost\nDatabase Name=digikam\n"
            .write(toFile: rc, atomically: true, encoding: .utf8)
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("all.yaml", "version: 1\nrules:\n  - name: all\n    match: {kind: photo}\n")
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.status == 7, "\(plan.stdout)\(plan.stderr)")
        #expect(plan.stderr.contains("MySQL/MariaDB, which Cull does not read"), "\(plan.stderr)")
        #expect(plan.stderr.contains("cull catalog ignore \(rc)"), "\(plan.stderr)")
        #expect(try box.cull(["catalog", "ignore", rc]).status == 0)
        #expect(try box.cull(["plan", rules, "--ceiling", "100"]).status == 0)
    }
}

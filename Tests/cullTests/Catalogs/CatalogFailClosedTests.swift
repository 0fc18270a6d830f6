import Foundation
import Testing
@testable import CullKit

/// A catalog in use that cannot be read stops plan, stage, run and commit (exit 7), naming it and the
/// ways on; a decision made in the photo manager after staging holds its file back at commit.
@Suite struct CatalogFailClosedTests {
    static let all = "version: 1\nrules:\n  - name: all\n    match: {kind: photo}\n"

    /// The darktable reproduction, scanned, with every photo staged.
    static func staged(_ name: String) throws -> (Sandbox, String, String) {
        let box = try Sandbox(name)
        let catalog = try CatalogFixtures.darktable(in: box)
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("all.yaml", all)
        let stage = try box.cull(["stage", rules, "--ceiling", "100"])
        #expect(stage.status == 0, "\(stage.stderr)")
        return (box, catalog, rules)
    }

    static func expectRefusals(_ box: Sandbox, _ rules: String, _ catalog: String, saying problem: String,
                               extra: [String: String] = [:]) throws {
        for arguments in [["plan", rules, "--ceiling", "100"], ["stage", rules, "--ceiling", "100"], ["run", rules, "--ceiling", "100"],
                          ["commit", "--yes"]] {
            let result = try box.cull(arguments, extra: extra)
            #expect(result.status == 7, "\(arguments[0]): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("cannot read the darktable catalog \(catalog): \(problem)"), "\(arguments[0]): \(result.stderr)")
            #expect(result.stderr.contains("'cull catalog ignore \(catalog)'"), "\(result.stderr)")
        }
        #expect(box.exists("IMG_0001.jpg"), "nothing moved")
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func aCorruptedCatalogStopsEveryStep() throws {
        let (box, catalog, rules) = try Self.staged("fc-corrupt")
        let handle = try #require(FileHandle(forWritingAtPath: catalog))
        try handle.seek(toOffset: 0)
        handle.write(Data(repeating: 0x5A, count: 4096))
        try handle.close()
        try Self.expectRefusals(box, rules, catalog, saying: "it is damaged")
        // Ignoring it is the way on.
        #expect(try box.cull(["catalog", "ignore", catalog]).status == 0)
        #expect(try box.cull(["plan", rules, "--ceiling", "100"]).status == 0)
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func anUnknownSchemaVersionStopsEveryStep() throws {
        let (box, catalog, rules) = try Self.staged("fc-schema")
        try CatalogFixtures.write(catalog, "UPDATE db_info SET value = '999' WHERE key = 'version'")
        try Self.expectRefusals(box, rules, catalog, saying: "its schema version 999 is one this Cull does not know")
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func aCatalogThatIsGoneOrNotAFileStopsEveryStep() throws {
        let (box, catalog, rules) = try Self.staged("fc-gone")
        try FileManager.default.removeItem(atPath: catalog)
        try Self.expectRefusals(box, rules, catalog, saying: "it is gone")
        try FileManager.default.createDirectory(atPath: catalog, withIntermediateDirectories: false)
        try Self.expectRefusals(box, rules, catalog, saying: "cannot open it: not a regular file")
    }

    /// Issue 37, item 11: a catalog that cannot be read is not added (it would stop every plan until
    /// ignored); the command says so and leaves the list as it was.
    @Test func addingACatalogThatCannotBeReadAddsNothing() throws {
        let box = try Sandbox("add-unreadable")
        box.photo("a.jpg")
        #expect(try box.cull(["scan"]).status == 0)
        let missing = box.base + "/nowhere/library.db"
        let damaged = box.base + "/damaged/library.db"
        try FileManager.default.createDirectory(atPath: box.base + "/damaged", withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: damaged))
        for (catalog, problem) in [(missing, "it is gone"), (damaged, "it is damaged")] {
            let added = try box.cull(["catalog", "add", catalog])
            #expect(added.status == 7, "\(added.stdout)\(added.stderr)")
            #expect(added.stderr.contains("cannot read the darktable catalog \(catalog): \(problem)"), "\(added.stderr)")
            #expect(added.stderr.contains("nothing was added"), "\(added.stderr)")
            #expect(!added.stderr.contains("cull catalog ignore"), "\(added.stderr)")
            #expect(try !box.cull(["catalog", "list"]).stdout.contains(catalog))
        }
        let rules = try box.rules("all.yaml", Self.all)
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.status == 0, "\(plan.stderr)")
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func aCatalogLockedByAWriterIsRetriedThenRefused() throws {
        let (box, catalog, rules) = try Self.staged("fc-locked")
        // darktable writing in rollback-journal mode, in the middle of a transaction: an exclusive lock
        // and a journal beside the catalog, so Cull must read it again and finds it locked.
        let writer = try Database(path: catalog, create: false)
        try writer.execute("PRAGMA cache_size = 1; BEGIN EXCLUSIVE; UPDATE images SET flags = (flags & ~7) | 5")
        try Self.expectRefusals(box, rules, catalog, saying: "darktable held it locked for more than 0.3 s",
                                extra: ["CULL_CATALOG_BUSY_TIMEOUT": "0.3"])
        try writer.execute("COMMIT")
        #expect(try box.cull(["plan", rules, "--ceiling", "100"]).status == 0)
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func aCatalogBeingWrittenInWALModeIsReadAsItWasBeforeTheWrite() throws {
        let box = try Sandbox("fc-wal")
        let catalog = try CatalogFixtures.darktable(in: box)
        try CatalogFixtures.write(catalog, "PRAGMA journal_mode = WAL")
        let writer = try Database(path: catalog, create: false)
        try writer.execute("BEGIN IMMEDIATE; UPDATE images SET flags = (flags & ~7) | 4 WHERE filename = 'IMG_0001.jpg'")
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.found("rating: 1") == ["IMG_0001.jpg", "IMG_0006.jpg"])
        try writer.execute("COMMIT")
        // The WAL changed: the next step reads the catalog again.
        #expect(try box.found("rating: 4") == ["IMG_0001.jpg"])
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func aPhotoRatedInDarktableAfterStagingIsHeldBackAtCommit() throws {
        let (box, catalog, _) = try Self.staged("fresh-commit")
        try CatalogFixtures.write(catalog, "UPDATE images SET flags = (flags & ~7) | 5 WHERE filename = 'IMG_0005.jpg'")
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 3, "\(commit.stdout)\(commit.stderr)")
        #expect(commit.stdout.contains("rated 5 in darktable (\(catalog)) since it was staged"), "\(commit.stdout)")
        #expect(box.exists("IMG_0005.jpg"))
        #expect(!box.exists("IMG_0001.jpg"))
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func aPhotoUnrejectedOrTaggedInDarktableAfterStagingIsHeldBackAtCommit() throws {
        let (box, catalog, _) = try Self.staged("fresh-unreject")
        try CatalogFixtures.write(catalog, """
            UPDATE images SET flags = flags & ~8 WHERE filename = 'IMG_0002.jpg';
            INSERT INTO tagged_images (imgid, tagid, position) VALUES (4, 2, 0);
            """)
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 3, "\(commit.stdout)\(commit.stderr)")
        #expect(commit.stdout.contains("no longer rejected in darktable"), "\(commit.stdout)")
        #expect(commit.stdout.contains("tagged family in darktable"), "\(commit.stdout)")
        #expect(box.exists("IMG_0002.jpg") && box.exists("IMG_0004.jpg"))
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func theReceiptSaysWhichCatalogStillListsTheMovedFilesAndUndoPutsThemBack() throws {
        let box = try Sandbox("receipt")
        let catalog = try CatalogFixtures.darktable(in: box)
        #expect(try box.cull(["scan"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: catalog))
        let rules = try box.rules("one.yaml", "version: 1\nrules:\n  - name: one\n    match: {name: IMG_0004.jpg}\n")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stderr)")
        #expect(commit.stdout.contains("darktable: 1 file will show as missing until you remove it there, or 'cull undo' (\(catalog))"),
                "\(commit.stdout)")
        let json = try box.cull(["undo", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(box.exists("IMG_0004.jpg") && box.exists("IMG_0004.jpg.xmp"), "back where darktable expects it")
        #expect(try box.found("rating: 3") == ["IMG_0004.jpg"])
        // Cull never wrote darktable's catalog.
        #expect(try Data(contentsOf: URL(fileURLWithPath: catalog)) == before)
    }
}

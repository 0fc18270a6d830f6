import Foundation
import Testing
@testable import CullKit

/// Shotwell's real (empty) `photo.db`, filled the way Shotwell writes rows; and Lightroom Classic
/// catalogs built in the test.
@Suite struct ShotwellAndLightroomTests {
    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func shotwellRatingsFlagsTrashTagsAndFaces() throws {
        let box = try Sandbox("shotwell")
        for name in ["five.jpg", "rejected.jpg", "flagged.jpg", "trashed.jpg", "plain.jpg"] { box.photo("Shots/" + name) }
        let catalog = box.base + "/xdg/shotwell/data/photo.db"
        try CatalogFixtures.copy("shotwell/photo.db", to: catalog)
        let folder = box.library.root + "/Shots/"
        try CatalogFixtures.write(catalog, """
            INSERT INTO PhotoTable (id, filename, rating, flags) VALUES
                (1, '\(folder)five.jpg', 5, 0), (2, '\(folder)rejected.jpg', -1, 0), (3, '\(folder)flagged.jpg', 0, 16),
                (4, '\(folder)trashed.jpg', 0, 4), (5, '\(folder)plain.jpg', 0, 0), (6, '/elsewhere/x.jpg', 5, 0);
            INSERT INTO TagTable (name, photo_id_list) VALUES ('/Holidays/Brittany', 'thumb0000000000000001,thumb0000000000000003,'),
                ('Family', 'thumb0000000000000005,');
            INSERT INTO FaceTable (id, name) VALUES (1, 'Bob');
            INSERT INTO FaceLocationTable (face_id, photo_id, geometry) VALUES (1, 2, '');
            """)
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.found("rating: 5") == ["Shots/five.jpg"])
        #expect(try box.found("rejected: true") == ["Shots/rejected.jpg"])
        #expect(try box.found("picked: true") == ["Shots/flagged.jpg"])
        #expect(try box.found("app_trash: true") == ["Shots/trashed.jpg"])
        #expect(try box.found("tags: \"Holidays|Brittany\"") == ["Shots/five.jpg", "Shots/flagged.jpg"])
        #expect(try box.found("tags: Family") == ["Shots/plain.jpg"])
        #expect(try box.found("people: Bob") == ["Shots/rejected.jpg"])
        let list = try box.cull(["catalog", "list"])
        #expect(list.stdout.contains("Shotwell \(catalog) (used, found), schema 20: 5 files of this library, 1 row elsewhere"), "\(list.stdout)")
    }

    /// A Lightroom Classic catalog with the documented tables and columns Cull reads (no fixture exists:
    /// the schema is reproduced from the documented one, Adobe_DBVersion of Lightroom Classic 13).
    static func lightroom(at path: String, root: String) throws {
        let db = try Database(path: path)
        try db.execute("""
            CREATE TABLE Adobe_variablesTable (id_local INTEGER PRIMARY KEY, id_global UNIQUE NOT NULL, name, type, value NOT NULL DEFAULT '');
            INSERT INTO Adobe_variablesTable VALUES (1, 'a', 'Adobe_DBVersion', '', '1300025');
            CREATE TABLE AgLibraryRootFolder (id_local INTEGER PRIMARY KEY, id_global UNIQUE NOT NULL, absolutePath UNIQUE NOT NULL DEFAULT '',
                name NOT NULL DEFAULT '', relativePathFromCatalog);
            CREATE TABLE AgLibraryFolder (id_local INTEGER PRIMARY KEY, id_global UNIQUE NOT NULL, parentId INTEGER, pathFromRoot NOT NULL DEFAULT '',
                rootFolder INTEGER NOT NULL DEFAULT 0, visibility INTEGER);
            CREATE TABLE AgLibraryFile (id_local INTEGER PRIMARY KEY, id_global UNIQUE NOT NULL, baseName NOT NULL DEFAULT '',
                errorMessage, errorTime, extension NOT NULL DEFAULT '', externalModTime, folder INTEGER NOT NULL DEFAULT 0,
                idx_filename NOT NULL DEFAULT '', importHash, lc_idx_filename NOT NULL DEFAULT '', lc_idx_filenameExtension NOT NULL DEFAULT '',
                md5, modTime, originalFilename NOT NULL DEFAULT '', sidecarExtensions);
            CREATE TABLE Adobe_images (id_local INTEGER PRIMARY KEY, id_global UNIQUE NOT NULL, aspectRatioCache NOT NULL DEFAULT -1,
                bitDepth NOT NULL DEFAULT 0, captureTime, colorChannels NOT NULL DEFAULT 0, colorLabels NOT NULL DEFAULT '',
                copyName, fileFormat NOT NULL DEFAULT 'unset', masterImage INTEGER, orientation, pick NOT NULL DEFAULT 0,
                rating, rootFile INTEGER NOT NULL DEFAULT 0, touchCount NOT NULL DEFAULT 0, touchTime NOT NULL DEFAULT 0);
            CREATE TABLE AgLibraryKeyword (id_local INTEGER PRIMARY KEY, id_global UNIQUE NOT NULL, dateCreated NOT NULL DEFAULT '',
                genealogy NOT NULL DEFAULT '', imageCountCache DEFAULT -1, includeOnExport INTEGER NOT NULL DEFAULT 1,
                includeParents INTEGER NOT NULL DEFAULT 1, includeSynonyms INTEGER NOT NULL DEFAULT 1, keywordType,
                lastApplied, lc_name, name, parent INTEGER);
            CREATE TABLE AgLibraryKeywordImage (id_local INTEGER PRIMARY KEY, image INTEGER NOT NULL DEFAULT 0, tag INTEGER NOT NULL DEFAULT 0);
            """)
        try db.execute("INSERT INTO AgLibraryRootFolder VALUES (1, 'r1', ?, 'Pictures', NULL)", [.text(root)])
        try db.execute("""
            INSERT INTO AgLibraryFolder VALUES (2, 'f2', NULL, '', 1, NULL), (3, 'f3', NULL, '2023/Trip/', 1, NULL);
            INSERT INTO AgLibraryFile (id_local, id_global, baseName, extension, folder) VALUES
                (10, 'l10', 'DSC_0001', 'NEF', 3), (11, 'l11', 'DSC_0002', 'jpg', 3), (12, 'l12', 'top', 'jpg', 2), (13, 'l13', 'plain', 'jpg', 2);
            INSERT INTO Adobe_images (id_local, id_global, colorLabels, pick, rating, rootFile, masterImage) VALUES
                (20, 'i20', 'Red', 1, 4, 10, NULL), (21, 'i21', '', -1, NULL, 11, NULL), (22, 'i22', 'Purple', 0, 0, 12, NULL),
                (23, 'i23', '', 0, 5, 12, 22), (24, 'i24', '', 0, 0, 13, NULL);
            INSERT INTO AgLibraryKeyword (id_local, id_global, name, parent, keywordType) VALUES
                (30, 'k30', NULL, NULL, NULL), (31, 'k31', 'Places', 30, NULL), (32, 'k32', 'Oslo', 31, NULL), (33, 'k33', 'Carla', 30, 'person');
            INSERT INTO AgLibraryKeywordImage (image, tag) VALUES (20, 32), (21, 33);
            """)
    }

    @Test func lightroomFromWindowsWithVirtualCopiesAndPeople() throws {
        let box = try Sandbox("lightroom")
        for path in ["2023/Trip/DSC_0001.NEF", "2023/Trip/DSC_0002.jpg", "top.jpg", "plain.jpg"] { box.photo(path) }
        let catalog = box.base + "/Lightroom Catalog.lrcat"
        try Self.lightroom(at: catalog, root: "C:/Users/Me/Pictures/")
        #expect(try box.cull(["scan"]).status == 0)
        let added = try box.cull(["catalog", "add", catalog, "--map", "c:/users/me/pictures=\(box.library.root)"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Lightroom Classic \(catalog) (used, added), schema 1300025: 4 files of this library"), "\(added.stdout)")
        #expect(try box.found("rating: 4") == ["2023/Trip/DSC_0001.NEF"])
        #expect(try box.found("picked: true") == ["2023/Trip/DSC_0001.NEF"])
        #expect(try box.found("rejected: true") == ["2023/Trip/DSC_0002.jpg"])
        #expect(try box.found("label: red") == ["2023/Trip/DSC_0001.NEF"])
        // A virtual copy rated 5 protects its master's file.
        #expect(try box.found("rating: 5") == ["top.jpg"])
        #expect(try box.found("label: purple") == ["top.jpg"])
        #expect(try box.found("tags: \"Places|Oslo\"") == ["2023/Trip/DSC_0001.NEF"])
        #expect(try box.found("people: Carla") == ["2023/Trip/DSC_0002.jpg"])
        #expect(try box.found("tags: Carla") == [])
    }

    @Test func lightroomOnAMacVolume() throws {
        let box = try Sandbox("lightroom-mac")
        box.photo("top.jpg")
        let catalog = box.base + "/Mac.lrcat"
        try Self.lightroom(at: catalog, root: "/Volumes/Photos/")
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.cull(["catalog", "add", catalog, "--map", "/Volumes/Photos=\(box.library.root)"]).status == 0)
        #expect(try box.found("rating: 5") == ["top.jpg"])
    }
}

import Foundation
import Testing
@testable import CullKit

/// Issue 37, item 2: a catalog's path is bytes. A name holding a newline or a tab is a file like any
/// other; names not in UTF-8 are matched byte for byte (NFC and NFD are the only folding, and only
/// for valid UTF-8), so two Latin-1 names never share a decision.
@Suite struct CatalogNameBytesTests {
    /// Writes a real JPEG at the library-relative `path` (any bytes).
    static func photo(_ box: Sandbox, _ path: [UInt8]) {
        let absolute = box.root + path
        _ = FileOps.makeDirectories(PathBytes.parent(absolute))
        #expect(FileOps.createExclusive(absolute, contents: Media.jpeg(taken: "2015:07:01 10:00:00"), mode: 0o644) == 0)
    }

    /// Adds a darktable image row for `name` (bytes, stored as darktable stores its TEXT) in film roll `film`.
    static func image(_ catalog: String, film: Int64 = 1, _ name: [UInt8], flags: Int64) throws {
        try CatalogFixtures.write(catalog, """
            INSERT INTO images (group_id, film_id, filename, flags, version, max_version) VALUES (NULL, ?, CAST(? AS TEXT), ?, 0, 0)
            """, [.integer(film), .blob(name), .integer(flags)])
    }

    static func catalogRating(_ box: Sandbox, _ path: [UInt8]) throws -> SQLValue? {
        try box.db.scalar("SELECT catalog_rating FROM assets WHERE path = ?", [PathBytes.sqlValue(path)])
    }

    static func staged(_ box: Sandbox, _ rule: String) throws -> Set<[UInt8]> {
        let rules = try box.rules("rule.yaml", rule)
        let stage = try box.cull(["stage", rules, "--ceiling", "100"])
        #expect(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
        return Set(try StagedSet.load(box.db).map(\.path))
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable))
    func aRatedFileWhoseNameHoldsANewlineOrATabIsProtected() throws {
        let box = try Sandbox("dt-control")
        let catalog = try CatalogFixtures.darktable(in: box)
        let names = [Array("two\nlines.jpg".utf8), Array("tab\tbed.jpg".utf8), Array("esc\u{1B}[0m.jpg".utf8)]
        for name in names {
            Self.photo(box, name)
            try Self.image(catalog, name, flags: 5)
        }
        #expect(try box.cull(["scan"]).status == 0)
        for name in names { #expect(try Self.catalogRating(box, name) == .integer(5), "\(PathBytes.display(name))") }
        let staged = try Self.staged(box, CatalogFixtures.unratedRule)
        #expect(staged == [Array("IMG_0002.jpg".utf8), Array("IMG_0005.jpg".utf8)], "\(staged.map(PathBytes.display))")
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable))
    func latin1NamesAreTwoFilesWithTheirOwnDecisions() throws {
        let box = try Sandbox("dt-latin1")
        let catalog = try CatalogFixtures.darktable(in: box)
        // "Fête 1.jpg" and "Fête 2.jpg" with ê (0xEA) and é (0xE9) in Latin-1: four different files.
        let circumflex1: [UInt8] = [0x46, 0xEA] + Array("te 1.jpg".utf8), acute1: [UInt8] = [0x46, 0xE9] + Array("te 1.jpg".utf8)
        let circumflex2: [UInt8] = [0x46, 0xEA] + Array("te 2.jpg".utf8), acute2: [UInt8] = [0x46, 0xE9] + Array("te 2.jpg".utf8)
        for name in [circumflex1, acute1, circumflex2, acute2] { Self.photo(box, name) }
        // darktable knows two of them: one rejected, one rated 5.
        try Self.image(catalog, circumflex1, flags: 8)
        try Self.image(catalog, acute2, flags: 5)
        // A folder not in UTF-8 either, as its own film roll.
        let folder: [UInt8] = Array("D".utf8) + [0xE9] + Array("cembre".utf8)
        Self.photo(box, folder + Array("/IMG_1.jpg".utf8))
        try CatalogFixtures.write(catalog, "INSERT INTO film_rolls (id, folder) VALUES (7, CAST(? AS TEXT))",
                                  [.blob(Array(box.library.root.utf8) + [PathBytes.slash] + folder)])
        try Self.image(catalog, film: 7, Array("IMG_1.jpg".utf8), flags: 4)
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try Self.catalogRating(box, circumflex1) == .integer(-1))
        #expect(try Self.catalogRating(box, acute1) == .null)
        #expect(try Self.catalogRating(box, acute2) == .integer(5))
        #expect(try Self.catalogRating(box, circumflex2) == .null)
        #expect(try Self.catalogRating(box, folder + Array("/IMG_1.jpg".utf8)) == .integer(4))
        let rejected = try Self.staged(box, "version: 1\nrules:\n  - name: rejects\n    match: {rejected: true}\n")
        #expect(rejected == [Array("IMG_0002.jpg".utf8), circumflex1], "\(rejected.map(PathBytes.display))")
        let list = try box.cull(["catalog", "list"])
        #expect(list.stdout.contains("9 files of this library, 0 rows elsewhere"), "\(list.stdout)")
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable))
    func explainFindsTheDecisionOfANameNotInUTF8() throws {
        let box = try Sandbox("dt-latin1-explain")
        let catalog = try CatalogFixtures.darktable(in: box)
        let name: [UInt8] = [0x46, 0xEA] + Array("te.jpg".utf8)
        Self.photo(box, name)
        try Self.image(catalog, name, flags: 3)
        #expect(try box.cull(["scan"]).status == 0)
        let decisions = try CatalogSync.decisions(box.db, path: name)
        #expect(decisions.map(\.decision.rating) == [3])
        #expect(try CatalogSync.decisions(box.db, path: [0x46, 0xE9] + Array("te.jpg".utf8)).isEmpty)
    }

    /// Shotwell, digiKam and Lightroom Classic place their rows through the same bytes: a name with a
    /// newline rated 5 is protected, and of two Latin-1 names only the one the catalog rates is.
    @Test(.enabled(if: CatalogFixtures.isAvailable), arguments: [CatalogKind.shotwell, .digikam, .lightroom])
    func everyKindMatchesNamesAsBytes(_ kind: CatalogKind) throws {
        let box = try Sandbox("bytes-\(kind.rawValue)")
        let newline = Array("two\nlines.jpg".utf8)
        let circumflex: [UInt8] = [0x46, 0xEA] + Array("te.jpg".utf8), acute: [UInt8] = [0x46, 0xE9] + Array("te.jpg".utf8)
        for name in [newline, circumflex, acute] { Self.photo(box, name) }
        let root = Array(box.library.root.utf8)
        switch kind {
        case .shotwell:
            let catalog = box.base + "/xdg/shotwell/data/photo.db"
            try CatalogFixtures.copy("shotwell/photo.db", to: catalog)
            try CatalogFixtures.write(catalog, """
                INSERT INTO PhotoTable (id, filename, rating, flags) VALUES (1, CAST(? AS TEXT), 5, 0), (2, CAST(? AS TEXT), 3, 0)
                """, [.blob(root + [PathBytes.slash] + newline), .blob(root + [PathBytes.slash] + circumflex)])
        case .digikam:
            let catalog = box.base + "/digikam/digikam4.db"
            try CatalogFixtures.copy("digikam/v10/digikam4.db", to: catalog)
            try CatalogFixtures.write(catalog, "UPDATE AlbumRoots SET identifier = ?, specificPath = '/'", [.text("volumeid:?path=" + box.library.root)])
            try CatalogFixtures.write(catalog, """
                INSERT INTO Images (id, album, name, status, category) VALUES (11, 1, CAST(? AS TEXT), 1, 1), (12, 1, CAST(? AS TEXT), 1, 1);
                """, [.blob(newline), .blob(circumflex)])
            try CatalogFixtures.write(catalog, "INSERT INTO ImageInformation (imageid, rating) VALUES (11, 5), (12, 3)")
            #expect(try box.cull(["scan"]).status == 0)
            let added = try box.cull(["catalog", "add", catalog])
            #expect(added.status == 0, "\(added.stdout)\(added.stderr)")
        case .lightroom:
            let catalog = box.base + "/Bytes.lrcat"
            try ShotwellAndLightroomTests.lightroom(at: catalog, root: box.library.root + "/")
            try CatalogFixtures.write(catalog, """
                INSERT INTO AgLibraryFile (id_local, id_global, baseName, extension, folder) VALUES
                    (40, 'l40', CAST(? AS TEXT), 'jpg', 2), (41, 'l41', CAST(? AS TEXT), 'jpg', 2);
                """, [.blob(Array(newline.dropLast(4))), .blob(Array(circumflex.dropLast(4)))])
            try CatalogFixtures.write(catalog, """
                INSERT INTO Adobe_images (id_local, id_global, pick, rating, rootFile) VALUES (50, 'i50', 0, 5, 40), (51, 'i51', 0, 3, 41)
                """)
            #expect(try box.cull(["scan"]).status == 0)
            let added = try box.cull(["catalog", "add", catalog])
            #expect(added.status == 0, "\(added.stdout)\(added.stderr)")
        default:
            Issue.record("not a kind this test writes")
        }
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try Self.catalogRating(box, newline) == .integer(5), "\(kind)")
        #expect(try Self.catalogRating(box, circumflex) == .integer(3), "\(kind)")
        #expect(try Self.catalogRating(box, acute) == .null, "\(kind)")
        let staged = try Self.staged(box, CatalogFixtures.unratedRule)
        #expect(staged.contains(acute) && !staged.contains(newline) && !staged.contains(circumflex),
                "\(kind): \(staged.map(PathBytes.display))")
    }
}

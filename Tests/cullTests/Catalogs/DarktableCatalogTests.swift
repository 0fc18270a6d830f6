import Foundation
import Testing
@testable import CullKit

/// darktable's real catalog (written by darktable 4.2.1), copied and changed with SQL the way darktable
/// writes its rows: every field, duplicates, and where its paths land.
@Suite struct DarktableCatalogTests {
    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func everyFieldComesFromTheLibraryAndItsDataDB() throws {
        let box = try Sandbox("dt-fields")
        let catalog = try CatalogFixtures.darktable(in: box)
        // IMG_0006: rejected the old way (rating value 6); IMG_0001 gets a second, blue label.
        try CatalogFixtures.write(catalog, "UPDATE images SET flags = (flags & ~7) | 6 WHERE filename = 'IMG_0006.jpg'")
        try CatalogFixtures.write(catalog, "INSERT INTO color_labels (imgid, color) VALUES (1, 3)")
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.found("rating: 5") == ["IMG_0003.jpg"])
        #expect(try box.found("rating: 1") == ["IMG_0001.jpg"])
        #expect(try box.found("rating: -1") == ["IMG_0002.jpg", "IMG_0006.jpg"])
        #expect(try box.found("rejected: true") == ["IMG_0002.jpg", "IMG_0006.jpg"])
        #expect(try box.found("label: red") == ["IMG_0003.jpg"])
        #expect(try box.found("label: {in: [green, blue]}") == ["IMG_0001.jpg", "IMG_0003.jpg"])
        #expect(try box.found("tags: family") == ["IMG_0003.jpg"])
        // darktable's automatic tags (darktable|format|jpg on every image) are not the user's.
        #expect(try box.found("tags: \"darktable*\"") == [])
        #expect(try box.found("favorite: true") == ["IMG_0003.jpg"])
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func aDuplicateCountsWithTheMostProtectiveOfItsValues() throws {
        let box = try Sandbox("dt-dup")
        let catalog = try CatalogFixtures.darktable(in: box)
        // A duplicate of the rejected IMG_0002 (darktable's "duplicate" makes a second images row), rated 4.
        try CatalogFixtures.write(catalog, """
            INSERT INTO images (group_id, film_id, filename, flags, version, max_version)
            SELECT group_id, film_id, filename, (flags & ~15) | 4, 1, 1 FROM images WHERE filename = 'IMG_0002.jpg'
            """)
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.found("rating: 4") == ["IMG_0002.jpg"])
        #expect(try box.found("rejected: true") == [])
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func aCatalogWrittenForAnotherMountPointIsMappedByHand() throws {
        let box = try Sandbox("dt-map")
        let catalog = try CatalogFixtures.darktable(in: box, folder: "dt-sample")
        // As darktable wrote it: the photos under /home/user/Pictures/dt-sample.
        try CatalogFixtures.write(catalog, "UPDATE film_rolls SET folder = '/home/user/Pictures/dt-sample'")
        try CatalogFixtures.write(catalog, "UPDATE images SET flags = (flags & ~7) | 4 WHERE filename = 'IMG_0004.jpg'")
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.found("rating: 4") == [])
        let list = try box.cull(["catalog", "list"])
        #expect(list.stdout.contains("unrelated"), "\(list.stdout)")
        let added = try box.cull(["catalog", "add", catalog, "--map", "/home/user/Pictures=\(box.library.root)"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("6 files of this library, 0 rows elsewhere"), "\(added.stdout)")
        #expect(try box.found("rating: 4") == ["dt-sample/IMG_0004.jpg"])
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func aNameInTheOtherUnicodeFormIsTheSameFile() throws {
        let box = try Sandbox("dt-nfd")
        let catalog = try CatalogFixtures.darktable(in: box)
        let composed = "Caf\u{E9}.jpg", decomposed = "Cafe\u{301}.jpg"
        box.photo(composed)
        // darktable on a Mac wrote the decomposed name.
        try CatalogFixtures.write(catalog, "UPDATE images SET filename = ?, flags = (flags & ~7) | 4 WHERE filename = 'IMG_0006.jpg'",
                                  [.text(decomposed)])
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.found("rating: 4") == [composed])
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func explainNamesEverySourceAndScanCountsDisagreements() throws {
        let box = try Sandbox("dt-explain")
        let catalog = try CatalogFixtures.darktable(in: box)
        try CatalogFixtures.write(catalog, "UPDATE images SET flags = (flags & ~7) | 2 WHERE filename = 'IMG_0004.jpg'")
        let scan = try box.cull(["scan"])
        #expect(scan.stdout.contains("sources disagree on 1"), "\(scan.stdout)")
        // Named, with where to look (issue 38 item 3.9).
        #expect(scan.stdout.contains("\nIMG_0004.jpg: its sources disagree on rating or pick ('cull show' with its path says which)\n"),
                "\(scan.stdout)")
        let rules = try box.rules("all.yaml", "version: 1\nrules:\n  - name: all\n    match: {kind: photo}\n")
        let explained = try box.cull(["plan", rules, "--explain", "IMG_0004.jpg", "--ceiling", "100"])
        #expect(explained.stdout.contains("rating 2 from darktable \(catalog); 3 from IMG_0004.jpg.xmp"), "\(explained.stdout)")
    }
}

import Foundation
import Testing
@testable import CullKit

/// Folders another application manages are not walked; everything around them still is.
@Suite struct ManagedLibraryTests {
    typealias Fixture = ScannerTests.Fixture

    /// One folder shaped like each application's library, beside a photo of the user's own.
    static func populate(_ f: Fixture) {
        let jpeg = Fixtures.jpeg()
        f.directory.write("mine/IMG_1.JPG", jpeg)
        f.directory.write("Photos Library.photoslibrary/originals/A/IMG_2.JPG", jpeg)
        f.directory.write("Photos Library.photoslibrary/database/Photos.sqlite", "db")
        f.directory.write("Old/iPhoto Library/AlbumData.xml", "<plist/>")
        f.directory.write("Old/iPhoto Library/Masters/2009/IMG_3.JPG", jpeg)
        f.directory.write("Old/Family.photolibrary/Masters/IMG_4.JPG", jpeg)
        f.directory.write("Aperture Library.aplibrary/Masters/IMG_5.JPG", jpeg)
        f.directory.write("Lightroom/Catalog.lrcat", "sqlite")
        f.directory.write("Lightroom/Catalog Previews.lrdata/0/01/preview.jpg", jpeg)
        f.directory.write("Lightroom/Catalog Smart Previews.lrdata/A/smart.dng", jpeg)
        f.directory.write("Lightroom/2019/IMG_6.JPG", jpeg)
        for part in ["upload", "library", "thumbs", "encoded-video", "profile", "backups"] {
            f.directory.write("immich/\(part)/.immich", "")
        }
        f.directory.write("immich/library/admin/2020/IMG_7.JPG", jpeg)
        f.directory.write("immich/thumbs/u1/ab/thumb.webp", jpeg)
        f.directory.write("photoprism/storage/cache/thumbnails/a/b/c/thumb.jpg", jpeg)
        f.directory.write("photoprism/storage/sidecar/2020/IMG_8.yml", "yaml")
        f.directory.write("photoprism/storage/albums/moment/x.yml", "yaml")
        f.directory.write("photoprism/storage/config/settings.yml", "yaml")
        f.directory.write("photoprism/originals/2020/IMG_9.JPG", jpeg)
        f.directory.write("Pictures/digikam4.db", "db")
        f.directory.write("Pictures/thumbnails-digikam.db", "db")
        f.directory.write("Pictures/.dtrash/files/IMG_10.JPG", jpeg)
        f.directory.write("Pictures/2021/IMG_11.JPG", jpeg)
    }

    @Test func managedLibrariesAreSkippedAndNamed() throws {
        let f = try Fixture()
        Self.populate(f)
        let summary = try f.scan()
        #expect(summary.managed.map { "\(PathBytes.display($0.path)) | \($0.application)" } == [
            "Aperture Library.aplibrary | Aperture",
            "Lightroom/Catalog Previews.lrdata | Adobe Lightroom",
            "Lightroom/Catalog Smart Previews.lrdata | Adobe Lightroom",
            "Old/Family.photolibrary | iPhoto",
            "Old/iPhoto Library | iPhoto",
            "Photos Library.photoslibrary | Apple Photos",
            "Pictures | digiKam",
            "immich | Immich",
            "photoprism/storage | PhotoPrism",
        ])
        #expect(summary.managed.first { $0.application == "Adobe Lightroom" }?.note == "previews of catalog Lightroom/Catalog.lrcat")
        // The user's own photos, a Lightroom catalog's photos, PhotoPrism originals and a digiKam
        // collection are scanned; what the applications manage is not.
        #expect(try f.paths() == [
            "Lightroom/2019/IMG_6.JPG", "Pictures/2021/IMG_11.JPG", "mine/IMG_1.JPG", "photoprism/originals/2020/IMG_9.JPG",
        ])
    }

    /// A folder merely named like a part of Immich, without its marker, is the user's.
    @Test func namesAloneDoNotMakeALibrary() throws {
        let f = try Fixture()
        f.directory.write("library/2020/IMG_1.JPG", Fixtures.jpeg())
        f.directory.write("iPhoto Library/IMG_2.JPG", Fixtures.jpeg())
        f.directory.write("cache/IMG_3.JPG", Fixtures.jpeg())
        f.directory.write("sidecar/IMG_4.JPG", Fixtures.jpeg())
        let summary = try f.scan()
        #expect(summary.managed.isEmpty)
        #expect(try f.paths().count == 4)
    }

    @Test func includeManagedWalksThemAnyway() throws {
        let f = try Fixture()
        Self.populate(f)
        var scanner = Scanner(library: f.library)
        scanner.includeManaged = true
        _ = try scanner.scan(f.db)
        let paths = try f.paths()
        #expect(paths.contains("Photos Library.photoslibrary/originals/A/IMG_2.JPG"))
        #expect(paths.contains("immich/library/admin/2020/IMG_7.JPG"))
        #expect(paths.contains("Lightroom/Catalog Previews.lrdata/0/01/preview.jpg"))
    }
}

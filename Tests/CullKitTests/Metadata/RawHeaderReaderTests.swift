import Foundation
import Testing
@testable import CullKit

extension MetadataTests {
    /// RAW formats LibRaw 0.20 does not read for Cull, read from their own headers: Sigma's X3F (its
    /// JpgFromRaw's EXIF, else its PROP section) and the Contax N Digital's `.raw` (Kyocera's header).
    @Suite struct RawHeaderReaderTests {
        typealias Fixture = ImageGroupsTests.Fixture

        func row(_ f: Fixture, _ path: String) throws -> [String: SQLValue] { try RawDamageTests.row(f.db, path) }

        @Test func anX3FHasTheDateAndCameraOfItsJpgFromRawAndItsHeadersSize() throws {
            let f = try Fixture()
            f.directory.write("SDIM0001.X3F", X3FFixture().build().bytes)
            var older = X3FFixture()
            older.jpgFromRaw = nil
            older.properties = [("CAMMANUF", "SIGMA"), ("CAMMODEL", "SIGMA SD10"), ("TIME", "1100000000")]
            older.rotation = 0
            f.directory.write("SDIM0002.X3F", older.build().bytes)
            try f.scan()
            let dp2 = try row(f, "SDIM0001.X3F")
            #expect(dp2["format"]?.string == "x3f" && dp2["raw"]?.int64 == 1 && dp2["broken"]?.int64 == 0, "\(dp2)")
            #expect(dp2["taken"]?.int64 == RawDamageTests.local("2009:10:01 13:20:33"), "\(dp2)")
            #expect(dp2["camera_make"]?.string == "SIGMA" && dp2["camera_model"]?.string == "SIGMA DP2", "\(dp2)")
            #expect(dp2["orientation"]?.int64 == 8 && dp2["width"]?.int64 == 1760 && dp2["height"]?.int64 == 2640,
                    "the header's size, turned by its rotation (not the JpgFromRaw's): \(dp2)")
            // No JpgFromRaw (the SD9 and SD10): the PROP section's TIME (2004-11-09 11:33:20 UTC) and camera.
            let sd10 = try row(f, "SDIM0002.X3F")
            #expect(sd10["taken"]?.int64 == 1_100_000_000 && sd10["camera_model"]?.string == "SIGMA SD10", "\(sd10)")
            #expect(sd10["width"]?.int64 == 2640 && sd10["orientation"]?.int64 == 1, "\(sd10)")
        }

        /// FileVersion 4 (the Quattros) keeps columns, rows and rotation at 40, not 28.
        @Test func aVersion4X3FTakesItsSizeFromItsOwnHeaderLayout() throws {
            let f = try Fixture()
            var quattro = X3FFixture()
            (quattro.version, quattro.columns, quattro.rows, quattro.rotation) = (0x0004_0001, 5424, 3616, 0)
            f.directory.write("SDIM0003.X3F", quattro.build().bytes)
            try f.scan()
            let found = try row(f, "SDIM0003.X3F")
            #expect(found["width"]?.int64 == 5424 && found["height"]?.int64 == 3616 && found["orientation"]?.int64 == 1, "\(found)")
            #expect(found["camera_model"]?.string == "SIGMA DP2", "\(found)")
        }

        /// ExifTool's `KyoceraRaw.raw` kind of file: a `.raw` is walked when its header is Kyocera's, and
        /// is a RAW photo with that header's date, camera and lens.
        @Test func aContaxNDigitalRawIsARawPhotoWithItsDateCameraAndLens() throws {
            let f = try Fixture()
            f.directory.write("CNDG0001.RAW", KyoceraFixture().build())
            try f.scan()
            let found = try row(f, "CNDG0001.RAW")
            #expect(found["raw"]?.int64 == 1 && found["kind"]?.string == "photo" && found["broken"]?.int64 == 0, "\(found)")
            #expect(found["taken"]?.int64 == RawDamageTests.local("2002:11:29 16:41:07"), "\(found)")
            #expect(found["camera_make"]?.string == "KYOCERA" && found["camera_model"]?.string == "N DIGITAL", "\(found)")
            #expect(found["lens"]?.string == "Carl Zeiss Planar T* 50mm F1.4", "\(found)")
        }

        /// Other `.raw` files (a disk image, sensor dumps of other tools, a TIFF someone named so) are
        /// no photos: never indexed, so no rule can stage them.
        @Test func aRawNamedFileWithoutACamerasHeaderIsNotIndexed() throws {
            let f = try Fixture()
            f.directory.write("disk.raw", ExactGroupsTests.bytes(8192, seed: 7))
            f.directory.write("zeros.raw", Bytes.zeros(8192))
            var tiff = TIFFBuilder()
            tiff.ifds = [[tiff.short(0x0100, 8), tiff.short(0x0101, 8), tiff.ascii(0x010F, "Scanner")]]
            f.directory.write("scan.raw", tiff.build())
            f.directory.write("CNDG0002.RAW", KyoceraFixture().build())
            try f.scan()
            #expect(try f.db.scalar("SELECT group_concat(path) FROM assets")?.string == "CNDG0002.RAW")
        }
    }
}

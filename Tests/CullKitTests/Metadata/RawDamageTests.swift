import Foundation
import Testing
@testable import CullKit

/// A decoder's refusal is not damage, and damaged files still tell what they are (issue 36 item 4,
/// issue 37 item 14): a CR3 LibRaw declines is `declined` with Cull's own reading of it and never
/// `broken`; a RAW cut after its header is `broken` and keeps its date, camera and lens; the reason
/// names what is damaged and where.
extension MetadataTests {
    @Suite struct RawDamageTests {
        typealias Fixture = ImageGroupsTests.Fixture

        /// Every column of the asset at `path` (a column this build lacks is simply absent).
        static func row(_ db: Database, _ path: String) throws -> [String: SQLValue] {
            let statement = try db.prepare("SELECT * FROM assets WHERE path = ?")
            let columns = statement.columns
            var found: [String: SQLValue] = [:]
            try statement.forEachRow([.text(path)]) { row in
                for (name, column) in columns { found[name] = row.value(column) }
            }
            return found
        }

        /// `2023-07-14 09:41:27` as the index stores `taken` (local wall-clock seconds).
        static func local(_ exif: String) -> Int64? { DateParsing.exif(Array(exif.utf8))?.local }

        /// What the index has of a CR3 made by ``CR3Fixture`` (defaults): Cull's own reading of its CMT boxes and XMP.
        static func expectCanonReading(_ found: [String: SQLValue], _ name: String, rating: Bool = true) {
            #expect(found["format"]?.string == "cr3" && found["raw"]?.int64 == 1 && found["kind"]?.string == "photo", "\(name): \(found)")
            #expect(found["taken"]?.int64 == local("2023:07:14 09:41:27") && found["taken_offset"]?.int64 == 120, "\(name): taken")
            #expect(found["taken_subsec_us"]?.int64 == 580_000, "\(name): sub-seconds")
            #expect(found["camera_make"]?.string == "Canon" && found["camera_model"]?.string == "Canon EOS R5", "\(name): camera")
            #expect(found["lens"]?.string == "RF24-105mm F4 L IS USM", "\(name): lens")
            #expect(found["orientation"]?.int64 == 6 && found["width"]?.int64 == 5464 && found["height"]?.int64 == 8192, "\(name): size")
            let latitude = found["latitude"].flatMap { if case let .real(value) = $0 { value } else { nil } }
            #expect(latitude.map { abs($0 - 48.8583) < 1e-4 } == true, "\(name): GPS \(found["latitude"] ?? .null)")
            if rating { #expect(found["rating"]?.int64 == 3, "\(name): the rating of its XMP box") }
        }

        /// The reproduction: an intact CR3 whose compression header (CMP1) has a version LibRaw 0.20
        /// does not know, as a camera newer than the installed LibRaw writes. LibRaw answers
        /// "Unsupported file format"; the file is declined, with Cull's own reading, never broken.
        @Test func aCR3LibRawDeclinesIsDeclinedNotBrokenWithCullsOwnReading() throws {
            let f = try Fixture()
            var newer = CR3Fixture()
            newer.compressionVersion = 0x300
            f.directory.write("newer.cr3", newer.build().bytes)
            f.directory.write("known.cr3", CR3Fixture().build().bytes)
            try f.scan()
            let declined = try Self.row(f.db, "newer.cr3")
            #expect(declined["broken"]?.int64 == 0 && declined["broken_reason"] == .null, "a refusal is no damage: \(declined)")
            let reason = try #require(declined["declined_reason"]?.string, "no declined reason: \(declined)")
            #expect(reason.hasPrefix("LibRaw 0.20") && reason.contains("declines this CR3 (Unsupported file format")
                    && reason.hasSuffix("; metadata read by Cull"), "\(reason)")
            Self.expectCanonReading(declined, "newer.cr3")
            let known = try Self.row(f.db, "known.cr3")
            #expect(known["broken"]?.int64 == 0 && known["declined_reason"] == .null, "LibRaw reads this one: \(known)")
            Self.expectCanonReading(known, "known.cr3")
        }

        /// A CR3 cut inside its image data: broken, saying which box runs past the end and where, with
        /// its date, camera and lens (they are in `moov`, before the cut).
        @Test func aCR3CutInItsImageDataIsBrokenAndKeepsItsDateCameraAndLens() throws {
            let f = try Fixture()
            let (bytes, parts) = CR3Fixture().build()
            let mdat = try #require(parts["mdat"])
            let cut = mdat.lowerBound + 100
            f.directory.write("cut.cr3", Array(bytes.prefix(cut)))
            try f.scan()
            let found = try Self.row(f.db, "cut.cr3")
            #expect(found["broken"]?.int64 == 1 && found["declined_reason"] ?? .null == .null, "\(found)")
            #expect(found["broken_reason"]?.string == "truncated: the 'mdat' box at byte \(mdat.lowerBound) ends at byte \(mdat.upperBound), "
                    + "past the end of the file (\(cut) bytes)", "\(found)")
            Self.expectCanonReading(found, "cut.cr3")
        }

        /// Cut inside the Exif box (CMT2): broken, naming CMT2; IFD0 (CMT1, whole) still gives the camera,
        /// and its DateTime the date; the boxes after the cut give nothing.
        @Test func aCR3CutInsideItsMetadataSaysWhichBoxEndsPastTheFile() throws {
            let f = try Fixture()
            let (bytes, parts) = CR3Fixture().build()
            let cmt2 = try #require(parts["CMT2"])
            let cut = cmt2.lowerBound + 20
            f.directory.write("cut.cr3", Array(bytes.prefix(cut)))
            try f.scan()
            let found = try Self.row(f.db, "cut.cr3")
            #expect(found["broken"]?.int64 == 1, "\(found)")
            #expect(found["broken_reason"]?.string == "truncated: the 'CMT2' box at byte \(cmt2.lowerBound) ends at byte \(cmt2.upperBound), "
                    + "past the end of the file (\(cut) bytes)", "\(found)")
            #expect(found["camera_make"]?.string == "Canon" && found["camera_model"]?.string == "Canon EOS R5", "\(found)")
            #expect(found["taken"]?.int64 == Self.local("2023:07:14 10:00:00") && found["lens"] == .null, "\(found)")
        }

        /// An iPhone ProRAW-like DNG (IFD0 a preview, the sensor image in a SubIFD, EXIF with date and
        /// lens) cut in its image data: broken, and dated, with camera and lens.
        @Test func aTruncatedDNGIsBrokenAndKeepsItsDateCameraAndLens() throws {
            let f = try Fixture()
            let whole = Self.proRAW()
            f.directory.write("IMG_0001.DNG", whole)
            f.directory.write("IMG_0002.DNG", Array(whole.prefix(whole.count / 2)))
            try f.scan()
            for (name, broken) in [("IMG_0001.DNG", 0), ("IMG_0002.DNG", 1)] {
                let found = try Self.row(f.db, name)
                #expect(found["broken"]?.int64 == Int64(broken) && found["format"]?.string == "dng", "\(name): \(found)")
                #expect(found["taken"]?.int64 == Self.local("2021:03:02 17:45:03") && found["taken_subsec_us"]?.int64 == 123_000, "\(name): \(found)")
                #expect(found["camera_make"]?.string == "Apple" && found["camera_model"]?.string == "iPhone 12 Pro", "\(name): \(found)")
                #expect(found["lens"]?.string == "iPhone 12 Pro back triple camera 4.2mm f/1.6", "\(name): \(found)")
                #expect(found["width"]?.int64 == 3024 && found["height"]?.int64 == 4032, "\(name): the SubIFD's size, turned: \(found)")
            }
            let reason = try #require(try Self.row(f.db, "IMG_0002.DNG")["broken_reason"]?.string)
            let strip = whole.count - 200_000
            #expect(reason == "truncated: a strip of SubIFD 1 at byte \(strip) ends at byte \(whole.count), past the end of the file "
                    + "(\(whole.count / 2) bytes)", "\(reason)")
        }

        /// A DNG laid out as an iPhone 12 Pro writes ProRAW: IFD0 the preview (with Make, Model, DNGVersion,
        /// the Exif pointer and a SubIFD), the SubIFD the 4032×3024 sensor image, its strip the file's tail.
        static func proRAW() -> [UInt8] {
            var tiff = TIFFBuilder()
            let sensorBytes = 200_000
            tiff.ifds = [
                [tiff.long(0x00FE, 1), tiff.short(0x0100, 1008), tiff.short(0x0101, 756), tiff.ascii(0x010F, "Apple"),
                 tiff.ascii(0x0110, "iPhone 12 Pro"), tiff.short(0x0112, 6), tiff.ascii(0x0131, "14.3"),
                 tiff.ascii(0x0132, "2021:03:02 17:45:03"), TIFFBuilder.Entry(tag: 0xC612, type: 1, count: 4, value: [1, 6, 0, 0]),
                 tiff.pointer(0x014A, to: 1), tiff.pointer(0x8769, to: 2)],
                // The strip's offset is set once the layout is known (below).
                [tiff.long(0x00FE, 0), tiff.short(0x0100, 4032), tiff.short(0x0101, 3024), tiff.short(0x0106, 34892),
                 tiff.long(0x0111, 0), tiff.long(0x0117, UInt32(sensorBytes))],
                [tiff.ascii(0x9003, "2021:03:02 17:45:03"), tiff.ascii(0x9291, "123"), tiff.ascii(0x9011, "+01:00"),
                 tiff.ascii(0xA434, "iPhone 12 Pro back triple camera 4.2mm f/1.6")],
            ]
            let header = tiff.build().count
            tiff.ifds[1][4] = tiff.long(0x0111, UInt32(header))
            return tiff.build() + [UInt8](repeating: 0x5A, count: sensorBytes)
        }

        /// The stock `rules/broken-files.yaml`, a month after the scan: it matches the damaged CR3 and
        /// never the one LibRaw declines.
        @Test func theStockBrokenFilesRuleMatchesTheDamagedRAWAndNeverTheDeclinedOne() throws {
            let f = try Fixture()
            var newer = CR3Fixture()
            newer.compressionVersion = 0x300
            f.directory.write("newer.cr3", newer.build().bytes)
            let (bytes, parts) = CR3Fixture().build()
            f.directory.write("cut.cr3", Array(bytes.prefix(try #require(parts["mdat"]).lowerBound + 10)))
            try f.scan()
            let path = repositoryRoot + "/rules/broken-files.yaml"
            let load = RuleLoader.load(source: try String(contentsOfFile: path, encoding: .utf8), path: path)
            let file = try #require(load.ruleFile, "\(load.diagnostics)")
            let month = RunClock(now: Int64(Date().timeIntervalSince1970) + 30 * 86_400, localOffset: 0)
            let evaluations = try RuleEvaluator(database: f.db, clock: month).evaluate([file])
            let matched = try evaluations.flatMap(\.matched).map { id in
                try #require(try f.db.scalar("SELECT path FROM assets WHERE id = ?", [.integer(id)])?.string)
            }
            #expect(matched == ["cut.cr3"])
        }
    }
}

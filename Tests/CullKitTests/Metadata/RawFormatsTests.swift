import Foundation
import Testing
@testable import CullKit

extension MetadataTests {
    /// Every RAW format is a RAW photo: the TIFF-based ones told apart by name, what LibRaw declines
    /// declined with LibRaw's reason (and still a RAW), Sigma's X3F from its own header.
    @Suite struct RawFormatsTests {
        typealias Fixture = ImageGroupsTests.Fixture

        func row(_ f: Fixture, _ path: String) throws -> [String: SQLValue] {
            var found: [String: SQLValue] = [:]
            try f.db.forEachRow("SELECT format, raw, broken, broken_reason, camera_make, width, height, kind FROM assets WHERE path = ?",
                                [.text(path)]) { row in
                for (column, key) in zip(["format", "raw", "broken", "broken_reason", "camera_make", "width", "height", "kind"],
                                         ["format", "raw", "broken", "reason", "make", "width", "height", "kind"]) {
                    found[key] = row.string(column).map { .text($0) } ?? .null
                }
            }
            return found
        }

        @Test(.enabled(if: DecodeFixtures.hasConvert && DecodeFixtures.hasExiftool, "convert or exiftool is absent"))
        func tiffBasedRawsAreToldApartByName() throws {
            let f = try Fixture()
            let cameras: [(name: String, make: String, format: MediaFormat)] = [
                ("a.pef", "PENTAX Corporation", .pef), ("b.srw", "SAMSUNG", .srw), ("c.nrw", "NIKON", .nef), ("d.arw", "SONY", .arw),
                ("e.srf", "SONY", .arw), ("f.sr2", "SONY", .arw), ("g.3fr", "Hasselblad", .threeFR), ("h.fff", "Hasselblad", .fff),
                ("i.erf", "SEIKO EPSON CORP.", .erf), ("j.kdc", "EASTMAN KODAK COMPANY", .kdc), ("k.dcr", "Kodak", .dcr),
                ("l.mef", "Mamiya-OP Co.,Ltd.", .mef), ("m.mos", "Leaf", .mos), ("n.orf", "OLYMPUS IMAGING CORP.", .orf),
                ("o.rwl", "LEICA", .rw2),
            ]
            // ExifTool writes TIFFs by their name: each is tagged as one, then named as its camera does.
            for index in cameras.indices {
                try Tools.run("convert", ["-seed", "\(index)", "-size", "32x24", "plasma:fractal", "\(index).tif"], in: f.directory.path)
            }
            try Tools.run("convert", ["-size", "32x24", "xc:gray", "camera.tif"], in: f.directory.path)
            try Tools.exiftool(cameras.enumerated().map { ["-Make=" + $1.make, "\($0).tif"] } + [["-Make=NIKON CORPORATION", "camera.tif"]],
                               in: f.directory.path)
            for (index, camera) in cameras.enumerated() {
                try FileManager.default.moveItem(atPath: f.directory.path + "/\(index).tif", toPath: f.directory.path + "/" + camera.name)
            }
            try f.scan()
            for camera in cameras {
                let found = try row(f, camera.name)
                #expect(found["format"]?.string == camera.format.rawValue && found["raw"]?.string == "1", "\(camera.name): \(found)")
                #expect(found["make"]?.string == camera.make, "\(camera.name)")
            }
            let tiff = try row(f, "camera.tif")
            #expect(tiff["format"]?.string == "tiff" && tiff["raw"]?.string == "0", "a camera's TIFF is no RAW: \(tiff)")
        }

        /// What LibRaw declines is `declined` with LibRaw's reason, never broken, and still a RAW of its format; a
        /// CR3 without `moov` is damage Cull's own reader finds; a RAW-named file of zeros or of a few bytes holds no header.
        @Test func whatLibRawDeclinesIsDeclinedWithItsReasonAndStillARaw() throws {
            let f = try Fixture()
            let ftyp: [UInt8] = Fixtures.be32(24) + Array("ftypcrx ".utf8) + Fixtures.be32(1) + Array("crx isom".utf8)
            f.directory.write("empty.cr3", ftyp + Fixtures.be32(16) + Array("free".utf8) + [UInt8](repeating: 0, count: 8))
            f.directory.write("empty.raf", Array("FUJIFILMCCD-RAW 0201FF383501".utf8) + [UInt8](repeating: 0, count: 200))
            f.directory.write("noise.crw", (0 ..< 4096).map { UInt8(truncatingIfNeeded: $0 * 7919 >> 3) })
            f.directory.write("zeros.nef", [UInt8](repeating: 0, count: 4096))
            f.directory.write("tiny.arw", [1, 2, 3])
            try f.scan()
            let tails = ["raf": "Cull found no metadata of its own in it", "crw": "Cull has no reader of its own for CRW files"]
            for (name, format) in [("empty.raf", "raf"), ("noise.crw", "crw")] {
                let found = try RawDamageTests.row(f.db, name)
                #expect(found["broken"]?.int64 == 0 && found["raw"]?.int64 == 1 && found["kind"]?.string == "photo", "\(name): \(found)")
                #expect(found["format"]?.string == format, "\(name): \(found)")
                let reason = found["declined_reason"]?.string ?? ""
                #expect(reason.hasPrefix("LibRaw 0.") && reason.contains(" declines this \(format.uppercased()) (")
                        && reason.hasSuffix("; " + (tails[format] ?? "")), "\(name): \(reason)")
            }
            let damaged = [("empty.cr3", "malformed at offset 0: no 'moov' box, where a CR3 keeps its metadata"),
                           ("zeros.nef", "malformed at offset 0: nothing but zero bytes where the NEF header should be (the first 4096 bytes)"),
                           ("tiny.arw", "truncated: the file ends at byte 3, too short for the header of any RAW format")]
            for (name, reason) in damaged {
                let found = try RawDamageTests.row(f.db, name)
                #expect(found["broken"]?.int64 == 1 && found["raw"]?.int64 == 1 && found["declined_reason"] == .null, "\(name): \(found)")
                #expect(found["broken_reason"]?.string == reason, "\(name)")
            }
        }

        /// LibRaw 0.20 dropped Sigma's X3F: its header's size and rotation are what the index has, even of one
        /// whose section directory is missing (broken: the end of the file is not what its last bytes say).
        @Test func anX3FIsARawPhotoFromItsHeader() throws {
            let f = try Fixture()
            func le(_ value: Int) -> [UInt8] { (0 ..< 4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
            let header = Array("FOVb".utf8) + le(0x0002_0003) + [UInt8](repeating: 7, count: 16) + le(0) + le(4000) + le(3000) + le(90)
            f.directory.write("SDIM0001.X3F", header + [UInt8](repeating: 0, count: 1000))
            try f.scan()
            let found = try row(f, "SDIM0001.X3F")
            #expect(found["format"]?.string == "x3f" && found["raw"]?.string == "1" && found["broken"]?.string == "1", "\(found)")
            #expect(found["reason"]?.string == "malformed at offset 0: no section directory (SECd) at byte 0, where the last 4 bytes place it")
            #expect(found["width"]?.string == "3000" && found["height"]?.string == "4000", "turned by its rotation: \(found)")
        }
    }
}

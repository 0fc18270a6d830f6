import Foundation
import Testing
@testable import CullKit

/// `cull scan --hash` over a library holding decompression bombs and broken photos: the scan
/// finishes, the good photo is analysed and hashed, and each bad file is named with its reason.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"), "ImageMagick's /usr/bin/convert is absent"))
struct HostileMediaScanTests {
    /// `bytes` (a JPEG) with its SOF segment claiming `width`×`height`.
    static func claiming(_ bytes: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = bytes
        var offset = 2
        while offset + 9 < out.count, out[offset] == 0xFF {
            if [0xC0, 0xC2].contains(out[offset + 1]) {
                out.replaceSubrange(offset + 5 ..< offset + 9, with: [UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8), UInt8(width & 255)])
                break
            }
            offset += 2 + (Int(out[offset + 2]) << 8 | Int(out[offset + 3]))
        }
        return out
    }

    @Test func aScanWithHashesNamesEveryFileItCouldNotDecodeAndGoesOn() throws {
        let box = try Sandbox("hostile-scan")
        try ImageRuleTests.convert(box, "good.jpg", ImageRuleTests.detail)
        try ImageRuleTests.convert(box, "p.jpg", ["-seed", "2", "-size", "96x64", "plasma:fractal", "-interlace", "JPEG", "-sampling-factor", "1x1"])
        try ImageRuleTests.convert(box, "cut.png", ["-seed", "3", "-size", "200x150", "plasma:fractal"])
        let root = box.library.root
        let progressive = Array(try #require(FileManager.default.contents(atPath: root + "/p.jpg")))
        try Data(Self.claiming(progressive, width: 10_000, height: 10_000)).write(to: URL(fileURLWithPath: root + "/bomb.jpg"))
        try FileManager.default.removeItem(atPath: root + "/p.jpg")
        // Its chunks intact (the scan reads them), the data of its first IDAT scrambled.
        var png = Array(try #require(FileManager.default.contents(atPath: root + "/cut.png")))
        let idat = try #require((8 ..< png.count - 4).first { png[$0 ..< $0 + 4].elementsEqual("IDAT".utf8) })
        let length = png[(idat - 4) ..< idat].reduce(0) { $0 << 8 | Int($1) }
        for index in stride(from: idat + 16, to: idat + 4 + length, by: 5) { png[index] ^= 0x55 }
        try Data(png).write(to: URL(fileURLWithPath: root + "/cut.png"))

        let scan = try box.cull(["scan", "--hash"])
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(scan.stdout.contains("analysed 1 photo, 2 could not be decoded"), "\(scan.stdout)")
        #expect(scan.stderr.contains("cull: warning: bomb.jpg: too large to decode:"), "\(scan.stderr)")
        #expect(scan.stderr.contains("cull: warning: cut.png: corrupt image data:"), "\(scan.stderr)")
        #expect(!scan.stderr.contains("good.jpg"))
        #expect(try box.db.scalar("""
            SELECT count(*) FROM image_features JOIN assets ON assets.id = asset_id WHERE path = 'good.jpg' AND phash IS NOT NULL
            """)?.int64 == 1)
        #expect(try box.db.scalar("SELECT count(*) FROM image_features WHERE failure IS NOT NULL")?.int64 == 2)
        // Recorded once: the next scan does not decode them again, nor say so again.
        let again = try box.cull(["scan", "--hash"])
        #expect(again.status == 0 && !again.stderr.contains("warning"), "\(again.stderr)")
    }
}

import Foundation
import Testing
@testable import CullKit

/// The formats of issue 38 item 3.6 through the real entry point: the still formats' own readers cut at
/// every length (CONTRIBUTING, "Adding a metadata reader"), the video containers FFmpeg reads cut at
/// many lengths and made hostile: each length gives what its bytes hold, damage only where Cull's own
/// look at the structure finds it, FFmpeg's refusals only declined, and never a stopped scan.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"), "ffmpeg or ImageMagick is absent"))
struct MoreFormatsTests {
    let folder = FixtureFolder()

    /// A file made by `tool` in the fixture folder, read back.
    func made(_ name: String, _ tool: String, _ arguments: [String]) throws -> [UInt8] {
        try Tools.run(tool, arguments + [name], in: folder.url.path)
        return Array(try Data(contentsOf: folder.url.appendingPathComponent(name)))
    }

    func picture(_ name: String) throws -> [UInt8] {
        try made(name, "convert", ["-seed", "3", "-size", "16x12", "plasma:fractal"])
    }

    func clip(_ name: String, _ arguments: [String] = []) throws -> [UInt8] {
        try made(name, "ffmpeg", ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=1"] + arguments)
    }

    @Test(arguments: [("cut.bmp", "bmp"), ("cut.psd", "psd"), ("cut.jp2", "jp2"), ("cut.j2k", "jp2")])
    func aStillCutAtEveryLengthIsBroken(_ name: String, _ format: String) throws {
        let whole = try picture("whole-" + name)
        let cuts = CutAtEveryLength(whole, name: name, in: folder)
        #expect(cuts.whole.metadata.format?.rawValue == format && cuts.whole.metadata.width == 16 && cuts.whole.metadata.height == 12,
                "\(cuts.whole)")
        // The size is read as soon as the header holds it, and kept by every longer cut.
        let sized = try #require(cuts.first("width"), "no cut gives the size")
        #expect(sized < 100, "the size is read only from byte \(sized)")
        #expect(cuts.cuts[sized...].allSatisfy { $0.metadata.width == 16 })
        // Every cut past the header names the damage: where the data should go on.
        let last = try #require(cuts.cuts.last?.problem)
        #expect(last.description.hasPrefix("truncated: "), "\(last)")
    }

    /// JPEG XL in its container: a box cut short is damage, as in every ISO-BMFF file.
    @Test func aJPEGXLContainerCutAtEveryLengthIsBroken() throws {
        let codestream = try made("bare.jxl", "ffmpeg", ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=40x24",
                                                         "-frames:v", "1", "-c:v", "libjxl", "-f", "image2"])
        #expect(codestream.starts(with: [0xFF, 0x0A]))
        let container = [0, 0, 0, 12] + Array("JXL \r\n".utf8) + [0x87, 0x0A] + Bytes.box("ftyp", Array("jxl \0\0\0\0jxl ".utf8))
            + Bytes.box("jxlc", codestream)
        let cuts = CutAtEveryLength(container, name: "boxed.jxl", in: folder)
        #expect(cuts.whole.metadata.format?.rawValue == "jxl" && cuts.whole.metadata.width == 40 && cuts.whole.metadata.height == 24, "\(cuts.whole)")
        // The codestream box is read only whole: a cut one is the damage, with nothing read from it.
        #expect(cuts.first("width") == nil)
        #expect(cuts.cuts.last?.problem?.description.hasPrefix("truncated: the 'jxlc' box at byte") == true, "\(String(describing: cuts.cuts.last))")
    }

    /// A bare JPEG XL codestream states no length and has no end marker: a cut one reads as whole once
    /// its header is there (the decoder, in the feature pass, tells it apart); shorter, it is broken.
    @Test func aBareJPEGXLCodestreamIsReadFromItsHeader() throws {
        let codestream = try made("bare.jxl", "ffmpeg", ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=40x24",
                                                         "-frames:v", "1", "-c:v", "libjxl", "-f", "image2"])
        for length in 0 ... codestream.count {
            let reading = MetadataReaders.reading(path: folder.write(Array(codestream.prefix(length)), name: "cut.jxl"))
            if length < 2 {
                #expect(reading.problem == .unrecognized, "cut at \(length): \(reading)")
            } else if reading.problem == nil {
                #expect(reading.metadata.width == 40 && reading.metadata.height == 24, "cut at \(length): \(reading)")
            } else {
                #expect(length <= 8 && reading.problem?.isDamage == true, "cut at \(length): \(reading)")
            }
        }
    }

    /// AVI, Matroska and ASF state their lengths: every cut is broken (and keeps its format), the whole file
    /// is not. MPEG streams are packets to the end: a cut one reads as a shorter clip.
    @Test(arguments: [("cut.avi", ["-c:v", "mpeg4"], "avi", true), ("cut.mkv", ["-c:v", "libx264"], "mkv", true),
                      ("cut.webm", [], "webm", true), ("cut.wmv", [], "wmv", true), ("cut.mpg", ["-r", "25"], "mpg", false),
                      ("cut.m2ts", ["-c:v", "libx264"], "m2ts", false)])
    func aVideoCutAtManyLengths(_ name: String, _ arguments: [String], _ format: String, _ statesLength: Bool) throws {
        let whole = try clip("whole-" + name, arguments)
        let reading = MetadataReaders.reading(path: folder.write(whole, name: name))
        #expect(reading.problem == nil && reading.metadata.format?.rawValue == format && reading.metadata.width == 64, "\(reading)")
        let lengths = Array(0 ..< 64) + Array(stride(from: 64, to: whole.count, by: max(1, whole.count / 120)))
        for length in lengths {
            let cut = MetadataReaders.reading(path: folder.write(Array(whole.prefix(length)), name: name))
            // A WebM cut before its DocType is only known to be Matroska.
            if let found = cut.metadata.format, !(format == "webm" && found.rawValue == "mkv" && length < 40) {
                #expect(found.rawValue == format, "cut at \(length): \(found)")
            }
            guard let problem = cut.problem else {
                #expect(!statesLength, "cut at \(length) of \(whole.count) reads as whole: \(cut)")
                #expect(cut.metadata.format?.rawValue == format, "cut at \(length): \(cut)")
                continue
            }
            if statesLength {
                #expect(problem.isDamage, "cut at \(length): \(problem)")
            } else {
                // Too short to tell the format, or nothing FFmpeg can take: never damage it did not see.
                #expect(problem == .unrecognized || problem.isDeclined, "cut at \(length): \(problem)")
            }
        }
    }

    /// More streams than any camera writes: declined from the container before a decoder opens for each.
    @Test func aClipOfManyStreamsIsDeclined() throws {
        let maps = (0 ..< 40).flatMap { _ in ["-map", "0:v"] }
        let bytes = try made("streams.mkv", "ffmpeg", ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=red:s=64x64:d=0.4:r=5"]
                             + maps + ["-c:v", "libx264", "-preset", "ultrafast"])
        let reading = MetadataReaders.reading(path: folder.write(bytes, name: "many.mkv"))
        #expect(reading.metadata.format?.rawValue == "mkv", "\(reading)")
        #expect(reading.problem == .declined("FFmpeg: 40 streams (limit 16)"), "\(reading)")
    }

    /// Scrambled past the header, a clip is declined by FFmpeg or read: never broken by a guess, never a crash.
    @Test(arguments: ["avi", "mkv", "wmv", "mpg", "m2ts"])
    func aScrambledClipIsNeverBrokenByFFmpeg(_ ext: String) throws {
        var bytes = try clip("plain." + ext, ext == "mpg" ? ["-r", "25"] : [])
        for index in stride(from: 300, to: bytes.count, by: 7) { bytes[index] ^= 0x5A }
        let reading = MetadataReaders.reading(path: folder.write(bytes, name: "scrambled." + ext))
        #expect(reading.metadata.format != nil, "\(reading)")
        if let problem = reading.problem { #expect(problem.isDeclined || problem.description.hasPrefix("truncated"), "\(problem)") }
    }

    /// The AVCHD date record, as a camcorder writes it into the H.264 stream (with an emulation-prevention
    /// byte where two zeros come before a byte ≤ 3), and what it is not.
    @Test func theMDPMRecordGivesTheRecordingTime() {
        func date(_ bytes: [UInt8]) -> CaptureDate? { bytes.withUnsafeBufferPointer { MDPM.date(in: $0) } }
        let record = Array("MDPM".utf8) + [2, 0x18, 0x22, 0x20, 0x09, 0x12, 0x19, 0x31, 0x23, 0x59, 0x00]
        // 0x22: west of UTC (0x20), one hour (1 << 1).
        #expect(date([0, 0, 1, 6, 5, 40] + MDPM.uuid + record) == DateParsing.make(2009, 12, 31, 23, 59, 0, offsetMinutes: -60))
        // 00 00 03 01: the 03 is the NAL's, not the record's.
        let escaped = Array("MDPM".utf8) + [2, 0x18, 0x03, 0x20, 0x00, 0x00, 0x03, 0x01, 0x19, 0x01, 0x00, 0x00, 0x00]
        #expect(date(MDPM.uuid + escaped) == nil, "month 00 is no date")
        let minute = Array("MDPM".utf8) + [2, 0x18, 0x02, 0x20, 0x10, 0x01, 0x19, 0x01, 0x00, 0x00, 0x03, 0x01]
        #expect(date(MDPM.uuid + minute) == DateParsing.make(2010, 1, 1, 0, 0, 1, offsetMinutes: 60))
        #expect(date(MDPM.uuid + Array("MDPX".utf8) + [0]) == nil)
        #expect(date(MDPM.uuid + Array("MDPM".utf8) + [2, 0x18, 0x02, 0x20, 0x1A, 0x01]) == nil, "a nibble past 9, or no 0x19 entry")
        for length in 0 ..< (MDPM.uuid + record).count { _ = date(Array((MDPM.uuid + record).prefix(length))) }
    }
}

import Foundation
import Testing
@testable import CullKit

/// Mutation fuzzing of the decoders and thumbnail makers: every byte flip and truncation of a
/// real JPEG (baseline with an EXIF thumbnail, progressive, CMYK), PNG (plain, interlaced,
/// palette), WebP and HEIC (with a `thmb` item, and a grid) decodes or fails with a
/// ``DecodeError`` naming its path: a trap here would stop a whole scan.
@Suite(.enabled(if: DecodeFixtures.hasConvert, "ImageMagick's /usr/bin/convert is absent"))
struct DecodeFuzzTests {
    static let totalCases = Int(ProcessInfo.processInfo.environment["CULL_DECODE_FUZZ"] ?? "") ?? 300

    @Test(.timeLimit(.minutes(10)))
    func mutantsDecodeOrFailWithTheirPath() throws {
        let folder = TemporaryDirectory()
        let plasma = DecodeFixtures.plasmaArguments(width: 96, height: 64)
        var made: [String] = []
        for (prefix, name, extra) in [("", "a.jpg", ["-quality", "80"]), ("", "p.jpg", ["-interlace", "JPEG"]),
                                      ("", "c.jpg", ["-colorspace", "CMYK"]), ("", "a.png", []), ("", "i.png", ["-interlace", "PNG"]),
                                      ("PNG8:", "q.png", ["-colors", "64"]), ("", "a.webp", [])] {
            let path = try #require(DecodeFixtures.convert(plasma + extra, to: "\(prefix)\(folder.path)/\(name)"))
            made.append(path)
        }
        if DecodeFixtures.hasExiftool {
            // An EXIF thumbnail (IFD1) for the thumbnail maker's embedded-preview path.
            try Tools.run("convert", ["-seed", "3", "-size", "160x120", "plasma:fractal", "t.jpg"], in: folder.path)
            try Tools.run("exiftool", ["-q", "-overwrite_original", "-ThumbnailImage<=t.jpg", "a.jpg"], in: folder.path)
        }
        let heic = "\(folder.path)/h.heic"
        try HEIFFixtures.write(heic, primary: .init(quadrants: ["red", "lime", "blue", "white"], width: 320, height: 240),
                               thumbnails: [(.init(quadrants: ["blue", "blue", "red", "red"], width: 320, height: 240), 160)])
        made.append(heic)
        let tile = "\(folder.path)/tile.heic"
        try HEIFFixtures.write(tile, primary: .init(quadrants: ["red", "red", "red", "red"], width: 64, height: 64))
        made.append(folder.write("g.heic", try DecodeBoundsTests.grid(of: Array(try #require(FileManager.default.contents(atPath: tile))), rows: 2)))
        let seeds = try made.map { Array(try #require(FileManager.default.contents(atPath: $0))) }
        let directory = try #require(DirectoryHandle.open(Array(folder.path.utf8)).0)
        var random = SplitMix64(state: 0xDEC0_DE5)
        var outcomes = (decoded: 0, failed: 0)
        for index in 0 ..< Self.totalCases {
            let seed = seeds[index % seeds.count]
            let name = "mutant-\(index % seeds.count)" + (made[index % seeds.count].hasSuffix(".heic") ? ".heic" : ".img")
            let path = folder.write(name, MetadataTests.ReaderFuzzTests.mutate(seed, &random))
            do {
                _ = try ImageDecoder.decode(path: path, maxSide: 48, grey: index % 2 == 0)
                outcomes.decoded += 1
            } catch {
                #expect(error.path == path)
                outcomes.failed += 1
            }
            let file = try #require(ReadOnlyFile.open(Array(name.utf8), in: directory).0)
            let identity = file.identity
            let record = AssetFile.Record(id: 1, path: Array(name.utf8), device: identity.device, inode: identity.inode,
                                          size: identity.size, mtimeNs: identity.mtimeNs, kind: .photo, duration: nil,
                                          orientation: 1, broken: nil)
            if case let .failure(failure) = ThumbnailMaker.make(file, record: record, side: 64) { #expect(!failure.text.isEmpty) }
        }
        print("Decode fuzz: \(Self.totalCases) mutants: \(outcomes.decoded) decoded, \(outcomes.failed) failed with their path")
        #expect(outcomes.decoded > 0 && outcomes.failed > 0)
    }
}

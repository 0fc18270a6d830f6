import Foundation
import Testing
@testable import CullKit

/// The image-data walk reads each byte of a file at most once: its cost is bounded by the
/// file's size, whatever the container says.
@Suite struct ImageDataBoundsTests {
    /// A HEIC grid (item 1) made of item 2, `references` times over, item 2 a 1 MB extent.
    static func grid(references: Int) -> [UInt8] {
        let ftyp = Bytes.box("ftyp", Bytes.latin1("heic") + Bytes.be32(0) + Bytes.latin1("mif1heic"))
        let descriptor: [UInt8] = [0, 0, 0, 0] + Bytes.be16(64) + Bytes.be16(64)
        let tile = ExactGroupsTests.bytes(1 << 20, seed: 5)
        func meta(dataAt: Int) -> [UInt8] {
            let iinf = Bytes.fullBox("iinf", Bytes.be16(2) + HEIFFixture.infe(1, "grid") + HEIFFixture.infe(2, "hvc1"))
            func item(_ id: Int, _ offset: Int, _ length: Int) -> [UInt8] {
                Bytes.be16(id) + Bytes.be16(0) + Bytes.be16(0) + Bytes.be16(1) + Bytes.be32(offset) + Bytes.be32(length)
            }
            let iloc = Bytes.fullBox("iloc", version: 1, [0x44, 0x00] + Bytes.be16(2)
                + item(1, dataAt, descriptor.count) + item(2, dataAt + descriptor.count, tile.count))
            let dimg = Bytes.box("dimg", Bytes.be16(1) + Bytes.be16(references) + (0 ..< references).flatMap { _ in Bytes.be16(2) })
            return Bytes.fullBox("meta", MovieFixture.hdlr("pict") + Bytes.fullBox("pitm", Bytes.be16(1)) + iinf + iloc
                + Bytes.fullBox("iref", dimg))
        }
        let size = meta(dataAt: 0).count
        return ftyp + meta(dataAt: ftyp.count + size + 8) + Bytes.box("mdat", descriptor + tile)
    }

    @Test func aGridThatNamesOneTileThousandsOfTimesIsNotReadThousandsOfTimes() throws {
        let folder = TemporaryDirectory()
        folder.write("one.heic", Self.grid(references: 1))
        folder.write("many.heic", Self.grid(references: 2000))
        let directory = try #require(DirectoryHandle.open(Array(folder.path.utf8)).0)
        let hasher = ImageDataHasher()
        // The honest grid hashes: its one tile is read once.
        let one = try #require(ReadOnlyFile.open(Array("one.heic".utf8), in: directory).0)
        _ = try hasher.hash(one, format: .heic)
        // 2000 references to the one tile would be 2 GB read from a 1 MB file: refused, with the reason.
        let many = try #require(ReadOnlyFile.open(Array("many.heic".utf8), in: directory).0)
        do {
            let hash = try hasher.hash(many, format: .heic)
            Issue.record("hashed \(hash) by reading the tile 2000 times")
        } catch {
            #expect(error.reason.contains("more than the file"), "\(error.reason)")
        }
    }

    /// Segments of four bytes (an empty COM is `FF FE 00 02`) and chunks of twelve (an empty
    /// tEXt) cost a read each when every header is its own `pread`: two 20 MB JPEGs of them took
    /// 'cull scan --hash' 29 s. Headers are read through a window, so reads follow the file's size.
    @Test(arguments: ["jpg", "png"])
    func manyTinySegmentsCostFewReads(_ ext: String) throws {
        let folder = TemporaryDirectory()
        try Tools.picture("seed.jpg", seed: 3, width: 64, height: 48, in: folder.path)
        if ext == "png" { try Tools.run("convert", ["seed.jpg", "seed.png"], in: folder.path) }
        let seed = Array(try #require(FileManager.default.contents(atPath: folder.path + "/seed." + ext)))
        let padded: [UInt8]
        if ext == "jpg" {
            padded = Array(seed.prefix(2)) + (0 ..< 100_000).flatMap { _ in [0xFF, 0xFE, 0x00, 0x02] as [UInt8] } + seed.dropFirst(2)
        } else {
            // After IHDR (8 + 25 bytes): empty tEXt chunks (CRCs are not checked by the walk).
            padded = Array(seed.prefix(33)) + (0 ..< 50_000).flatMap { _ in Bytes.pngChunk("tEXt", []) } + seed.dropFirst(33)
        }
        folder.write("seed-copy." + ext, seed)
        folder.write("padded." + ext, padded)
        let directory = try #require(DirectoryHandle.open(Array(folder.path.utf8)).0)
        let hasher = ImageDataHasher()
        let format: MediaFormat = ext == "jpg" ? .jpeg : .png
        let plain = try hasher.hash(try #require(ReadOnlyFile.open(Array(("seed-copy." + ext).utf8), in: directory).0), format: format)
        let hash = try hasher.hash(try #require(ReadOnlyFile.open(Array(("padded." + ext).utf8), in: directory).0), format: format)
        // The segments are metadata to the hash (COM, tEXt): the same picture.
        #expect(hash == plain)
        #expect(hasher.reads < 64, "\(hasher.reads) reads for a \(padded.count)-byte file")
    }
}

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
}

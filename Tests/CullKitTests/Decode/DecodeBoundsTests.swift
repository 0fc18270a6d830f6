import CPNGShim
import Foundation
import Testing
@testable import CullKit

/// Small hostile files whose cost is set by what they declare, not by their size: each must be
/// refused from its header, or decoded without doing the work it asks for.
@Suite(.enabled(if: DecodeFixtures.hasConvert, "ImageMagick's /usr/bin/convert is absent"))
struct DecodeBoundsTests {
    let folder = TemporaryDirectory()

    /// `bytes` with the size in its first SOFn segment replaced (the entropy-coded data stays as it is).
    static func resized(_ bytes: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        var out = bytes
        var offset = 2
        while offset + 9 < out.count, out[offset] == 0xFF {
            let code = out[offset + 1]
            if (0xC0...0xCF).contains(code), ![0xC4, 0xC8, 0xCC].contains(code) {
                out.replaceSubrange(offset + 5 ..< offset + 9, with: Fixtures.be16(height) + Fixtures.be16(width))
                return out
            }
            offset += 2 + (Int(out[offset + 2]) << 8 | Int(out[offset + 3]))
        }
        throw DecodeError(path: "fixture", problem: .corrupt("no SOF segment"))
    }

    /// A progressive JPEG keeps every coefficient of the image until its last scan: 10000×10000
    /// at 4:4:4 is 600 MB, declared by a 10 KB file. Refused from the header; the same file at
    /// its real size, and a baseline one declaring the same size, are not refused for it.
    @Test func aProgressiveJPEGWhoseCoefficientsExceedTheLimitIsRefused() throws {
        let path = try #require(DecodeFixtures.convert(DecodeFixtures.plasmaArguments(width: 96, height: 64)
            + ["-interlace", "JPEG", "-sampling-factor", "1x1"], to: "\(folder.path)/p.jpg"))
        let progressive = Array(try #require(FileManager.default.contents(atPath: path)))
        #expect(try ImageDecoder.decode(path: path, maxSide: 64, grey: true).width == 64)
        let bomb = folder.write("bomb.jpg", try Self.resized(progressive, width: 10_000, height: 10_000))
        do {
            let image = try ImageDecoder.decode(path: bomb, maxSide: 64, grey: true)
            Issue.record("decoded \(image.width)×\(image.height) instead of refusing")
        } catch {
            #expect(error.path == bomb)
            guard case let .tooLarge(why) = error.problem else {
                Issue.record("expected tooLarge, got \(error.problem)")
                return
            }
            #expect(why.contains("coefficient"))
        }
        // A baseline JPEG is decoded one row of blocks at a time: the same size is not refused for memory.
        let baseline = try #require(DecodeFixtures.convert(DecodeFixtures.plasmaArguments(width: 96, height: 64), to: "\(folder.path)/b.jpg"))
        let big = folder.write("big.jpg", try Self.resized(Array(try #require(FileManager.default.contents(atPath: baseline))),
                                                           width: 10_000, height: 10_000))
        do {
            _ = try ImageDecoder.decode(path: big, maxSide: 64, grey: true)
        } catch {
            if case .tooLarge = error.problem { Issue.record("a baseline JPEG refused for its size: \(error)") }
        }
    }

    /// A PNG whose one IDAT stream goes on far past its last row: libpng's sequential reader
    /// inflates all of it after the last row (to check the stream's end), about a thousand bytes of
    /// work per byte of file. The rows decode, and the reader stops when the image is complete.
    @Test(.enabled(if: DecodeFixtures.which("python3") != nil, "python3 (for zlib) is absent"),
          arguments: [false, true])
    func aPNGWithImageDataPastItsLastRowStopsAtTheImage(_ interlaced: Bool) throws {
        let path = "\(folder.path)/extra.png"
        // 16×16 grey, rows 0…255, then 128 MB more zeros in the same zlib stream (~125 KB compressed).
        let script = """
        import struct, sys, zlib
        def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
        w = h = 16
        interlaced = \(interlaced ? 1 : 0)
        if interlaced:
            rows = b''
            for (x0, y0, dx, dy) in [(0,0,8,8),(4,0,8,8),(0,4,4,8),(2,0,4,4),(0,2,2,4),(1,0,2,2),(0,1,1,2)]:
                for y in range(y0, h, dy):
                    rows += b'\\0' + bytes(((x * 16 + y) & 255) for x in range(x0, w, dx))
        else:
            rows = b''.join(b'\\0' + bytes(((x * 16 + y) & 255) for x in range(w)) for y in range(h))
        z = zlib.compressobj(9)
        data = z.compress(rows) + b''.join(z.compress(bytes(1 << 20)) for _ in range(128)) + z.flush()
        ihdr = struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, interlaced)
        open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', data) + chunk(b'IEND', b''))
        """
        try Tools.run("python3", ["-c", script, path], in: folder.path)
        let bytes = Array(try #require(FileManager.default.contents(atPath: path)))
        #expect(bytes.count > 100_000)
        let image = try ImageDecoder.decode(path: path, maxSide: 16, grey: true)
        #expect(image.width == 16 && image.height == 16)
        #expect(image.pixels[0] == 0 && image.pixels[15] == 240 && image.pixels[16 * 15 + 15] == 255)
        // The shim itself: all rows read, and no more of the stream than a few reads past them.
        try bytes.withUnsafeBufferPointer { buffer in
            let png = try #require(cull_png_open(buffer.baseAddress, buffer.count))
            defer { cull_png_close(png) }
            var row = [UInt8](repeating: 0, count: 16)
            for _ in 0 ..< Int(cull_png_passes(png)) {
                for _ in 0 ..< 16 { #expect(row.withUnsafeMutableBufferPointer { cull_png_read_row(png, $0.baseAddress) } == 0) }
            }
            #expect(cull_png_bytes_read(png) < 32 << 10, "read \(cull_png_bytes_read(png)) of \(bytes.count) bytes")
        }
    }

    /// A HEIC whose primary item is a `rows`×`rows` grid naming one 64×64 tile (libheif's own
    /// encoding of `tile`) for every cell: the tile's `hvcC` and coded data are taken from it.
    static func grid(of tile: [UInt8], rows: Int) throws -> [UInt8] {
        let file = FixtureFolder()
        let summary = try HEIFReader.summarize(try file.file(tile))
        let source = MemorySource(bytes: tile, base: 0)
        let tileMeta = try #require(try ISOBMFF.children(source, from: 0, to: tile.count, depth: 0).first { $0.type == "meta" })
        let iprp = try #require(try ISOBMFF.children(of: tileMeta, in: source, skip: 4, depth: 1).first { $0.type == "iprp" })
        let ipco = try #require(try ISOBMFF.children(of: iprp, in: source, depth: 2).first { $0.type == "ipco" })
        let hvcC = try #require(try ISOBMFF.children(of: ipco, in: source, depth: 3).first { $0.type == "hvcC" })
        let extent = try #require(summary.imageData.first)
        let coded = Array(tile[extent.offset ..< extent.offset + extent.length])
        let side = rows * 64
        let descriptor: [UInt8] = [0, 0, UInt8(rows - 1), UInt8(rows - 1)] + Bytes.be16(side) + Bytes.be16(side)
        let ftyp = Bytes.box("ftyp", Bytes.latin1("heic") + Bytes.be32(0) + Bytes.latin1("mif1heic"))
        func meta(dataAt: Int) -> [UInt8] {
            let iinf = Bytes.fullBox("iinf", Bytes.be16(2) + HEIFFixture.infe(1, "grid") + HEIFFixture.infe(2, "hvc1"))
            func item(_ id: Int, _ offset: Int, _ length: Int) -> [UInt8] {
                Bytes.be16(id) + Bytes.be16(0) + Bytes.be16(0) + Bytes.be16(1) + Bytes.be32(offset) + Bytes.be32(length)
            }
            let iloc = Bytes.fullBox("iloc", version: 1, [0x44, 0x00] + Bytes.be16(2)
                + item(1, dataAt, descriptor.count) + item(2, dataAt + descriptor.count, coded.count))
            let cells = rows * rows
            let iref = Bytes.fullBox("iref", Bytes.box("dimg", Bytes.be16(1) + Bytes.be16(cells) + (0 ..< cells).flatMap { _ in Bytes.be16(2) }))
            let ipco = Bytes.box("ipco", Array(tile[hvcC.offset ..< hvcC.end]) + Bytes.fullBox("ispe", Bytes.be32(64) + Bytes.be32(64))
                + Bytes.fullBox("ispe", Bytes.be32(side) + Bytes.be32(side)))
            // Item 1: the grid's ispe; item 2: hvcC (essential) and its ispe.
            let ipma = Bytes.fullBox("ipma", Bytes.be32(2) + Bytes.be16(1) + [1, 0x03] + Bytes.be16(2) + [2, 0x81, 0x02])
            return Bytes.fullBox("meta", MovieFixture.hdlr("pict") + Bytes.fullBox("pitm", Bytes.be16(1)) + iinf + iloc + iref
                + Bytes.box("iprp", ipco + ipma))
        }
        let size = meta(dataAt: 0).count
        return ftyp + meta(dataAt: ftyp.count + size + 8) + Bytes.box("mdat", descriptor + coded)
    }

    /// libheif decodes a grid tile by tile, about a millisecond each whatever its size: 1,600
    /// references to one tiny tile are refused from the `meta` box, before libheif decodes any.
    @Test func aHEICGridOfThousandsOfTilesIsRefused() throws {
        let tilePath = "\(folder.path)/tile.heic"
        try HEIFFixtures.write(tilePath, primary: .init(quadrants: ["red", "red", "red", "red"], width: 64, height: 64))
        let tile = Array(try #require(FileManager.default.contents(atPath: tilePath)))
        // The fixture is a real grid: 2×2 decodes, each cell the tile.
        let small = folder.write("grid2.heic", try Self.grid(of: tile, rows: 2))
        let image = try ImageDecoder.decode(path: small, maxSide: 128, grey: false)
        #expect(image.width == 128 && image.height == 128)
        #expect(DecodeFixtures.quadrantNames(image) == ["red", "red", "red", "red"])
        let bomb = folder.write("grid40.heic", try Self.grid(of: tile, rows: 40))
        do {
            let image = try ImageDecoder.decode(path: bomb, maxSide: 64, grey: true)
            Issue.record("decoded \(image.width)×\(image.height) from 1600 tiles instead of refusing")
        } catch {
            #expect(error.path == bomb)
            guard case let .tooLarge(why) = error.problem else {
                Issue.record("expected tooLarge, got \(error.problem)")
                return
            }
            #expect(why.contains("1600 tiles"))
        }
    }
}

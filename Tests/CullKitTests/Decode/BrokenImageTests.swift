import Foundation
import Testing
@testable import CullKit

/// A corrupt, truncated, hostile or non-regular file is a typed error naming the path: never a
/// crash, a hang, or a huge allocation.
@Suite(.enabled(if: DecodeFixtures.hasConvert, "ImageMagick's /usr/bin/convert is absent"))
struct BrokenImageTests {
    let folder = TemporaryDirectory()

    func expectFailure(_ path: String, _ accepts: (DecodeError.Problem) -> Bool, _ comment: String) {
        do {
            let image = try ImageDecoder.decode(path: path, maxSide: 64, grey: true)
            Issue.record("\(comment): decoded \(image.width)×\(image.height) instead of failing")
        } catch {
            #expect(error.path == path)
            #expect(accepts(error.problem), "\(comment): \(error.problem)")
        }
    }

    static func isDamage(_ problem: DecodeError.Problem) -> Bool {
        switch problem {
        case .truncated, .corrupt: true
        default: false
        }
    }

    @Test(arguments: ["jpg", "png", "webp", "heic", "avif"])
    func truncatedCopiesFailWithTheirPath(_ ext: String) throws {
        let whole = try #require(DecodeFixtures.convert(DecodeFixtures.plasmaArguments(width: 320, height: 240) + ["-quality", "85"],
                                                        to: "\(folder.path)/whole.\(ext)"))
        let bytes = try #require(FileManager.default.contents(atPath: whole).map(Array.init))
        #expect(try ImageDecoder.decode(path: whole, maxSide: 64, grey: true).width == 64)
        for fraction in [0.02, 0.3, 0.6, 0.9] {
            let cut = max(16, Int(Double(bytes.count) * fraction))
            let path = folder.write("cut\(Int(fraction * 100)).\(ext)", Array(bytes.prefix(cut)))
            expectFailure(path, Self.isDamage, "\(ext) cut at \(cut) of \(bytes.count)")
        }
    }

    @Test(arguments: ["jpg", "png", "webp", "heic"])
    func garbageAfterTheHeaderFails(_ ext: String) throws {
        let whole = try #require(DecodeFixtures.convert(DecodeFixtures.plasmaArguments(width: 160, height: 120), to: "\(folder.path)/w.\(ext)"))
        var bytes = try #require(FileManager.default.contents(atPath: whole).map(Array.init))
        // Keep the signature and header; scramble everything after the first 40 bytes.
        var state: UInt32 = 12345
        for index in 40 ..< bytes.count {
            state = state &* 1_103_515_245 &+ 12345
            bytes[index] = UInt8(truncatingIfNeeded: state >> 16)
        }
        expectFailure(folder.write("garbage.\(ext)", bytes), Self.isDamage, "scrambled \(ext)")
    }

    @Test func absurdDimensionsAreRefusedBeforeAllocating() {
        // Headers only, claiming 400 megapixels (and the largest JPEG there is): refused by the limits.
        let path = folder.write("huge.jpg", Fixtures.jpeg(width: 20000, height: 20000))
        expectFailure(path, { if case .tooLarge = $0 { true } else { false } }, "20000×20000 JPEG")
        #expect(throws: DecodeError.self) { try DecodeLimits.check(width: 65_536, height: 1, path: "x") }
        #expect(throws: DecodeError.self) { try DecodeLimits.check(width: 0, height: 10, path: "x") }
        #expect(throws: Never.self) { try DecodeLimits.check(width: 10_000, height: 10_000, path: "x") }
    }

    @Test func aJPEGWithThousandsOfScansIsRefused() throws {
        var bytes = Fixtures.jpeg(width: 64, height: 64)
        bytes.removeLast(2)
        for _ in 0 ..< 300 { bytes += [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0x3F, 0] }
        bytes += [0xFF, 0xD9]
        let path = folder.write("scans.jpg", bytes)
        expectFailure(path, { if case .tooLarge = $0 { true } else { false } }, "300 scans")
    }

    @Test func unrecognisedAndUndecodedFormatsAreUnsupported() throws {
        expectFailure(folder.write("text.jpg", Array("not an image at all".utf8)), { if case .unsupported = $0 { true } else { false } }, "text")
        let gif = try #require(DecodeFixtures.convert(["-size", "10x10", "xc:red"], to: "\(folder.path)/a.gif"))
        expectFailure(gif, { if case .unsupported = $0 { true } else { false } }, "GIF")
        expectFailure(folder.write("empty.png", []), { if case .unsupported = $0 { true } else { false } }, "empty")
    }

    @Test func aFIFOOrASymlinkIsNeverOpened() throws {
        let real = try #require(DecodeFixtures.convert(DecodeFixtures.plasmaArguments(width: 80, height: 60), to: "\(folder.path)/real.jpg"))
        let link = "\(folder.path)/link.jpg"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        expectFailure(link, { if case .unreadable = $0 { true } else { false } }, "symlink")
        let fifo = "\(folder.path)/fifo.jpg"
        #expect(mkfifo(fifo, 0o600) == 0)
        expectFailure(fifo, { if case .unreadable = $0 { true } else { false } }, "FIFO")
        expectFailure("\(folder.path)/missing.jpg", { if case .unreadable = $0 { true } else { false } }, "missing")
    }
}

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
}

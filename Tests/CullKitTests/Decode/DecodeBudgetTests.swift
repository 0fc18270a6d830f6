import Foundation
import Testing
@testable import CullKit

/// The decode budget: decodes on many threads together never hold more than it, one that could
/// never fit is refused at once, and the estimate a decode reserves covers what libjpeg holds.
@Suite struct DecodeBudgetTests {
    /// Counts what the bodies themselves hold, independently of the budget's own bookkeeping.
    final class Meter: @unchecked Sendable {
        private let lock = NSLock()
        private var now = 0
        private(set) var most = 0
        func enter(_ bytes: Int) { lock.lock(); now += bytes; most = max(most, now); lock.unlock() }
        func leave(_ bytes: Int) { lock.lock(); now -= bytes; lock.unlock() }
    }

    @Test func decodesOnManyThreadsNeverHoldMoreThanTheBudget() throws {
        let budget = DecodeBudget(bytes: 100)
        let meter = Meter()
        let done = DispatchGroup()
        for worker in 0 ..< 16 {
            done.enter()
            Thread {
                var random = SplitMix64(state: UInt64(worker + 1))
                for _ in 0 ..< 40 {
                    let bytes = Int(random.next() % 60) + 1
                    _ = try? budget.reserving(bytes, path: "x") { () throws(DecodeError) -> Int in
                        meter.enter(bytes)
                        usleep(200 + UInt32(random.next() % 800))
                        meter.leave(bytes)
                        return bytes
                    }
                }
                done.leave()
            }.start()
        }
        done.wait()
        #expect(meter.most <= 100 && budget.peak <= 100)
        #expect(meter.most > 60, "decodes that fit side by side ran side by side")
        #expect(budget.held == 0)
    }

    @Test func aDecodeLargerThanTheBudgetIsRefusedAtOnce() {
        let budget = DecodeBudget(bytes: 100)
        #expect(throws: DecodeError.self) { try budget.reserving(101, path: "huge.jpg") { () throws(DecodeError) in } }
        // A body that throws gives its share back.
        #expect(throws: DecodeError.self) {
            try budget.reserving(80, path: "bad.jpg") { () throws(DecodeError) in throw DecodeError(path: "bad.jpg", problem: .corrupt("x")) }
        }
        #expect(budget.held == 0)
        #expect(DecodeBudget.configured(["CULL_DECODE_MEMORY": "300"]) == 300_000_000)
        #expect(DecodeBudget.configured(["CULL_DECODE_MEMORY": "lots"]) == DecodeBudget.defaultBytes)
    }

    /// The estimate from the first bytes: a progressive JPEG's whole coefficient buffer, a
    /// baseline one's rows only, and the worst case when the head does not reach the frame header.
    @Test(.enabled(if: DecodeFixtures.hasConvert, "ImageMagick's /usr/bin/convert is absent"))
    func thePeakCoversTheCoefficientsOfAProgressiveJPEG() throws {
        let folder = NSTemporaryDirectory() + "cull-peak-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func make(_ name: String, _ arguments: [String]) throws -> [UInt8] {
            let path = try #require(DecodeFixtures.convert(["-size", "1600x1200", "gradient:red-blue"] + arguments, to: folder + "/" + name))
            return Array(try #require(FileManager.default.contents(atPath: path)))
        }
        let baseline = try make("baseline.jpg", [])
        let progressive = try make("progressive.jpg", ["-interlace", "JPEG", "-sampling-factor", "1x1"])
        let coefficients = try #require(JPEGDecoder.wholeImageCoefficientBytes(progressive))
        #expect(coefficients == 1600 * 1200 / 64 * 3 * 128)
        let peak = DecodePeak.of(head: Array(progressive.prefix(DecodePeak.headBytes)), fileSize: progressive.count, maxSide: 384)
        #expect(peak >= progressive.count + coefficients && peak < progressive.count + coefficients + DecodePeak.overhead + 5_000_000)
        #expect(DecodePeak.of(head: baseline, fileSize: baseline.count, maxSide: 384) < baseline.count + DecodePeak.overhead + 2_000_000)
        // Only the first bytes of a large file, before its frame header: assume the worst.
        #expect(DecodePeak.of(head: Array(progressive.prefix(20)), fileSize: 50_000_000, maxSide: 384) == 50_000_000 + DecodePeak.unknown)
        // A whole file whose header cannot be read costs only its bytes: the codec refuses it at once.
        #expect(DecodePeak.of(head: Array(progressive.prefix(20)), fileSize: 20, maxSide: 384) == 20)
    }
}

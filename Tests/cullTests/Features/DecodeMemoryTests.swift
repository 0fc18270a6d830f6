import Foundation
import Testing
@testable import CullKit

/// Decode memory is bounded for the whole process, not per decoder: with more decoding threads
/// than the budget has room for, decodes wait for their turn instead of each holding its peak
/// (300 MB a decode on every core was about 5 GB on a 16-core machine).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "ImageMagick or python3 is absent"))
struct DecodeMemoryTests {
    /// The peak resident memory of one `cull` run in MB (python's RUSAGE_CHILDREN is that one child).
    static func peakMegabytes(_ box: Sandbox, _ arguments: [String], extra: [String: String]) throws -> Int {
        let script = "import resource, subprocess, sys\n"
            + "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode\n"
            + "print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)\n"
        let result = try Subprocess.run(["/usr/bin/python3", "-c", script, Subprocess.cullBinary] + arguments,
                                        environment: box.environment.merging(extra) { $1 }, directory: box.library.root)
        let fields = result.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(fields.count == 2 && fields[0] == 0, "\(result.stdout)\(result.stderr)")
        return fields.last ?? -1
    }

    @Test func decodersShareOneBudget() throws {
        let box = try Sandbox("decode-budget")
        // A progressive 4:4:4 JPEG keeps every coefficient until its last scan: 6000×4000 is 144 MB
        // for a file of a few hundred KB. Four copies are four decodes.
        try ImageRuleTests.convert(box, "p0.jpg", ["-size", "6000x4000", "gradient:red-blue", "-interlace", "JPEG",
                                                   "-sampling-factor", "1x1", "-quality", "85"])
        let bytes = try #require(FileOps.read(box.root + Array("p0.jpg".utf8), limit: 64 << 20))
        #expect(JPEGDecoder.wholeImageCoefficientBytes(bytes) == 144_000_000)
        for index in 1 ... 3 { box.write("p\(index).jpg", bytes: bytes) }
        #expect(try box.cull(["scan"]).status == 0)
        // Four decoding threads and room for one such decode at a time.
        let peak = try Self.peakMegabytes(box, ["scan", "--hash"], extra: ["CULL_DECODE_THREADS": "4", "CULL_DECODE_MEMORY": "200"])
        #expect(try box.db.scalar("SELECT count(*) FROM image_features WHERE failure IS NULL")?.int64 == 4)
        // The process itself is some 30 MB: two decodes at once would be over 300 MB.
        #expect(peak < 200 + 40, "peak \(peak) MB with a 200 MB budget")
    }

    @Test func aDecodeLargerThanTheWholeBudgetIsRefusedNotWaitedFor() throws {
        let box = try Sandbox("decode-budget-refused")
        try ImageRuleTests.convert(box, "big.jpg", ["-size", "6000x4000", "gradient:red-blue", "-interlace", "JPEG",
                                                    "-sampling-factor", "1x1", "-quality", "85"])
        try ImageRuleTests.convert(box, "small.jpg", ImageRuleTests.detail)
        #expect(try box.cull(["scan"]).status == 0)
        let scan = try box.cull(["scan", "--hash"], extra: ["CULL_DECODE_MEMORY": "100"])
        #expect(scan.status == 0, "\(scan.stdout)\(scan.stderr)")
        #expect(scan.stderr.contains("big.jpg: too large to decode: needs about 1"), "\(scan.stderr)")
        #expect(scan.stderr.contains("MB to decode, more than the decode budget of 100 MB"), "\(scan.stderr)")
        #expect(try box.db.scalar("SELECT count(*) FROM image_features WHERE failure IS NULL")?.int64 == 1)
    }
}

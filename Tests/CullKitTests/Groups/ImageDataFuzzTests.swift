import Foundation
import Testing
@testable import CullKit

/// Mutation fuzzing of the image-data walk: every truncation and byte flip of a real JPEG, PNG,
/// HEIC and movie hashes or fails with a reason, never crashes or hangs.
@Suite struct ImageDataFuzzTests {
    static let totalCases = 400

    @Test(.timeLimit(.minutes(10)))
    func mutantsHashOrFailWithAReason() throws {
        let folder = TemporaryDirectory()
        try Tools.picture("seed.jpg", seed: 7, width: 64, height: 48, in: folder.path)
        try Tools.run("convert", ["seed.jpg", "seed.png"], in: folder.path)
        var seeds: [(format: MediaFormat, bytes: [UInt8])] = try [("seed.jpg", MediaFormat.jpeg), ("seed.png", .png)].map {
            ($0.1, Array(try #require(FileManager.default.contents(atPath: folder.path + "/" + $0.0))))
        }
        seeds.append((.mp4, Fixtures.mp4(width: 64, height: 48, seconds: 2, created: Date(timeIntervalSince1970: 1_500_000_000))
            + Fixtures.be32(1000) + Array("mdat".utf8) + ExactGroupsTests.bytes(992, seed: 3)))
        if Corpus.isAvailable, let heic = FileManager.default.contents(atPath: Corpus.samples.path + "/heic/IMG_5195.HEIC") {
            seeds.append((.heic, Array(heic)))
        }
        let hasher = ImageDataHasher()
        var random = SplitMix64(state: 0x1A6E_DA7A)
        var outcomes = (hashed: 0, failed: 0)
        let directory = try #require(DirectoryHandle.open(Array(folder.path.utf8)).0)
        for index in 0..<Self.totalCases {
            let seed = seeds[index % seeds.count]
            folder.write("mutant", MetadataTests.ReaderFuzzTests.mutate(seed.bytes, &random))
            let file = try #require(ReadOnlyFile.open(Array("mutant".utf8), in: directory).0)
            do {
                _ = try hasher.hash(file, format: seed.format)
                outcomes.hashed += 1
            } catch {
                #expect(!error.reason.isEmpty)
                outcomes.failed += 1
            }
        }
        print("Image-data fuzz: \(Self.totalCases) mutants: \(outcomes.hashed) hashed, \(outcomes.failed) failed with a reason")
        #expect(outcomes.hashed > 0 && outcomes.failed > 0)
    }
}

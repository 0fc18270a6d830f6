import Foundation
import Testing
@testable import CullKit

/// Mutation fuzzing of the PNG, GIF, WebP, HEIF and QuickTime readers: deterministic
/// (SplitMix64) truncations, byte flips, length-field corruptions and splices of the test
/// fixtures and the corpus HEIC files, read through ``MetadataReaders/read(path:)``.
/// Every mutant must return or throw ``MetadataError``: no trap, no hang.
@Suite struct ContainerFuzzMetadataTests {
    let folder = FixtureFolder()

    /// A seed file and how many mutants to derive from it.
    struct Seed {
        var name: String
        var bytes: [UInt8]
        /// For large corpus files: the real size, restored as a sparse tail after the mutated prefix.
        var fullSize: Int?
        var mutants: Int
    }

    @Test func mutantsNeverCrashOrHang() throws {
        var seeds: [Seed] = [
            Seed(name: "iphone.mov", bytes: MovieFixture.iPhone, mutants: 800),
            Seed(name: "android.mp4", bytes: MovieFixture.android, mutants: 600),
            Seed(name: "v1.heic", bytes: HEIFFixture.make(), mutants: 700),
            Seed(name: "v2.heic", bytes: HEIFFixture.make(properties: [Bytes.box("imir", [1])],
                                                          ilocVersion: 2, exifInIdat: true), mutants: 700),
            Seed(name: "a.png", bytes: PNGFixture.full, mutants: 500),
            Seed(name: "a.gif", bytes: GIFFixture.make(width: 5, height: 6, delays: [7, 7], xmp: "<x:xmpmeta/>"),
                 mutants: 400),
            Seed(name: "a.webp", bytes: WebPFixture.extended, mutants: 400),
            Seed(name: "anim.webp", bytes: WebPFixture.animated, mutants: 300),
        ]
        if Corpus.isAvailable {
            let folder = Corpus.root.appendingPathComponent("exif-samples/heic")
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for file in files.sorted() where file.lowercased().hasSuffix(".heic") || file.lowercased().hasSuffix(".heif") {
                let data = try Data(contentsOf: folder.appendingPathComponent(file))
                // The meta box lies in the first few KiB; keep 64 KiB and a sparse tail.
                seeds.append(Seed(name: "corpus.heic", bytes: Array(data.prefix(64 * 1024)),
                                  fullSize: data.count, mutants: 600))
            }
        } else {
            print("corpus HEIC seeds skipped: \(Corpus.root.path) is absent")
        }

        var random = SplitMix64(state: 0xC011_F00D)
        var outcomes = (returned: 0, threw: 0)
        let clock = ContinuousClock()
        let start = clock.now
        for seed in seeds {
            // The unmutated seed must read.
            _ = try MetadataReaders.read(path: write(seed.bytes, seed))
            let focus = seed.fullSize == nil ? seed.bytes.count : 8192
            let fields = lengthFields(seed.bytes, span: focus)
            for _ in 0 ..< seed.mutants {
                let mutant = mutate(seed.bytes, focus: focus, fields: fields, &random)
                let truncated = mutant.count < seed.bytes.count
                let path = write(mutant, truncated ? Seed(name: seed.name, bytes: [], mutants: 0) : seed)
                do {
                    _ = try MetadataReaders.read(path: path)
                    outcomes.returned += 1
                } catch {
                    outcomes.threw += 1
                }
            }
        }
        let total = outcomes.returned + outcomes.threw
        print("fuzz: \(total) mutants (\(outcomes.returned) read, \(outcomes.threw) rejected) in \(clock.now - start)")
        #expect(total >= 5000 || !Corpus.isAvailable)
        #expect(clock.now - start < .seconds(60))
    }

    /// Writes a mutant; corpus seeds get their sparse tail back so iloc extents still fit.
    private func write(_ bytes: [UInt8], _ seed: Seed) -> String {
        let path = folder.write(bytes, name: seed.name)
        if let fullSize = seed.fullSize, fullSize > bytes.count { _ = truncate(path, off_t(fullSize)) }
        return path
    }

    /// One random mutation (or two) of `bytes`, concentrated on the first `focus` bytes;
    /// `fields` are the seed's length-field offsets (see ``lengthFields(_:span:)``).
    private func mutate(_ bytes: [UInt8], focus: Int, fields: [Int], _ random: inout SplitMix64) -> [UInt8] {
        var mutant = bytes
        let span = max(1, min(focus, mutant.count))
        for _ in 0 ..< Int.random(in: 1 ... 2, using: &random) {
            guard !mutant.isEmpty else { break }
            switch Int.random(in: 0 ..< 5, using: &random) {
            case 0: // truncate
                mutant.removeSubrange(Int.random(in: 0 ..< mutant.count, using: &random)...)
            case 1: // flip a few bytes
                for _ in 0 ..< Int.random(in: 1 ... 8, using: &random) {
                    mutant[Int.random(in: 0 ..< min(span, mutant.count), using: &random)] = UInt8.random(in: 0 ... 255, using: &random)
                }
            case 2, 3: // corrupt a length field in front of a FourCC
                guard let at = fields.randomElement(using: &random), at + 4 <= mutant.count else { continue }
                let original = Int(mutant[at]) << 24 | Int(mutant[at + 1]) << 16 | Int(mutant[at + 2]) << 8 | Int(mutant[at + 3])
                let values = [0, 1, 4, 7, 8, 9, 16, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF,
                              original + 1, max(original - 1, 0), original * 2, Int.random(in: 0 ... 0xFFFF_FFFF, using: &random)]
                let value = values.randomElement(using: &random)! & 0xFFFF_FFFF
                let encoded = Int.random(in: 0 ..< 2, using: &random) == 0 ? Bytes.be32(value) : Bytes.le32(value)
                mutant.replaceSubrange(at ..< at + 4, with: encoded)
            default: // splice: duplicate or delete a run of bytes
                let from = Int.random(in: 0 ..< min(span, mutant.count), using: &random)
                let length = Int.random(in: 1 ... 64, using: &random)
                let run = Array(mutant[from ..< min(from + length, mutant.count)])
                if Bool.random(using: &random) {
                    mutant.insert(contentsOf: run, at: Int.random(in: 0 ... min(span, mutant.count), using: &random))
                } else {
                    mutant.removeSubrange(from ..< min(from + length, mutant.count))
                }
            }
        }
        return mutant
    }

    /// Offsets of 32-bit fields followed by four printable type bytes (box, chunk and
    /// RIFF headers), plus the 32-bit words after them (counts, versions, sizes).
    private func lengthFields(_ bytes: [UInt8], span: Int) -> [Int] {
        let last = min(span, bytes.count) - 8
        guard last >= 0 else { return [] }
        var offsets: [Int] = []
        for at in 0 ... last {
            let type = bytes[at + 4 ..< at + 8]
            if type.allSatisfy({ (0x20 ... 0x7E).contains($0) || $0 == 0xA9 }) {
                offsets.append(at)
                if at + 12 <= bytes.count { offsets.append(at + 8) }
            }
        }
        return offsets
    }
}

import Foundation
import Testing
@testable import CullKit

extension MetadataTests {
    /// Mutation fuzzing: random truncations and byte flips of real files (or the hand-built
    /// fixtures when the corpus is absent). Every mutant must read or throw ``MetadataError``:
    /// a crash or a hang fails the run.
    @Suite struct ReaderFuzzTests {
        static let totalCases = 3000
        /// Mutants keep at most this much of a seed file: headers live at the front, and the
        /// readers stop at the first JPEG scan, so the tail is pixel data the fuzzer cannot affect.
        static let maxSeedBytes = 256 * 1024


        static func seeds() -> [(name: String, bytes: [UInt8])] {
            var seeds: [(String, [UInt8])] = []
            if Corpus.isAvailable {
                for relative in Corpus.files() {
                    let lower = relative.lowercased()
                    guard [".jpg", ".jpeg", ".tif", ".tiff"].contains(where: lower.hasSuffix),
                          let data = FileManager.default.contents(atPath: Corpus.path(relative))
                    else { continue }
                    seeds.append((relative, Array(data.prefix(maxSeedBytes))))
                }
            }
            if seeds.isEmpty {
                var tiff = TIFFBuilder(bigEndian: true)
                tiff.ifds = [[tiff.short(0x0100, 64), tiff.short(0x0101, 48), tiff.ascii(0x010F, "Fixture")]]
                seeds = [("typical.jpg", JPEGBuilder.typical()), ("exif.tif", TIFFBuilder.cameraExif()),
                         ("plain.tif", tiff.build())]
            }
            return seeds
        }

        @Test(.timeLimit(.minutes(10)))
        func mutantsNeverCrashOrHang() throws {
            let seeds = Self.seeds()
            var random = SplitMix64(state: 0xC011_5EED)
            let file = try TempFile([], suffix: ".fuzz")
            defer { file.remove() }
            let clock = ContinuousClock()
            var outcomes = (read: 0, threw: 0)
            let elapsed = try clock.measure {
                for index in 0 ..< Self.totalCases {
                    let seed = seeds[index % seeds.count].bytes
                    let mutant = Self.mutate(seed, &random)
                    try Data(mutant).write(to: URL(fileURLWithPath: file.path))
                    do {
                        _ = try MetadataReaders.read(path: file.path)
                        outcomes.read += 1
                    } catch {
                        outcomes.threw += 1 // typed throws: necessarily a MetadataError
                    }
                }
            }
            print("Fuzz: \(Self.totalCases) mutants of \(seeds.count) seeds in \(elapsed): "
                + "\(outcomes.read) read, \(outcomes.threw) threw MetadataError")
            #expect(outcomes.read + outcomes.threw == Self.totalCases)
        }

        /// Truncates and/or flips bytes, mostly in the first few KiB where the headers are.
        static func mutate(_ seed: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
            var bytes = seed
            let mode = random.below(4)
            if mode != 1, !bytes.isEmpty {
                let flips = 1 + random.below(16)
                let span = random.below(3) == 0 ? bytes.count : min(bytes.count, 4096)
                for _ in 0 ..< flips {
                    let at = random.below(span)
                    switch random.below(3) {
                    case 0: bytes[at] ^= UInt8(1 << random.below(8))
                    case 1: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                    default: bytes[at] = [0x00, 0xFF, 0x7F, 0x80][random.below(4)]
                    }
                }
            }
            if mode != 0 {
                let keep = random.below(2) == 0 ? random.below(min(bytes.count, 4096) + 1) : random.below(bytes.count + 1)
                bytes = Array(bytes.prefix(keep))
            }
            return bytes
        }
    }
}

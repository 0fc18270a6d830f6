import Foundation
import Testing
@testable import CullKit

extension MetadataTests {
    /// Hostile RAW files, through both LibRaw and Cull's TIFF reader: the corpus samples cut every
    /// 97 bytes and with mutated headers, previews that point past the end, and chains of 100,000
    /// IFDs. Each one's metadata reads or throws ``MetadataError``, and its preview decodes or fails
    /// with a ``DecodeError`` naming it: never a crash, a hang or an unbounded read (LibRaw reads
    /// through a budget, the TIFF reader through its own).
    @Suite(.enabled(if: RawCorpus.isAvailable, "the RAW corpus at ../shared/corpus/raw is absent"))
    struct RawFuzzTests {
        let folder = TemporaryDirectory()

        static func seeds() throws -> [(name: String, bytes: [UInt8])] {
            try RawCorpus.records().keys.sorted().map { name in
                (name, Array(try Data(contentsOf: RawCorpus.folder.appendingPathComponent(name))))
            }
        }

        /// Reads `bytes` as the file `name`: its metadata, then its preview as features and
        /// thumbnails take it. Returns whether each succeeded.
        func exercise(_ name: String, _ bytes: [UInt8]) throws -> (read: Bool, previewed: Bool) {
            let path = folder.write(name, bytes)
            var read = false
            do {
                _ = try MetadataReaders.read(path: path)
                read = true
            } catch {
                _ = error.description // typed throws: a MetadataError
            }
            let directory = try #require(DirectoryHandle.open(Array(folder.path.utf8)).0)
            let file = try #require(ReadOnlyFile.open(Array(name.utf8), in: directory).0)
            let format = RawFormats.format(forName: name.utf8)
            do {
                _ = try FeatureCache.picture(file, format: format, side: ImageFeatures.side, path: path)
                return (read, true)
            } catch {
                #expect(error.path == path)
                return (read, false)
            }
        }

        @Test(.timeLimit(.minutes(10)))
        func everyCutOfEverySampleReadsOrFails() throws {
            var cuts = 0
            for (name, bytes) in try Self.seeds() {
                for length in stride(from: 0, to: bytes.count, by: 97) {
                    _ = try exercise("cut-\(name)", Array(bytes.prefix(length)))
                    cuts += 1
                }
            }
            print("RAW cuts: \(cuts)")
            #expect(cuts > 1000)
        }

        @Test(.timeLimit(.minutes(10)))
        func mutatedHeadersReadOrFail() throws {
            var random = SplitMix64(state: 0x5AB_0BAD)
            var outcomes = (read: 0, threw: 0)
            let seeds = try Self.seeds()
            for index in 0 ..< 600 {
                let (name, bytes) = seeds[index % seeds.count]
                let result = try exercise("mutant-\(name)", MetadataTests.ReaderFuzzTests.mutate(bytes, &random))
                if result.read { outcomes.read += 1 } else { outcomes.threw += 1 }
            }
            print("RAW mutants: \(outcomes.read) read, \(outcomes.threw) threw")
            #expect(outcomes.read > 0 && outcomes.threw > 0)
        }

        /// A RAF whose header, and a CR3 whose JPEG track, name a preview past the end of the file:
        /// neither preview is read past the end, and the CR3 is still indexed.
        @Test func previewsPointingPastTheEndFailWithTheirReason() throws {
            let seeds = Dictionary(uniqueKeysWithValues: try Self.seeds())
            var raf = try #require(seeds["FujiFilm.raf"])
            RawPreviewDecoderTests.put(UInt64(raf.count - 100), width: 4, at: 84, in: &raf)
            RawPreviewDecoderTests.put(1 << 20, width: 4, at: 88, in: &raf)
            var cr3 = try #require(seeds["CanonRaw.cr3"])
            let stsz = try #require(RawPreviewDecoderTests.find(Array("stsz".utf8), in: cr3))
            let co64 = try #require(RawPreviewDecoderTests.find(Array("co64".utf8), in: cr3))
            RawPreviewDecoderTests.put(40 << 20, width: 4, at: stsz + 8, in: &cr3)
            RawPreviewDecoderTests.put(UInt64(cr3.count - 10), width: 8, at: co64 + 12, in: &cr3)
            // The CR3 keeps its metadata; the RAF names a JPEG past its end: cut, so broken by RAFReader.
            let cutCR3 = try exercise("past.cr3", cr3)
            #expect(cutCR3.read && !cutCR3.previewed)
            #expect(try exercise("past.raf", raf) == (read: false, previewed: false))
        }

        /// 100,000 IFDs chained one after the other, the last pointing back at the first: read as a
        /// NEF (Cull's TIFF reader) and as an IIQ (LibRaw), each ends after the few IFDs it looks at.
        @Test(.timeLimit(.minutes(2)))
        func aLoopOf100000IFDsEnds() throws {
            let count = 100_000
            var bytes: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
            func le(_ value: Int, _ width: Int) -> [UInt8] { (0 ..< width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
            for index in 0 ..< count {
                let next = index == count - 1 ? 8 : 8 + 18 * (index + 1)
                // One entry each (Orientation, a SHORT held in the entry): 18 bytes an IFD.
                bytes += le(1, 2) + le(0x0112, 2) + le(3, 2) + le(1, 4) + le(1, 4) + le(next, 4)
            }
            for name in ["loop.nef", "loop.iiq", "loop.pef"] {
                _ = try exercise(name, bytes)
            }
        }
    }
}

import Foundation
import Testing
@testable import CullKit

extension MetadataTests {
    /// Cull's own RAW readers cut at every length (CONTRIBUTING, "Adding a metadata reader"): each
    /// length gives exactly what the bytes before the cut hold, and damage named with its place; only
    /// the whole file reads without damage.
    @Suite struct RawTruncationTests {
        let folder = FixtureFolder()

        func reading(_ bytes: [UInt8], _ name: String) -> MetadataReading {
            MetadataReaders.reading(path: folder.write(bytes, name: name))
        }

        /// The problems a RAW-named file too short for any header gives.
        static func tooShort(_ length: Int) -> MetadataError {
            length == 0 ? .incomplete("the file is empty")
                : .incomplete("the file ends at byte \(length), too short for the header of any RAW format")
        }

        @Test(.timeLimit(.minutes(5)))
        func aCR3CutAtEveryLength() throws {
            let fixture = CR3Fixture()
            let (whole, parts) = fixture.build()
            let (cmt1, cmt2, cmt4, xmp) = (try #require(parts["CMT1"]), try #require(parts["CMT2"]), try #require(parts["CMT4"]),
                                            try #require(parts["xmp"]))
            let (moov, prvw, mdat) = (try #require(parts["moov"]), try #require(parts["prvw"]), try #require(parts["mdat"]))
            let original = try #require(DateParsing.exif(Array(fixture.dateTimeOriginal.utf8)))
            let modified = try #require(DateParsing.exif(Array(fixture.modified.utf8)))
            var counts = (damaged: 0, dated: 0)
            for length in 0 ..< whole.count {
                let read = reading(Array(whole.prefix(length)), "cut.cr3")
                let m = read.metadata
                let problem = try #require(read.problem, "\(length): a cut file reads whole")
                #expect(problem.isDamage, "\(length): \(problem)")
                counts.damaged += 1
                switch length {
                case 0 ..< 12:
                    // Until its brand is there, the file is no CR3 by its bytes, and too short for any RAW.
                    #expect(problem == Self.tooShort(length), "\(length): \(problem)")
                case 12 ..< 24:
                    #expect(problem == .incomplete("the 'ftyp' box at byte 0 ends at byte 24, past the end of the file (\(length) bytes)"))
                case 24:
                    #expect(problem == .malformed("no 'moov' box, where a CR3 keeps its metadata", offset: 0), "\(problem)")
                case 25 ..< 32:
                    #expect(problem == .incomplete("the file ends at byte \(length), inside the header of a box at byte 24"), "\(problem)")
                default:
                    #expect(m.format == .cr3, "\(length)")
                    for (name, range) in [("CMT1", cmt1), ("CMT2", cmt2), ("CMT4", cmt4), ("mdat", mdat)] where range.contains(length)
                        && length >= range.lowerBound + 8 {
                        #expect(problem == .incomplete("the '\(name)' box at byte \(range.lowerBound) ends at byte \(range.upperBound), "
                                                       + "past the end of the file (\(length) bytes)"), "\(length): \(problem)")
                    }
                    // A cut at a boundary after moov: CTBO still places the boxes that are gone.
                    for (at, box) in [(moov.upperBound, xmp), (prvw.upperBound, mdat)] where length == at {
                        #expect(problem == .incomplete("CTBO places a box at byte \(box.lowerBound), ending at byte \(box.upperBound), "
                                                       + "past the end of the file (\(length) bytes)"), "\(length): \(problem)")
                    }
                }
                // What the bytes before the cut hold, and nothing else.
                #expect((m.make == "Canon") == (length >= cmt1.upperBound), "\(length): make \(m.make ?? "-")")
                #expect(m.exifDate?.local == (length >= cmt2.upperBound ? original : length >= cmt1.upperBound ? modified : nil)?.local,
                        "\(length)")
                #expect((m.exifDate?.offsetMinutes == 120) == (length >= cmt2.upperBound), "\(length): the Exif IFD's offset")
                #expect((m.lens != nil) == (length >= cmt2.upperBound), "\(length)")
                #expect((m.latitude != nil) == (length >= cmt4.upperBound), "\(length)")
                #expect((m.rating == 3) == (length >= xmp.upperBound), "\(length)")
                if m.exifDate != nil { counts.dated += 1 }
            }
            #expect(reading(whole, "whole.cr3").problem == nil)
            #expect(counts.damaged == whole.count && counts.dated == whole.count - cmt1.upperBound)
        }

        @Test(.timeLimit(.minutes(5)))
        func anX3FCutAtEveryLength() throws {
            let (whole, directory) = X3FFixture().build()
            for length in 0 ..< whole.count {
                let read = reading(Array(whole.prefix(length)), "cut.x3f")
                let problem = try #require(read.problem, "\(length): a cut file reads whole")
                #expect(problem.isDamage, "\(length): \(problem)")
                switch length {
                case 0 ..< 4:
                    #expect(problem == Self.tooShort(length))
                case 4 ..< 40:
                    // The header's size and rotation are not all there.
                    guard case .truncated = problem else { Issue.record("\(length): \(problem)"); continue }
                    #expect(read.metadata == MediaMetadata(), "\(length)")
                default:
                    // The header stands; the directory, which the last 4 bytes of a whole file locate, is gone.
                    let m = read.metadata
                    #expect(m.format == .x3f && m.width == 2640 && m.height == 1760 && m.orientation == 8, "\(length): \(m)")
                    #expect(m.make == nil && m.exifDate == nil, "\(length): \(m)")
                    #expect(problem.description.contains("section directory"), "\(length): \(problem)")
                }
            }
            let m = reading(whole, "whole.x3f").metadata
            #expect(reading(whole, "whole.x3f").problem == nil && m.make == "SIGMA" && directory < whole.count)
        }

        @Test func aContaxRawCutAtEveryLength() throws {
            let whole = KyoceraFixture().build()
            let date = try #require(DateParsing.exif(Array("2002:11:29 16:41:07".utf8)))
            for length in 0 ... 160 {
                let read = reading(Array(whole.prefix(length)), "cut.raw")
                guard length >= 32 else {
                    // Before Kyocera's mark ends, nothing says what the file is (the walk never takes it).
                    #expect(read.problem == .unrecognized, "\(length): \(read)")
                    continue
                }
                let m = read.metadata
                #expect(m.format == .kyocera && m.make == "KYOCERA" && m.model == "N DIGITAL", "\(length): \(m)")
                #expect(m.exifDate == (length >= 0x35 ? date : nil), "\(length)")
                #expect((m.lens != nil) == (length >= 156), "\(length)")
                #expect(read.problem == (length >= 156 ? nil
                    : .incomplete("the Kyocera header ends at byte 156, past the end of the file (\(length) bytes)")), "\(length)")
            }
        }

        @Test(.timeLimit(.minutes(5)))
        func aRAFCutAtEveryLength() throws {
            let (whole, parts) = RAFFixture().build()
            let (jpeg, cfaHeader, cfa) = (try #require(parts["jpeg"]), try #require(parts["cfaHeader"]), try #require(parts["cfa"]))
            for length in 0 ..< whole.count {
                let read = reading(Array(whole.prefix(length)), "cut.raf")
                let problem = try #require(read.problem, "\(length): a cut file reads whole")
                #expect(problem.isDamage, "\(length): \(problem)")
                switch length {
                case 0 ..< 15:
                    #expect(problem == Self.tooShort(length))
                case 15 ..< 108:
                    guard case .truncated = problem else { Issue.record("\(length): \(problem)"); continue }
                default:
                    let cut = [("embedded JPEG", jpeg), ("CFA header", cfaHeader), ("CFA data", cfa)].first { $0.1.upperBound > length }
                    let (name, range) = try #require(cut)
                    #expect(problem == .incomplete("the RAF's \(name) at byte \(range.lowerBound) ends at byte \(range.upperBound), "
                                                   + "past the end of the file (\(length) bytes)"), "\(length): \(problem)")
                    // The camera JPEG's EXIF is read when the file holds it.
                    let m = read.metadata
                    #expect(m.format == .raf && m.width == nil, "\(length)")
                    if length >= jpeg.upperBound { #expect(m.make == "FUJIFILM" && m.model == "X-T5" && m.exifDate != nil, "\(length)") }
                    if length < jpeg.lowerBound + 4 { #expect(m.make == nil, "\(length)") }
                }
            }
            // Whole: no damage; LibRaw declines this fixture or reads it, and Cull's reading stays either way.
            let read = reading(whole, "whole.raf")
            #expect(read.problem.map { !$0.isDamage } ?? true, "\(read)")
            #expect(read.metadata.make == "FUJIFILM" && read.metadata.exifDate != nil)
        }
    }
}

extension MetadataTests {
    /// Mutation fuzz of Cull's own RAW readers (CR3, X3F, the Contax `.raw`, RAF, a ProRAW-like DNG) on
    /// fixtures built here, so it runs without the corpus: every mutant reads or names a problem; a
    /// reading without a problem is a RAW of its format; a reason is one line of printable text (a
    /// hostile box type cannot put a control character into what the index keeps and every output
    /// prints); damage reads as damage, a decoder's refusal as a refusal.
    @Suite struct RawReaderFuzzTests {
        let folder = FixtureFolder()

        static func seeds() -> [(name: String, bytes: [UInt8])] {
            var declined = CR3Fixture()
            declined.compressionVersion = 0x300
            return [("a.cr3", CR3Fixture().build().bytes), ("b.cr3", declined.build().bytes), ("c.x3f", X3FFixture().build().bytes),
                    ("d.raw", KyoceraFixture().build()), ("e.raf", RAFFixture().build().bytes), ("f.dng", RawDamageTests.proRAW())]
        }

        @Test(.timeLimit(.minutes(10)))
        func mutantsReadOrNameTheirProblem() throws {
            var random = SplitMix64(state: 0xC3_5EED)
            var outcomes = (whole: 0, damaged: 0, declined: 0, unreadable: 0)
            let seeds = Self.seeds()
            for index in 0 ..< 1800 {
                let (name, bytes) = seeds[index % seeds.count]
                let read = MetadataReaders.reading(path: folder.write(MetadataTests.ReaderFuzzTests.mutate(bytes, &random), name: name))
                guard let problem = read.problem else {
                    outcomes.whole += 1
                    // A mutated magic may make another format of it (a CR3 with neither brand left is an MP4).
                    #expect(read.metadata.format != nil, "\(name) #\(index): \(read.metadata)")
                    continue
                }
                let text = problem.description
                #expect(!text.isEmpty && !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F ... 0x9F).contains($0.value) },
                        "\(name) #\(index): \(text.debugDescription)")
                switch problem {
                case .declined:
                    outcomes.declined += 1
                    #expect(text.hasPrefix("LibRaw 0.") && text.contains(" declines this "), "\(text)")
                case .io:
                    outcomes.unreadable += 1
                default:
                    outcomes.damaged += 1
                    #expect(text.hasPrefix("truncated: ") || text.hasPrefix("malformed at offset ") || problem == .unrecognized, "\(text)")
                }
            }
            print("Own RAW readers' mutants: \(outcomes)")
            #expect(outcomes.whole > 0 && outcomes.damaged > 0 && outcomes.declined > 0 && outcomes.unreadable == 0)
        }
    }
}

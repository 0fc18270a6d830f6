import Foundation
import Testing
@testable import CullKit

extension MetadataTests {
    /// The cameras' own date records (``MakerRecords``, ``ReconyxMakerNote``) on bytes built here,
    /// laid out as ExifTool documents them; every cut and every mutation reads or throws, never traps.
    @Suite struct MakerRecordTests {
        /// 1998-10-29 22:06:59 as the camera's clock counted it.
        static let olympusSeconds: Int64 = 909_698_819
        static func date(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int) -> CaptureDate {
            CaptureDate(local: Int64(CivilDate.days(year: y, month: mo, day: d)) * 86400 + Int64(h * 3600 + mi * 60 + s))
        }

        static let pictureInfo = Array("OLYMPUS OPTICAL CO.,LTD.   \0 713\r\n[picture info]\r\nTimeDate=909698819\r\nShutter=33363\r\n".utf8)

        static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        static func be32(_ v: Int) -> [UInt8] { le32(v).reversed() }

        /// A CIFF heap: its records' data, a table of `(tag, size, offset)`, the table's offset last.
        static func heap(_ data: [UInt8], _ records: [(Int, Int, Int)], bigEndian: Bool) -> [UInt8] {
            let u16 = { (v: Int) in bigEndian ? le16(v).reversed() : le16(v) }
            let u32 = { (v: Int) in bigEndian ? be32(v) : le32(v) }
            var table = u16(records.count)
            for (tag, size, offset) in records { table += u16(tag) + u32(size) + u32(offset) }
            return data + table + u32(data.count)
        }

        /// APP0's CIFF: the header ("II", its length, "HEAPJPGM", padding to 26 bytes), then a heap
        /// whose ImageProps sub-heap (0x300A) holds the TimeStamp (0x180E), as a CRW nests it.
        static func ciff(seconds: Int, bigEndian: Bool) -> [UInt8] {
            let u32 = { (v: Int) in bigEndian ? be32(v) : le32(v) }
            let timeStamp = u32(seconds) + u32(0) + u32(0)
            let inner = heap(timeStamp, [(0x180E, 12, 0)], bigEndian: bigEndian)
            let outer = heap(inner, [(0x300A, inner.count, 0)], bigEndian: bigEndian)
            let header = Array((bigEndian ? "MM" : "II").utf8) + u32(26) + Array("HEAPJPGM".utf8)
            return header + [UInt8](repeating: 0, count: 26 - header.count) + outer
        }

        static func qvci(_ text: String) -> [UInt8] {
            var payload = Array("QVCI\0".utf8) + [UInt8](repeating: 0x20, count: 0x4D - 5)
            payload += Array(text.utf8) + [UInt8](repeating: 0, count: 20 - text.utf8.count)
            return payload + [UInt8](repeating: 0, count: 0x85 - payload.count)
        }

        /// A JPEG holding `segments` before its frame and scan.
        static func jpeg(_ segments: [UInt8]) -> [UInt8] {
            [0xFF, 0xD8] + JPEGBuilder.segment(0xE0, Array("JFIF\0\u{1}\u{2}\0\0\u{1}\0\u{1}\0\0".utf8)) + segments
                + JPEGBuilder.sof0(width: 8, height: 8) + JPEGBuilder.sos
        }

        @Test func pictureInfoTimeDateIsTheCamerasClock() {
            #expect(MakerRecords.pictureInfo(Self.pictureInfo[...]) == CaptureDate(local: Self.olympusSeconds))
            #expect(MakerRecords.pictureInfo(Self.pictureInfo[...]) == Self.date(1998, 10, 29, 22, 6, 59))
            // Olympus's TextualInfo style: spaces between entries; a date as text.
            #expect(MakerRecords.pictureInfo(Array("[picture info] TimeDate=1998:10:29 22:06:59 Flash=1".utf8)[...])
                == Self.date(1998, 10, 29, 22, 6, 59))
            // Another key that ends in TimeDate, a zero clock, Photoshop's Ducky: no date.
            #expect(MakerRecords.pictureInfo(Array("XTimeDate=909698819\r\n".utf8)[...]) == nil)
            #expect(MakerRecords.pictureInfo(Array("[picture info]\r\nTimeDate=0\r\n".utf8)[...]) == nil)
            #expect(MakerRecords.pictureInfo(Array("Ducky TimeDate=909698819".utf8)[...]) == nil)
        }

        @Test func ciffTimeStampInASubHeapEitherByteOrder() {
            #expect(MakerRecords.ciff(Self.ciff(seconds: 972_687_386, bigEndian: false)[...]) == Self.date(2000, 10, 27, 22, 56, 26))
            #expect(MakerRecords.ciff(Self.ciff(seconds: 972_687_386, bigEndian: true)[...]) == Self.date(2000, 10, 27, 22, 56, 26))
            // A heap whose table offset points past it, or a record past the heap: no date, no trap.
            var bad = Self.ciff(seconds: 972_687_386, bigEndian: false)
            bad.replaceSubrange(bad.count - 4 ..< bad.count, with: Self.le32(0xFFFF_FFF0))
            #expect(MakerRecords.ciff(bad[...]) == nil)
            #expect(MakerRecords.ciff(Array("II\u{1A}\0\0\0HEAPCCDR".utf8)[...]) == nil) // a CRW's header, not JPEG's CIFF
        }

        @Test func ciffHeapsThatPointAtThemselvesEnd() {
            // A sub-heap record that is the whole heap again: the depth bound stops it.
            var data = [UInt8](repeating: 0, count: 16)
            data += Self.le16(1) + Self.le16(0x300A) + Self.le32(32) + Self.le32(0)
            let loop = data + Self.le32(16)
            #expect(loop.count == 32)
            var payload = Array("II".utf8) + Self.le32(26) + Array("HEAPJPGM".utf8)
            payload += [UInt8](repeating: 0, count: 26 - payload.count) + loop
            #expect(MakerRecords.ciff(payload[...]) == nil)
            // The same loop with a TimeStamp after it: found, once the loop's depth is spent.
            var found = [UInt8](repeating: 0, count: 4) + Self.le32(972_687_386) + [UInt8](repeating: 0, count: 8)
            found += Self.le16(2) + Self.le16(0x300A) + Self.le32(42) + Self.le32(0) + Self.le16(0x180E) + Self.le32(12) + Self.le32(4)
            found += Self.le32(16)
            #expect(found.count == 42)
            var second = Array("II".utf8) + Self.le32(26) + Array("HEAPJPGM".utf8)
            second += [UInt8](repeating: 0, count: 26 - second.count) + found
            #expect(MakerRecords.ciff(second[...]) == Self.date(2000, 10, 27, 22, 56, 26))
        }

        @Test func qvciDateAsText() {
            #expect(MakerRecords.qvci(Self.qvci("2002.04.19 10:47:52")[...]) == Self.date(2002, 4, 19, 10, 47, 52))
            #expect(MakerRecords.qvci(Self.qvci("2002.04.19.10.47.52")[...]) == Self.date(2002, 4, 19, 10, 47, 52))
            #expect(MakerRecords.qvci(Self.qvci("2002.13.19 10:47:52")[...]) == nil)
            #expect(MakerRecords.qvci(Self.qvci("")[...]) == nil)
            #expect(MakerRecords.qvci(Array(Self.qvci("2002.04.19 10:47:52").prefix(0x4D + 19))[...]) == nil)
        }

        @Test func reconyxLayouts() {
            // Hyperfire: second, minute, hour, month, day, year as u16 at byte 22.
            var hyperfire: [UInt8] = [0x01, 0xF1, 0x03, 0x00] + [UInt8](repeating: 0, count: 18)
            hyperfire += [0, 0, 10, 3, 16, 2020].flatMap(Self.le16) + [UInt8](repeating: 0, count: 40)
            #expect(ReconyxMakerNote.date(hyperfire[...], make: nil) == Self.date(2020, 3, 16, 10, 0, 0))
            // Written big-endian by some firmware.
            var swapped = hyperfire
            let big = [5, 0, 10, 3, 16, 2020].flatMap { Array(Self.le16($0).reversed()) }
            swapped.replaceSubrange(22 ..< 34, with: big)
            #expect(ReconyxMakerNote.date(swapped[...], make: nil) == Self.date(2020, 3, 16, 10, 0, 5))
            // Without a version after 01 F1 it is Reconyx's only when the camera says so.
            var unversioned = hyperfire
            unversioned[2] = 0
            #expect(ReconyxMakerNote.date(unversioned[...], make: nil) == nil)
            #expect(ReconyxMakerNote.date(unversioned[...], make: "RECONYX") == Self.date(2020, 3, 16, 10, 0, 0))

            var ultraFire = Array("RECONYXUF\0".utf8) + [UInt8](repeating: 0, count: 0x3B - 10)
            ultraFire += [30, 15, 8, 24, 12, 0xE3, 0x07] + [UInt8](repeating: 0, count: 8)
            #expect(ReconyxMakerNote.date(ultraFire[...], make: nil) == Self.date(2019, 12, 24, 8, 15, 30))

            var hf2 = Array("RECONYXH2\0".utf8) + [UInt8](repeating: 0, count: 0x3E - 10)
            hf2 += [1, 2, 3, 4, 5, 2021].flatMap(Self.le16)
            #expect(ReconyxMakerNote.date(hf2[...], make: nil) == Self.date(2021, 5, 4, 3, 2, 1))
            // Every shorter note: no date, no trap.
            for notes in [hyperfire, ultraFire, hf2] {
                let full = ReconyxMakerNote.date(notes[...], make: nil)
                for length in 0 ..< notes.count {
                    let cut = ReconyxMakerNote.date(notes.prefix(length), make: nil)
                    #expect(cut == nil || cut == full, "length \(length)")
                }
            }
        }

        /// Through the JPEG reader: each record's date lands in `makerDate`, cut anywhere the
        /// reader answers what the bytes before the cut hold: the date once its segment is whole.
        @Test func jpegSegmentsTruncatedAtEveryLength() throws {
            let cases: [(name: String, segment: [UInt8], date: CaptureDate)] = [
                ("PictureInfo", JPEGBuilder.segment(0xEC, Self.pictureInfo), Self.date(1998, 10, 29, 22, 6, 59)),
                ("CIFF", JPEGBuilder.segment(0xE0, Self.ciff(seconds: 972_687_386, bigEndian: false)), Self.date(2000, 10, 27, 22, 56, 26)),
                ("QVCI", JPEGBuilder.segment(0xE1, Self.qvci("2002.04.19 10:47:52")), Self.date(2002, 4, 19, 10, 47, 52)),
            ]
            for (name, segment, date) in cases {
                let bytes = Self.jpeg(segment)
                let file = try TempFile(bytes, suffix: ".jpg")
                defer { file.remove() }
                #expect(try MetadataReaders.read(path: file.path).makerDate == date, "\(name)")
                let segmentEnd = 2 + 18 + segment.count
                for length in 0 ..< bytes.count {
                    try Data(bytes.prefix(length)).write(to: URL(fileURLWithPath: file.path))
                    // A cut file is damaged; what it read before the cut stays beside the damage.
                    let reading = MetadataReaders.reading(path: file.path)
                    #expect(reading.problem != nil, "\(name) cut at \(length)")
                    #expect(reading.metadata.makerDate == (length >= segmentEnd ? date : nil), "\(name) cut at \(length)")
                }
            }
        }

        /// Random byte changes to each record's JPEG and to the bare records: read or throw, within the run's time.
        @Test(.timeLimit(.minutes(2)))
        func mutantsNeverCrashOrHang() throws {
            let records = [JPEGBuilder.segment(0xEC, Self.pictureInfo), JPEGBuilder.segment(0xE0, Self.ciff(seconds: 972_687_386, bigEndian: true)),
                           JPEGBuilder.segment(0xE1, Self.qvci("2002.04.19 10:47:52"))]
            var random = SplitMix64(state: 0x0CA5_10F1)
            let file = try TempFile([], suffix: ".jpg")
            defer { file.remove() }
            var outcomes = (read: 0, threw: 0)
            for index in 0 ..< 1500 {
                let mutant = ReaderFuzzTests.mutate(Self.jpeg(records[index % records.count]), &random)
                try Data(mutant).write(to: URL(fileURLWithPath: file.path))
                do {
                    _ = try MetadataReaders.read(path: file.path)
                    outcomes.read += 1
                } catch {
                    outcomes.threw += 1
                }
                let payload = mutant.dropFirst(min(mutant.count, 24))
                _ = (MakerRecords.ciff(payload), MakerRecords.pictureInfo(payload), MakerRecords.qvci(payload),
                     ReconyxMakerNote.date(payload, make: "RECONYX"))
            }
            #expect(outcomes.read + outcomes.threw == 1500)
            #expect(outcomes.read > 0)
        }
    }
}

extension TakenPrecedenceTests {
    /// Photo Mechanic writes the day in XMP `photoshop:DateCreated` and the time only in IPTC: the
    /// day-only XMP date gives way to IPTC's time that same day, not to another day's.
    @Test func aDayOnlyXMPDateTakesIPTCsTimeOfThatDay() {
        func taken(xmpDay: Bool, iptc: CaptureDate?, maker: CaptureDate? = nil) -> AssetRecord {
            var metadata = MediaMetadata()
            metadata.xmpDate = MetadataTests.MakerRecordTests.date(2006, 10, 29, 0, 0, 0)
            metadata.xmpDateIsDay = xmpDay
            metadata.iptcDate = iptc
            metadata.makerDate = maker
            let file = FoundFile(relativePath: Array("a.jpg".utf8), folderLength: 0,
                                 identity: FileIdentity(device: 0, inode: 0, size: 0, mtimeNs: 0, ctimeNs: 0), sidecars: [])
            var record = AssetRecord(file: file, metadata: metadata)
            record.resolveTaken(sidecarDate: nil)
            return record
        }
        var time = MetadataTests.MakerRecordTests.date(2006, 10, 29, 6, 27, 51)
        time.offsetMinutes = -300
        #expect(taken(xmpDay: true, iptc: time).taken == time)
        #expect(taken(xmpDay: true, iptc: time).takenSource == .iptc)
        #expect(taken(xmpDay: false, iptc: time).takenSource == .xmp) // midnight written out is a time
        let nextDay = MetadataTests.MakerRecordTests.date(2006, 10, 30, 6, 27, 51)
        #expect(taken(xmpDay: true, iptc: nextDay).takenSource == .xmp)
        #expect(taken(xmpDay: true, iptc: nil, maker: time).takenSource == .maker)
    }
}

import Testing

@testable import CullKit

extension MetadataTests {
    @Suite struct TIFFReaderTests {
        @Test(arguments: [false, true])
        func readsCameraExif(bigEndian: Bool) throws {
            let m = try TIFFReader.parseExif(TIFFBuilder.cameraExif(bigEndian: bigEndian)[...], base: 0)
            #expect(m.make == "Canon")
            #expect(m.model == "EOS 5D Mark IV")
            #expect(m.software == "Firmware 1.2")
            #expect(m.orientation == 6)
            #expect(m.displayWidth == 3000)
            // 2021-06-15 is day 18793 since 1970.
            #expect(m.exifDate == CaptureDate(local: 18793 * 86400 + 14 * 3600 + 30 * 60 + 5, offsetMinutes: 120))
            #expect(m.width == 4000)
            #expect(m.height == 3000)
            #expect(m.lens == "EF24-70mm f/2.8L II USM")
            #expect(m.userComment == "Screenshot")
            #expect(abs((m.latitude ?? 0) - 48.85675) < 1e-9)
            #expect(abs((m.longitude ?? 0) + 2.35) < 1e-9)
        }

        @Test func fallsBackToDateTimeAndIFD0Size() throws {
            var b = TIFFBuilder(bigEndian: true)
            b.ifds = [[b.ascii(0x0132, "2001:02:03 04:05:06\0junk"), b.long(0x0100, 640), b.short(0x0101, 480)]]
            let m = try TIFFReader.parseExif(b.build()[...], base: 0)
            #expect(m.exifDate == CaptureDate(local: 981_173_106))
            #expect(m.width == 640)
            #expect(m.height == 480)
        }

        @Test func rejectsBlankAndZeroDatesAndBlankStrings() throws {
            var b = TIFFBuilder()
            b.ifds = [[b.ascii(0x0132, "0000:00:00 00:00:00"), b.ascii(0x010F, "   "),
                       Entry(tag: 0x0110, type: 2, count: 0, value: []), b.pointer(0x8769, to: 1)],
                      [b.ascii(0x9003, "    :  :     :  :  ")]]
            let m = try TIFFReader.parseExif(b.build()[...], base: 0)
            #expect(m.exifDate == nil)
            #expect(m.make == nil)
            #expect(m.model == nil)
        }

        @Test(arguments: [false, true])
        func decodesUnicodeUserComment(bigEndian: Bool) throws {
            var b = TIFFBuilder(bigEndian: bigEndian)
            let utf16 = Array("Zoë".utf16).flatMap { b.u16($0) }
            b.ifds = [[b.pointer(0x8769, to: 1)], [b.undefined(0x9286, Array("UNICODE\0".utf8) + utf16)]]
            #expect(try TIFFReader.parseExif(b.build()[...], base: 0).userComment == "Zoë")
        }

        @Test func readsAppleContentIdentifier() throws {
            // MakerNote: "Apple iOS\0", version 1, "MM", then an IFD at 14 whose offsets count from the note.
            let id = Array("6F1F6C3A-1B2C-4D5E-8F90-ABCDEF012345\0".utf8)
            var note: [UInt8] = Array("Apple iOS\0".utf8) + [0, 1] + Array("MM".utf8)
            note += [0, 1, 0x00, 0x11, 0, 2, 0, 0, 0, UInt8(id.count), 0, 0, 0, 32, 0, 0, 0, 0]
            note += id
            var b = TIFFBuilder(bigEndian: false)
            b.ifds = [[b.ascii(0x010F, "Apple"), b.pointer(0x8769, to: 1)], [b.undefined(0x927C, note)]]
            let m = try TIFFReader.parseExif(b.build()[...], base: 0)
            #expect(m.liveID == "6F1F6C3A-1B2C-4D5E-8F90-ABCDEF012345")
        }

        @Test func survivesIFDLoops() throws {
            var b = TIFFBuilder()
            // The Exif and GPS pointers lead back to IFD0, and IFD0's next link points to itself.
            b.ifds = [[b.ascii(0x010F, "Loop"), b.pointer(0x8769, to: 0), b.pointer(0x8825, to: 1)],
                      [b.pointer(0x8825, to: 0), b.pointer(0x8769, to: 1)]]
            b.next = [0: 0, 1: 1]
            let m = try TIFFReader.parseExif(b.build()[...], base: 0)
            #expect(m.make == "Loop")
        }

        @Test func skipsAbsurdCountsAndOutOfRangeValues() throws {
            var b = TIFFBuilder()
            b.ifds = [[b.ascii(0x0110, "Model"),
                       Entry(tag: 0x010F, type: 2, count: 100, value: [], rawOffset: 0xFFFF_FFF0),
                       Entry(tag: 0x0131, type: 2, count: 0xFFFF_FFFF, value: [], rawOffset: 8),
                       Entry(tag: 0x0112, type: 5, count: 1, value: [], rawOffset: 0x7FFF_FFFF),
                       b.pointer(0x8769, to: 1)],
                      [b.ascii(0x9003, "2020:01:01 00:00:00")]]
            var bytes = b.build()
            // Give the Exif IFD an absurd entry count: it is skipped, IFD0 still counts.
            let exifOffset = 8 + 2 + 12 * 5 + 4
            bytes[exifOffset] = 0xFF
            bytes[exifOffset + 1] = 0xFF
            let m = try TIFFReader.parseExif(bytes[...], base: 0)
            #expect(m.model == "Model")
            #expect(m.make == nil)
            #expect(m.software == nil)
            #expect(m.orientation == nil)
            #expect(m.exifDate == nil)
        }

        @Test func acceptsShortOrLongDimensionsAndRejectsWrongTypes() throws {
            var b = TIFFBuilder()
            b.ifds = [[b.pointer(0x8769, to: 1)], [b.long(0xA002, 70000), b.ascii(0xA003, "12")]]
            let m = try TIFFReader.parseExif(b.build()[...], base: 0)
            #expect(m.width == nil) // height is ASCII: no pair, no size
            b.ifds[1] = [b.long(0xA002, 70000), b.short(0xA003, 500)]
            let n = try TIFFReader.parseExif(b.build()[...], base: 0)
            #expect(n.width == 70000)
            #expect(n.height == 500)
        }

        @Test func brokenHeaderThrows() {
            #expect(throws: MetadataError.self) { try TIFFReader.parseExif([][...], base: 0) }
            #expect(throws: MetadataError.self) { try TIFFReader.parseExif(Array("XX*\0\u{8}\0\0\0".utf8)[...], base: 0) }
            #expect(throws: MetadataError.self) { try TIFFReader.parseExif(Array("II*\0\u{FF}\0\0\0".utf8)[...], base: 0) }
        }

        /// Cut at every length: each field read is the whole block's, and once read stays read.
        @Test func cutAtEveryLengthGivesWhatTheBytesHold() throws {
            let full = TIFFBuilder.cameraExif()
            let whole = CutAtEveryLength.fields(try TIFFReader.parseExif(full[...], base: 100))
            let wholeDate = try TIFFReader.parseExif(full[...], base: 100).exifDate
            #expect(whole["make"] == "Canon" && wholeDate == CaptureDate(local: 1_623_767_405, offsetMinutes: 120))
            var seen: Set<String> = []
            for length in 0 ..< full.count {
                let fields = (try? TIFFReader.parseExif(full.prefix(length), base: 100)).map(CutAtEveryLength.fields) ?? [:]
                // The date is IFD0's DateTime until the Exif IFD's DateTimeOriginal is read, its offset once OffsetTimeOriginal is.
                for (name, value) in fields where name != "exifDate" { #expect(value == whole[name], "cut at \(length): \(name)") }
                let date = (try? TIFFReader.parseExif(full.prefix(length), base: 100))?.exifDate
                let known = date.map { [wholeDate?.local, 1_623_834_000].contains($0.local) && ($0.offsetMinutes == nil || $0 == wholeDate) }
                #expect(known ?? true, "cut at \(length): \(date.map { "\($0)" } ?? "")")
                #expect(seen.isSubset(of: fields.keys), "cut at \(length): \(seen.subtracting(fields.keys)) gone")
                seen.formUnion(fields.keys)
                if length < 8 { #expect(fields.isEmpty, "cut at \(length): no TIFF header yet") }
            }
            #expect(seen.contains("make") && seen.contains("model"), "a cut past IFD0 keeps the camera: \(seen)")
            // A slice that does not start at index 0 must parse the same.
            let padded = [0, 0, 0] + full
            #expect((try? TIFFReader.parseExif(padded[3...], base: 3))?.make == "Canon")
        }

        @Test func parsesDates() {
            #expect(DateParsing.exif("1970:01:01 00:00:00".utf8) == CaptureDate(local: 0))
            #expect(DateParsing.exif("2000:03:01 00:00:00\0\0".utf8) == CaptureDate(local: 951_868_800))
            #expect(DateParsing.exif("2000:13:01 00:00:00".utf8) == nil)
            #expect(DateParsing.exif("".utf8) == nil)
            #expect(DateParsing.iso8601("2021-06-15T14:30:05.123-05:30".utf8)
                == CaptureDate(local: 18793 * 86400 + 52205, offsetMinutes: -330))
            #expect(DateParsing.iso8601("2021-06-15".utf8) == CaptureDate(local: 18793 * 86400))
            #expect(DateParsing.iso8601("2021-06-15T14:30Z".utf8) == CaptureDate(local: 18793 * 86400 + 52200, offsetMinutes: 0))
            #expect(DateParsing.offset("+1:00".utf8) == 60)
            #expect(DateParsing.offset("junk".utf8) == nil)
        }
    }
}

private typealias Entry = TIFFBuilder.Entry

import Foundation
@testable import CullKit

/// A Canon CR3 laid out as the cameras write one (the layout of ExifTool's own `CanonRaw.cr3`): an
/// `ftyp` of brand "crx ", a `moov` holding Canon's `uuid` box (85c0b687-820f-11e0-8111-f4ce462b6a48:
/// CNCV, CTBO, then CMT1 = IFD0, CMT2 = the Exif IFD, CMT3 = the maker note, CMT4 = the GPS IFD, each a
/// TIFF structure of its own, and the THMB thumbnail), `mvhd` and a RAW track whose CRAW sample entry
/// carries the CMP1 compression header; then the XMP `uuid`, the PRVW `uuid` and `mdat`.
///
/// LibRaw 0.20 reads it as a CR3 (it was checked against `cull scan` before Cull read CR3s itself);
/// with ``compressionVersion`` 0x300, a CMP1 version LibRaw 0.20 does not know (a compression newer
/// than the installed LibRaw), it declines the intact file as "Unsupported file format".
struct CR3Fixture {
    var make = "Canon"
    var model = "Canon EOS R5"
    var width = 8192
    var height = 5464
    var orientation = 6
    /// IFD0's DateTime (ExifTool's ModifyDate): what a CR3 whose Exif box is lost still dates by.
    var modified = "2023:07:14 10:00:00"
    var dateTimeOriginal = "2023:07:14 09:41:27"
    var subsecond = "58"
    var offset = "+02:00"
    var lens = "RF24-105mm F4 L IS USM"
    var rating: Int? = 3
    /// The CMP1 header's version: 0x100 and 0x200 are the ones LibRaw 0.20 reads.
    var compressionVersion = 0x100
    /// The JPEG of the PRVW box (and of THMB): a hand-made one unless a test needs real pixels.
    var preview: [UInt8] = Fixtures.jpeg(width: 160, height: 120)
    var sensorData = [UInt8](repeating: 0x11, count: 4096)

    static let canonUUID: [UInt8] = [0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0, 0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48]
    static let xmpUUID: [UInt8] = [0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC]
    static let previewUUID: [UInt8] = [0xEA, 0xF4, 0x2B, 0x5E, 0x1C, 0x98, 0x4B, 0x88, 0xB9, 0xFB, 0xB7, 0xDC, 0x40, 0x6E, 0x4D, 0x16]

    /// The file, and where each box of it lies (`name` → its byte range): "ftyp", "moov", "uuid",
    /// "CMT1" … "CMT4", "xmp", "prvw", "mdat".
    func build() -> (bytes: [UInt8], parts: [String: Range<Int>]) {
        let ftyp = Bytes.box("ftyp", Bytes.utf8("crx ") + Bytes.be32(1) + Bytes.utf8("crx isom"))
        let xmp = Bytes.box("uuid", Self.xmpUUID + Bytes.utf8(xmpPacket))
        let prvw = Bytes.box("uuid", Self.previewUUID + Bytes.be64(1)
            + Bytes.box("PRVW", Bytes.be32(0) + Bytes.be16(1) + Bytes.be16(1620) + Bytes.be16(1080) + Bytes.be16(1)
                        + Bytes.be32(preview.count) + preview))
        let mdat = Bytes.box("mdat", sensorData)
        // Two passes: CTBO and the track's chunk offset name where the boxes after `moov` start.
        var moov = self.moov(records: [(0, 0), (0, 0), (0, 0)], sensorAt: 0).bytes
        let xmpAt = ftyp.count + moov.count, prvwAt = xmpAt + xmp.count, mdatAt = prvwAt + prvw.count
        let built = self.moov(records: [(xmpAt, xmp.count), (prvwAt, prvw.count), (mdatAt, mdat.count)], sensorAt: mdatAt + 8)
        moov = built.bytes
        var parts = ["ftyp": 0 ..< ftyp.count, "moov": ftyp.count ..< xmpAt, "xmp": xmpAt ..< prvwAt, "prvw": prvwAt ..< mdatAt,
                     "mdat": mdatAt ..< mdatAt + mdat.count]
        for (name, range) in built.parts { parts[name] = range.lowerBound + ftyp.count ..< range.upperBound + ftyp.count }
        return (ftyp + moov + xmp + prvw + mdat, parts)
    }

    var xmpPacket: String {
        #"<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">"#
            + #"<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" "#
            + #"xmlns:xmp="http://ns.adobe.com/xap/1.0/">"# + (rating.map { "<xmp:Rating>\($0)</xmp:Rating>" } ?? "")
            + #"</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>"#
    }

    /// `moov` (offsets in its parts are relative to its own start).
    private func moov(records: [(offset: Int, size: Int)], sensorAt: Int) -> (bytes: [UInt8], parts: [String: Range<Int>]) {
        var tiff = TIFFBuilder()
        tiff.ifds = [[tiff.short(0x0100, UInt16(width)), tiff.short(0x0101, UInt16(height)), tiff.ascii(0x010F, make),
                      tiff.ascii(0x0110, model), tiff.short(0x0112, UInt16(orientation)), tiff.ascii(0x0131, "Firmware Version 1.8.1"),
                      tiff.ascii(0x0132, modified)]]
        let cmt1 = tiff.build()
        tiff.ifds = [[tiff.ascii(0x9003, dateTimeOriginal), tiff.ascii(0x9004, dateTimeOriginal), tiff.ascii(0x9011, offset),
                      tiff.ascii(0x9291, subsecond), tiff.ascii(0xA434, lens)]]
        let cmt2 = tiff.build()
        tiff.ifds = [[tiff.short(0x0001, 0)]]
        let cmt3 = tiff.build()
        tiff.ifds = [[TIFFBuilder.Entry(tag: 0, type: 1, count: 4, value: [2, 3, 0, 0]), tiff.ascii(1, "N"),
                      tiff.rationals(2, [(48, 1), (51, 1), (2988, 100)]), tiff.ascii(3, "E"), tiff.rationals(4, [(2, 1), (17, 1), (4020, 100)])]]
        let cmt4 = tiff.build()
        let ctbo = Bytes.box("CTBO", Bytes.be32(records.count + 1)
            + records.enumerated().flatMap { Bytes.be32($0.offset + 1) + Bytes.be64($0.element.offset) + Bytes.be64($0.element.size) }
            + Bytes.be32(records.count + 1) + Bytes.be64(0) + Bytes.be64(0))
        let thumbnail = Bytes.box("THMB", Bytes.zeros(4) + Bytes.be16(160) + Bytes.be16(120) + Bytes.be32(preview.count)
            + Bytes.be16(1) + Bytes.be16(0) + preview)
        var canon = Self.canonUUID + Bytes.box("CNCV", Bytes.utf8("CanonCR3_001/00.09.00/00.00.00")) + ctbo
        var parts: [String: Range<Int>] = [:]
        // The uuid box's header (8) and moov's (8) come before its payload.
        for (name, body) in [("CMT1", cmt1), ("CMT2", cmt2), ("CMT3", cmt3), ("CMT4", cmt4)] {
            let box = Bytes.box(name, body)
            parts[name] = 16 + canon.count ..< 16 + canon.count + box.count
            canon += box
        }
        canon += thumbnail
        let uuid = Bytes.box("uuid", canon)
        parts["uuid"] = 8 ..< 8 + uuid.count
        let matrix = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000].flatMap(Bytes.be32)
        let mvhd = Bytes.fullBox("mvhd", Bytes.be32(0) + Bytes.be32(0) + Bytes.be32(1) + Bytes.be32(1) + Bytes.be32(0x10000)
            + Bytes.be16(0x100) + Bytes.zeros(10) + matrix + Bytes.zeros(24) + Bytes.be32(2))
        return (Bytes.box("moov", uuid + mvhd + track(sensorAt: sensorAt)), parts)
    }

    /// The RAW track: its CRAW sample entry with CMP1, and one chunk of ``sensorData`` at `sensorAt`.
    private func track(sensorAt: Int) -> [UInt8] {
        let cmp1 = [0xFF, 0x00, 0x00, 0x30] + Bytes.be16(compressionVersion) + Bytes.be16(0) + Bytes.be32(6288) + Bytes.be32(4056)
            + Bytes.be32(3144) + Bytes.be32(4056) + [0x0E, 0x40, 0, 0] + Bytes.be32(0xD8) + Bytes.zeros(20)
        let craw = Bytes.box("CRAW", Bytes.zeros(6) + Bytes.be16(1) + Bytes.zeros(16) + Bytes.be16(6288) + Bytes.be16(4056)
            + Bytes.be32(0x48_0000) + Bytes.be32(0x48_0000) + Bytes.be32(0) + Bytes.be16(1) + Bytes.zeros(32) + Bytes.be16(0x18)
            + Bytes.be16(0xFFFF) + Bytes.be16(3) + Bytes.be16(0) + Bytes.box("CMP1", cmp1))
        let stbl = Bytes.box("stbl", Bytes.fullBox("stsd", Bytes.be32(1) + craw)
            + Bytes.fullBox("stts", Bytes.be32(1) + Bytes.be32(1) + Bytes.be32(1))
            + Bytes.fullBox("stsc", Bytes.be32(1) + Bytes.be32(1) + Bytes.be32(1) + Bytes.be32(1))
            + Bytes.fullBox("stsz", Bytes.be32(sensorData.count) + Bytes.be32(1))
            + Bytes.fullBox("co64", Bytes.be32(1) + Bytes.be64(sensorAt)))
        let minf = Bytes.box("minf", Bytes.fullBox("vmhd", flags: 1, Bytes.zeros(8))
            + Bytes.box("dinf", Bytes.fullBox("dref", Bytes.be32(1) + Bytes.fullBox("url ", flags: 1, []))) + stbl)
        let mdia = Bytes.box("mdia", Bytes.fullBox("mdhd", Bytes.be32(0) + Bytes.be32(0) + Bytes.be32(1) + Bytes.be32(1) + Bytes.be16(0x55C4)
            + Bytes.be16(0)) + Bytes.fullBox("hdlr", Bytes.be32(0) + Bytes.utf8("vide") + Bytes.zeros(13)) + minf)
        return Bytes.box("trak", Bytes.fullBox("tkhd", flags: 3, Bytes.zeros(80)) + mdia)
    }
}

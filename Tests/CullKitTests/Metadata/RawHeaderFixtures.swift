import Foundation
@testable import CullKit

/// Sigma's X3F as the cameras of FileVersion 2.3 (DP1, DP2) write it, after ExifTool's SigmaRaw.pm and
/// the X3F format notes: the 104-byte header (FOVb, version, id, mark bits, columns, rows, rotation,
/// white balance, scene), the 160-byte extended header, then sections (the JpgFromRaw `IMA2` with its
/// EXIF, `PROP` with the camera's properties in UTF-16, `CAMF`), the `SECd` directory that lists
/// them, and the directory's offset in the last 4 bytes.
struct X3FFixture {
    var columns = 2640
    var rows = 1760
    var rotation = 270
    /// The properties, in order (TIME: seconds since 1970, as ExifTool reads it).
    var properties: [(String, String)] = [("CAMMANUF", "SIGMA"), ("CAMMODEL", "SIGMA DP2"), ("TIME", "1254403233"),
                                          ("LENSMODEL", "2000"), ("ISO", "100")]
    /// The JpgFromRaw (EXIF first, as the cameras write it); nil for an SD9-like file with none.
    var jpgFromRaw: [UInt8]? = Fixtures.jpeg(width: 640, height: 427, make: "SIGMA", model: "SIGMA DP2", date: "2009:10:01 13:20:33")
    var version = 0x0002_0003

    func build() -> (bytes: [UInt8], directory: Int) {
        var bytes = Bytes.utf8("FOVb") + Bytes.le32(version) + Array(0 ..< 16) + Bytes.le32(0)
        if version >> 16 >= 4 {
            // FileVersion 4 (Quattro): columns, rows and rotation at 40, in a 0x300-byte header.
            bytes += Bytes.zeros(12) + Bytes.le32(columns) + Bytes.le32(rows) + Bytes.le32(rotation)
            bytes += Bytes.zeros(0x300 - bytes.count)
        } else {
            bytes += Bytes.le32(columns) + Bytes.le32(rows) + Bytes.le32(rotation)
            bytes += Self.padded("Auto", 32) + Self.padded("Standard", 32) + Bytes.zeros(160)
        }
        var chars: [UInt8] = []
        var index: [UInt8] = []
        var position = 0
        for (name, value) in properties {
            index += Bytes.le32(position)
            chars += Self.utf16(name)
            position += name.utf16.count + 1
            index += Bytes.le32(position)
            chars += Self.utf16(value)
            position += value.utf16.count + 1
        }
        let prop = Bytes.utf8("SECp") + Bytes.le32(0x0002_0000) + Bytes.le32(properties.count) + Bytes.le32(0) + Bytes.le32(0)
            + Bytes.le32(position) + index + chars
        var sections: [(String, [UInt8])] = []
        if let jpgFromRaw {
            sections.append(("IMA2", Bytes.utf8("SECi") + Bytes.le32(0x0002_0000) + Bytes.le32(2) + Bytes.le32(18) + Bytes.le32(640)
                                + Bytes.le32(427) + Bytes.le32(0) + jpgFromRaw))
        }
        sections += [("PROP", prop), ("CAMF", Bytes.utf8("SECc") + Bytes.le32(0x0002_0000) + Bytes.zeros(32))]
        var entries: [UInt8] = []
        for (tag, data) in sections {
            while bytes.count % 4 != 0 { bytes.append(0) }
            entries += Bytes.le32(bytes.count) + Bytes.le32(data.count) + Bytes.utf8(tag)
            bytes += data
        }
        while bytes.count % 4 != 0 { bytes.append(0) }
        let directory = bytes.count
        bytes += Bytes.utf8("SECd") + Bytes.le32(0x0002_0000) + Bytes.le32(sections.count) + entries + Bytes.le32(directory)
        return (bytes, directory)
    }

    static func padded(_ text: String, _ count: Int) -> [UInt8] { Array((Bytes.utf8(text) + Bytes.zeros(count)).prefix(count)) }
    static func utf16(_ text: String) -> [UInt8] { text.utf16.flatMap { Bytes.le16(Int($0)) } + [0, 0] }
}

/// The `.raw` of Kyocera's Contax N Digital, after ExifTool's KyoceraRaw.pm: a 156-byte header of
/// fixed fields, the strings stored back to front ("ARECOYK" at 0x19 is KYOCERA), big-endian
/// numbers, then the sensor data.
struct KyoceraFixture {
    var firmware = "1.00.06"
    var model = "N DIGITAL"
    var date = "2002:11:29 16:41:07"
    var lens = "Carl Zeiss Planar T* 50mm F1.4"
    var sensorData = [UInt8](repeating: 0x33, count: 4000)

    func build() -> [UInt8] {
        var header = Bytes.zeros(156)
        func put(_ text: String, at offset: Int, _ count: Int, reversed: Bool = true) {
            let bytes = Array(((reversed ? Bytes.utf8(String(text.reversed())) : Bytes.utf8(text)) + Bytes.zeros(count)).prefix(count))
            header.replaceSubrange(offset ..< offset + count, with: bytes)
        }
        put(firmware, at: 0x01, 10)
        put(model, at: 0x0C, 12)
        put("KYOCERA", at: 0x19, 7)
        put(date, at: 0x21, 20)
        header.replaceSubrange(0x34 ..< 0x38, with: Bytes.be32(13))
        put(lens, at: 0x7C, 32, reversed: false)
        return header + sensorData
    }
}

/// Fujifilm's RAF as its header lays it out (after ExifTool's FujiFilm.pm and LibRaw): "FUJIFILMCCD-RAW ",
/// format version, camera id and name, then at 84 the offset and length (big-endian) of the camera's
/// JPEG (whose EXIF ExifTool reads), the CFA header and the CFA data, which follow in that order.
struct RAFFixture {
    var jpeg = Fixtures.jpeg(width: 160, height: 120, make: "FUJIFILM", model: "X-T5", date: "2023:05:06 07:08:09")
    var cfaHeader = [UInt8](repeating: 0x21, count: 64)
    var cfa = [UInt8](repeating: 0x44, count: 2048)

    /// The file and its parts ("jpeg", "cfaHeader", "cfa").
    func build() -> (bytes: [UInt8], parts: [String: Range<Int>]) {
        var header = Bytes.utf8("FUJIFILMCCD-RAW ") + Bytes.utf8("0201") + Bytes.utf8("FF129502") + X3FFixture.padded("X-T5", 32)
            + Bytes.utf8("0100") + Bytes.zeros(20)
        let jpegAt = 148, cfaHeaderAt = jpegAt + jpeg.count, cfaAt = cfaHeaderAt + cfaHeader.count
        header += [jpegAt, jpeg.count, cfaHeaderAt, cfaHeader.count, cfaAt, cfa.count].flatMap(Bytes.be32)
        header += Bytes.zeros(jpegAt - header.count)
        return (header + jpeg + cfaHeader + cfa,
                ["jpeg": jpegAt ..< cfaHeaderAt, "cfaHeader": cfaHeaderAt ..< cfaAt, "cfa": cfaAt ..< cfaAt + cfa.count])
    }
}

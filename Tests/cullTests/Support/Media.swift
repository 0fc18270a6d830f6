import Foundation

/// Small valid media files for end-to-end tests, built byte by byte (no tools needed): enough for
/// the scanner to read a kind, a capture time and a duration. The CullKit tests have fuller fixtures
/// (`Fixtures`); these few are all the end-to-end tests need.
enum Media {
    /// A JPEG with an Exif DateTimeOriginal (`2015:07:01 10:00:00`), a SOF0 and SOS/EOI; with
    /// `contentID`, also an Apple MakerNote carrying it (the Live Photo ContentIdentifier).
    static func jpeg(taken date: String, contentID: String? = nil) -> [UInt8] {
        let text = Array(date.utf8) + [0]
        // MakerNote: "Apple iOS\0", version 1, "MM", then an IFD at 14 whose offsets count from the note.
        var note: [UInt8] = []
        if let contentID {
            let id = Array(contentID.utf8) + [0]
            note = Array("Apple iOS\0".utf8) + [0, 1] + Array("MM".utf8)
            note += be16(1) + be16(0x0011) + be16(2) + be32(id.count) + be32(32) + be32(0) + id
        }
        let entries = note.isEmpty ? 1 : 2
        // TIFF, big-endian: IFD0 with the Exif pointer (tag 0x8769) → Exif IFD with DateTimeOriginal.
        let ifd0Start = 8
        let exifStart = ifd0Start + 2 + 12 + 4
        let dateStart = exifStart + 2 + 12 * entries + 4
        var tiff = Array("MM".utf8) + [0, 42] + be32(ifd0Start)
        tiff += be16(1) + be16(0x8769) + be16(4) + be32(1) + be32(exifStart) + be32(0)
        tiff += be16(entries) + be16(0x9003) + be16(2) + be32(text.count) + be32(dateStart)
        if !note.isEmpty { tiff += be16(0x927C) + be16(7) + be32(note.count) + be32(dateStart + text.count) }
        tiff += be32(0)
        tiff += text + note
        let app1 = Array("Exif\0\0".utf8) + tiff
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1] + be16(app1.count + 2) + app1
        let sof: [UInt8] = [8] + be16(48) + be16(64) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        bytes += [0xFF, 0xC0] + be16(sof.count + 2) + sof
        let sos: [UInt8] = [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0]
        bytes += [0xFF, 0xDA] + be16(sos.count + 2) + sos + [0x00, 0x00, 0xFF, 0xD9]
        return bytes
    }

    /// A PNG with IHDR, an empty IDAT and IEND.
    static func png() -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { be32(data.count) + Array(type.utf8) + data + [0, 0, 0, 0] }
        return [0x89] + Array("PNG\r\n".utf8) + [0x1A, 0x0A]
            + chunk("IHDR", be32(64) + be32(48) + [8, 6, 0, 0, 0]) + chunk("IDAT", []) + chunk("IEND", [])
    }

    /// A QuickTime movie (ftyp, moov/mvhd with creation time and duration, one video track).
    static func movie(seconds: Int, created: Date) -> [UInt8] {
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(payload.count + 8) + Array(type.utf8) + payload }
        let epoch1904 = Int(created.timeIntervalSince1970 + 2_082_844_800)
        let scale = 1000
        let matrix = be32(0x0001_0000) + be32(0) + be32(0) + be32(0) + be32(0x0001_0000) + be32(0) + be32(0) + be32(0) + be32(0x4000_0000)
        var mvhd: [UInt8] = [0, 0, 0, 0] + be32(epoch1904) + be32(epoch1904) + be32(scale) + be32(seconds * scale)
        mvhd += [0, 1, 0, 0, 1, 0] + [UInt8](repeating: 0, count: 10) + matrix + [UInt8](repeating: 0, count: 24) + be32(2)
        var tkhd: [UInt8] = [0, 0, 0, 3] + be32(epoch1904) + be32(epoch1904) + be32(1) + be32(0) + be32(seconds * scale)
        tkhd += [UInt8](repeating: 0, count: 16) + matrix + be32(64 << 16) + be32(48 << 16)
        let hdlr: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0] + Array("vide".utf8) + [UInt8](repeating: 0, count: 12) + [0]
        let mdhd: [UInt8] = [0, 0, 0, 0] + be32(0) + be32(0) + be32(scale) + be32(seconds * scale) + [0x55, 0xC4, 0, 0]
        let trak = box("trak", box("tkhd", tkhd) + box("mdia", box("mdhd", mdhd) + box("hdlr", hdlr)))
        let ftyp = box("ftyp", Array("qt  ".utf8) + be32(0x200) + Array("qt  ".utf8))
        return ftyp + box("moov", box("mvhd", mvhd) + trak) + box("mdat", [0, 0, 0, 0])
    }

    /// An XMP sidecar carrying a rating.
    static func xmp(rating: Int) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="\(rating)"/>
        </rdf:RDF></x:xmpmeta>
        """
    }

    /// `2015-07-01T10:00:00Z` as a date.
    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

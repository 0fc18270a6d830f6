import Foundation
@testable import CullKit

/// Small, valid media files assembled byte by byte, so tests need no tools and no photos.
enum Fixtures {
    /// A baseline JPEG: SOI, an Exif APP1 (IFD0 Make/Model/Orientation, Exif DateTimeOriginal,
    /// optional OffsetTimeOriginal), SOF0 with `width`×`height`, SOS, EOI. No real pixels.
    static func jpeg(width: Int = 64, height: Int = 48, make: String? = "Canon", model: String? = "Canon EOS 5D",
                     date: String? = "2021:06:15 10:20:30", offset: String? = nil, orientation: Int? = nil,
                     userComment: String? = nil) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        let tiff = exifTIFF(make: make, model: model, date: date, offset: offset, orientation: orientation, userComment: userComment)
        let app1 = Array("Exif\0\0".utf8) + tiff
        bytes += [0xFF, 0xE1] + be16(app1.count + 2) + app1
        let sof: [UInt8] = [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        bytes += [0xFF, 0xC0] + be16(sof.count + 2) + sof
        let sos: [UInt8] = [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0]
        bytes += [0xFF, 0xDA] + be16(sos.count + 2) + sos
        bytes += [0x00, 0x00, 0xFF, 0xD9]
        return bytes
    }

    /// A big-endian TIFF block with IFD0 (Make, Model, Orientation, ExifIFD pointer) and an Exif IFD.
    static func exifTIFF(make: String?, model: String?, date: String?, offset: String?, orientation: Int?,
                         userComment: String?) -> [UInt8] {
        struct Entry { var tag: Int; var type: Int; var count: Int; var payload: [UInt8] }
        func ascii(_ tag: Int, _ text: String) -> Entry {
            let bytes = Array(text.utf8) + [0]
            return Entry(tag: tag, type: 2, count: bytes.count, payload: bytes)
        }
        var ifd0: [Entry] = []
        if let make { ifd0.append(ascii(0x010F, make)) }
        if let model { ifd0.append(ascii(0x0110, model)) }
        if let orientation { ifd0.append(Entry(tag: 0x0112, type: 3, count: 1, payload: be16(orientation) + [0, 0])) }
        var exif: [Entry] = []
        if let date { exif.append(ascii(0x9003, date)) }
        if let offset { exif.append(ascii(0x9011, offset)) }
        if let userComment {
            let bytes = Array("ASCII\0\0\0".utf8) + Array(userComment.utf8)
            exif.append(Entry(tag: 0x9286, type: 7, count: bytes.count, payload: bytes))
        }
        ifd0.append(Entry(tag: 0x8769, type: 4, count: 1, payload: [0, 0, 0, 0]))

        func layout(_ entries: [Entry], at start: Int) -> (ifd: [UInt8], data: [UInt8]) {
            let sorted = entries.sorted { $0.tag < $1.tag }
            var ifd = be16(sorted.count)
            var data: [UInt8] = []
            let dataStart = start + 2 + sorted.count * 12 + 4
            for entry in sorted {
                ifd += be16(entry.tag) + be16(entry.type) + be32(entry.count)
                if entry.payload.count <= 4 {
                    ifd += entry.payload + [UInt8](repeating: 0, count: 4 - entry.payload.count)
                } else {
                    ifd += be32(dataStart + data.count)
                    data += entry.payload
                    if data.count % 2 == 1 { data.append(0) }
                }
            }
            ifd += [0, 0, 0, 0]
            return (ifd, data)
        }
        let ifd0Start = 8
        var first = layout(ifd0, at: ifd0Start)
        let exifStart = ifd0Start + first.ifd.count + first.data.count
        // Patch the ExifIFD pointer now that its offset is known.
        let sortedTags = ifd0.map(\.tag).sorted()
        let pointerIndex = sortedTags.firstIndex(of: 0x8769)!
        let valueOffset = 2 + pointerIndex * 12 + 8
        first.ifd.replaceSubrange(valueOffset ..< valueOffset + 4, with: be32(exifStart))
        let second = layout(exif, at: exifStart)
        return Array("MM".utf8) + [0, 42] + be32(ifd0Start) + first.ifd + first.data + second.ifd + second.data
    }

    /// A PNG with just IHDR, an empty IDAT and IEND (CRCs zero: readers do not check them).
    static func png(width: Int, height: Int) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { be32(data.count) + Array(type.utf8) + data + [0, 0, 0, 0] }
        return [0x89] + Array("PNG\r\n".utf8) + [0x1A, 0x0A]
            + chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0]) + chunk("IDAT", []) + chunk("IEND", [])
    }

    /// A minimal MP4: ftyp + moov/mvhd (creation time, duration) + one video trak/tkhd.
    static func mp4(width: Int, height: Int, seconds: Int, created: Date) -> [UInt8] {
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(payload.count + 8) + Array(type.utf8) + payload }
        let epoch1904 = UInt32(created.timeIntervalSince1970 + 2_082_844_800)
        let timescale = 1000
        var mvhd: [UInt8] = [0, 0, 0, 0] + be32(Int(epoch1904)) + be32(Int(epoch1904)) + be32(timescale) + be32(seconds * timescale)
        mvhd += [0, 1, 0, 0, 1, 0] + [UInt8](repeating: 0, count: 10) + identityMatrix() + [UInt8](repeating: 0, count: 24) + be32(2)
        var tkhd: [UInt8] = [0, 0, 0, 3] + be32(Int(epoch1904)) + be32(Int(epoch1904)) + be32(1) + be32(0) + be32(seconds * timescale)
        tkhd += [UInt8](repeating: 0, count: 8) + [0, 0, 0, 0, 0, 0, 0, 0] + identityMatrix() + be32(width << 16) + be32(height << 16)
        let hdlr: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0] + Array("vide".utf8) + [UInt8](repeating: 0, count: 12) + [0]
        let mdhd: [UInt8] = [0, 0, 0, 0] + be32(0) + be32(0) + be32(timescale) + be32(seconds * timescale) + [0x55, 0xC4, 0, 0]
        let trak = box("trak", box("tkhd", tkhd) + box("mdia", box("mdhd", mdhd) + box("hdlr", hdlr)))
        let ftyp = box("ftyp", Array("isom".utf8) + be32(512) + Array("isommp41".utf8))
        return ftyp + box("moov", box("mvhd", mvhd) + trak) + box("mdat", [0, 0, 0, 0])
    }

    static func identityMatrix() -> [UInt8] {
        be32(0x0001_0000) + be32(0) + be32(0) + be32(0) + be32(0x0001_0000) + be32(0) + be32(0) + be32(0) + be32(0x4000_0000)
    }

    /// An XMP sidecar with a rating (and optionally a capture date).
    static func xmpSidecar(rating: Int, date: String? = nil) -> String {
        var attributes = "xmp:Rating=\"\(rating)\""
        if let date { attributes += " exif:DateTimeOriginal=\"\(date)\"" }
        return """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:exif="http://ns.adobe.com/exif/1.0/" \(attributes)/>
            </rdf:RDF></x:xmpmeta>
            """
    }

    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
}

/// A temporary folder removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() {
        let template = NSTemporaryDirectory() + "cull-test-XXXXXX"
        var bytes = Array(template.utf8CString)
        path = bytes.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `bytes` at `relative` (creating folders), returning the absolute path.
    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8]) -> String {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
        return url.path
    }

    @discardableResult
    func write(_ relative: String, _ text: String) -> String { write(relative, Array(text.utf8)) }

    /// A library initialized in this folder, and its index opened.
    func indexedLibrary() throws -> (library: Library, db: Database) {
        let library = try Library.initialize(at: path)
        return (library, try library.openIndex())
    }
}

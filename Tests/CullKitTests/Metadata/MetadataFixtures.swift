import Foundation

/// Hand-assembles TIFF structures for tests: IFDs laid out after the 8-byte header, with
/// out-of-line values in a data area after them. An entry may point at another IFD by index.
struct TIFFBuilder {
    struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        var value: [UInt8]
        /// Index of an IFD whose offset becomes this LONG entry's value.
        var ifdIndex: Int?
        /// A raw value/offset field, bypassing layout (for hostile fixtures).
        var rawOffset: UInt32?
    }

    var bigEndian: Bool
    var magic: UInt16 = 42
    var ifds: [[Entry]] = []
    /// Next-IFD links: ifd index → ifd index.
    var next: [Int: Int] = [:]
    /// Bytes after the 8-byte header, before IFD0 (CR2 puts "CR" 2 0 and an offset there).
    var extraHeader: [UInt8] = []

    init(bigEndian: Bool = false) { self.bigEndian = bigEndian }

    func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
    func u32(_ v: UInt32) -> [UInt8] {
        let b = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        return bigEndian ? b : b.reversed()
    }

    func ascii(_ tag: UInt16, _ text: String) -> Entry {
        let bytes = Array(text.utf8) + [0]
        return Entry(tag: tag, type: 2, count: UInt32(bytes.count), value: bytes)
    }
    func short(_ tag: UInt16, _ v: UInt16) -> Entry { Entry(tag: tag, type: 3, count: 1, value: u16(v)) }
    func long(_ tag: UInt16, _ v: UInt32) -> Entry { Entry(tag: tag, type: 4, count: 1, value: u32(v)) }
    func undefined(_ tag: UInt16, _ bytes: [UInt8]) -> Entry {
        Entry(tag: tag, type: 7, count: UInt32(bytes.count), value: bytes)
    }
    func rationals(_ tag: UInt16, _ values: [(UInt32, UInt32)]) -> Entry {
        Entry(tag: tag, type: 5, count: UInt32(values.count), value: values.flatMap { u32($0.0) + u32($0.1) })
    }
    func pointer(_ tag: UInt16, to index: Int) -> Entry {
        Entry(tag: tag, type: 4, count: 1, value: [], ifdIndex: index)
    }

    /// The assembled bytes.
    func build() -> [UInt8] {
        var offsets: [Int] = []
        var cursor = 8 + extraHeader.count
        for ifd in ifds {
            offsets.append(cursor)
            cursor += 2 + 12 * ifd.count + 4
        }
        var data: [UInt8] = []
        let dataStart = cursor
        var out: [UInt8] = bigEndian ? Array("MM".utf8) : Array("II".utf8)
        out += u16(magic) + u32(UInt32(offsets.first ?? 0)) + extraHeader
        for (index, ifd) in ifds.enumerated() {
            out += u16(UInt16(ifd.count))
            for entry in ifd.sorted(by: { $0.tag < $1.tag }) {
                out += u16(entry.tag) + u16(entry.type) + u32(entry.count)
                if let raw = entry.rawOffset {
                    out += u32(raw)
                } else if let target = entry.ifdIndex {
                    out += u32(UInt32(offsets[target]))
                } else if entry.value.count <= 4 {
                    out += entry.value + Array(repeating: 0, count: 4 - entry.value.count)
                } else {
                    out += u32(UInt32(dataStart + data.count))
                    data += entry.value
                    if data.count % 2 == 1 { data.append(0) }
                }
            }
            out += u32(UInt32(next[index].map { offsets[$0] } ?? 0))
        }
        return out + data
    }

    /// A typical camera EXIF block: IFD0 → Exif IFD (1) and GPS IFD (2).
    static func cameraExif(bigEndian: Bool = false) -> [UInt8] {
        var b = TIFFBuilder(bigEndian: bigEndian)
        b.ifds = [
            [b.ascii(0x010F, "Canon  "), b.ascii(0x0110, "EOS 5D Mark IV"), b.ascii(0x0131, "Firmware 1.2"),
             b.short(0x0112, 6), b.ascii(0x0132, "2021:06:16 09:00:00"),
             b.pointer(0x8769, to: 1), b.pointer(0x8825, to: 2)],
            [b.ascii(0x9003, "2021:06:15 14:30:05"), b.ascii(0x9011, "+02:00"), b.ascii(0x9291, "42"),
             b.short(0xA002, 4000), b.long(0xA003, 3000), b.ascii(0xA434, "EF24-70mm f/2.8L II USM"),
             b.undefined(0x9286, Array("ASCII\0\0\0Screenshot".utf8))],
            [b.ascii(0x0001, "N"), b.rationals(0x0002, [(48, 1), (51, 1), (2430, 100)]),
             b.ascii(0x0003, "W"), b.rationals(0x0004, [(2, 1), (21, 1), (0, 1)])],
        ]
        return b.build()
    }
}

/// Builds small JPEG byte sequences from segments.
enum JPEGBuilder {
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    static func app1Exif(_ tiff: [UInt8]) -> [UInt8] { segment(0xE1, Array("Exif\0\0".utf8) + tiff) }

    static func app1XMP(_ xml: String) -> [UInt8] {
        segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(xml.utf8))
    }

    static func sof0(width: Int, height: Int) -> [UInt8] {
        segment(0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
                       1, 1, 0x11, 0])
    }

    static let sos: [UInt8] = segment(0xDA, [1, 1, 0, 0, 63, 0]) + [0x12, 0x34, 0xFF, 0x00, 0x56, 0xFF, 0xD9]

    /// SOI, EXIF, XMP, a fill-byte-padded DQT, SOF0 640x480, SOS, scan data, EOI.
    static func typical() -> [UInt8] {
        [0xFF, 0xD8] + app1Exif(TIFFBuilder.cameraExif())
            + app1XMP(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description xmp:Rating="4"/></rdf:RDF></x:xmpmeta>"#)
            + [0xFF, 0xFF, 0xFF] + segment(0xDB, Array(repeating: 1, count: 65))
            + sof0(width: 640, height: 480) + sos
    }
}

/// A temporary file that lives as long as the test needs it.
struct TempFile {
    let path: String

    init(_ bytes: [UInt8], suffix: String = ".bin") throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("cull-test-\(UUID().uuidString)\(suffix)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    init(text: String, suffix: String) throws {
        try self.init(Array(text.utf8), suffix: suffix)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

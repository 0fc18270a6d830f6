/// Reads a JPEG's header segments: APP1 EXIF (through ``TIFFReader``), APP1 XMP (through
/// ``XMPReader``), APP13 IPTC, the cameras' own date records in APP0, APP1 and APP12 (through
/// ``MakerRecords``) and the SOFn frame header for the pixel size. Stops at the first SOS, so
/// entropy-coded data is never read.
///
/// Truncation is told from structure: a file that ends (or says EOI) before any SOS has no
/// image, and one whose last bytes hold no EOI marker was cut. The EOI check is one `pread` of
/// the tail (``tailWindow`` bytes; a second, larger one only when the first finds none):
/// after SOS, `FF D9` occurs only as an EOI, since entropy-coded data stuffs every `FF`. A cut file
/// keeps what its header said (EXIF, XMP, the frame's size) beside the damage.
enum JPEGReader {
    /// Bytes at the end of the file searched for EOI: cameras pad after it, some by kilobytes.
    static let tailWindow = 4096
    static let wideTailWindow = 64 * 1024
    /// XMP that says another file follows the JPEG's EOI (Google and Samsung motion photos).
    private static let trailerMarkers: [[UInt8]] = ["GCamera:MicroVideo", "GCamera:MotionPhoto", "Container:Directory"]
        .map { Array($0.utf8) }
    private static let exifSignature: [UInt8] = Array("Exif\0".utf8)
    private static let qvciSignature: [UInt8] = Array("QVCI\0".utf8)
    private static let xmpSignature: [UInt8] = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    /// Segments read before giving up on finding SOS.
    static let maxMarkers = 10_000

    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MetadataReading {
        var window = Window(file: file, head: head)
        let header = segments(&window)
        if header.frame == nil, header.cut, header.exif == nil, header.xmp == nil, header.maker == nil {
            throw .truncated(offset: min(header.position, file.size), needed: 2)
        }
        var damage: MetadataError?
        if header.cut {
            damage = .incomplete("no SOS marker: the file ends inside its header, at byte \(file.size)")
        } else if header.endedEarly {
            damage = .incomplete("no SOS marker: EOI before any image data")
        } else if let imageData = header.imageData, !header.announcesTrailer, try !endsWithEOI(file, after: imageData, window: &window) {
            damage = .incomplete("no EOI marker: the image data from byte \(imageData) ends with the file (\(file.size) bytes) unfinished")
        }
        return MetadataReading(metadata(of: header), problem: damage)
    }

    /// What the segments before the first SOS said, and where the walk through them ended.
    private struct Header {
        var exif: MediaMetadata?
        var xmp: MediaMetadata?
        var iptc: MediaMetadata?
        var maker: CaptureDate?
        var frame: (width: Int, height: Int)?
        var position: Int
        var cut: Bool
        var imageData: Int?
        var endedEarly: Bool
        var announcesTrailer: Bool
    }

    /// Walks the header's segments from after SOI to the first SOS (or EOI, or what breaks the
    /// walk), reading the ones Cull knows and skipping the rest by their length.
    private static func segments(_ window: inout Window) -> Header {
        var exif: MediaMetadata?
        var xmp: MediaMetadata?
        var iptc: MediaMetadata?
        var maker: CaptureDate? // a camera's own record of the date (MakerRecords)
        var frame: (width: Int, height: Int)?
        var position = 2 // after SOI
        var cut = false
        var markers = 0
        var imageData: Int? // where the first scan's data starts
        var endedEarly = false // EOI before any SOS
        var announcesTrailer = false

        // Real headers have a few dozen segments; a file of millions of tiny ones is hostile.
        scan: while markers < maxMarkers {
            markers += 1
            // Find the marker: 0xFF, any number of 0xFF fill bytes, then the marker code.
            guard let first = window.byte(at: position) else { cut = true; break }
            guard first == 0xFF else { break } // not a marker: corrupt; keep what we have
            var codeAt = position + 1
            while let byte = window.byte(at: codeAt), byte == 0xFF { codeAt += 1 }
            guard let code = window.byte(at: codeAt) else { cut = true; break }
            position = codeAt + 1
            switch code {
            case 0x01, 0xD0 ... 0xD8:
                continue scan // TEM, RSTn, a stray SOI: no length
            case 0xD9:
                endedEarly = true
                break scan // EOI: the header is over, with no image
            case 0xDA:
                imageData = position
                break scan // SOS: the header is over
            case 0x00:
                break scan // a stuffed zero here means the stream is corrupt
            default:
                break
            }
            guard let lengthBytes = window.bytes(at: position, count: 2) else { cut = true; break }
            let length = Int(lengthBytes[lengthBytes.startIndex]) << 8 | Int(lengthBytes[lengthBytes.startIndex + 1])
            guard length >= 2 else { break }
            let payloadStart = position + 2
            let payloadLength = length - 2
            position += length
            switch code {
            case 0xE1 where maker == nil && window.bytes(at: payloadStart, count: min(payloadLength, 5))?.elementsEqual(qvciSignature) == true:
                guard let payload = window.bytes(at: payloadStart, count: payloadLength) else { cut = true; break scan }
                maker = MakerRecords.qvci(payload)
            case 0xE1 where exif == nil || xmp == nil:
                guard let payload = window.bytes(at: payloadStart, count: payloadLength) else { cut = true; break scan }
                if exif == nil, payload.starts(with: exifSignature), payload.count > 6 {
                    // Tolerate "Exif\0\0" and the occasional "Exif\0\xFF"; an unreadable block is skipped.
                    exif = try? TIFFReader.parseExif(payload.dropFirst(6), base: payloadStart + 6)
                } else if xmp == nil, payload.starts(with: xmpSignature) {
                    xmp = XMPReader.parse(payload.dropFirst(xmpSignature.count))
                    announcesTrailer = trailerMarkers.contains { contains(payload, $0) }
                }
            case 0xE0 where maker == nil, 0xEC where maker == nil:
                // APP0 holds JFIF and, from old Canon and Sony-made PowerShots, a CIFF heap; APP12 Olympus's PictureInfo.
                guard let payload = window.bytes(at: payloadStart, count: payloadLength) else { cut = true; break scan }
                maker = code == 0xE0 ? MakerRecords.ciff(payload) : MakerRecords.pictureInfo(payload)
            case 0xED where iptc == nil:
                guard let payload = window.bytes(at: payloadStart, count: payloadLength) else { cut = true; break scan }
                if payload.starts(with: IPTCReader.signature) { iptc = IPTCReader.parse(payload) }
            case 0xC0 ... 0xCF where code != 0xC4 && code != 0xC8 && code != 0xCC && frame == nil:
                guard let header = window.bytes(at: payloadStart, count: min(payloadLength, 5)), header.count == 5 else {
                    cut = window.byte(at: payloadStart + 4) == nil
                    break scan
                }
                let i = header.startIndex
                let height = Int(header[i + 1]) << 8 | Int(header[i + 2])
                let width = Int(header[i + 3]) << 8 | Int(header[i + 4])
                if width > 0, height > 0 { frame = (width, height) }
            default:
                break // other APPn (incl. extended XMP), DQT, DHT, COM ...: skipped by length
            }
        }
        return Header(exif: exif, xmp: xmp, iptc: iptc, maker: maker, frame: frame, position: position, cut: cut,
                      imageData: imageData, endedEarly: endedEarly, announcesTrailer: announcesTrailer)
    }

    /// The file's metadata: its EXIF, gaps filled from XMP then IPTC, the camera's own date, and
    /// the frame's pixel size (else the EXIF's).
    private static func metadata(of header: Header) -> MediaMetadata {
        let (xmp, iptc, maker, frame) = (header.xmp, header.iptc, header.maker, header.frame)
        var metadata = header.exif ?? MediaMetadata()
        let embedded = (metadata.width, metadata.height)
        // The Metadata Working Group's order within one file: EXIF, then XMP, then IPTC.
        if let xmp { metadata.fillGaps(from: xmp) }
        if let iptc { metadata.fillGaps(from: iptc) }
        if metadata.makerDate == nil { metadata.makerDate = maker }
        if let frame {
            metadata.width = frame.width
            metadata.height = frame.height
        } else if let width = embedded.0, let height = embedded.1 {
            metadata.width = width
            metadata.height = height
        }
        metadata.format = .jpeg
        return metadata
    }

    /// Segments looked at for the EXIF of a JPEG inside another file.
    static let maxEmbeddedSegments = 16

    /// The EXIF of a JPEG embedded at `offset` in `file` (a RAF's camera JPEG, an X3F's JpgFromRaw):
    /// its APP1 among the first segments; nil when it has none (or is no JPEG). Only the segment
    /// headers and that APP1 are read.
    static func embeddedExif(_ file: MediaFile, at offset: Int, length: Int) -> MediaMetadata? {
        guard length > 4, offset >= 0, offset < file.size, (try? file.read(at: offset, count: 2)) == [0xFF, 0xD8] else { return nil }
        let end = min(offset + length, file.size)
        var position = offset + 2
        for _ in 0 ..< maxEmbeddedSegments {
            guard end - position >= 4, let marker = try? file.read(at: position, count: 4), marker.count == 4, marker[0] == 0xFF,
                  (0xE0 ... 0xEF).contains(marker[1]) || marker[1] == 0xDB || marker[1] == 0xC4 || marker[1] == 0xFE
            else { return nil }
            let size = Int(marker[2]) << 8 | Int(marker[3])
            guard size >= 2, size <= end - position - 2 else { return nil }
            if marker[1] == 0xE1, size > 8, let payload = try? file.read(at: position + 4, count: size - 2),
               payload.count == size - 2, payload.starts(with: exifSignature) {
                return try? TIFFReader.parseExif(payload.dropFirst(6), base: position + 10)
            }
            position += 2 + size
        }
        return nil
    }

    /// Whether the last bytes after `start` hold an EOI marker (`FF D9`).
    private static func endsWithEOI(_ file: MediaFile, after start: Int, window: inout Window) throws(MetadataError) -> Bool {
        let eoi: [UInt8] = [0xFF, 0xD9]
        for size in [tailWindow, wideTailWindow] {
            let from = max(start, file.size - size)
            let tail: ArraySlice<UInt8>
            if let cached = window.cached(at: from, count: file.size - from) {
                tail = cached
            } else {
                tail = try file.read(at: from, count: file.size - from)[...]
            }
            if contains(tail, eoi) { return true }
            // Samsung appends its SEF trailer (motion photo video, ...) after EOI; it ends in "SEFT".
            if size == tailWindow, tail.suffix(4).elementsEqual("SEFT".utf8) { return true }
            if from == start { return false }
        }
        return false
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var index = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index ..< index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    /// The file seen through the 64 KiB head, refilled with `pread` when a segment lies past it.
    private struct Window {
        let file: MediaFile
        var start = 0
        var data: [UInt8]

        init(file: MediaFile, head: [UInt8]) {
            self.file = file
            self.data = head
        }

        /// Bytes already in memory (the head of a small file), without a read.
        func cached(at offset: Int, count: Int) -> ArraySlice<UInt8>? {
            let relative = offset - start
            guard relative >= 0, count >= 0, relative <= data.count, count <= data.count - relative else { return nil }
            return data[relative ..< relative + count]
        }

        mutating func byte(at offset: Int) -> UInt8? {
            bytes(at: offset, count: 1)?.first
        }

        /// Exactly `count` bytes at absolute `offset`, or `nil` past the end of the file.
        mutating func bytes(at offset: Int, count: Int) -> ArraySlice<UInt8>? {
            guard offset >= 0, count >= 0, offset <= file.size, count <= file.size - offset else { return nil }
            let relative = offset - start
            if relative >= 0, relative <= data.count, count <= data.count - relative {
                return data[relative ..< relative + count]
            }
            guard let fresh = try? file.read(at: offset, count: max(count, 64 * 1024)), fresh.count >= count else {
                return nil
            }
            start = offset
            data = fresh
            return data[0 ..< count]
        }
    }
}

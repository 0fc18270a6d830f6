/// Reads a JPEG's header segments: APP1 EXIF (through ``TIFFReader``), APP1 XMP (through
/// ``XMPReader``) and the SOFn frame header for the pixel size. Stops at the first SOS, so
/// entropy-coded data is never read.
enum JPEGReader {
    private static let exifSignature: [UInt8] = Array("Exif\0".utf8)
    private static let xmpSignature: [UInt8] = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    /// Segments read before giving up on finding SOS.
    static let maxMarkers = 10_000

    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MediaMetadata {
        var window = Window(file: file, head: head)
        var exif: MediaMetadata?
        var xmp: MediaMetadata?
        var frame: (width: Int, height: Int)?
        var position = 2 // after SOI
        var cut = false
        var markers = 0

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
            case 0xD9, 0xDA:
                break scan // EOI, SOS: the header is over
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
            case 0xE1 where exif == nil || xmp == nil:
                guard let payload = window.bytes(at: payloadStart, count: payloadLength) else { cut = true; break scan }
                if exif == nil, payload.starts(with: exifSignature), payload.count > 6 {
                    // Tolerate "Exif\0\0" and the occasional "Exif\0\xFF"; an unreadable block is skipped.
                    exif = try? TIFFReader.parseExif(payload.dropFirst(6), base: payloadStart + 6)
                } else if xmp == nil, payload.starts(with: xmpSignature) {
                    xmp = XMPReader.parse(payload.dropFirst(xmpSignature.count))
                }
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

        if frame == nil, cut, exif == nil, xmp == nil {
            throw .truncated(offset: min(position, file.size), needed: 2)
        }
        var metadata = exif ?? MediaMetadata()
        let embedded = (metadata.width, metadata.height)
        if let xmp { metadata.fillGaps(from: xmp) }
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

    /// The file seen through the 64 KiB head, refilled with `pread` when a segment lies past it.
    private struct Window {
        let file: MediaFile
        var start = 0
        var data: [UInt8]

        init(file: MediaFile, head: [UInt8]) {
            self.file = file
            self.data = head
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

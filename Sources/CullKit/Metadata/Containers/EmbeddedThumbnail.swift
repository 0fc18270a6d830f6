/// Where a JPEG keeps its EXIF thumbnail: IFD1's JPEGInterchangeFormat (0x0201) and
/// JPEGInterchangeFormatLength (0x0202), offsets relative to the TIFF header inside APP1.
/// Cameras and phones write a ~160×120 JPEG there, so a contact sheet needs no decode at all.
enum EmbeddedThumbnail {
    /// Bytes a thumbnail may have; a larger "thumbnail" is not one.
    static let maxLength = 512 * 1024
    private static let exifSignature: [UInt8] = Array("Exif\0".utf8)

    /// The absolute file range of the EXIF thumbnail of a JPEG, or nil when there is none.
    /// Reads only the header segments before the first SOS (at most ``JPEGReader/maxMarkers``).
    static func range(in file: ReadOnlyFile) -> (offset: Int, length: Int)? {
        guard let soi = file.bytes(at: 0, count: 2), soi == [0xFF, 0xD8] else { return nil }
        var position = 2
        for _ in 0 ..< JPEGReader.maxMarkers {
            guard let marker = file.bytes(at: position, count: 4), marker.count == 4, marker[0] == 0xFF else { return nil }
            let code = marker[1]
            if code == 0xFF { position += 1; continue } // fill byte
            if code == 0xD8 || (0xD0 ... 0xD7).contains(code) || code == 0x01 { position += 2; continue }
            if code == 0xDA || code == 0xD9 { return nil } // image data or the end: no EXIF block before it
            let length = Int(marker[2]) << 8 | Int(marker[3])
            guard length >= 2 else { return nil }
            if code == 0xE1, let found = inExif(file, payloadAt: position + 4, length: length - 2) { return found }
            position += 2 + length
        }
        return nil
    }

    /// The thumbnail's range in one APP1 payload, when it is an EXIF block with an IFD1 JPEG.
    private static func inExif(_ file: ReadOnlyFile, payloadAt start: Int, length: Int) -> (offset: Int, length: Int)? {
        guard length > 14, let payload = file.bytes(at: start, count: length), payload.count == length,
              payload.starts(with: exifSignature) else { return nil }
        let tiffStart = start + 6
        guard var tiff = try? TIFFStructure(source: TIFFSource(payload[6...], base: tiffStart)),
              let ifd0 = tiff.ifd(at: tiff.ifd0Offset), let next = ifd0.next,
              let ifd1 = tiff.ifd(at: next)?.entries,
              let offset = tiff.uint(ifd1[0x0201]), let size = tiff.uint(ifd1[0x0202]),
              size > 0, size <= maxLength, offset > 0
        else { return nil }
        // Thumbnails live inside the APP1 segment; one that points elsewhere is not trusted.
        guard offset <= length - 6, size <= length - 6 - offset else { return nil }
        return (tiffStart + offset, size)
    }

    /// The thumbnail's bytes, when they are a JPEG (SOI first).
    static func jpeg(in file: ReadOnlyFile) -> [UInt8]? {
        guard let (offset, length) = range(in: file), let bytes = file.bytes(at: offset, count: length),
              bytes.count == length, bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        return bytes
    }
}

extension ReadOnlyFile {
    /// Up to `count` bytes at `offset` (fewer at the end of the file), or nil on a read error.
    func bytes(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: count)
        guard let got = buffer.withUnsafeMutableBytes({ read(into: $0, at: Int64(offset)) }) else { return nil }
        buffer.removeSubrange(got...)
        return buffer
    }
}

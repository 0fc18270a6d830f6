/// Fujifilm's RAF, from its own header, whatever LibRaw makes of the file: "FUJIFILMCCD-RAW ", then at
/// 84 (big-endian) the offset and length of the camera's JPEG, of the CFA header and of the CFA data.
///
/// The JPEG's EXIF (its first segments) gives the date, camera, lens and orientation as ExifTool reads
/// them, through Cull's own TIFF reader; the size is left to LibRaw (the JPEG's is not the RAW's). A
/// range the header names past the end of the file is damage (the file was cut), and what the JPEG
/// said before it stays.
enum RAFReader {
    static let magic = Array("FUJIFILMCCD-RAW".utf8)
    /// The header's three ranges, by name, at their offsets.
    static let ranges: [(name: String, at: Int)] = [("embedded JPEG", 84), ("CFA header", 92), ("CFA data", 100)]

    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MetadataReading {
        let reader = ByteReader(head)
        var damage: MetadataError?
        var jpeg: (offset: Int, length: Int)?
        for (name, at) in ranges {
            let offset = Int(try reader.u32(at: at)), length = Int(try reader.u32(at: at + 4))
            guard offset > 0, length > 0 else { continue }
            if name == "embedded JPEG" { jpeg = (offset, length) }
            if damage == nil, offset + length > file.size {
                damage = .incomplete("the RAF's \(name) at byte \(offset) ends at byte \(offset + length), past the end of the file "
                                     + "(\(file.size) bytes)")
            }
        }
        var m = jpeg.flatMap { JPEGReader.embeddedExif(file, at: $0.offset, length: $0.length) } ?? MediaMetadata()
        // The JPEG's pixel size is the camera's rendering, not the RAW's (LibRaw's output size stands).
        (m.width, m.height) = (nil, nil)
        m.format = .raf
        return MetadataReading(m, problem: damage)
    }
}

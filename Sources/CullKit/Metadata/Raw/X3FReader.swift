/// Sigma's Foveon X3F, which LibRaw 0.20 no longer reads, from its own structure (after ExifTool's
/// SigmaRaw.pm and the X3F format notes), little-endian throughout:
///
/// - the header: "FOVb", the version, then columns, rows and rotation (at 28 before FileVersion 4,
///   at 40 from it): the size and orientation;
/// - the section directory ("SECd", at the offset the file's last 4 bytes give) and its sections:
///   the JpgFromRaw (`IMA2` or `IMAG`: "SECi", then a JPEG whose first segment is EXIF, from the DP
///   cameras on), whose EXIF gives the date and camera as ExifTool reads them, and `PROP` ("SECp":
///   UTF-16 name/value pairs), whose CAMMANUF, CAMMODEL and TIME (seconds since 1970, read as
///   ExifTool reads it) stand in where there is no EXIF (the SD9 and SD10).
///
/// A directory that is not where the last 4 bytes say, or a section past it, is damage; what the
/// header gave stays.
enum X3FReader {
    /// The most sections a directory may list (cameras write three to five).
    static let maxSections = 64
    /// The largest PROP section read.
    static let maxProperties = 1 << 20
    /// The most properties read.
    static let maxEntries = 4096

    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MetadataReading {
        let reader = ByteReader(head, bigEndian: false)
        var m = MediaMetadata()
        m.format = .x3f
        // FileVersion 4 (the Quattros) moved the size: columns, rows and rotation at 40 (ExifTool's Header4).
        let sizeAt = try reader.u32(at: 4) >> 16 >= 4 ? 40 : 28
        let columns = Int(try reader.u32(at: sizeAt)), rows = Int(try reader.u32(at: sizeAt + 4))
        if columns > 0, rows > 0, columns <= MediaMetadata.maxSide, rows <= MediaMetadata.maxSide {
            (m.width, m.height) = (columns, rows)
        }
        switch try reader.u32(at: sizeAt + 8) {
        case 0: m.orientation = 1
        case 90: m.orientation = 6
        case 180: m.orientation = 3
        case 270: m.orientation = 8
        default: break
        }
        do throws(MetadataError) {
            let (exif, properties) = try sections(file)
            var found = exif ?? MediaMetadata()
            // The header says the RAW's size and rotation; the JpgFromRaw's EXIF, its own.
            (found.width, found.height, found.orientation) = (nil, nil, nil)
            found.fillGaps(from: properties)
            m.fillGaps(from: found)
            return MetadataReading(m)
        } catch where error.isDamage {
            return MetadataReading(m, problem: error)
        }
    }

    /// The JpgFromRaw's EXIF (nil without one) and the PROP section's camera and time.
    private static func sections(_ file: MediaFile) throws(MetadataError) -> (exif: MediaMetadata?, properties: MediaMetadata) {
        let pointer = try file.reader(at: file.size - 4, count: 4, bigEndian: false)
        guard file.size >= 8, pointer.count == 4 else { throw .truncated(offset: file.size, needed: 4) }
        let directory = Int(try pointer.u32(at: 0))
        guard directory <= file.size - 16 else {
            throw .incomplete("the section directory the last 4 bytes place at byte \(directory) lies past the end of the file "
                              + "(\(file.size) bytes)")
        }
        var reader = try file.reader(at: directory, count: 12, bigEndian: false)
        guard try reader.read(4).elementsEqual("SECd".utf8) else {
            throw .malformed("no section directory (SECd) at byte \(directory), where the last 4 bytes place it", offset: directory)
        }
        let count = Int(try reader.u32(at: 8))
        guard count <= maxSections, 12 + count * 12 <= file.size - 4 - directory else {
            throw .malformed("a section directory of \(count) sections that do not fit before the end of the file", offset: directory)
        }
        let entries = try file.reader(at: directory + 12, count: count * 12, bigEndian: false)
        var exif: MediaMetadata?
        var properties = MediaMetadata()
        for index in 0 ..< count {
            let offset = Int(try entries.u32(at: index * 12)), length = Int(try entries.u32(at: index * 12 + 4))
            let tag = String(decoding: try entries.slice(index * 12 + 8, 4), as: UTF8.self)
            guard offset + length <= directory else {
                throw .malformed("the '\(BoxName.shown(tag))' section at byte \(offset) (\(length) bytes) runs past the section "
                                 + "directory at byte \(directory)", offset: offset)
            }
            switch tag {
            case "PROP" where length <= maxProperties:
                properties = self.properties(try file.read(at: offset, count: length))
            case "IMA2", "IMAG":
                if exif == nil { exif = jpgFromRawExif(file, at: offset, length: length) }
            default:
                continue
            }
        }
        return (exif, properties)
    }

    /// The EXIF of a JpgFromRaw: "SECi", version 2.0, type 2 (a processed preview), format 18 (JPEG),
    /// columns, rows, row size; then the JPEG, whose EXIF APP1 ``JPEGReader/embeddedExif(_:at:length:)`` reads.
    private static func jpgFromRawExif(_ file: MediaFile, at offset: Int, length: Int) -> MediaMetadata? {
        guard length > 28, let header = try? file.read(at: offset, count: 16),
              header.elementsEqual(Array("SECi".utf8) + [0, 0, 2, 0, 2, 0, 0, 0, 0x12, 0, 0, 0])
        else { return nil }
        return JPEGReader.embeddedExif(file, at: offset + 28, length: length - 28)
    }

    /// "SECp", version, entry count, character format (0: UTF-16), reserved, character count; then
    /// the entries (a name's and a value's index among the characters) and the characters.
    static func properties(_ bytes: [UInt8]) -> MediaMetadata {
        var m = MediaMetadata()
        let reader = ByteReader(bytes, bigEndian: false)
        guard bytes.starts(with: Array("SECp".utf8)), let count = try? Int(reader.u32(at: 8)), count <= maxEntries,
              (try? reader.u32(at: 12)) == 0, let characters = try? Int(reader.u32(at: 20)),
              24 + 8 * count + 2 * characters <= bytes.count
        else { return m }
        let start = 24 + 8 * count
        func text(_ index: Int) -> String? {
            guard index < characters else { return nil }
            var units: [UInt16] = []
            var at = start + 2 * index
            while at + 1 < start + 2 * characters, let unit = try? reader.u16(at: at), unit != 0, units.count < 256 {
                units.append(unit)
                at += 2
            }
            let value = String(decoding: units, as: UTF16.self).trimmingWhitespace()
            return value.isEmpty ? nil : value
        }
        for entry in 0 ..< count {
            guard let name = try? Int(reader.u32(at: 24 + entry * 8)), let value = try? Int(reader.u32(at: 28 + entry * 8)),
                  let key = text(name) else { continue }
            switch key {
            case "CAMMANUF": m.make = m.make ?? text(value)
            case "CAMMODEL": m.model = m.model ?? text(value)
            case "TIME":
                // Seconds since 1970, which ExifTool shows as their UTC wall clock: so does Cull.
                if m.exifDate == nil, let seconds = text(value).flatMap({ Int64($0) }), seconds > 0 { m.exifDate = CaptureDate(local: seconds) }
            default: continue
            }
        }
        return m
    }
}

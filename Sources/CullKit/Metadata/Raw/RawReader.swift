/// Reads plain TIFF and TIFF-based camera RAW files (DNG, CR2, NEF, ARW, ORF, RW2, PEF, SRW, …),
/// telling them apart by their magic and tags, then their name (``RawFormats``), and picking the
/// pixel size ExifTool would report.
///
/// IFDs may sit anywhere in the file, so ``TIFFReader`` pulls them lazily through `pread`. A file
/// cut in its image data (a strip or tile past the end) is damaged, and keeps what its IFDs say.
enum RawReader {
    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MetadataReading {
        let details = try TIFFReader.parse(TIFFSource(file: file, head: head))
        var damage: MetadataError?
        if let data = details.imageData, data.end > file.size {
            damage = .incomplete("a \(data.tile ? "tile" : "strip") of \(data.ifd) at byte \(data.start) ends at byte \(data.end), "
                                 + "past the end of the file (\(file.size) bytes)")
        }
        var metadata = details.metadata
        let make = (metadata.make ?? "").uppercased()
        let format: MediaFormat
        if details.isDNG {
            format = .dng
        } else if details.magic == 0x55 {
            format = .rw2
        } else if details.magic == 0x4F52 || details.magic == 0x5352 {
            format = .orf
        } else if head.count >= 10, head[8] == UInt8(ascii: "C"), head[9] == UInt8(ascii: "R") {
            format = .cr2
        } else if let named = RawFormats.format(forName: file.path.utf8) {
            // The name tells the TIFF-based camera formats apart (a PEF looks like any TIFF).
            format = named
        } else if ["tif", "tiff"].contains(PathBytes.lowercaseExtension(file.path.utf8)) {
            // A camera's own TIFF output is a TIFF, not a RAW.
            format = .tiff
        } else if make.hasPrefix("NIKON") {
            format = .nef
        } else if make.hasPrefix("SONY") {
            format = .arw
        } else if make.hasPrefix("OLYMPUS") || make.hasPrefix("OM DIGITAL") {
            format = .orf
        } else {
            format = .tiff
        }
        metadata.format = format

        let size: (Int?, Int?)
        switch format {
        case .tiff:
            // ExifTool's ImageWidth/ImageHeight for a TIFF are IFD0's.
            size = (details.ifd0Width, details.ifd0Height)
        case .rw2:
            size = (details.sensorWidth ?? details.exifWidth, details.sensorHeight ?? details.exifHeight)
        case .cr2:
            // IFD0 is a preview and the sensor IFD has no size tags; EXIF has the full size.
            size = (details.exifWidth ?? details.ifd0Width, details.exifHeight ?? details.ifd0Height)
        default:
            // RAWs keep a thumbnail in IFD0 and the sensor image in a SubIFD.
            size = (details.fullWidth ?? details.exifWidth ?? details.ifd0Width,
                    details.fullHeight ?? details.exifHeight ?? details.ifd0Height)
        }
        if let width = size.0, let height = size.1 {
            metadata.width = width
            metadata.height = height
        }
        return MetadataReading(metadata, problem: damage)
    }
}

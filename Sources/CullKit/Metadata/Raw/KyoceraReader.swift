/// The `.raw` of Kyocera's Contax N Digital, after ExifTool's KyoceraRaw.pm: a header of 156 bytes
/// with fixed fields, its strings stored back to front ("ARECOYK" at 0x19 is the make, KYOCERA):
/// the model at 0x0C (12 bytes), the capture time at 0x21 (20 bytes), the lens at 0x7C (32 bytes,
/// front to back). LibRaw knows the camera by the same mark but reads no metadata from it, and the
/// format has no preview; nothing else is claimed (ExifTool reports no size either).
enum KyoceraReader {
    static let headerSize = 156

    /// Whether `head` is a Kyocera RAW header ("ARECOYK" at 25).
    static func matches(_ head: [UInt8]) -> Bool {
        head.count >= 32 && head[25 ..< 32].elementsEqual("ARECOYK".utf8)
    }

    static func read(_ file: MediaFile, head: [UInt8]) -> MetadataReading {
        var m = MediaMetadata()
        m.format = .kyocera
        /// A field of `count` bytes at `offset` as text, when the file holds all of it.
        func field(_ offset: Int, _ count: Int, reversed: Bool = true) -> String? {
            guard head.count >= offset + count else { return nil }
            let bytes = head[offset ..< offset + count].prefix { $0 != 0 }
            return TIFFStructure.text(reversed ? Array(bytes.reversed())[...] : bytes)
        }
        m.make = field(0x19, 7)
        m.model = field(0x0C, 12)
        m.exifDate = field(0x21, 20).flatMap { DateParsing.exif(Array($0.utf8)) }
        m.lens = field(0x7C, 32, reversed: false)
        guard head.count >= headerSize else {
            return MetadataReading(m, problem: .incomplete("the Kyocera header ends at byte \(headerSize), past the end of the file "
                                                          + "(\(file.size) bytes)"))
        }
        return MetadataReading(m)
    }
}

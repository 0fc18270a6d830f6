import CLibRawShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the camera RAW formats Cull's TIFF reader does not cover (``RawFormats/readByLibRaw``,
/// and RAW-named files of a magic Cull does not know) through LibRaw: headers only.
///
/// Make, model, software, lens, orientation and the capture time (with its sub-seconds and offset)
/// are the EXIF values LibRaw's parser met (``LibRawTags``), as ExifTool prints them; where a
/// format has none (Canon's CIFF CRW), LibRaw's own names and time stand in. The size is LibRaw's
/// output size, except for a CR3, whose IFD0 gives the size of the camera's own rendering (as
/// ExifTool reports).
///
/// A file LibRaw cannot open is *declined*, in LibRaw's words, never damaged: LibRaw answers
/// "Unsupported file format" as readily for a layout or compression newer than itself as for
/// garbage, so only Cull's own readers judge damage (``CR3Reader``; ``confirm(_:_:format:)``).
enum LibRawReader {
    /// LibRaw's version, as reasons name it ("0.20.2").
    static let version: String = {
        let full = String(cString: libraw_version())
        return full.split(separator: "-").first.map(String.init) ?? full
    }()

    /// LibRaw's reading of `file`, or, when LibRaw declines it, the format alone and the refusal.
    /// Throws only when the file cannot be read (``MetadataError/io(_:)``).
    static func reading(_ file: MediaFile, format: MediaFormat) throws(MetadataError) -> MetadataReading {
        do throws(MetadataError) {
            return MetadataReading(try read(file, format: format, own: nil))
        } catch where error.isDeclined {
            var m = MediaMetadata()
            m.format = format
            return MetadataReading(m, problem: error)
        }
    }

    /// Asks LibRaw about a file Cull's own reader (``CR3Reader``) read without finding damage: LibRaw's
    /// values fill only what Cull's left out; a LibRaw that declines the file makes it declined, with
    /// Cull's reading kept. Throws only when the file cannot be read.
    static func confirm(_ own: MetadataReading, _ file: MediaFile, format: MediaFormat) throws(MetadataError) -> MetadataReading {
        do throws(MetadataError) {
            var metadata = own.metadata
            metadata.fillGaps(from: try read(file, format: format, own: own.metadata))
            return MetadataReading(metadata, problem: own.problem)
        } catch where error.isDeclined {
            return MetadataReading(own.metadata, problem: error)
        }
    }

    /// LibRaw's reading; throws ``MetadataError/declined(_:)`` when LibRaw declines the file (saying
    /// what Cull read of it by itself: `own`, nil when Cull has no reader of its own for the format)
    /// and ``MetadataError/io(_:)`` when a read failed or LibRaw could not start.
    static func read(_ file: MediaFile, format: MediaFormat, own: MediaMetadata? = nil) throws(MetadataError) -> MediaMetadata {
        guard let raw = LibRawFile(file) else { throw .io("LibRaw could not start: out of memory") }
        guard raw.result == 0 else {
            if raw.readFailed { throw .io(file.readFailure ?? "read failed") }
            throw declined(format, why: raw.reason(raw.result), own: own)
        }
        let data = raw.data
        let tags = raw.tags
        var m = MediaMetadata()
        m.format = format
        m.make = tags.make ?? libRawText(data.pointee.idata.make)
        m.model = tags.model ?? libRawText(data.pointee.idata.model)
        m.software = tags.software ?? libRawText(data.pointee.idata.software)
        m.lens = tags.lens ?? libRawText(data.pointee.lens.Lens)
        m.orientation = tags.orientation ?? orientation(flip: Int(data.pointee.sizes.flip))
        if let original = tags.dateOriginal.flatMap({ DateParsing.exif($0) }) {
            m.exifDate = original
            m.exifDate?.offsetMinutes = tags.offsetOriginal.flatMap { DateParsing.offset($0.utf8) }
            m.subsecondMicros = tags.subsecondOriginal.flatMap(TIFFReader.subsecondMicros)
        } else if let digitized = tags.dateDigitized.flatMap({ DateParsing.exif($0) }) {
            m.exifDate = digitized
            m.exifDate?.offsetMinutes = tags.offsetDigitized.flatMap { DateParsing.offset($0.utf8) }
            m.subsecondMicros = tags.subsecondDigitized.flatMap(TIFFReader.subsecondMicros)
        } else {
            m.exifDate = wallClock(data.pointee.other.timestamp)
        }
        if format == .cr3, let width = tags.width, let height = tags.height {
            (m.width, m.height) = (width, height)
        } else if let size = raw.outputSize() {
            (m.width, m.height) = (size.width, size.height)
        }
        readGPS(data.pointee.other.parsed_gps, into: &m)
        return m
    }

    /// "LibRaw 0.20.2 declines this CR3 (Unsupported file format or not RAW file); metadata read by Cull".
    static func declined(_ format: MediaFormat, why: String, own: MediaMetadata?) -> MetadataError {
        let name = format.rawValue.uppercased()
        let tail: String
        if let own {
            let read = own.exifDate != nil || own.make != nil || own.model != nil
            tail = read ? "metadata read by Cull" : "Cull found no metadata of its own in it"
        } else {
            tail = "Cull has no reader of its own for \(name) files"
        }
        return .declined("LibRaw \(version) declines this \(name) (\(why)); \(tail)")
    }

    /// LibRaw's flip (0, 3: 180°, 5: 90° counter-clockwise, 6: 90° clockwise) as an EXIF orientation.
    static func orientation(flip: Int) -> Int? {
        switch flip {
        case 0: 1
        case 3: 3
        case 5: 8
        case 6: 6
        default: nil
        }
    }

    /// LibRaw turns a camera's wall-clock time into a `time_t` through `mktime` in the local zone;
    /// `localtime_r` turns it back into the wall clock the camera wrote.
    static func wallClock(_ timestamp: time_t) -> CaptureDate? {
        guard timestamp > 0 else { return nil }
        var time = timestamp
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return nil }
        return CivilDate.seconds(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                                 hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
            .map { CaptureDate(local: $0) }
    }

    /// LibRaw's parsed GPS position (degrees, minutes, seconds and N/S/E/W references).
    private static func readGPS(_ gps: libraw_gps_info_t, into m: inout MediaMetadata) {
        guard gps.gpsparsed != 0 else { return }
        func degrees(_ parts: (Float, Float, Float), negative: Bool, limit: Double) -> Double? {
            let value = Double(parts.0) + Double(parts.1) / 60 + Double(parts.2) / 3600
            guard value.isFinite, abs(value) <= limit else { return nil }
            return negative ? -abs(value) : value
        }
        guard let latitude = degrees(gps.latitude, negative: UInt8(bitPattern: gps.latref) == UInt8(ascii: "S"), limit: 90),
              let longitude = degrees(gps.longitude, negative: UInt8(bitPattern: gps.longref) == UInt8(ascii: "W"), limit: 180),
              latitude != 0 || longitude != 0 else { return }
        (m.latitude, m.longitude) = (latitude, longitude)
    }
}

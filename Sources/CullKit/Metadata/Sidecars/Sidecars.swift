import Foundation

/// Reads the sidecar files that travel with a photo: an XMP sidecar (`IMG_0001.xmp`, as
/// Lightroom and darktable write) and a Google Takeout JSON (`IMG_0001.jpg.json`).
///
/// The scanner merges the result over the embedded metadata with
/// ``MediaMetadata/override(with:)``, so sidecar values win.
public enum SidecarReader {
    /// Sidecars larger than this are not metadata; they are refused rather than read whole.
    static let maxSize = 4 * 1024 * 1024

    /// Reads an XMP sidecar file.
    public static func readXMP(path: String) throws(MetadataError) -> MediaMetadata {
        let bytes = try contents(of: path)
        return XMPReader.parse(bytes[...])
    }

    /// Reads a Google Takeout JSON sidecar: `photoTakenTime.timestamp` (UTC epoch seconds),
    /// `favorited` and `geoData` (or `geoDataExif`), where 0,0 means "no location".
    public static func readTakeoutJSON(path: String) throws(MetadataError) -> MediaMetadata {
        let bytes = try contents(of: path)
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw .malformed("Takeout JSON: \(error.localizedDescription)", offset: 0)
        }
        guard let root = object as? [String: Any] else {
            throw .malformed("Takeout JSON is not an object", offset: 0)
        }
        var metadata = MediaMetadata()
        if let taken = root["photoTakenTime"] as? [String: Any], let seconds = int64(taken["timestamp"]) {
            metadata.takeoutDate = CaptureDate(local: seconds, offsetMinutes: 0)
        }
        if let favorited = root["favorited"] as? Bool { metadata.favorite = favorited }
        for key in ["geoData", "geoDataExif"] {
            guard let geo = root[key] as? [String: Any], let lat = double(geo["latitude"]),
                  let lon = double(geo["longitude"]), lat != 0 || lon != 0,
                  abs(lat) <= 90, abs(lon) <= 180
            else { continue }
            metadata.latitude = lat
            metadata.longitude = lon
            break
        }
        return metadata
    }

    private static func contents(of path: String) throws(MetadataError) -> [UInt8] {
        let file = try MediaFile(path: path)
        guard file.size <= maxSize else {
            throw .malformed("sidecar of \(file.size) bytes exceeds \(maxSize)", offset: 0)
        }
        return try file.read(at: 0, count: file.size)
    }

    /// A number from JSON that may be written as a string ("1577836800") or a number.
    private static func int64(_ value: Any?) -> Int64? {
        if let string = value as? String { return Int64(string.trimmingWhitespace()) }
        if let number = value as? NSNumber {
            let double = number.doubleValue
            guard double.isFinite, abs(double) < 1e15 else { return nil }
            return Int64(double)
        }
        return nil
    }

    private static func double(_ value: Any?) -> Double? {
        if let string = value as? String { return Double(string) }
        if let number = value as? NSNumber { return number.doubleValue.isFinite ? number.doubleValue : nil }
        return nil
    }
}

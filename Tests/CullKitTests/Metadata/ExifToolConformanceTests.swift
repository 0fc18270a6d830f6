import Foundation
import Testing

@testable import CullKit

extension MetadataTests {
    /// Compares Cull's readers with ExifTool 12.57 (the oracle JSON next to the corpus) on every
    /// corpus file Cull reads. A field is checked only where ExifTool reports the tag.
    @Suite struct ExifToolConformanceTests {
        /// file + field pairs where ExifTool's answer comes from magic Cull deliberately lacks.
        static let allowList: [String: String] = [
            "exif-samples/jpg/long_description.jpg xmpDate":
                "Cull takes photoshop:DateCreated (2003:08:31, checked with exiftool) before xmp:CreateDate "
                + "by design; the oracle JSON was made without -DateCreated, so it only shows xmp:CreateDate.",
        ]

        /// Folders of deliberately broken files: they must not crash, and may throw.
        static let brokenFolders = ["exif-samples/jpg/invalid/", "exif-samples/jpg/tests/"]

        @Test(.enabled(if: Corpus.isAvailable, "corpus at ../shared/corpus is absent"))
        func agreesWithExifTool() throws {
            let data = try Data(contentsOf: Corpus.oracle)
            let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            var oracle: [String: [String: Any]] = [:]
            for entry in entries {
                if let source = entry["SourceFile"] as? String { oracle[source] = entry }
            }

            var tally = Tally()
            var readFiles = 0
            for relative in Corpus.files() {
                let tags = oracle[relative] ?? [:]
                let metadata: MediaMetadata
                do {
                    metadata = try MetadataReaders.read(path: Corpus.path(relative))
                } catch {
                    let type = tags["File:FileType"] as? String
                    let ours = ["JPEG", "TIFF"].contains(type ?? "")
                    if ours, !Self.brokenFolders.contains(where: relative.hasPrefix) {
                        tally.failures.append("\(relative): threw \(error)")
                    }
                    continue
                }
                guard metadata.format != nil else { continue }
                readFiles += 1
                compare(relative, metadata, tags, &tally)
            }

            print("ExifTool conformance over \(readFiles) files read by Cull:")
            print("field".padding(toLength: 16, withPad: " ", startingAt: 0) + "agreed/total")
            for field in tally.order {
                let (agreed, total) = tally.counts[field] ?? (0, 0)
                print(field.padding(toLength: 16, withPad: " ", startingAt: 0) + "\(agreed)/\(total)")
            }
            for failure in tally.failures { print("MISMATCH " + failure) }
            #expect(tally.failures.isEmpty, "\(tally.failures.count) mismatches; see the printed list")
            #expect(readFiles >= 90)
        }

        struct Tally {
            var order: [String] = []
            var counts: [String: (Int, Int)] = [:]
            var failures: [String] = []

            mutating func record(_ field: String, _ file: String, ours: String, theirs: String, agreed: Bool) {
                if counts[field] == nil { order.append(field) }
                let allowed = ExifToolConformanceTests.allowList["\(file) \(field)"] != nil
                let (a, t) = counts[field] ?? (0, 0)
                counts[field] = (a + (agreed ? 1 : 0), t + 1)
                if !agreed, !allowed { failures.append("\(file) \(field): cull=\(ours) exiftool=\(theirs)") }
            }
        }

        private func compare(_ file: String, _ m: MediaMetadata, _ tags: [String: Any], _ tally: inout Tally) {
            func text(_ key: String) -> String? { tags[key].map { "\($0)" } }
            func number(_ key: String) -> Double? {
                (tags[key] as? NSNumber)?.doubleValue ?? (tags[key] as? String).flatMap(Double.init)
            }
            func show<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "nil" }

            if let theirs = text("File:FileType") {
                let expected = ["JPEG": MediaFormat.jpeg, "TIFF": .tiff, "HEIC": .heic, "AVIF": .avif][theirs]
                tally.record("format", file, ours: show(m.format), theirs: theirs, agreed: m.format == expected)
            }
            if let theirs = text("ExifIFD:DateTimeOriginal") {
                let ours = m.exifDate.map(format)
                tally.record("exifDate", file, ours: show(ours), theirs: theirs, agreed: ours == String(theirs.prefix(19)))
                if let offset = text("ExifIFD:OffsetTimeOriginal") {
                    let ours = m.exifDate?.offsetMinutes.map(formatOffset)
                    tally.record("exifOffset", file, ours: show(ours), theirs: offset, agreed: ours == offset)
                }
            }
            if let theirs = text("XMP-exif:DateTimeOriginal") ?? text("XMP-xmp:CreateDate") {
                let ours = m.xmpDate.map { format($0) + ($0.offsetMinutes.map(formatOffset) ?? "") }
                let expected = normalizeXMPDate(theirs)
                tally.record("xmpDate", file, ours: show(ours), theirs: theirs, agreed: ours == expected)
            }
            if let width = number("File:ImageWidth") ?? number("IFD0:ImageWidth"),
               let height = number("File:ImageHeight") ?? number("IFD0:ImageHeight") {
                let agreed = m.width == Int(width) && m.height == Int(height)
                tally.record("dimensions", file, ours: "\(show(m.width))x\(show(m.height))",
                             theirs: "\(Int(width))x\(Int(height))", agreed: agreed)
            }
            for (key, field, ours) in [("IFD0:Make", "make", m.make), ("IFD0:Model", "model", m.model),
                                       ("IFD0:Software", "software", m.software),
                                       ("ExifIFD:LensModel", "lens", m.lens),
                                       ("ExifIFD:UserComment", "userComment", m.userComment)] {
                guard let theirs = text(key) else { continue }
                // ExifTool's JSON writes numeric-looking strings ("1.00") as numbers.
                let numeric = (tags[key] as? NSNumber).map { number in ours.flatMap(Double.init) == number.doubleValue }
                // A blank value is "no value" to Cull (nil), where ExifTool prints "".
                let expected: String? = theirs.isEmpty ? nil : theirs
                tally.record(field, file, ours: show(ours), theirs: theirs, agreed: numeric ?? (ours == expected))
            }
            if let theirs = number("IFD0:Orientation") {
                tally.record("orientation", file, ours: show(m.orientation), theirs: "\(Int(theirs))",
                             agreed: m.orientation == Int(theirs))
            }
            if let lat = number("Composite:GPSLatitude"), let lon = number("Composite:GPSLongitude") {
                let agreed = abs((m.latitude ?? .nan) - lat) <= 1e-6 && abs((m.longitude ?? .nan) - lon) <= 1e-6
                tally.record("gps", file, ours: "\(show(m.latitude)),\(show(m.longitude))", theirs: "\(lat),\(lon)",
                             agreed: agreed)
            }
        }

        /// "YYYY:MM:DD HH:MM:SS" of a capture date's local time, computed independently of the readers.
        private func format(_ date: CaptureDate) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(secondsFromGMT: 0)
            formatter.dateFormat = "yyyy:MM:dd HH:mm:ss"
            return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(date.local)))
        }

        /// ExifTool prints XMP dates as written: drop fractional seconds, spell "Z" and "+1:00" as "+00:00" / "+01:00".
        private func normalizeXMPDate(_ text: String) -> String {
            var main = String(text.prefix(19))
            var rest = text.dropFirst(19)
            if rest.first == "." { rest = rest.drop { $0 == "." || $0.isNumber } }
            if rest == "Z" { return main + "+00:00" }
            if let sign = rest.first, sign == "+" || sign == "-" {
                let parts = rest.dropFirst().split(separator: ":")
                if let h = parts.first.flatMap({ Int($0) }) {
                    let m = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
                    main += String(sign) + String(format: "%02d:%02d", h, m)
                }
            }
            return main
        }

        private func formatOffset(_ minutes: Int) -> String {
            let sign = minutes < 0 ? "-" : "+"
            let value = abs(minutes)
            return sign + String(format: "%02d:%02d", value / 60, value % 60)
        }
    }
}

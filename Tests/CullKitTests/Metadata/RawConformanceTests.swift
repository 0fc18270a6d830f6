import Foundation
import Testing
@testable import CullKit

extension MetadataTests {
    /// Cull's reading of every RAW against ExifTool's, run here on the same files: the corpus samples
    /// (ExifTool's own CR2, CR3, NEF, DNG, RAF, RW2), damaged and declined versions of them (a CR3
    /// LibRaw declines, a CR3, DNG and RAF cut in their image data: ExifTool reads their headers as
    /// Cull does) and the fixtures of the formats the corpus lacks (a CR3 of another camera, an iPhone
    /// ProRAW-like DNG, X3Fs of three generations, the Contax N Digital's `.raw`). Per format and field
    /// (date with sub-seconds and offset, make, model, lens, size, orientation), where ExifTool reports
    /// it: agreed/compared, printed as a table; a disagreement fails unless it is listed in ``known``.
    @Suite(.enabled(if: DecodeFixtures.hasExiftool, "exiftool is absent"))
    struct RawConformanceTests {
        /// Disagreements that are Cull's deliberate choice, by "file field".
        static let known: [String: String] = [
            "FujiFilm.raf size": "the S5Pro's SuperCCD: Cull takes LibRaw's output size (3584×3583, the 45° grid LibRaw renders); "
                + "ExifTool's ImageSize is the RAF header's RawImageCroppedSize (4256×1424, two photosites a pixel)",
            "cut.raf size": "as FujiFilm.raf: and the cut RAF has no size of Cull's (LibRaw is not asked about a damaged file)",
        ]

        let folder = TemporaryDirectory()

        /// The files compared, written into the test's folder: name → bytes.
        func files() throws -> [(String, [UInt8])] {
            var files: [(String, [UInt8])] = []
            if RawCorpus.isAvailable {
                for name in try RawCorpus.records().keys.sorted() {
                    let bytes = Array(try Data(contentsOf: RawCorpus.folder.appendingPathComponent(name)))
                    files.append((name, bytes))
                    switch name {
                    case "CanonRaw.cr3":
                        files.append(("declined.cr3", Self.newerCompression(bytes)))
                        files.append(("cut.cr3", Array(bytes.prefix(30_000))))
                    case "DNG.dng": files.append(("cut.dng", Array(bytes.prefix(13_600))))
                    case "FujiFilm.raf": files.append(("cut.raf", Array(bytes.prefix(20_000))))
                    default: break
                    }
                }
            }
            var r5 = CR3Fixture()
            files.append(("R5.cr3", r5.build().bytes))
            r5.compressionVersion = 0x300
            files.append(("R5-declined.cr3", r5.build().bytes))
            let proRAW = RawDamageTests.proRAW()
            files.append(("ProRAW.dng", proRAW))
            files.append(("ProRAW-cut.dng", Array(proRAW.prefix(proRAW.count / 2))))
            files.append(("DP2.x3f", X3FFixture().build().bytes))
            var sd10 = X3FFixture()
            sd10.jpgFromRaw = nil
            sd10.properties = [("CAMMANUF", "SIGMA"), ("CAMMODEL", "SIGMA SD10"), ("TIME", "1100000000")]
            files.append(("SD10.x3f", sd10.build().bytes))
            var quattro = X3FFixture()
            (quattro.version, quattro.columns, quattro.rows, quattro.rotation) = (0x0004_0001, 5424, 3616, 0)
            files.append(("Quattro.x3f", quattro.build().bytes))
            files.append(("CNDG0001.raw", KyoceraFixture().build()))
            return files
        }

        /// The CR3 with every CMP1 header at version 0x0300, which LibRaw 0.20 does not know.
        static func newerCompression(_ bytes: [UInt8]) -> [UInt8] {
            var bytes = bytes
            for at in 0 ..< bytes.count - 10 where bytes[at ..< at + 4].elementsEqual("CMP1".utf8) { bytes[at + 8] = 0x03 }
            return bytes
        }

        @Test func everyRAWAgreesWithExifTool() throws {
            let files = try files()
            for (name, bytes) in files { folder.write(name, bytes) }
            let exiftool = Process()
            exiftool.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            exiftool.arguments = ["exiftool", "-j", "-n", "-q", "-q", "-FileType", "-DateTimeOriginal", "-SubSecTimeOriginal",
                                  "-OffsetTimeOriginal", "-Make", "-Model", "-LensModel", "-Lens", "-ImageSize", "-Orientation", "-Rotation",
                                  "-SigmaRaw:ImageWidth", "-SigmaRaw:ImageHeight"]
                + files.map(\.0)
            exiftool.currentDirectoryURL = URL(fileURLWithPath: folder.path)
            let pipe = Pipe()
            exiftool.standardOutput = pipe
            try exiftool.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            exiftool.waitUntilExit()
            let records = try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]])
            var byName: [String: [String: Any]] = [:]
            for record in records { if let name = record["SourceFile"] as? String { byName[name] = record } }

            var table: [String: [String: (agreed: Int, total: Int)]] = [:]
            var failures: [String] = []
            for (name, _) in files {
                let tags = try #require(byName[name], "ExifTool read nothing of \(name)")
                let reading = MetadataReaders.reading(path: folder.path + "/" + name)
                let format = (tags["FileType"] as? String) ?? "?"
                for (field, ours, theirs) in Self.fields(reading.metadata, tags) {
                    guard let theirs else { continue }
                    let agreed = ours == theirs
                    let counts = table[format, default: [:]][field, default: (0, 0)]
                    table[format, default: [:]][field] = (counts.agreed + (agreed ? 1 : 0), counts.total + 1)
                    if !agreed, Self.known["\(name) \(field)"] == nil {
                        failures.append("\(name) \(field): cull=\(ours ?? "nil") exiftool=\(theirs) (\(reading.problem.map { "\($0)" } ?? "whole"))")
                    }
                }
            }
            let fields = ["date", "sub-seconds", "offset", "make", "model", "lens", "size", "orientation"]
            print("RAW conformance with ExifTool over \(files.count) files (agreed/compared; - where ExifTool has no value):")
            print("| format | " + fields.joined(separator: " | ") + " |")
            for format in table.keys.sorted() {
                print("| \(format) | " + fields.map { field in table[format]?[field].map { "\($0.agreed)/\($0.total)" } ?? "-" }
                    .joined(separator: " | ") + " |")
            }
            for failure in failures { print("MISMATCH " + failure) }
            #expect(failures.isEmpty, "\(failures.count) disagreements; see the printed list")
            #expect(table.keys.count >= (RawCorpus.isAvailable ? 7 : 4))
        }

        /// Each field as Cull and as ExifTool give it (nil: not reported), as comparable text.
        static func fields(_ m: MediaMetadata, _ tags: [String: Any]) -> [(String, String?, String?)] {
            func text(_ key: String) -> String? { tags[key].map { "\($0)" }.flatMap { $0.isEmpty ? nil : $0 } }
            let date = text("DateTimeOriginal").flatMap { DateParsing.exif(Array($0.utf8)) }
            let subsecond = text("SubSecTimeOriginal").flatMap(TIFFReader.subsecondMicros)
            let offset = text("OffsetTimeOriginal").flatMap { DateParsing.offset(Array($0.utf8)) }
            // An X3F's orientation is its header's Rotation (its JpgFromRaw's EXIF describes the JPEG).
            let rotation: [Int: Int] = [0: 1, 90: 6, 180: 3, 270: 8]
            let orientation = (tags["Rotation"] as? Int).flatMap { rotation[$0] } ?? (tags["Orientation"] as? Int)
            // The Contax's header calls its lens Lens; elsewhere Lens is ExifTool's composite of focal lengths.
            let lens = text("LensModel") ?? (text("FileType") == "RAW" ? text("Lens") : nil)
            // An X3F's size is its header's (SigmaRaw's ImageWidth); ExifTool's ImageSize is then its JpgFromRaw's.
            let header = text("ImageWidth").flatMap { width in text("ImageHeight").map { "\(width) \($0)" } }
            let size = text("FileType") == "X3F" ? header : text("ImageSize")
            return [
                ("date", m.exifDate.map { "\($0.local)" }, date.map { "\($0.local)" }),
                ("sub-seconds", m.subsecondMicros.map { "\($0)" }, subsecond.map { "\($0)" }),
                ("offset", m.exifDate?.offsetMinutes.map { "\($0)" }, offset.map { "\($0)" }),
                ("make", m.make, text("Make")),
                ("model", m.model, text("Model")),
                ("lens", m.lens, lens),
                ("size", m.width.flatMap { w in m.height.map { "\(w) \($0)" } }, size),
                ("orientation", m.orientation.map { "\($0)" }, orientation.map { "\($0)" }),
            ]
        }
    }
}

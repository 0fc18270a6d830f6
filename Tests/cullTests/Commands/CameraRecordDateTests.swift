import Foundation
import Testing
@testable import CullKit

/// Old cameras and trail cameras write their capture date outside EXIF: Olympus's APP12 PictureInfo
/// text, Canon's CIFF heap in APP0, Casio's APP1 QVCI block, Reconyx maker notes. Photo Mechanic
/// writes the day in XMP and the time of day only in IPTC. Cull must read the same date ExifTool
/// does, so a rule over photos without a date never takes these dated originals.
@Suite struct CameraRecordDateTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardizedFileURL.path
    static let corpus = repository + "/../shared/corpus"
    /// The corpus files and the ExifTool tag that holds each one's date.
    static let samples: [(path: String, tag: String)] = [
        ("exif-samples/jpg/exif-org/olympus-d320l.jpg", "PictureInfo:DateTimeOriginal"),
        ("exif-samples/jpg/exif-org/sony-powershota5.jpg", "CIFF:DateTimeOriginal"),
        ("exif-samples/jpg/Reconyx_HC500_Hyperfire.jpg", "Reconyx:DateTimeOriginal"),
    ]
    static var corpusPresent: Bool {
        FileManager.default.fileExists(atPath: corpus + "/exif-samples.exiftool.json")
            && samples.allSatisfy { FileManager.default.fileExists(atPath: corpus + "/" + $0.path) }
    }
    static var toolsPresent: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") && FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool")
    }

    /// ExifTool's "YYYY:MM:DD HH:MM:SS[±HH:MM]" as `cull find --format json` spells a taken date.
    static func iso(_ exiftool: String) -> String {
        let date = exiftool.prefix(10).replacingOccurrences(of: ":", with: "-")
        return date + "T" + exiftool.dropFirst(11)
    }

    /// Each file's `taken` and `taken_source` after a scan, by name.
    static func taken(_ box: Sandbox) throws -> [String: (taken: String?, source: String?)] {
        let found = try box.cull(["find", "--format", "json"])
        let rows = try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]] ?? []
        var result: [String: (String?, String?)] = [:]
        for row in rows {
            if let name = row["name"] as? String { result[name] = (row["taken"] as? String, row["taken_source"] as? String) }
        }
        return result
    }

    @Test(.enabled(if: corpusPresent, "the corpus at ../shared/corpus is absent"))
    func corpusCameraRecordsGiveExifToolsDate() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/exif-samples.exiftool.json"))
        let records = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        let box = try Sandbox("camera-records")
        var expected: [String: String] = [:]
        for sample in Self.samples {
            let record = try #require(records.first { $0["SourceFile"] as? String == sample.path })
            let date = try #require(record[sample.tag] as? String, "ExifTool has no \(sample.tag) for \(sample.path)")
            let name = URL(fileURLWithPath: sample.path).lastPathComponent
            try FileManager.default.copyItem(atPath: Self.corpus + "/" + sample.path, toPath: box.library.root + "/" + name)
            expected[name] = Self.iso(date)
        }
        #expect(try box.cull(["scan"]).status == 0)
        let taken = try Self.taken(box)
        for (name, date) in expected {
            #expect(taken[name]?.taken == date, "\(name): cull \(String(describing: taken[name])), exiftool \(date)")
            #expect(taken[name]?.source == "maker", "\(name)")
        }
        let undated = try box.cull(["find", "taken: {exists: false}", "--format", "paths"])
        #expect(undated.status == 0)
        for name in expected.keys { #expect(!undated.stdout.contains(name), "\(name) listed as undated: \(undated.stdout)") }
    }

    /// A Casio QV-7000SX's APP1 QVCI block (ExifTool's `Casio::QVCI` layout: the date as text at
    /// byte 0x4D) and a Photo Mechanic file (XMP `photoshop:DateCreated` with the day only, IPTC
    /// DateCreated and TimeCreated): each read as ExifTool reads the same bytes.
    @Test(.enabled(if: toolsPresent, "needs ImageMagick and exiftool"))
    func casioQVCIAndPhotoMechanicGiveExifToolsDate() throws {
        let box = try Sandbox("camera-records-made")
        let root = box.library.root + "/"
        try box.tool(["convert", "-size", "8x8", "xc:gray50", "plain.jpg"])
        let plain = try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "plain.jpg")))
        var qvci = Array("QVCI\0".utf8) + [UInt8](repeating: 0, count: 0x4D - 5)
        qvci += Array("2002.04.19 10:47:52\0".utf8)
        qvci += [UInt8](repeating: 0, count: 0x85 - qvci.count)
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((qvci.count + 2) >> 8), UInt8((qvci.count + 2) & 0xFF)] + qvci
        try Data(Array(plain.prefix(2)) + segment + Array(plain.dropFirst(2))).write(to: URL(fileURLWithPath: root + "CasioQVCI.jpg"))
        try FileManager.default.removeItem(atPath: root + "plain.jpg")
        try box.tool(["convert", "-size", "8x8", "xc:gray60", "PhotoMechanic.jpg"])
        try box.tool(["exiftool", "-q", "-overwrite_original", "-XMP-photoshop:DateCreated=2006:10:29",
                      "-IPTC:DateCreated=2006:10:29", "-IPTC:TimeCreated=06:27:51-05:00", "PhotoMechanic.jpg"])

        let exiftool = Process()
        let output = Pipe()
        exiftool.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        exiftool.arguments = ["-j", "-G1", "-DateTimeOriginal", "-DateTimeCreated", "CasioQVCI.jpg", "PhotoMechanic.jpg"]
        exiftool.currentDirectoryURL = URL(fileURLWithPath: root)
        exiftool.standardOutput = output
        try exiftool.run()
        let json = output.fileHandleForReading.readDataToEndOfFile()
        exiftool.waitUntilExit()
        let records = try JSONSerialization.jsonObject(with: json) as? [[String: Any]] ?? []
        let casio = try #require(records.first { $0["SourceFile"] as? String == "CasioQVCI.jpg" }?["Casio:DateTimeOriginal"] as? String)
        let mechanic = try #require(records.first { $0["SourceFile"] as? String == "PhotoMechanic.jpg" }?["Composite:DateTimeCreated"] as? String)

        #expect(try box.cull(["scan"]).status == 0)
        let taken = try Self.taken(box)
        #expect(taken["CasioQVCI.jpg"]?.taken == Self.iso(casio), "cull \(String(describing: taken["CasioQVCI.jpg"])), exiftool \(casio)")
        #expect(taken["CasioQVCI.jpg"]?.source == "maker")
        #expect(taken["PhotoMechanic.jpg"]?.taken == Self.iso(mechanic), "cull \(String(describing: taken["PhotoMechanic.jpg"])), exiftool \(mechanic)")
        let undated = try box.cull(["find", "taken: {exists: false}", "--format", "paths"])
        #expect(undated.status == 0 && !undated.stdout.contains("CasioQVCI"), "\(undated.stdout)")
    }
}

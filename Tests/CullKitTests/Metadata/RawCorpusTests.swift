import Foundation
import Testing
@testable import CullKit

/// The RAW samples of `../shared/corpus/raw/` (ExifTool's own CR2, CR3, NEF, DNG, RAF and RW2 test
/// images: headers and small previews, sensor data stripped) against `raw.exiftool.json`, ExifTool's
/// reading of them.
enum RawCorpus {
    static let folder = Corpus.root.appendingPathComponent("raw")
    static let oracle = Corpus.root.appendingPathComponent("raw.exiftool.json")

    static var isAvailable: Bool {
        let available = FileManager.default.fileExists(atPath: oracle.path)
        if !available { print("Skipping RAW corpus tests: no \(oracle.path)") }
        return available
    }

    /// ExifTool's record of each sample, by file name.
    static func records() throws -> [String: [String: Any]] {
        let records = try JSONSerialization.jsonObject(with: Data(contentsOf: oracle)) as? [[String: Any]] ?? []
        var byName: [String: [String: Any]] = [:]
        for record in records { if let name = record["SourceFile"] as? String { byName[name] = record } }
        return byName
    }

    /// "YYYY:MM:DD HH:MM:SS" as local seconds since 1970 (how the index stores `taken`).
    static func seconds(_ exif: String) -> Int64? { DateParsing.exif(Array(exif.utf8))?.local }

    /// ExifTool's SubSecTimeOriginal (a number or a string in its JSON) as microseconds.
    static func subsecond(_ value: Any?) -> Int? {
        guard let value else { return nil }
        return TIFFReader.subsecondMicros("\(value)")
    }
}

@Suite(.enabled(if: RawCorpus.isAvailable, "the RAW corpus at ../shared/corpus/raw is absent"))
struct RawCorpusTests {
    typealias Fixture = ImageGroupsTests.Fixture

    /// Each sample in a folder of its own (CanonRaw.cr2 and CanonRaw.cr3 share a stem).
    func copySamples(into f: Fixture) throws -> [String: String] {
        var paths: [String: String] = [:]
        for name in try RawCorpus.records().keys {
            let folder = name.replacingOccurrences(of: ".", with: "-")
            try FileManager.default.createDirectory(atPath: f.directory.path + "/" + folder, withIntermediateDirectories: true)
            let target = folder + "/" + name
            try FileManager.default.copyItem(atPath: RawCorpus.folder.appendingPathComponent(name).path, toPath: f.directory.path + "/" + target)
            paths[name] = target
        }
        return paths
    }

    @Test func everySampleIsIndexedAsARawPhotoWithExifToolsDateAndCamera() throws {
        let f = try Fixture()
        let paths = try copySamples(into: f)
        try f.scan()
        let records = try RawCorpus.records()
        #expect(records.count == 6)
        for (name, tags) in records.sorted(by: { $0.key < $1.key }) {
            let path = try #require(paths[name])
            var row: [SQLValue]?
            try f.db.forEachRow("""
                SELECT kind, raw, broken, broken_reason, taken, camera_make, camera_model, lens, orientation, taken_subsec_us
                FROM assets WHERE path = ?
                """, [.text(path)]) { found in
                row = [.text(found.string("kind") ?? ""), .integer(found.int64("raw")), .integer(found.int64("broken")),
                       found.string("broken_reason").map { .text($0) } ?? .null, found.optionalInt64("taken").map { .integer($0) } ?? .null,
                       found.string("camera_make").map { .text($0) } ?? .null, found.string("camera_model").map { .text($0) } ?? .null,
                       found.string("lens").map { .text($0) } ?? .null, found.optionalInt64("orientation").map { .integer($0) } ?? .null,
                       found.optionalInt64("taken_subsec_us").map { .integer($0) } ?? .null]
            }
            let found = try #require(row, "\(name) is not indexed")
            #expect(found[0].string == "photo", "\(name)")
            #expect(found[1].int64 == 1, "\(name) is not raw")
            #expect(found[2].int64 == 0, "\(name) is broken: \(found[3].string ?? "")")
            let date = try #require(tags["ExifIFD:DateTimeOriginal"] as? String)
            #expect(found[4].int64 == RawCorpus.seconds(date), "\(name): taken")
            #expect(found[5].string == tags["IFD0:Make"] as? String, "\(name): make")
            #expect(found[6].string == tags["IFD0:Model"] as? String, "\(name): model")
            if let lens = tags["ExifIFD:LensModel"] as? String { #expect(found[7].string == lens, "\(name): lens") }
            if let orientation = tags["IFD0:Orientation"] as? Int { #expect(found[8].int64 == Int64(orientation), "\(name): orientation") }
            if let subsecond = RawCorpus.subsecond(tags["ExifIFD:SubSecTimeOriginal"]) {
                #expect(found[9].int64 == Int64(subsecond), "\(name): sub-seconds")
            }
        }
    }

    /// Cull's TIFF reader stays the reader of the TIFF-based RAWs where it agrees with LibRaw: on
    /// every sample both read, the date, sub-seconds, camera, lens and orientation are the same, and
    /// the sizes differ by no more than the sensor margins LibRaw crops.
    @Test func theTIFFReaderAndLibRawAgreeOnEverySampleBothRead() throws {
        var compared: [String] = []
        for name in try RawCorpus.records().keys.sorted() {
            let path = RawCorpus.folder.appendingPathComponent(name).path
            let file = try MediaFile(path: path)
            let head = try file.read(at: 0, count: MetadataReaders.headSize)
            guard MetadataReaders.sniff(head).map({ [.tiff, .cr2, .orf, .rw2].contains($0) }) == true else { continue }
            let tiff = try RawReader.read(file, head: head).metadata
            guard let libRaw = try? LibRawReader.read(file, format: try #require(tiff.format)) else { continue }
            compared.append(name)
            #expect(libRaw.exifDate == tiff.exifDate, "\(name): date")
            #expect(libRaw.subsecondMicros == tiff.subsecondMicros, "\(name): sub-seconds")
            #expect(libRaw.make == tiff.make && libRaw.model == tiff.model, "\(name): \(libRaw.make ?? "-") \(libRaw.model ?? "-")")
            #expect(libRaw.lens == tiff.lens && libRaw.orientation == tiff.orientation, "\(name): lens, orientation")
            let (w1, h1, w2, h2) = (try #require(tiff.width), try #require(tiff.height), try #require(libRaw.width), try #require(libRaw.height))
            #expect(abs(w1 - w2) * 50 <= w1 && abs(h1 - h2) * 50 <= h1, "\(name): \(w1)×\(h1) against LibRaw's \(w2)×\(h2)")
        }
        // CR2: the stripped sample is too little for LibRaw, which checks the sensor data.
        #expect(compared == ["DNG.dng", "Nikon.nef", "Panasonic.rw2"])
    }

    /// A JPEG with the sample's stem and capture time beside it is the other half of a RAW+JPEG pair.
    @Test func eachSamplePairsWithAJPEGOfItsStemAndDate() throws {
        let f = try Fixture()
        let paths = try copySamples(into: f)
        let records = try RawCorpus.records()
        var expected: [[String]] = []
        for (index, (name, path)) in paths.sorted(by: { $0.key < $1.key }).enumerated() {
            let jpeg = (path as NSString).deletingPathExtension + ".jpg"
            try Tools.picture(jpeg, seed: 300 + index, in: f.directory.path)
            let date = try #require(records[name]?["ExifIFD:DateTimeOriginal"] as? String)
            try Tools.exiftool([["-DateTimeOriginal=" + date, jpeg]], in: f.directory.path)
            expected.append([path, jpeg].sorted())
        }
        try f.scan()
        let pairs = try GroupSet.load(f.db, specs: [.rawPair]).groups.map { $0.members.map { PathBytes.display($0.path) }.sorted() }
        #expect(pairs.sorted { $0[0] < $1[0] } == expected.sorted { $0[0] < $1[0] })
    }
}

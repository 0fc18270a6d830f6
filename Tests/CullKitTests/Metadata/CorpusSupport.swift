import Foundation
import Testing

/// Locates the shared sample corpus (`<package root>/../shared/corpus`), which a fresh
/// clone does not have; tests over it are skipped when it is absent.
enum Corpus {
    /// The package root, found from this file's path (Tests/CullKitTests/Metadata/…).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let root = packageRoot.appendingPathComponent("../shared/corpus").standardizedFileURL
    static let samples = root.appendingPathComponent("exif-samples")
    static let oracle = root.appendingPathComponent("exif-samples.exiftool.json")

    static var isAvailable: Bool {
        let available = FileManager.default.fileExists(atPath: oracle.path)
            && FileManager.default.fileExists(atPath: samples.path)
        if !available { print("Skipping corpus tests: no corpus at \(root.path)") }
        return available
    }

    /// Paths relative to the corpus root ("exif-samples/jpg/…"), sorted, README files excluded.
    static func files() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: samples.path) else { return [] }
        var result: [String] = []
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = samples.appendingPathComponent(relative).path
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue,
                  !relative.lowercased().contains("readme")
            else { continue }
            result.append("exif-samples/" + relative)
        }
        return result.sorted()
    }

    /// ExifTool's records, keyed by `SourceFile` (relative to the corpus folder).
    static func exiftool() throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: oracle)
        let records = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        var byPath: [String: [String: Any]] = [:]
        for record in records {
            if let path = record["SourceFile"] as? String { byPath[path] = record }
        }
        return byPath
    }

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }
}

/// Namespace for the metadata reader tests, so `swift test --filter Metadata` selects them all.
@Suite enum MetadataTests {}

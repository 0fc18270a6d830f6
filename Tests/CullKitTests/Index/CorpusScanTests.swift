import Foundation
import Testing
@testable import CullKit

/// `cull scan` over a copy of the ExifTool sample set: no healthy camera file may be indexed as
/// broken (ExifTool reads every one of them and reports no structural damage), while the
/// deliberately damaged files under `jpg/invalid/` and `jpg/tests/` may be, with a reason.
@Suite struct CorpusScanTests {
    static let damagedFolders = ["exif-samples/jpg/invalid/", "exif-samples/jpg/tests/"]

    @Test(.enabled(if: Corpus.isAvailable, "corpus at ../shared/corpus is absent"))
    func noHealthyCorpusFileIsBroken() throws {
        let f = try ScannerTests.Fixture()
        for relative in Corpus.files() {
            let target = f.directory.path + "/" + relative
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Corpus.path(relative), toPath: target)
        }
        _ = try f.scan()
        let oracle = try Corpus.exiftool()
        var broken: [String: String] = [:]
        try f.db.forEachRow("SELECT path, broken_reason FROM assets WHERE broken = 1") { row in
            broken[row.string("path") ?? ""] = row.string("broken_reason") ?? ""
        }
        for (path, reason) in broken.sorted(by: { $0.key < $1.key }) { print("broken: \(path): \(reason)") }
        let healthy = broken.filter { path, _ in !Self.damagedFolders.contains(where: path.hasPrefix) }
        #expect(healthy.isEmpty, "healthy corpus files indexed as broken: \(healthy)")
        // A file ExifTool could not read at all is not one Cull may call healthy.
        let indexed = try f.db.scalar("SELECT count(*) FROM assets")?.int64 ?? 0
        #expect(indexed >= 90)
        for relative in Corpus.files() where oracle[relative] == nil {
            let lower = relative.lowercased()
            if TreeWalker.mediaExtensions.contains(String(lower.split(separator: ".").last ?? "")) {
                #expect(broken[relative] != nil, "\(relative): ExifTool cannot read it, Cull calls it healthy")
            }
        }
    }
}

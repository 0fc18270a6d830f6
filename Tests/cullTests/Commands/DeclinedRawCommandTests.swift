import Foundation
import Testing

/// Issue 36 item 4 and issue 37 item 14 as a user meets them: ExifTool's own CR3 with its compression
/// header (CMP1) at a version LibRaw 0.20 does not know, as a camera newer than the installed LibRaw
/// writes, beside the same CR3 cut in its image data. The stock `rules/broken-files.yaml` takes the cut
/// one only; `plan --explain` and `find` say why each is what it is.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: CanonSample.path), "the RAW corpus at ../shared/corpus/raw is absent"))
struct DeclinedRawCommandTests {
    static let repository = CanonSample.repository
    static let sample = CanonSample.path

    /// The sample with every CMP1 header's version (0x0100) made 0x0300.
    static func newer(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        let mark = Array("CMP1".utf8)
        for at in 0 ..< bytes.count - 10 where bytes[at ..< at + 4].elementsEqual(mark) {
            #expect(bytes[at + 8] == 0x01 && bytes[at + 9] == 0x00, "CMP1 version 0x0100 at \(at)")
            bytes[at + 8] = 0x03
        }
        return bytes
    }

    @Test func theStockBrokenFilesRuleTakesTheCutCR3AndExplainsTheDeclinedOne() throws {
        let box = try Sandbox("declined")
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: Self.sample)))
        box.write("2018/newer.cr3", bytes: Self.newer(original))
        box.write("2018/cut.cr3", bytes: Array(original.prefix(30_000)))
        let scan = try box.cull(["scan"])
        #expect(scan.status == 0 && scan.stdout.hasPrefix("added 2, changed 0, removed 0, broken 1, declined 1, unchanged 0"), "\(scan.stdout)")

        let rules = Self.repository.appendingPathComponent("rules/broken-files.yaml").path
        let month = ISO8601DateFormatter().string(from: Date().addingTimeInterval(30 * 86_400))
        let plan = try box.cull(["plan", rules, "--now", month, "--format", "paths", "--ceiling", "100"])
        #expect(plan.stdout == "2018/cut.cr3\n", "\(plan.stdout)\(plan.stderr)")

        let declined = try box.cull(["plan", rules, "--now", month, "--explain", "2018/newer.cr3"])
        #expect(declined.stdout.contains("broken-files (\(rules)): no match: fails broken eq true"), "\(declined.stdout)")
        #expect(declined.stdout.contains("\n  declined (not broken): LibRaw 0.20")
                && declined.stdout.contains(" declines this CR3 (Unsupported file format or not RAW file); metadata read by Cull\n"),
                "\(declined.stdout)")
        let cut = try box.cull(["plan", rules, "--now", month, "--explain", "2018/cut.cr3"])
        #expect(cut.stdout.contains("\n  broken: truncated: the 'mdat' box at byte 11421 ends at byte 52502, past the end of the file "
                                    + "(30000 bytes)\n"), "\(cut.stdout)")

        let found = try box.cull(["find", "declined: true", "--format", "json"])
        let items = try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(items.count == 1 && items.first?["path"] as? String == "2018/newer.cr3", "\(found.stdout)\(found.stderr)")
        #expect((items.first?["declined_reason"] as? String)?.hasPrefix("LibRaw 0.20") == true && items.first?["broken"] as? Bool == false)
        // Both keep ExifTool's date and camera: Cull reads them itself.
        let all = try JSONSerialization.jsonObject(with: Data(try box.cull(["find", "--format", "json"]).stdout.utf8)) as? [[String: Any]] ?? []
        for item in all {
            #expect(item["camera"] as? String == "Canon Canon EOS M50" && (item["taken"] as? String)?.hasPrefix("2018-02-21T12:08:56") == true,
                    "\(item)")
        }
    }
}

/// ExifTool's `CanonRaw.cr3` in the shared corpus.
enum CanonSample {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let path = repository.appendingPathComponent("../shared/corpus/raw/CanonRaw.cr3").standardizedFileURL.path
}

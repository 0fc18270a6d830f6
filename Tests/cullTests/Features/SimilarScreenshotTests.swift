import Foundation
import Testing
@testable import CullKit

/// Screenshots are never similar: screens of one app whose text differs are as close in pHash as
/// copies of one screenshot (one line of other words measured 0–4 bits apart), so a similar rule
/// would stage screenshots the user took on purpose. Their exact copies still group as duplicates.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"), "ImageMagick's /usr/bin/convert is absent"))
struct SimilarScreenshotTests {
    /// The stock `rules/similar.yaml` without its limit (five files would trip it).
    static let rules = "version: 1\nrules:\n  - name: near-duplicates\n    match: {similar: {distance: 6}, kind: photo}\n"
        + "    keep: [favorite, rating, highest_resolution, most_metadata, largest, oldest, shortest_path]\n"

    /// A phone screen (status and title bars, a tab bar) with one line of `text` under the title.
    static func screen(_ text: String) -> [String] {
        ["-size", "585x1266", "xc:white", "-font", "DejaVu-Sans", "-fill", "#f2f2f7", "-draw", "rectangle 0,0 585,165",
         "-fill", "black", "-pointsize", "20", "-annotate", "+30+48", "9:41", "-pointsize", "32", "-annotate", "+30+145", "Notes",
         "-pointsize", "24", "-annotate", "+30+300", text, "-fill", "#f2f2f7", "-draw", "rectangle 0,1141 585,1266"]
    }

    @Test func screenshotsWhoseTextDiffersAreNeverGroupedAsSimilar() throws {
        let box = try Sandbox("similar-screens")
        let texts = ["meeting moved to tuesday at ten", "flight gate changed to b twelve", "parcel delivered to the front door",
                     "dinner booked for eight people"]
        for (index, text) in texts.enumerated() {
            try ImageRuleTests.convert(box, "Screenshot_2024010\(index + 1)-120000.png", Self.screen(text))
        }
        box.write("Screenshot_20240101-120000 copy.png", bytes: try #require(FileOps.read(box.root + Array("Screenshot_20240101-120000.png".utf8))))
        #expect(try box.cull(["scan", "--hash"]).status == 0)
        #expect(try box.db.scalar("SELECT count(*) FROM assets WHERE screenshot = 1")?.int64 == 5)
        let stage = try box.cull(["stage", try box.rules("near.yaml", Self.rules), "--ceiling", "100"])
        #expect(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
        #expect(try StagedSet.load(box.db).map { PathBytes.display($0.path) } == [])
        #expect(try GroupSet.load(box.db, specs: [.similar(distance: SimilarGroups.maxDistance)]).groups.isEmpty)
        // The byte-for-byte copy is still a duplicate.
        let exact = try GroupSet.load(box.db, specs: [.exact]).groups.map { $0.members.map { PathBytes.display($0.path) } }
        #expect(exact == [["Screenshot_20240101-120000 copy.png", "Screenshot_20240101-120000.png"]])
    }
}

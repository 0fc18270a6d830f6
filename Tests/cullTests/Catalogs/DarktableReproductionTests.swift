import Foundation
import Testing
@testable import CullKit

/// Issue 19's reproduction: a photo rated 5 stars in darktable (which keeps the rating in its library,
/// not in the sidecar) was planned for the trash by the stock `old-non-favorites` rule.
@Suite struct DarktableReproductionTests {

    static func stockRule(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("rules/" + name).path
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs")) func aFiveStarPhotoRatedInDarktableIsNotPlannedForTheTrash() throws {
        let box = try Sandbox("dt-repro")
        let catalog = try CatalogFixtures.darktable(in: box)
        // darktable keeps the stars in the low three bits of images.flags.
        try CatalogFixtures.write(catalog, "UPDATE images SET flags = (flags & ~7) | 5 WHERE filename = 'IMG_0005.jpg'")
        #expect(try box.cull(["scan"]).status == 0)
        let result = try box.cull(["plan", Self.stockRule("old-non-favorites.yaml"), "--now", "2030-01-01", "--ceiling", "100",
                                   "--format", "paths"])
        let planned = result.stdout.split(separator: "\n").map(String.init)
        #expect(!planned.contains("IMG_0005.jpg"), "planned: \(planned)")

        let explained = try box.cull(["plan", Self.stockRule("old-non-favorites.yaml"), "--now", "2030-01-01", "--ceiling", "100",
                                      "--explain", "IMG_0005.jpg"])
        #expect(explained.stdout.contains("rating 5 from darktable \(catalog)"), "\(explained.stdout)")
        #expect(explained.stdout.contains("0 from IMG_0005.jpg.xmp"), "\(explained.stdout)")

        // Staging the same plan stages nothing that darktable rated.
        _ = try box.cull(["stage", Self.stockRule("old-non-favorites.yaml"), "--now", "2030-01-01", "--ceiling", "100"])
        #expect(try !StagedSet.load(box.db).contains { PathBytes.display($0.path) == "IMG_0005.jpg" })
    }
}

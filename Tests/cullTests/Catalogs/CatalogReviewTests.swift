import Foundation
import Testing
@testable import CullKit

/// Issue 37, item 12: while darktable writes its catalog, the review page's decisions cannot be made
/// (fail closed), and the page says why in the application's words, as a 503 to try again; never a 500.
@Suite struct CatalogReviewTests {
    @Test(.enabled(if: CatalogFixtures.isAvailable))
    func aLockedCatalogIsA503ThePageShows() throws {
        let box = try Sandbox("review-locked")
        let catalog = try CatalogFixtures.darktable(in: box)
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("all.yaml", CatalogFailClosedTests.all)
        let review = try ReviewProcess(box, ["--ceiling", "100", rules], extra: ["CULL_CATALOG_BUSY_TIMEOUT": "0.3"])
        let token = ["X-Cull-Token": review.token]
        #expect(try review.request("/api/items", headers: token).status == 200)
        // darktable in the middle of a write: an exclusive lock and a journal beside the catalog.
        let writer = try Database(path: catalog, create: false)
        try writer.execute("PRAGMA cache_size = 1; BEGIN EXCLUSIVE; UPDATE images SET flags = (flags & ~7) | 5 WHERE filename = 'IMG_0004.jpg'")
        let id = try #require(try StagingStore(db: box.db).assetID(path: Array("IMG_0001.jpg".utf8)))
        for path in ["/api/stage-all", "/api/decide?id=\(id)&to=stage", "/api/stage-section?section=0"] {
            let answer = try review.request(path, method: "POST", headers: token)
            #expect(answer.status == 503, "\(path): \(answer.status) \(answer.body)")
            #expect(answer.body.contains("darktable is writing its catalog; try again"), "\(path): \(answer.body)")
        }
        #expect(try StagedSet.load(box.db).isEmpty, "nothing was staged on what Cull could not see")
        try writer.execute("COMMIT")
        let staged = try review.request("/api/stage-all", method: "POST", headers: token)
        #expect(staged.status == 200, "\(staged.body)")
        #expect(try StagedSet.load(box.db).count == 6)
        _ = review.interrupt()
    }
}

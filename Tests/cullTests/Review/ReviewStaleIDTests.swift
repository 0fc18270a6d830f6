import Foundation
import Testing
@testable import CullKit

/// The page names assets by index id, and SQLite gives a freed id to the next new row. A tile the
/// page shows must never act on another file that took its id after a scan in another terminal.
@Suite struct ReviewStaleIDTests {
    /// Opens a review of three photos, then replaces the one with the highest id by a protected
    /// file that inherits that id (removed, scanned; added, scanned).
    static func reviewWithReusedID() throws -> (Sandbox, ReviewProcess, id: Int64) {
        let box = try Sandbox("review-stale")
        // Three different photos (the same bytes would be copies: the last of them never leaves).
        for (second, name) in ["a", "b", "c"].enumerated() { box.write("trip/\(name).jpg", bytes: Media.jpeg(taken: "2015:07:01 10:00:0\(second)")) }
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("trip.yaml", """
            version: 1
            protect:
              - name: "family*"
            rules:
              - name: trip
                match:
                  path: {matches: "^trip/"}
                limit: {count: 10}
            """)
        let review = try ReviewProcess(box, ["--ceiling", "100", rules])
        let shown = try #require(try box.db.scalar("SELECT path FROM assets ORDER BY id DESC LIMIT 1", [])?.string)
        let id = try ReviewServerTests.id(box, shown)
        _ = FileOps.unlink(box.root + Array(shown.utf8))
        #expect(try box.cull(["scan"]).status == 0)
        box.write("trip/family.jpg", bytes: Media.jpeg(taken: "2016:01:01 10:00:00"))
        #expect(try box.cull(["scan"]).status == 0)
        // The precondition of the attack: the protected photo now answers to the tile's id.
        #expect(try ReviewServerTests.id(box, "trip/family.jpg") == id)
        return (box, review, id)
    }

    @Test func aDecisionOnAReusedIDIsRefusedAndWritesNothing() throws {
        let (box, review, id) = try Self.reviewWithReusedID()
        let token = ["X-Cull-Token": review.token]
        for decision in ["stage", "keep", "unstage"] {
            let answer = try review.request("/api/decide?id=\(id)&to=\(decision)", method: "POST", headers: token)
            #expect(answer.status == 409 && answer.body.contains("changed"), "\(decision): \(answer)")
        }
        #expect(try StagingStore(db: box.db).status(of: id) == .new)
        let section = try review.request("/api/stage-section?section=0", method: "POST", headers: token)
        #expect(section.status == 200, "\(section)")
        #expect(try StagingStore(db: box.db).status(of: id) == .new)
        #expect(try box.cull(["trash", "--format", "paths"]).stdout.split(separator: "\n").sorted() == ["trip/a.jpg", "trip/b.jpg", "trip/c.jpg"]
            .filter { box.exists($0) }.map { Substring($0) })
        _ = review.interrupt()
    }

    @Test func theOtherFileIsNotShownUnderTheOldTile() throws {
        let (_, review, id) = try Self.reviewWithReusedID()
        let token = ["X-Cull-Token": review.token]
        for route in ["thumb", "original", "preview"] {
            let answer = try review.request("/\(route)/\(id)", headers: token)
            #expect(answer.status == 410, "\(route): \(answer.status)")
        }
        let items = try review.request("/api/items", headers: token)
        #expect(items.status == 200 && !items.body.contains("family.jpg"), "\(items.body.prefix(400))")
        _ = review.interrupt()
    }
}

/// The page's plan is made when it opens; a photo protected since then (rated in another app,
/// rescanned) must not be staged on the word of that plan: `cull plan` spares it now.
@Suite struct ReviewStalePlanTests {
    static let rated = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="5"/></rdf:RDF></x:xmpmeta>
        """

    static func reviewThenProtect() throws -> (Sandbox, ReviewProcess, a: Int64) {
        let box = try Sandbox("review-stale-plan")
        // Three different photos (the same bytes would be copies: the last of them never leaves).
        for (second, name) in ["a", "b", "c"].enumerated() { box.write("trip/\(name).jpg", bytes: Media.jpeg(taken: "2015:07:01 10:00:0\(second)")) }
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("trip.yaml", """
            version: 1
            protect:
              - rating: {gte: 1}
            rules:
              - name: trip
                match:
                  path: "trip/**"
                limit: {count: 10}
            """)
        let review = try ReviewProcess(box, ["--ceiling", "100", rules])
        box.write("trip/a.xmp", rated)
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.cull(["plan", "--ceiling", "100", rules]).stdout.contains("spared 1"))
        return (box, review, try ReviewServerTests.id(box, "trip/a.jpg"))
    }

    @Test func aPhotoProtectedSinceThePageOpenedIsNotStaged() throws {
        let (box, review, a) = try Self.reviewThenProtect()
        let token = ["X-Cull-Token": review.token]
        let one = try review.request("/api/decide?id=\(a)&to=stage", method: "POST", headers: token)
        #expect(one.status == 409, "\(one)")
        #expect(try StagingStore(db: box.db).status(of: a) == .new)
        #expect(try review.request("/api/stage-section?section=0", method: "POST", headers: token).status == 200)
        #expect(try box.cull(["trash", "--format", "paths"]).stdout == "trip/b.jpg\ntrip/c.jpg\n")
        _ = review.interrupt()
    }

    @Test func aRefusedStageLeavesTheKeep() throws {
        let (box, review, a) = try Self.reviewThenProtect()
        #expect(try box.cull(["keep", "trip/a.jpg"]).status == 0)
        let answer = try review.request("/api/decide?id=\(a)&to=stage", method: "POST", headers: ["X-Cull-Token": review.token])
        #expect(answer.status == 409, "\(answer)")
        #expect(try StagingStore(db: box.db).status(of: a) == .kept)
        _ = review.interrupt()
    }
}

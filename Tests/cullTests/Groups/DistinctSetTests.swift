import Foundation
import Testing
@testable import CullKit

/// `cull distinct` over many photos stores one set, not every pair of them: the index grows by a
/// row per photo, so marking a folder of thousands never costs gigabytes or slows every later scan.
@Suite struct DistinctSetTests {
    /// Pages of the index as the sandbox's own connection sees it (the WAL included).
    func bytesOfIndex(_ box: Sandbox) throws -> Int64 {
        let pages = try box.db.scalar("PRAGMA page_count")?.int64 ?? 0
        let size = try box.db.scalar("PRAGMA page_size")?.int64 ?? 0
        return pages * size
    }

    @Test func markingAFolderOfPhotosGrowsTheIndexByARowPerPhoto() throws {
        let box = try Sandbox("distinct-many")
        let count = 400
        for index in 0 ..< count {
            box.write("d/\(index).jpg", bytes: Array("picture \(index)".utf8) + GroupRuleTests.bytes(2_000, seed: UInt8(index % 256)))
        }
        #expect(try box.cull(["scan"]).status == 0)
        // The content hashes are computed by the first mark; compute them ahead so only the marks count.
        #expect(try box.cull(["scan", "--hash"]).status == 0)
        let before = try bytesOfIndex(box)
        // As `cull distinct d/*` would name them.
        let paths = (0 ..< count).map { "d/\($0).jpg" }
        let distinct = try box.cull(["distinct"] + paths)
        #expect(distinct.status == 0, "\(distinct.stdout)\(distinct.stderr)")
        let grown = try bytesOfIndex(box) - before
        // 400 photos are 79,800 pairs (about 3 MB of rows); one set of them is 400 rows of a hash.
        #expect(grown < Int64(count) * 100, "the index grew by \(grown) bytes for \(count) photos")
        // Marking the same photos again stores nothing more.
        #expect(try box.cull(["distinct"] + paths).status == 0)
        #expect(try bytesOfIndex(box) - before == grown)
    }

    /// A photo may be in several sets; a set that holds an earlier one whole replaces it, and one
    /// an earlier set holds whole adds nothing.
    @Test func setsOverlapAndTheLargerReplacesTheOneItHolds() throws {
        let box = try Sandbox("distinct-overlap")
        for (index, name) in ["a", "b", "c", "d"].enumerated() {
            box.write("\(name).jpg", bytes: GroupRuleTests.bytes(3_000, seed: UInt8(40 + index)))
        }
        #expect(try box.cull(["scan"]).status == 0)
        func sets() throws -> [String] {
            var found: [Int64: [String]] = [:]
            try box.db.forEachRow("""
                SELECT m.set_id, a.name FROM distinct_members m JOIN hashes h ON h.full = m.hash JOIN assets a ON a.id = h.asset_id
                """) { found[$0.int64("set_id"), default: []].append($0.string("name") ?? "") }
            return found.values.map { $0.sorted().joined(separator: "+") }.sorted()
        }
        #expect(try box.cull(["distinct", "a.jpg", "b.jpg"]).status == 0)
        #expect(try box.cull(["distinct", "b.jpg", "c.jpg"]).status == 0)
        #expect(try sets() == ["a.jpg+b.jpg", "b.jpg+c.jpg"])
        let again = try box.cull(["distinct", "c.jpg", "b.jpg", "--format", "json"])
        #expect(again.stdout == "{\"pictures\":2,\"stored\":false,\"unstaged\":0}\n", "\(again.stdout)")
        let larger = try box.cull(["distinct", "a.jpg", "b.jpg", "d.jpg"])
        #expect(larger.stdout == "Marked 3 photos as different pictures.\n", "\(larger.stdout)")
        #expect(try sets() == ["a.jpg+b.jpg+d.jpg", "b.jpg+c.jpg"])
    }
}

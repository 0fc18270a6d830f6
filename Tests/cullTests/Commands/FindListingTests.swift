import CullKit
import Foundation
import Testing

/// `cull find` without a predicate lists every indexed file, with `--sort` and `--limit`.
@Suite struct FindListingTests {
    @Test func findWithoutAPredicateListsEverythingSortedAndLimited() throws {
        let box = try Sandbox("findall")
        box.write("b.jpg", String(repeating: "b", count: 300))
        box.write("a.jpg", String(repeating: "a", count: 100))
        box.write("c/d.mov", String(repeating: "d", count: 200))
        box.write("e.jpg", String(repeating: "e", count: 200))
        for (path, taken) in [("b.jpg", 3), ("a.jpg", 1), ("c/d.mov", 4), ("e.jpg", 2)] {
            let id = try box.index(path)
            try box.db.execute("UPDATE assets SET taken = ?1, taken_utc = ?1 WHERE id = ?2", [.integer(Int64(taken) * 86_400), .integer(id)])
        }
        let all = try box.cull(["find"])
        #expect(all.status == 0 && all.stdout == "a.jpg\nb.jpg\nc/d.mov\ne.jpg\n", "\(all.stdout)\(all.stderr)")
        #expect(try box.cull(["find", "--sort", "largest"]).stdout == "b.jpg\nc/d.mov\ne.jpg\na.jpg\n")
        #expect(try box.cull(["find", "--sort", "largest", "--limit", "2"]).stdout == "b.jpg\nc/d.mov\n")
        #expect(try box.cull(["find", "--sort", "newest", "--limit", "1", "--format", "paths"]).stdout == "c/d.mov\n")
        #expect(try box.cull(["find", "--sort", "oldest"]).stdout == "a.jpg\ne.jpg\nb.jpg\nc/d.mov\n")
        #expect(try box.cull(["find", "kind: photo", "--sort", "largest", "--limit", "1"]).stdout == "b.jpg\n")
        let json = try box.cull(["find", "--limit", "1", "--format", "json"])
        #expect(json.stdout.contains("\"path\":\"a.jpg\"") && !json.stdout.contains("b.jpg"), "\(json.stdout)")
        // A limited JSON list reads the fields of the files it prints alone, in the list's order.
        let top = try box.cull(["find", "--sort", "largest", "--limit", "2", "--format", "json"]).stdout
        let (b, d) = (top.range(of: "\"path\":\"b.jpg\""), top.range(of: "\"path\":\"c/d.mov\""))
        #expect(b != nil && d != nil && b!.lowerBound < d!.lowerBound && !top.contains("a.jpg"), "\(top)")
        #expect(top.contains("\"size\":300") && top.contains("\"extension\":\"mov\""), "\(top)")
        let bad = try box.cull(["find", "--limit", "none"])
        #expect(bad.status == 2 && bad.stderr.hasPrefix("cull: error: invalid value 'none' for '--limit'"), "\(bad.stderr)")
    }
}

import Foundation
import Testing

/// A plan cut short ("… and N more") says how to list the rest, and the way it names lists them
/// all (issue 38, 3.9).
@Suite struct MoreHintsTests {
    @Test func aShortenedListSaysHowToListEverything() throws {
        let box = try Sandbox("more-hints")
        for index in 0 ..< 14 { box.write("c/photo\(index).jpg", bytes: Media.jpeg(taken: "2021:01:01 10:00:\(10 + index)")) }
        // Twelve pairs of byte-identical files: more duplicate groups than the plan lists.
        for index in 0 ..< 12 {
            box.write("a/\(index).jpg", bytes: Media.jpeg(taken: "2020:01:01 10:00:\(10 + index)"))
            box.write("b/copy\(index).jpg", bytes: Media.jpeg(taken: "2020:01:01 10:00:\(10 + index)"))
        }
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("r.yaml", """
            version: 1
            rules:
              - name: twins
                match: {duplicate: true}
                keep: shortest_path
              - name: c-folder
                match: {path: "c/**"}
            """)
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.status == 0, "\(plan.stderr)")
        let more = plan.stdout.split(separator: "\n").filter { $0.contains("… and ") }
        let groups = try #require(more.first { $0.contains("more groups") }, "\(plan.stdout)")
        #expect(groups.hasSuffix("more groups (--format json lists them all)"), "\(groups)")
        let files = try #require(more.first { !$0.contains("groups") }, "\(plan.stdout)")
        #expect(files.hasSuffix(" more (--format paths lists them all)"), "\(files)")
        // What the hint promises: every new file of the plan, and every group in the JSON.
        let paths = try box.cull(["plan", rules, "--ceiling", "100", "--format", "paths"]).stdout.split(separator: "\n")
        #expect(paths.count == 26, "\(paths)")
        let json = try box.cull(["plan", rules, "--ceiling", "100", "--format", "json"]).stdout
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let twins = (object?["rules"] as? [[String: Any]])?.first { $0["rule"] as? String == "twins" }
        #expect((twins?["groups"] as? [Any])?.count == 12, "\(twins ?? [:])")
    }
}

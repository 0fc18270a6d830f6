import CullKit
import Foundation
import Testing

/// `cull status` and `cull log`: what they read, and that status never finishes an open batch.
@Suite struct StatusLogTests {
    @Test func statusCountsStagedKeptAndAssets() throws {
        let box = try Sandbox("status")
        try box.stageFiles([Array("DCIM/a.jpg".utf8), Array("DCIM/b.jpg".utf8)])
        box.write("DCIM/c.jpg", "keep me")
        try box.index("DCIM/c.jpg")
        #expect(try box.cull(["keep", "DCIM/c.jpg"]).status == 0)
        let text = try box.cull(["status"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("library:     \(box.library.root)\n"))
        #expect(text.stdout.contains("assets:      3 files\n") && text.stdout.contains("kept:        1 file\n"), "\(text.stdout)")
        #expect(text.stdout.contains("staged:      2 files (") && text.stdout.contains("last commit: never\n"), "\(text.stdout)")
        let json = try box.cull(["status", "--format", "json"])
        #expect(json.stdout.contains("\"staged\":2,") && json.stdout.contains("\"assets\":3,") && json.stdout.contains("\"last_commit\":null"),
                "\(json.stdout)")
    }

    /// Status counts the staged files as `cull trash` totals them: one deleted outside Cull, in a
    /// folder of many and in a folder of its own, is gone and not counted; the bytes are the rest's.
    @Test func statusCountsTheStagedFilesTrashCounts() throws {
        let box = try Sandbox("statusgone")
        let paths = (0 ..< 20).map { "Big/IMG_\($0).jpg" } + ["Lone/a.jpg", "Lone2/b.jpg"]
        try box.stageFiles(paths.map { Array($0.utf8) })
        try FileManager.default.removeItem(atPath: box.library.root + "/Big/IMG_3.jpg")
        try FileManager.default.removeItem(atPath: box.library.root + "/Lone/a.jpg")
        let trash = try JSONSerialization.jsonObject(with: Data(try box.cull(["trash", "--format", "json"]).stdout.utf8)) as? [String: Any]
        let status = try JSONSerialization.jsonObject(with: Data(try box.cull(["status", "--format", "json"]).stdout.utf8)) as? [String: Any]
        #expect(trash?["count"] as? Int == 20 && trash?["gone"] as? Int == 2, "\(String(describing: trash))")
        #expect(status?["staged"] as? Int == 20, "\(String(describing: status))")
        #expect(status?["staged_bytes"] as? Int == trash?["bytes"] as? Int)
    }

    @Test func statusReportsAnOpenCommitAndLeavesItOpen() throws {
        let box = try Sandbox("statusopen")
        try box.db.execute("INSERT INTO commits (state, mode, fingerprint, started_at) VALUES ('open', 'trash', 'x', 0)")
        let result = try box.cull(["status"])
        #expect(result.status == 0 && result.stdout.contains("unfinished:  commit 1 "), "\(result.stdout)\(result.stderr)")
        #expect(try box.db.scalar("SELECT state FROM commits WHERE id = 1")?.string == "open")
    }

    @Test func logShowsScansCommitsAndUndos() throws {
        let box = try Sandbox("log")
        #expect(try box.cull(["log"]).stdout == "Nothing recorded yet.\n")
        box.write("DCIM/a.jpg", "a")
        #expect(try box.cull(["scan"]).status == 0)
        try StagingStore(db: box.db).stage([StageRequest(rule: "r", ruleFile: "t.yml", assetIDs: [1])], runID: "t")
        #expect(try box.cull(["commit", "--yes"]).status == 0)
        #expect(try box.cull(["undo"]).status == 0)
        let text = try box.cull(["log"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("  scan  added=1 ") }.count == 1, "\(text.stdout)")
        #expect(lines.contains { $0.contains("  commit  ") && $0.contains("moved=1") }, "\(text.stdout)")
        #expect(lines.contains { $0.hasSuffix("commit 1  undone  trash, moved 1 file (1 B)") }, "\(text.stdout)")
        #expect(lines.contains { $0.hasSuffix("undo 1  done") }, "\(text.stdout)")
        let json = try box.cull(["log", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let runs = try #require(object["runs"] as? [[String: Any]])
        #expect(runs.map { $0["command"] as? String } == ["scan", "commit", "undo"])
        let batches = try #require(object["batches"] as? [[String: Any]])
        #expect(batches.map { $0["kind"] as? String } == ["commit", "undo"] && batches[0]["state"] as? String == "undone")
    }

    /// `.cull/log` times are written without a date formatter; they must read as the formatter
    /// wrote them (every older line has that form), across leap days, centuries and 2038.
    @Test func logTimesAreISO8601InUTC() throws {
        let formatter = ISO8601DateFormatter()
        for seconds: Int64 in [0, 59, 951_782_400, 951_868_799, 1_709_164_800, 2_147_483_647, 2_147_483_648, 4_102_444_800, 1_796_280_312] {
            #expect(RunLog.time(seconds) == formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))), "\(seconds)")
        }
        let box = try Sandbox("log-time")
        box.write("DCIM/a.jpg", "a")
        let before = Int64(Date().timeIntervalSince1970)
        #expect(try box.cull(["scan"]).status == 0)
        let line = try String(contentsOfFile: box.library.controlDirectory + "/log", encoding: .utf8).split(separator: "\n").last.map(String.init) ?? ""
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let text = try #require(object["at"] as? String)
        let at = try #require(formatter.date(from: text))
        #expect(Int64(at.timeIntervalSince1970) >= before && at.timeIntervalSinceNow < 60, "\(line)")
    }
}

import Foundation
import Testing
@testable import CullKit

/// `cull plan`, `cull stage` and `cull run` on a copy of the example library, as a user or cron runs them.
@Suite struct RunCommandTests {
    static let now = "2026-11-29"

    /// A sandbox holding a scanned copy of `examples/library`.
    static func exampleLibrary(_ name: String) throws -> Sandbox {
        let box = try Sandbox(name)
        for entry in try FileManager.default.contentsOfDirectory(atPath: Examples.library) {
            try FileManager.default.copyItem(atPath: Examples.library + "/" + entry, toPath: box.library.root + "/" + entry)
        }
        #expect(try box.cull(["scan"]).status == 0)
        return box
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func reviews(_ box: Sandbox) throws -> Int64 { try box.db.scalar("SELECT count(*) FROM reviews")?.int64 ?? -1 }

    func ruleFile(_ box: Sandbox, _ body: String) throws -> String {
        let path = box.base + "/rules-\(UUID().uuidString).yaml"
        try ("version: 1\nrules:\n" + body).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func planChangesNothingAndStageStagesExactlyWhatItShowed() throws {
        let box = try Self.exampleLibrary("plan")
        let plan = try box.cull(["plan", Examples.monthlyRules, "--now", Self.now, "--format", "json"])
        #expect(plan.status == 0, "\(plan.stderr)")
        let planned = try Self.json(plan.stdout)
        #expect(planned["new"] as? Int == 8)
        let rules = try #require(planned["rules"] as? [[String: Any]])
        let before2020 = try #require(rules.first { $0["rule"] as? String == "before-2020" })
        let spared = try #require(before2020["excluded"] as? [[String: Any]])
        #expect(spared.first?["reason"] as? String == "protect[1]: rating gte 1")
        #expect(try reviews(box) == 0)

        let paths = try box.cull(["plan", Examples.monthlyRules, "--now", Self.now, "--format", "paths", "-0"])
        #expect(paths.stdout.split(separator: "\0").count == 8)

        let staged = try box.cull(["stage", Examples.monthlyRules, "--now", Self.now])
        #expect(staged.status == 0)
        #expect(try reviews(box) == 8)
        let trash = try Self.json(try box.cull(["trash", "--format", "json"]).stdout)
        #expect(trash["fingerprint"] as? String == planned["fingerprint"] as? String)
        let again = try box.cull(["stage", Examples.monthlyRules, "--now", Self.now, "--format", "json"])
        #expect(try Self.json(again.stdout)["new"] as? Int == 0)
        #expect(try reviews(box) == 8)
    }

    @Test func explainSaysWhichGuardSparedAFile() throws {
        let box = try Self.exampleLibrary("explain")
        let result = try box.cull(["plan", Examples.monthlyRules, "--now", Self.now, "--explain", "Camera/2019/DSC_0011.JPG"])
        #expect(result.stdout.contains("before-2020 (\(Examples.monthlyRules)): matched, not staged: protected by protect[1]: rating gte 1"))
        #expect(result.stdout.contains("old-screenshots (\(Examples.monthlyRules)): no match"))
        #expect(try box.cull(["plan", Examples.monthlyRules, "--explain", "nope.jpg"]).status == 2)
    }

    /// Issue 10: for a rule that did not match, `--explain` names the clauses the file fails (and
    /// only those: a clause it passes is not listed).
    @Test func explainSaysWhichClauseFailed() throws {
        let box = try Self.exampleLibrary("explain-clause")
        let rules = try ruleFile(box, "  - name: big-old-videos\n    match: {kind: video, size: {gt: 1GB}, taken: {before: 2030-01-01}}\n")
        let result = try box.cull(["plan", rules, "--explain", "Camera/2019/DSC_0011.JPG"])
        #expect(result.stdout.contains("big-old-videos (\(rules)): no match: fails kind eq \"video\" [this file: kind photo]; size gt 1GB (1000000000 bytes) [this file: size 24675]"), "\(result.stdout)")
        #expect(!result.stdout.contains("taken before"), "\(result.stdout)")
    }

    @Test func aTrippedLimitOrCeilingStagesNothing() throws {
        let box = try Self.exampleLibrary("limit")
        let limited = try ruleFile(box, "  - name: all-photos\n    match: {kind: photo}\n    limit: {count: 3}\n")
        let tripped = try box.cull(["stage", limited])
        #expect(tripped.status == 4)
        #expect(tripped.stderr.contains("over its limit of 3; nothing was staged"))
        #expect(try reviews(box) == 0)

        let unlimited = try ruleFile(box, "  - name: all-photos\n    match: {kind: photo}\n")
        let ceiling = try box.cull(["stage", unlimited])
        #expect(ceiling.status == 4 && ceiling.stderr.contains("library-wide ceiling"))
        #expect(try reviews(box) == 0)
        #expect(try box.cull(["stage", unlimited, "--ceiling", "100%"]).status == 0)
        #expect(try reviews(box) > 0)
    }

    @Test func runIsQuietWhenNothingChangedAndLogsEveryRun() throws {
        let box = try Self.exampleLibrary("run")
        let first = try box.cull(["run", Examples.monthlyRules, "--now", Self.now])
        #expect(first.status == 0)
        #expect(first.stdout == "cull run: 0 new, 0 changed and 0 gone since the last scan; staged 8 (212.8 KB)\n", "\(first.stdout)")
        let second = try box.cull(["run", Examples.monthlyRules, "--now", Self.now])
        #expect(second.status == 0 && second.stdout.isEmpty && second.stderr.isEmpty)
        let json = try box.cull(["run", Examples.monthlyRules, "--now", Self.now, "--format", "json"])
        #expect(json.stdout.split(separator: "\n").count == 1)
        #expect(try Self.json(json.stdout)["staged"] as? Int == 0)

        let log = try String(contentsOfFile: box.library.controlDirectory + "/log", encoding: .utf8)
        let runs = log.split(separator: "\n").filter { $0.contains("\"command\":\"run\"") }
        #expect(runs.count == 3)
        #expect(!log.contains("IMG_") && !log.contains("Screenshot")) // counts only, never paths

        let committed = try box.cull(["run", Examples.monthlyRules, "--now", Self.now, "--commit", "--yes"])
        #expect(committed.status == 0 && committed.stdout.contains("committed 8 (212.8 KB) to the trash at \(box.trash), undo with"), "\(committed.stdout)")
        #expect(!box.exists("Phone/IMG_3001.PNG"))
        #expect(box.trashEntries().count == 8)
        #expect(try box.cull(["run", Examples.monthlyRules, "--commit"]).status == 2) // unattended commit must say --yes
    }

    @Test func aSecondRunWhileOneHoldsTheLockExitsAtOnce() throws {
        let box = try Self.exampleLibrary("locked")
        let lock = try LibraryLock(library: box.library)
        let result = try box.cull(["run", Examples.monthlyRules, "--now", Self.now])
        #expect(result.status == 5)
        #expect(result.stderr.contains("locked by another cull run"))
        #expect(try reviews(box) == 0)
        lock.release()
        #expect(try box.cull(["run", Examples.monthlyRules, "--now", Self.now]).status == 0)
    }

    @Test func everyCommandSpeaksJSONForScripts() throws {
        let box = try Self.exampleLibrary("json")
        #expect(try Self.json(try box.cull(["keep", "Phone/sticker.gif", "--format", "json"]).stdout)["kept"] as? Int == 1)
        #expect(try Self.json(try box.cull(["restore", "Phone/sticker.gif", "--format", "json"]).stdout)["unstaged"] as? Int == 1)
        let nothing = try box.cull(["undo", "--format", "json"])
        #expect(nothing.status == 1 && nothing.stderr.contains("no committed batch to undo"))
        #expect(try box.cull(["run", Examples.monthlyRules, "--now", Self.now, "--commit", "--yes"]).status == 0)
        let undo = try Self.json(try box.cull(["undo", "--format", "json"]).stdout)
        #expect(undo["restored"] as? Int == 8)
        #expect((undo["refused"] as? [Any])?.isEmpty == true)
        #expect(box.exists("Phone/IMG_3001.PNG"))
    }
}

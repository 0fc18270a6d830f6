import Foundation
import Testing
@testable import CullKit

/// What `cull scan` reads and how it keeps identity, end to end: unreadable files, renames that
/// keep a decision, and other applications' libraries.
@Suite struct ScanIntegrityTests {
    static let sample = Examples.library + "/Camera/2018/IMG_0001.JPG"
    static let brokenRules = Examples.root + "/../rules/broken-files.yaml"

    func copySample(_ box: Sandbox, to relative: String) throws {
        let target = box.library.root + "/" + relative
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.sample, toPath: target)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not JSON: \(text)")
    }

    /// As root, permissions do not stop a read: run `cull` as `nobody` over a sandbox it owns
    /// (with a copy of the binary inside it, since a checkout may sit where `nobody` cannot go).
    func cullUnprivileged(_ box: Sandbox, _ arguments: [String]) throws -> Subprocess.Result {
        guard getuid() == 0 else { return try box.cull(arguments) }
        let binary = box.base + "/bin/cull"
        if !FileManager.default.fileExists(atPath: binary) {
            try FileManager.default.createDirectory(atPath: box.base + "/bin", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Subprocess.cullBinary, toPath: binary)
        }
        _ = try Subprocess.run(["/bin/chown", "-R", "65534:65534", box.base], environment: box.environment)
        return try Subprocess.run(["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", binary] + arguments,
                                  environment: box.environment, directory: box.library.root)
    }

    @Test func aFileThatCannotBeOpenedIsUnreadableNeverBrokenAndHealsOnRescan() throws {
        let box = try Sandbox("unreadable")
        try copySample(box, to: "good.jpg")
        let path = box.library.root + "/good.jpg"
        #expect(chmod(path, 0o000) == 0)
        let first = try cullUnprivileged(box, ["scan", "--format", "json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try json(first.stdout)["broken"] as? Int == 0)
        #expect(try json(first.stdout)["unreadable"] as? Int == 1)
        let db = try box.library.openIndex()
        #expect(try db.scalar("SELECT broken FROM assets WHERE path = 'good.jpg'")?.int64 == 0)
        let reason = try db.scalar("SELECT unreadable_reason FROM assets WHERE path = 'good.jpg'")?.string
        #expect(reason?.contains("Permission denied") == true, "\(reason ?? "nil")")
        // The stock rule for broken files never sees it; an `unreadable` field does.
        let find = try cullUnprivileged(box, ["find", "broken: true"])
        #expect(find.status == 0 && find.stdout.isEmpty, "\(find.stdout)\(find.stderr)")
        #expect(try cullUnprivileged(box, ["find", "unreadable: true"]).stdout.contains("good.jpg"))
        let rules = box.base + "/broken-files.yaml" // inside the sandbox, readable by whoever runs cull
        if !FileManager.default.fileExists(atPath: rules) { try FileManager.default.copyItem(atPath: Self.brokenRules, toPath: rules) }
        _ = try Subprocess.run(["/bin/chmod", "a+r", rules], environment: box.environment)
        let plan = try cullUnprivileged(box, ["plan", rules, "--now", "2099-01-01", "--format", "json"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(try json(plan.stdout)["new"] as? Int == 0)

        #expect(chmod(path, 0o644) == 0) // size and mtime unchanged
        let second = try cullUnprivileged(box, ["scan", "--format", "json"])
        #expect(try json(second.stdout)["unreadable"] as? Int == 0)
        #expect(try db.scalar("SELECT unreadable_reason IS NULL AND broken = 0 AND width > 0 FROM assets WHERE path = 'good.jpg'")?.int64 == 1)
    }

    /// The issue's reproduction: a keep must survive `mv 日本旅行 "Japan 2018"`.
    @Test func aKeepSurvivesAFolderRenameThroughRun() throws {
        let box = try Sandbox("renamekeep")
        try copySample(box, to: "日本旅行/東京タワー.JPG")
        try copySample(box, to: "日本旅行/浅草.JPG")
        // Photos the rule leaves alone, so staging one stays under the run's 30% ceiling.
        for index in 0 ..< 8 { try copySample(box, to: "Other/IMG_\(index).JPG") }
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.cull(["keep", "日本旅行/東京タワー.JPG"]).status == 0)
        #expect(rename(box.library.root + "/日本旅行", box.library.root + "/Japan 2018") == 0)
        let rules = box.base + "/everything.yaml"
        try "version: 1\nrules:\n  - name: everything\n    match: {path: \"Japan 2018/**\"}\n".write(toFile: rules, atomically: true, encoding: .utf8)
        let run = try box.cull(["run", rules, "--now", "2026-11-29"])
        #expect(run.status == 0, "\(run.stderr)")
        var statuses: [String: String] = [:]
        try box.db.forEachRow("SELECT a.path, r.status FROM reviews r JOIN assets a ON a.id = r.asset_id") { row in
            statuses[row.string("path") ?? ""] = row.string("status")
        }
        #expect(statuses == ["Japan 2018/東京タワー.JPG": "kept", "Japan 2018/浅草.JPG": "trashed"])
    }

    @Test func managedLibrariesAreNamedInTheSummaryAndIncludeManagedWalksThem() throws {
        let box = try Sandbox("managed")
        try copySample(box, to: "mine/IMG_1.JPG")
        try copySample(box, to: "Photos Library.photoslibrary/originals/0/IMG_2.JPG")
        try copySample(box, to: "Lightroom/Catalog Previews.lrdata/0/IMG_3.jpg")
        try "sqlite".write(toFile: box.library.root + "/Lightroom/Catalog.lrcat", atomically: true, encoding: .utf8)
        try "notes".write(toFile: box.library.root + "/mine/notes.txt", atomically: true, encoding: .utf8)
        try copySample(box, to: "mine/.hidden.jpg")
        #expect(symlink(box.library.root + "/mine/IMG_1.JPG", box.library.root + "/mine/link.jpg") == 0)

        let text = try box.cull(["scan"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("skipped: Photos Library.photoslibrary (managed by Apple Photos)"), "\(text.stdout)")
        #expect(text.stdout.contains("skipped: Lightroom/Catalog Previews.lrdata (managed by Adobe Lightroom"), "\(text.stdout)")
        #expect(text.stdout.contains("1 symlink") && text.stdout.contains("1 hidden") && text.stdout.contains("2 non-media files"), "\(text.stdout)")
        #expect(try box.db.scalar("SELECT count(*) FROM assets")?.int64 == 1)

        let json = try json(try box.cull(["scan", "--format", "json"]).stdout)
        let skipped = try #require(json["skipped"] as? [[String: Any]])
        #expect(skipped.contains { $0["path"] as? String == "Photos Library.photoslibrary" && $0["application"] as? String == "Apple Photos" })

        let all = try box.cull(["scan", "--include-managed", "--format", "json"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(try self.json(all.stdout)["added"] as? Int == 2)
        #expect(try box.db.scalar("SELECT count(*) FROM assets")?.int64 == 3)
    }
}

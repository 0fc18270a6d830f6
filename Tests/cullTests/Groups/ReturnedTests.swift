import Foundation
import Testing
@testable import CullKit

/// Files that come back after a commit took them (`returned`, `returned_from`): the same bytes or
/// the same picture, indexed after the commit; never a file the library had then, nor a copy of a
/// photo it kept; forgotten by `cull undo`.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"), "needs ImageMagick"))
struct ReturnedTests {
    func picture(_ box: Sandbox, _ name: String, seed: Int) throws {
        try folder(box, name)
        try box.tool(["convert", "-seed", String(seed), "-size", "640x480", "plasma:fractal", "-quality", "92", name])
    }

    /// Makes the folder `path` (library-relative) goes in, for a tool to write it.
    func folder(_ box: Sandbox, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: box.library.root + "/" + (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
    }

    func found(_ box: Sandbox, _ query: String) throws -> [String] {
        let find = try box.cull(["find", query, "--format", "paths"])
        #expect(find.status == 0, "\(find.stderr)")
        return find.stdout.split(separator: "\n").map(String.init).sorted()
    }

    /// Takes `name` with a plain rule, to the trash, then waits for the next second: a file indexed
    /// from then on was indexed after the commit started.
    func take(_ box: Sandbox, _ name: String, _ options: [String] = []) throws {
        let rules = try box.rules("take.yaml", "version: 1\nrules:\n  - name: take\n    match: {name: \"\(name)\"}\n")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        let commit = try box.cull(["commit", "--yes"] + options)
        #expect(commit.status == 0, "\(commit.stderr)")
        #expect(!box.exists(name))
        Thread.sleep(forTimeInterval: 1.05)
    }

    /// A photo synced back byte for byte, and one a chat app re-encoded smaller, are `returned`,
    /// with the path they left from; a new photo of something else, and the photo the library kept, are not.
    @Test func theSameBytesAndTheSamePictureComeBack() throws {
        let box = try Sandbox("returned-back")
        try picture(box, "DCIM/IMG_1.jpg", seed: 1)
        try picture(box, "DCIM/IMG_2.jpg", seed: 2)
        #expect(try box.cull(["scan"]).status == 0)
        let bytes = try #require(FileOps.read(box.root + Array("DCIM/IMG_1.jpg".utf8)))
        try take(box, "IMG_1.jpg")
        box.write("Sync/IMG_1 (1).jpg", bytes: bytes)
        try picture(box, "New/other.jpg", seed: 9)
        let trashed = try #require(box.trashEntries().first?.name)
        try folder(box, "WhatsApp/x")
        try box.tool(["convert", box.trash + "/files/" + String(decoding: trashed, as: UTF8.self), "-resize", "50%", "-quality", "70",
                      "WhatsApp/IMG-20240101-WA0001.jpg"])
        #expect(try box.cull(["scan"]).status == 0)

        #expect(try found(box, "returned: true") == ["Sync/IMG_1 (1).jpg", "WhatsApp/IMG-20240101-WA0001.jpg"])
        #expect(try found(box, "returned_from: \"DCIM/**\"") == ["Sync/IMG_1 (1).jpg", "WhatsApp/IMG-20240101-WA0001.jpg"])
        let json = try box.cull(["find", "returned: true", "--format", "json"])
        #expect(json.stdout.contains("\"returned_from\":\"DCIM/IMG_1.jpg\"") || json.stdout.contains("\"returned_from\": \"DCIM/IMG_1.jpg\""),
                "\(json.stdout)")
        let evidence = try box.db.scalar("""
            SELECT group_concat(evidence) FROM (SELECT evidence FROM returns r JOIN assets a ON a.id = r.asset_id ORDER BY a.path)
            """)
        #expect(evidence == .text("bytes,picture"))

        // The stock rule stages both, and says why.
        let stock = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../rules/returned.yaml").path
        let plan = try box.cull(["plan", stock, "--lift-limit", "came-back", "--ceiling", "100"])
        #expect(plan.status == 0, "\(plan.stdout)\(plan.stderr)")
        #expect(plan.stdout.contains("Sync/IMG_1 (1).jpg") && plan.stdout.contains("WA0001"), "\(plan.stdout)")
        #expect(!plan.stdout.contains("IMG_2.jpg") && !plan.stdout.contains("other.jpg"), "\(plan.stdout)")
        // The same files found again are not written again: the count a plan's memos watch stays.
        let returnsCount = { try box.db.scalar("SELECT serial FROM change_counts WHERE name = 'returns'") }
        let counted = try returnsCount()
        #expect(try box.cull(["plan", stock, "--lift-limit", "came-back", "--ceiling", "100"]).stdout == plan.stdout)
        #expect(try returnsCount() == counted)
        let explain = try box.cull(["plan", stock, "--lift-limit", "came-back", "--ceiling", "100", "--explain", box.library.root + "/WhatsApp/IMG-20240101-WA0001.jpg"])
        #expect(explain.stdout.contains("came back: the same picture") && explain.stdout.contains("as DCIM/IMG_1.jpg"), "\(explain.stdout)")

        // The review says the same beside each file: which file it came back as, and how.
        let folder = box.base + "/report"
        let review = try box.cull(["review", stock, "--lift-limit", "came-back", "--ceiling", "100", "--html", folder])
        #expect(review.status == 0, "\(review.stderr)")
        let page = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(page.contains("matched rule came-back") && page.contains("returned: came back: the same bytes as DCIM/IMG_1.jpg, which commit 1 took on")
                && page.contains("returned: came back: the same picture, "), "\(page)")
    }

    /// A copy of a photo the library had when the commit ran is never `returned`: not the kept twin
    /// of a taken copy, not a re-imported copy of a kept photo that looks like a taken one.
    @Test func aCopyOfWhatTheLibraryKeptNeverCountsAsReturned() throws {
        let box = try Sandbox("returned-kept")
        try picture(box, "kept.jpg", seed: 4)
        // Its twin, and a near look-alike of it (re-encoded): two commits take them.
        let kept = try #require(FileOps.read(box.root + Array("kept.jpg".utf8)))
        box.write("twin.jpg", bytes: kept)
        try box.tool(["convert", "kept.jpg", "-quality", "60", "alike.jpg"])
        #expect(try box.cull(["scan"]).status == 0)
        try take(box, "twin.jpg")
        #expect(try found(box, "returned: true") == [])
        try take(box, "alike.jpg")
        // The kept photo imported again, smaller: as alike to the look-alike the commit took, but
        // nearer to the photo the library kept.
        try folder(box, "Import/x")
        try box.tool(["convert", "kept.jpg", "-resize", "50%", "-quality", "80", "Import/kept.jpg"])
        #expect(try box.cull(["scan"]).status == 0)
        let none = try found(box, "returned: true")
        let rows = try box.db.scalar("SELECT group_concat(evidence || ' ' || distance) FROM returns") ?? .null
        #expect(none == [], "\(none) \(rows)")
        // The look-alike itself, back: it is.
        let trashed = try #require(box.trashEntries().first { PathBytes.basename($0.original ?? []) == Array("alike.jpg".utf8) }?.name)
        box.write("Import/alike.jpg", bytes: try #require(FileOps.read(Array((box.trash + "/files/").utf8) + trashed)))
        #expect(try box.cull(["scan"]).status == 0)
        let back = try found(box, "returned: true")
        #expect(back == ["Import/alike.jpg"], "\(back)")
    }

    /// Undo gives the files back: nothing counts as returned any more, and the prints of what it
    /// took are forgotten.
    @Test func undoForgetsWhatTheCommitTook() throws {
        let box = try Sandbox("returned-undo")
        try picture(box, "a.jpg", seed: 6)
        try picture(box, "b.jpg", seed: 7)
        #expect(try box.cull(["scan"]).status == 0)
        let bytes = try #require(FileOps.read(box.root + Array("a.jpg".utf8)))
        try take(box, "a.jpg")
        box.write("back/a.jpg", bytes: bytes)
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try found(box, "returned: true") == ["back/a.jpg"])
        #expect(try box.db.scalar("SELECT count(*) FROM taken_prints")?.int64 == 1)
        // The log says under the commit what came back, and how it was recognised.
        let log = try box.cull(["log"]).stdout
        #expect(log.contains("came back since (as the last run reading 'returned' found): 1 file\n      back/a.jpg: the same bytes as a.jpg\n"),
                "\(log)")
        let json = try box.cull(["log", "--format", "json"]).stdout
        #expect(json.contains(#""returned":[{"path":"back/a.jpg","from":"a.jpg","evidence":"bytes","distance":0}]"#), "\(json)")
        #expect(try box.cull(["undo"]).status == 0)
        #expect(box.exists("a.jpg"))
        #expect(try found(box, "returned: true") == [])
        #expect(try !box.cull(["log"]).stdout.contains("came back"))
        #expect(try box.db.scalar("SELECT count(*) FROM taken_prints")?.int64 == 0)
    }

    /// A file deleted for good leaves nothing to read later: the commit reads its prints first, so
    /// it is recognised when it comes back, by its bytes or as the same picture.
    @Test func whatACommitDeletedForGoodIsRecognisedToo() throws {
        let box = try Sandbox("returned-permanent")
        try picture(box, "a.jpg", seed: 8)
        try picture(box, "b.jpg", seed: 9)
        #expect(try box.cull(["scan"]).status == 0)
        let bytes = try #require(FileOps.read(box.root + Array("a.jpg".utf8)))
        try box.tool(["convert", "a.jpg", "-resize", "50%", "-quality", "75", "small.jpg"])
        let small = try #require(FileOps.read(box.root + Array("small.jpg".utf8)))
        try FileManager.default.removeItem(atPath: box.library.root + "/small.jpg")
        try take(box, "a.jpg", ["--permanently"])
        #expect(box.trashEntries().isEmpty)
        box.write("back/a.jpg", bytes: bytes)
        box.write("chat/a-small.jpg", bytes: small)
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try found(box, "returned: true") == ["back/a.jpg", "chat/a-small.jpg"])
    }
}

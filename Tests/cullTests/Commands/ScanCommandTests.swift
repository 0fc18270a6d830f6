import Foundation
import Testing
@testable import CullKit

/// `cull init` / `cull scan` as a user runs them, including a scan killed with SIGKILL.
@Suite struct ScanCommandTests {
    /// Copies of one small valid JPEG from the example library under varied names and folders.
    static func populate(_ box: Sandbox, count: Int) throws {
        let sample = try Data(contentsOf: URL(fileURLWithPath: Examples.library + "/Camera/2018/IMG_0001.JPG"))
        for index in 0 ..< count {
            let folder = "\(box.library.root)/f\(index % 20)"
            if index < 20 { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try sample.write(to: URL(fileURLWithPath: "\(folder)/IMG_\(index).jpg"))
        }
    }

    func count(_ box: Sandbox, _ sql: String) throws -> Int64 {
        let db = try box.library.openIndex()
        return try db.scalar(sql)?.int64 ?? -1
    }

    @Test func scanPrintsOneLineOrJSONAndFindsTheLibraryLikeGit() throws {
        let box = try Sandbox("scan")
        try Self.populate(box, count: 30)
        let first = try box.cull(["scan", "--format", "json"])
        #expect(first.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any]
        #expect(json?["added"] as? Int == 30)
        let second = try box.cull(["scan"])
        #expect(second.stdout.hasPrefix("added 0, changed 0, removed 0, broken 0, unchanged 30 in "))
        #expect(second.stderr.isEmpty) // no progress bar off a TTY

        var outside = box.environment
        outside["CULL_LIBRARY"] = nil
        let lost = try Subprocess.run([Subprocess.cullBinary, "scan"], environment: outside, directory: "/")
        #expect(lost.status == 1 && lost.stderr.contains("not a Cull library"))
        let nested = box.library.root + "/f3"
        #expect(try Subprocess.run([Subprocess.cullBinary, "scan"], environment: outside, directory: nested).status == 0)
        let usage = try box.cull(["scan", "--bogus"])
        #expect(usage.status == 2 && usage.stderr.contains("cull: error: unknown option '--bogus'"))
    }

    /// Issue 38 item 3.9: "broken 2" named no file. The scan names the first files it found broken
    /// (with the reader's reason), then how to list the rest; JSON carries the same list.
    @Test func scanNamesTheBrokenFilesItFound() throws {
        let box = try Sandbox("scan-broken")
        let sample = Array(try Data(contentsOf: URL(fileURLWithPath: Examples.library + "/Camera/2018/IMG_0001.JPG")))
        box.write("good.jpg", bytes: sample)
        for index in 0 ..< 12 { box.write("cut/\(String(format: "%02d", index)).jpg", bytes: Array(sample.prefix(400))) }
        let scan = try box.cull(["scan"])
        #expect(scan.status == 0 && scan.stdout.hasPrefix("added 13, changed 0, removed 0, broken 12, unchanged 0"), "\(scan.stdout)")
        let named = scan.stdout.split(separator: "\n").filter { $0.hasPrefix("cut/") && $0.contains(".jpg: broken: ") }
        #expect(named.count == ScanSummary.namedAtMost, "\(scan.stdout)")
        #expect(scan.stdout.contains("\n… and 2 more broken ('cull find broken: true' lists them all)\n"), "\(scan.stdout)")
        #expect(!scan.stdout.contains("good.jpg"), "\(scan.stdout)")

        box.write("cut/late.jpg", bytes: Array(sample.prefix(300)))
        let json = try box.cull(["scan", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let notWhole = try #require(object["not_whole"] as? [[String: Any]])
        // Only what this scan read: the twelve found before are not named again.
        #expect(notWhole.map { $0["path"] as? String } == ["cut/late.jpg"], "\(json.stdout)")
        #expect(notWhole.first?["state"] as? String == "broken" && (notWhole.first?["reason"] as? String)?.isEmpty == false)
    }

    @Test func scanKilledAtAnyMomentLeavesAConsistentIndexThatTheNextScanCompletes() throws {
        let box = try Sandbox("scankill")
        try Self.populate(box, count: 3000)
        var random = SystemRandomNumberGenerator()
        for _ in 0 ..< 12 {
            try box.db.execute("DELETE FROM assets")
            let running = try Subprocess.start([Subprocess.cullBinary, "scan"], environment: box.environment, directory: box.library.root)
            usleep(UInt32.random(in: 5_000 ... 150_000, using: &random))
            kill(running.process.processIdentifier, SIGKILL)
            running.process.waitUntilExit()
            let db = try box.library.openIndex()
            #expect(try db.scalar("PRAGMA integrity_check")?.string == "ok")
            let partial = try db.scalar("SELECT count(*) FROM assets")?.int64 ?? -1
            #expect(partial >= 0 && partial <= 3000)
            // Every row that made it in is complete: a batch is all or nothing.
            #expect(try db.scalar("SELECT count(*) FROM assets WHERE taken IS NULL OR width IS NULL")?.int64 == 0)
            let rescan = try box.cull(["scan", "--format", "json"])
            #expect(rescan.status == 0)
            let json = try JSONSerialization.jsonObject(with: Data(rescan.stdout.utf8)) as? [String: Any]
            #expect((json?["added"] as? Int ?? -1) + (json?["unchanged"] as? Int ?? -1) == 3000)
            #expect(try db.scalar("SELECT count(*) FROM assets")?.int64 == 3000)
        }
    }
}

/// The example library and rule files committed under `examples/`.
enum Examples {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples").path
    static let library = root + "/library"
    static let monthlyRules = root + "/rules/monthly-phone-cleanup.yaml"
}

import Foundation
import Testing

/// `cull init` / `cull scan` as a user runs them, including a scan killed with SIGKILL.
@Suite struct ScanCommandTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "cull-scan-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Copies of one small valid JPEG (the example library's) under varied names and folders.
    func populate(_ count: Int) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sample = try Data(contentsOf: root.appendingPathComponent("examples/library/Camera/2018/IMG_001.JPG"))
        for index in 0 ..< count {
            let folder = "\(directory)/f\(index % 20)"
            if index < 20 { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try sample.write(to: URL(fileURLWithPath: "\(folder)/IMG_\(index).jpg"))
        }
    }

    func rows(_ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [directory + "/.cull/index.sqlite", sql]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func initScanAndJSONSummary() throws {
        try populate(30)
        let cli = CLIRunner(workingDirectory: directory)
        #expect(try cli.run(["init"]).status == 0)
        let first = try cli.run(["scan", "--format", "json"])
        #expect(first.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any]
        #expect(json?["added"] as? Int == 30)
        let second = try cli.run(["scan"])
        #expect(second.stdout.hasPrefix("added 0, changed 0, removed 0, broken 0, unchanged 30 in "))
        #expect(second.stderr.isEmpty) // no progress bar off a TTY
        let outside = CLIRunner(workingDirectory: "/")
        #expect(try outside.run(["scan"]).status == 1)
        #expect(try outside.run(["scan", "--library", directory]).status == 0)
        #expect(try outside.run(["scan", "--bogus"]).status == 2)
    }

    @Test func scanKilledAtAnyMomentLeavesAConsistentIndexThatTheNextScanCompletes() throws {
        try populate(3000)
        let cli = CLIRunner(workingDirectory: directory)
        #expect(try cli.run(["init"]).status == 0)
        var generator = SystemRandomNumberGenerator()
        for _ in 0 ..< 12 {
            _ = try rows("DELETE FROM assets")
            let process = try cli.start(["scan"])
            usleep(UInt32.random(in: 5_000 ... 150_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(try rows("PRAGMA integrity_check").trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
            let partial = Int(try rows("SELECT count(*) FROM assets").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            #expect(partial >= 0 && partial <= 3000)
            // Every row that made it in is complete (a batch is all or nothing).
            #expect(try rows("SELECT count(*) FROM assets WHERE taken IS NULL OR width IS NULL").hasPrefix("0"))
            let rescan = try cli.run(["scan", "--format", "json"])
            #expect(rescan.status == 0)
            let json = try JSONSerialization.jsonObject(with: Data(rescan.stdout.utf8)) as? [String: Any]
            #expect((json?["added"] as? Int ?? -1) + (json?["unchanged"] as? Int ?? -1) == 3000)
            #expect(try rows("SELECT count(*) FROM assets").hasPrefix("3000"))
        }
    }
}

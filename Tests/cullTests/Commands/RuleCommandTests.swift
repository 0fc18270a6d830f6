import CullKit
import Foundation
import Testing

/// Golden tests of `cull check`, `find` and `schema` run as a process: whole outputs and exit codes.
@Suite struct RuleCommandTests {
    /// The `cull` binary next to the test bundle (built by `swift build --build-tests`).
    static let binary: String? = {
        var url = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = url.appendingPathComponent("cull").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            url.deleteLastPathComponent()
        }
        return nil
    }()

    struct Outcome { let status: Int32; let out: String; let err: String }

    static func run(_ arguments: [String], in directory: String) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary!)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "CULL_LIBRARY")
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                       err: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "cull-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test(.enabled(if: binary != nil, "cull binary not built"))
    func checkPrintsEveryErrorAndExitsOne() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "version: 1\nrules:\n  - name: a\n    match: {sise: 1MB}\n".write(toFile: directory + "/a.yaml", atomically: true, encoding: .utf8)
        try "version: 3\nrules: []\n".write(toFile: directory + "/b.yaml", atomically: true, encoding: .utf8)
        let result = try Self.run(["check", "a.yaml", "b.yaml"], in: directory)
        #expect(result.status == 1)
        #expect(result.out == """
            a.yaml:4:13: error: unknown field 'sise'; did you mean 'size'? [unknown-field]
                match: {sise: 1MB}
                        ^
            b.yaml:1:10: error: unsupported version 3; this Cull reads version 1 [unsupported-version]
            version: 3
                     ^

            """)
        #expect(result.err == "2 files checked: 2 errors, 0 warnings\n")
    }

    @Test(.enabled(if: binary != nil, "cull binary not built"))
    func strictTurnsWarningsIntoErrorsAndUsageErrorsExitTwo() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "version: 1\nrules:\n  - name: a\n    match: {kind: photo}\n".write(toFile: directory + "/w.yaml", atomically: true, encoding: .utf8)
        #expect(try Self.run(["check", "w.yaml"], in: directory).status == 0)
        #expect(try Self.run(["check", "--strict", "w.yaml"], in: directory).status == 1)
        let github = try Self.run(["check", "--format", "github", "w.yaml"], in: directory)
        #expect(github.out.hasPrefix("::warning file=w.yaml,line=3,col=11,title=cull unbounded-broad-rule::"))
        #expect(try Self.run(["check", "--format", "xml", "w.yaml"], in: directory).status == 2)
        #expect(try Self.run(["check"], in: directory).status == 2)
    }

    @Test(.enabled(if: binary != nil, "cull binary not built"))
    func findQueriesTheLibraryWithTheRuleVocabulary() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try Library.initialize(at: directory).openIndex()
        for (path, kind, size) in [("a/clip.mov", "video", 2_000_000_000), ("a/b.jpg", "photo", 10), ("small.mov", "video", 5)] {
            try database.execute("""
                INSERT INTO assets (path, folder, name, extension, device, inode, size, mtime_ns, added, modified, kind)
                VALUES (?, '', ?, 'x', 1, ?, ?, 0, 0, 0, ?)
                """, [.text(path), .text(path), .integer(Int64(size)), .integer(Int64(size)), .text(kind)])
        }
        let result = try Self.run(["find", "kind: video", "size: {gt: 1GB}"], in: directory)
        #expect(result.status == 0)
        #expect(result.out == "a/clip.mov\n")
        let json = try Self.run(["find", "--format", "json", "{kind: video}"], in: directory)
        let rows = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]]
        #expect(rows?.map { $0["path"] as? String } == ["a/clip.mov", "small.mov"])
        #expect(rows?.first?["status"] as? String == "new")
        let bad = try Self.run(["find", "kind: vidoe"], in: directory)
        #expect(bad.status == 1)
        #expect(bad.err.hasPrefix("<argument 1>:1:8: error: 'vidoe' is not a valid kind"))
    }

    @Test(.enabled(if: binary != nil, "cull binary not built"))
    func schemaPrintsTheGeneratedSchema() throws {
        let result = try Self.run(["schema"], in: NSTemporaryDirectory())
        #expect(result.status == 0)
        #expect(result.out == RuleSchema.document().rendered() + "\n")
    }
}

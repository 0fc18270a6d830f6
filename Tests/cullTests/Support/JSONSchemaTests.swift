import Foundation
import Testing
@testable import CullKit

/// Every command's `--format json` is documented by a JSON Schema in `docs/json/`, and real
/// outputs (empty and full, null and non-null variants) are validated against them with
/// `check-jsonschema` (which scripts/setup installs into `.build/tools`).
@Suite struct JSONSchemaTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/json").path
    static let commands = ["check", "commit", "distinct", "explain", "find", "init", "keep", "log", "plan", "restore", "run", "scan",
                           "show", "status", "trash", "undo", "unkeep"]

    static let checker = PyPITools.path("check-jsonschema")

    @Test func everyJSONOutputHasASchema() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.docs).filter { $0.hasSuffix(".schema.json") }
        #expect(files.sorted() == Self.commands.map { $0 + ".schema.json" }.sorted())
    }

    @Test(.enabled(if: checker != nil, "needs check-jsonschema (bash scripts/setup test installs it)"))
    func realOutputsMatchTheirSchemas() throws {
        let checker = try #require(Self.checker)
        let box = try Sandbox("schemas")
        var outputs: [(schema: String, text: String)] = []
        func run(_ schema: String, _ arguments: [String], stdin: String? = nil) throws {
            let result = try box.cull(arguments + ["--format", "json"], stdin: stdin)
            #expect(!result.stdout.isEmpty, "\(arguments): \(result.stderr)")
            #expect(result.stdout.filter { $0 == "\n" }.count == 1 && result.stdout.hasSuffix("\n"), "one line: \(arguments)")
            outputs.append((schema, result.stdout))
        }
        let rules = try box.rules("r.yaml", "version: 1\nrules:\n  - name: photos\n    match: {kind: photo}\n    limit: {count: 10}\n")
        let dup = try box.rules("d.yaml", "version: 1\nrules:\n  - name: twins\n    match: {duplicate: true}\n    keep: shortest_path\n")
        try FileManager.default.createDirectory(atPath: box.base + "/other", withIntermediateDirectories: true)
        try run("init", ["init", box.base + "/other"])
        try run("status", ["status"])
        box.write("a.jpg", bytes: Media.jpeg(taken: "2020:01:01 10:00:00"))
        box.write("b/c.jpg", bytes: Media.jpeg(taken: "2021:02:03 04:05:06"))
        box.write("b/twin.jpg", bytes: Media.jpeg(taken: "2021:02:03 04:05:06"))
        box.write("b/clip.mov", bytes: Media.movie(seconds: 20, created: Media.utc("2020-01-01T10:00:00Z")))
        box.write("broken.png", "not a png")
        try run("scan", ["scan"])
        try run("distinct", ["distinct", "a.jpg", "b/c.jpg"])
        try run("find", ["find"])
        try run("find", ["find", "size: {gt: 1TB}"])
        try run("show", ["show", "a.jpg", "b/twin.jpg", "b/clip.mov", "broken.png"])
        try run("check", ["check", rules, dup])
        try run("check", ["check", "-"], stdin: "version: 2\nrules: 3\n")
        try run("explain", ["explain", rules, "--evaluate"])
        try run("plan", ["plan", rules, dup, "--ceiling", "100"])
        try run("plan", ["stage", dup, "--ceiling", "100"])
        try run("keep", ["keep", "a.jpg"])
        try run("unkeep", ["unkeep", "a.jpg"])
        try run("plan", ["stage", rules, "--ceiling", "100"])
        _ = FileOps.unlink(box.root + Array("b/c.jpg".utf8))
        try run("trash", ["trash"])
        try run("restore", ["restore", "broken.png"])
        try run("commit", ["commit", "--yes"])
        try run("status", ["status"])
        try run("undo", ["undo"])
        try run("show", ["show", "a.jpg", "b/twin.jpg"])
        try run("run", ["run", rules, "--ceiling", "100"])
        try run("run", ["run", rules, "--ceiling", "1"])
        try run("run", ["run", rules, "--ceiling", "100", "--commit", "--yes"])
        try run("log", ["log"])
        try run("show", ["show", "a.jpg"])
        try run("trash", ["trash"])

        // One checker run per schema, with all its outputs (a run costs about a second).
        var files: [String: [String]] = [:]
        for (index, output) in outputs.enumerated() {
            let file = box.base + "/output-\(index)-\(output.schema).json"
            try output.text.write(toFile: file, atomically: true, encoding: .utf8)
            files[output.schema, default: []].append(file)
        }
        #expect(Set(files.keys) == Set(Self.commands), "every schema is exercised")
        for (schema, paths) in files.sorted(by: { $0.key < $1.key }) {
            let result = try Subprocess.run([checker, "--schemafile", Self.docs + "/\(schema).schema.json"] + paths,
                                            environment: box.environment)
            #expect(result.status == 0, "\(schema): \(result.stdout)\(result.stderr)")
        }
    }
}

@testable import CullKit
import CullTestSupport
import Foundation
import Testing

/// The committed schema matches the generated one, every shipped rule file validates against it with a
/// real JSON Schema validator, and that validator and Cull's own agree on good and bad files.
@Suite struct RuleSchemaTests {
    static let schemaPath = repositoryRoot + "/rules/cull-rules.schema.json"

    /// `check-jsonschema` from `.build/tools` (where scripts/setup installs it, from scripts/packages), else on PATH;
    /// tests that need it skip without it.
    static let validator = PyPITools.path("check-jsonschema")

    static func shippedRuleFiles() throws -> [String] {
        try ["rules", "examples/rules"].flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/" + folder)
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
                .map { repositoryRoot + "/" + folder + "/" + $0 }
        }
    }

    @Test func committedCopyMatchesGeneratedSchema() throws {
        let committed = try String(contentsOfFile: Self.schemaPath, encoding: .utf8)
        #expect(committed == RuleSchema.document().rendered() + "\n",
                "regenerate with: swift run cull schema > rules/cull-rules.schema.json")
    }

    @Test func committedFieldReferenceMatchesTheRegistry() throws {
        let committed = try String(contentsOfFile: repositoryRoot + "/docs/rules.md", encoding: .utf8)
        #expect(committed == RuleReference.markdown(), "regenerate with: swift run cull schema --format markdown > docs/rules.md")
    }

    @Test func shippedRuleFilesAreCleanAndPointAtTheSchema() throws {
        let files = try Self.shippedRuleFiles()
        #expect(files.count >= 7)
        for path in files {
            let load = RuleLoader.load(path: path)
            #expect(load.diagnostics.isEmpty, "\(load.diagnostics)")
            #expect(load.source.hasPrefix("# yaml-language-server: $schema="), "\(path)")
            #expect(!load.source.contains("/home/") && !load.source.contains("/Users/"), "\(path)")
        }
    }

    @Test(.enabled(if: validator != nil, "check-jsonschema not installed (bash scripts/setup test installs it)"))
    func shippedRuleFilesValidateWithCheckJSONSchema() throws {
        let failed = try Self.rejected(by: Self.validator!, try Self.shippedRuleFiles())
        #expect(failed.isEmpty, "\(failed)")
    }

    @Test(.enabled(if: validator != nil, "check-jsonschema not installed (bash scripts/setup test installs it)"))
    func exampleWorkflowIsAValidGitHubWorkflow() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.validator!)
        process.arguments = ["--builtin-schema", "vendor.github-workflows",
                             repositoryRoot + "/examples/github/workflows/cull-check.yml"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// Files only the schema's vocabulary can judge (no duplicate keys or names, no regex compilation).
    static let agreementCases: [(name: String, body: String, valid: Bool)] = [
        ("good-basic", "rules:\n  - name: a\n    match: {kind: video, size: {gt: 1GB}}\n    limit: {count: 3}\n", true),
        ("good-nested", "rules:\n  - name: a\n    match:\n      any:\n        - not: {camera: \"Canon*\"}\n"
            + "        - taken: {between: [2019-01-01, \"2020-01-01T10:00:00+02:00\"]}\n    limit: {percent: 5}\n", true),
        ("good-keep", "protect: [{favorite: true}]\nrules:\n  - name: k\n    action: keep\n    match: {rating: {in: [4, 5]}}\n", true),
        ("bad-field", "rules:\n  - name: a\n    match: {sise: 1MB}\n", false),
        ("bad-operator", "rules:\n  - name: a\n    match: {favorite: {gt: 3}}\n", false),
        ("bad-unit", "rules:\n  - name: a\n    match: {size: {gt: 5mb}}\n", false),
        ("bad-bare-size", "rules:\n  - name: a\n    match: {size: 500}\n", false),
        ("bad-quoted-number", "rules:\n  - name: a\n    match: {rating: \"5\"}\n", false),
        ("bad-range", "rules:\n  - name: a\n    match: {rating: 9}\n", false),
        ("bad-empty-match", "rules:\n  - name: a\n    match: {}\n", false),
        ("bad-name", "rules:\n  - name: Big_One\n    match: {kind: video}\n", false),
        ("bad-enum", "rules:\n  - name: a\n    match: {kind: vidoe}\n", false),
        ("bad-action", "rules:\n  - name: a\n    action: delete\n    match: {kind: video}\n", false),
        ("bad-limit", "rules:\n  - name: a\n    match: {kind: video}\n    limit: {}\n", false),
        ("bad-date", "rules:\n  - name: a\n    match: {taken: {before: yesterday}}\n", false),
        ("good-similar-default", "rules:\n  - name: a\n    match: {similar: true}\n", true),
        ("bad-similar-false", "rules:\n  - name: a\n    match: {similar: false}\n", false),
        ("duplicates", "rules:\n  - name: a\n    match: {duplicate: true}\n    keep: [favorite, {path: \"Originals/**\"}, {not_path: \"Downloads/**\"}, oldest]\n", true),
        ("duplicates-one-key", "rules:\n  - name: a\n    match: {duplicate: true}\n    keep: largest\n", true),
        ("bad-keeper", "rules:\n  - name: a\n    match: {duplicate: true}\n    keep: [shortest-path]\n", false),
        ("bad-keeper-glob", "rules:\n  - name: a\n    match: {duplicate: true}\n    keep: [{pth: \"a/**\"}]\n", false),
    ]

    @Test func swiftValidatorJudgesTheAgreementSet() {
        for item in Self.agreementCases {
            let load = RuleLoader.load(source: "version: 1\n" + item.body, path: item.name)
            #expect(load.hasErrors != item.valid, "\(item.name): \(load.diagnostics)")
        }
        let missingVersion = RuleLoader.load(source: Self.agreementCases[0].body, path: "no-version")
        #expect(missingVersion.hasErrors)
    }

    @Test(.enabled(if: validator != nil, "check-jsonschema not installed (bash scripts/setup test installs it)"))
    func schemaAndSwiftValidatorAgree() throws {
        let directory = NSTemporaryDirectory() + "cull-schema-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var paths: [String: (valid: Bool, swift: Bool)] = [:]
        var cases = Self.agreementCases.map { ($0.name, "version: 1\n" + $0.body, $0.valid) }
        cases.append(("bad-no-version", Self.agreementCases[0].body, false))
        cases.append(("bad-version", "version: 2\n" + Self.agreementCases[0].body, false))
        for (name, source, valid) in cases {
            let path = directory + "/" + name + ".yaml"
            try source.write(toFile: path, atomically: true, encoding: .utf8)
            paths[path] = (valid, !RuleLoader.load(path: path).hasErrors)
        }
        let rejected = try Self.rejected(by: Self.validator!, paths.keys.sorted())
        for (path, verdict) in paths {
            let schemaAccepts = !rejected.contains(path)
            #expect(schemaAccepts == verdict.valid, "schema on \(path)")
            #expect(verdict.swift == verdict.valid, "swift on \(path)")
        }
    }

    /// The files `check-jsonschema` rejects (one run, JSON output).
    static func rejected(by validator: String, _ files: [String]) throws -> Set<String> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: validator)
        process.arguments = ["-o", "json", "--schemafile", schemaPath] + files
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let report = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let entries = (report["errors"] as? [[String: Any]] ?? []) + (report["parse_errors"] as? [[String: Any]] ?? [])
        return Set(entries.compactMap { $0["filename"] as? String })
    }
}

import Foundation
import Testing

/// Golden tests of the command-line errors: one style (`cull: error: …`, the usage line, where to read more)
/// and one exit code (2) for every usage error, from the parser and from the commands.
@Suite struct ErrorMessageTests {
    /// (golden name, arguments). Run in an empty folder with no library anywhere.
    static let cases: [(String, [String])] = [
        ("top-unknown-option", ["--bogus"]),
        ("top-short-option", ["-V"]),
        ("help-unknown-command", ["help", "nosuch"]),
        ("unknown-command", ["nosuch"]),
        ("command-typo", ["sacn"]),
        ("option-typo", ["stage", "--formt", "json", "rules.yaml"]),
        ("flag-with-value", ["scan", "--include-managed=yes"]),
        ("choice-typo", ["trash", "--sort", "larges"]),
        ("choice-prefix", ["trash", "--kind", "vid"]),
        ("format-not-offered", ["commit", "--format", "paths"]),
        ("missing-value", ["plan", "rules.yaml", "--now"]),
        ("missing-argument", ["check"]),
        ("unexpected-argument", ["scan", "extra"]),
        ("repeated-option", ["trash", "--rule", "a", "--rule", "b"]),
        ("bad-now", ["find", "--now", "yesterday", "kind: photo"]),
    ]

    static func render(_ result: Subprocess.Result) -> String {
        "exit \(result.status)\n--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)"
    }

    @Test func usageErrors() throws {
        let directory = NSTemporaryDirectory() + "cull-errors-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "CULL_LIBRARY")
        environment["NO_COLOR"] = "1"
        for (name, arguments) in Self.cases {
            let result = try Subprocess.run([Subprocess.cullBinary] + arguments, environment: environment, directory: directory)
            #expect(result.status == 2, "\(name): \(result.stderr)")
            #expect(result.stdout.isEmpty && result.stderr.hasPrefix("cull: error: "), "\(name): \(result.stderr)")
            #expect(result.stderr.hasSuffix(" --help' for more information.\n"), "\(name): \(result.stderr)")
            try Golden.expect(Self.render(result), matches: "errors/\(name).txt")
        }
    }
}

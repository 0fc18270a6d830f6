import Foundation
import Testing
@testable import CullKit

/// `cull --generate-man-page`: the whole page (golden), written from the command specs, and a page
/// `man` renders without warnings that documents every command and option `--help` does.
@Suite struct ManPageTests {
    static func page() throws -> Subprocess.Result {
        try Subprocess.run([Subprocess.cullBinary, "--generate-man-page"], environment: ProcessInfo.processInfo.environment,
                           directory: NSTemporaryDirectory())
    }

    /// `cull schema --format man`: the rule vocabulary as cull-rules(5).
    static func rulesPage() throws -> Subprocess.Result {
        try Subprocess.run([Subprocess.cullBinary, "schema", "--format", "man"], environment: ProcessInfo.processInfo.environment,
                           directory: NSTemporaryDirectory())
    }

    @Test func thePagesAreGolden() throws {
        let result = try Self.page()
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        try Golden.expect(result.stdout, matches: "man/cull.1")
        let rules = try Self.rulesPage()
        #expect(rules.status == 0 && rules.stderr.isEmpty, "\(rules.stderr)")
        try Golden.expect(rules.stdout, matches: "man/cull-rules.5")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "needs groff"))
    func thePagesRenderWithoutWarnings() throws {
        for (page, name) in [(try Self.page(), "cull.1"), (try Self.rulesPage(), "cull-rules.5")] {
            let file = NSTemporaryDirectory() + "cull-man-\(getpid())-\(name)"
            try page.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: file) }
            let rendered = try Subprocess.run(["/usr/bin/groff", "-man", "-Tutf8", "-ww", "-z", file],
                                              environment: ["PATH": "/usr/bin:/bin"], directory: NSTemporaryDirectory())
            #expect(rendered.status == 0 && rendered.stderr.isEmpty, "groff \(name): \(rendered.stderr)")
        }
    }

    /// cull-rules(5) names every field of the registry, every operator and every keeper step, and
    /// cull(1) points at it.
    @Test func theRulesPageCoversTheVocabulary() throws {
        let page = try Self.rulesPage().stdout.replacingOccurrences(of: "\\-", with: "-")
        for field in FieldRegistry.all { #expect(page.contains(".TP\n\\fB\(field.name)\\fR\n"), "\(field.name)") }
        for op in Operator.allCases { #expect(page.contains("\\fB\(op.rawValue)\\fR"), "\(op.rawValue)") }
        for step in KeeperKey.reference { #expect(page.contains("\\fB\(step.written.replacingOccurrences(of: "\\", with: "\\e"))\\fR"), "\(step.written)") }
        #expect(try Self.page().stdout.contains(".BR cull-rules (5),"))
    }

    /// Every command and every option of every `--help` is in the page.
    @Test func thePageCoversEveryCommandAndOption() throws {
        let page = try Self.page().stdout.replacingOccurrences(of: "\\-", with: "-")
        let overview = try Subprocess.run([Subprocess.cullBinary, "--help"], environment: ProcessInfo.processInfo.environment,
                                          directory: NSTemporaryDirectory()).stdout
        let commands = overview.components(separatedBy: "SUBCOMMANDS:\n")[1].components(separatedBy: "\n\n")[0]
            .split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count > 10)
        for command in commands {
            #expect(page.contains(".SS cull \(command)"), "\(command)")
            let help = try Subprocess.run([Subprocess.cullBinary, command, "--help"], environment: ProcessInfo.processInfo.environment,
                                          directory: NSTemporaryDirectory()).stdout
            // The options' own rows: `  -y, --yes   …`, `  --format <format>   …`.
            let options = help.components(separatedBy: "OPTIONS:\n").last ?? ""
            for line in options.split(separator: "\n") {
                for word in line.split(separator: " ").prefix(3) where word.hasPrefix("--") && word != "--help" {
                    // `--preview[=<mode>]`: the option's name is what comes before its optional value.
                    let name = String(word.trimmingCharacters(in: CharacterSet(charactersIn: ",")).prefix { $0 != "[" })
                    #expect(page.contains("\\fB\(name)\\fR"), "\(command) \(name)")
                }
            }
        }
    }
}

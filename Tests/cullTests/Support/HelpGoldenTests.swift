import Foundation
import Testing

/// Golden tests of `cull --help` and of every subcommand's `--help`: whole texts, as swift-argument-parser's are.
@Suite struct HelpGoldenTests {
    static func cull(_ arguments: [String]) throws -> Subprocess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "CULL_LIBRARY")
        environment["NO_COLOR"] = "1"
        return try Subprocess.run([Subprocess.cullBinary] + arguments, environment: environment, directory: NSTemporaryDirectory())
    }

    /// The subcommands `cull --help` lists, so a new command cannot ship without its golden help.
    static func subcommands() throws -> [String] {
        let overview = try cull(["--help"]).stdout
        let section = overview.components(separatedBy: "SUBCOMMANDS:\n")[1].components(separatedBy: "\n\n")[0]
        return section.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
    }

    @Test func overview() throws {
        let result = try Self.cull(["--help"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        try Golden.expect(result.stdout, matches: "help/cull.txt")
        #expect(try Self.cull(["-h"]).stdout == result.stdout)
        #expect(try Self.cull(["help"]).stdout == result.stdout)
    }

    @Test func everySubcommand() throws {
        let names = try Self.subcommands()
        #expect(names.count >= 14, "\(names)")
        for name in names {
            let result = try Self.cull([name, "--help"])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(name): \(result.stderr)")
            try Golden.expect(result.stdout, matches: "help/\(name).txt")
            #expect(try Self.cull(["help", name]).stdout == result.stdout, "cull help \(name)")
            #expect(try Self.cull([name, "-h"]).stdout == result.stdout, "cull \(name) -h")
        }
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try Self.cull(["--version"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdout.range(of: #"^cull [0-9]+\.[0-9]+\.[0-9]+\S*\n$"#, options: .regularExpression) != nil, "\(result.stdout)")
    }

    /// `-h` as an option's value is that value, not a request for help.
    @Test func helpFlagAsAValueIsAValue() throws {
        let box = try Sandbox("helpvalue")
        try box.stageFiles([Array("a.jpg".utf8)], rule: "-h")
        let result = try box.cull(["trash", "--rule", "-h", "--format", "paths"])
        #expect(result.status == 0 && result.stdout == "a.jpg\n", "\(result.stdout)\(result.stderr)")
        let explained = try box.cull(["restore", "--rule", "--help"])
        #expect(explained.status == 2 && explained.stderr.contains("no file is staged by rule '--help'")
                && !explained.stdout.contains("OVERVIEW"), "\(explained.stdout)\(explained.stderr)")
        // After `--`, too, it is an argument.
        let positional = try box.cull(["keep", "--", "-h"])
        #expect(positional.status == 2 && positional.stderr.contains("not in the index") && !positional.stdout.contains("OVERVIEW"),
                "\(positional.stdout)\(positional.stderr)")
    }
}

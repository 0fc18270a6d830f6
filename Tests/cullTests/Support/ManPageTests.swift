import Foundation
import Testing

/// `cull --generate-man-page`: the whole page (golden), written from the command specs, and a page
/// `man` renders without warnings that documents every command and option `--help` does.
@Suite struct ManPageTests {
    static func page() throws -> Subprocess.Result {
        try Subprocess.run([Subprocess.cullBinary, "--generate-man-page"], environment: ProcessInfo.processInfo.environment,
                           directory: NSTemporaryDirectory())
    }

    @Test func thePageIsGoldenAndRenders() throws {
        let result = try Self.page()
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        try Golden.expect(result.stdout, matches: "man/cull.1")
        let file = NSTemporaryDirectory() + "cull-man-\(getpid()).1"
        try result.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else {
            print("ManPageTests: groff is not installed; rendering skipped")
            return
        }
        let rendered = try Subprocess.run(["/usr/bin/groff", "-man", "-Tutf8", "-ww", "-z", file],
                                          environment: ["PATH": "/usr/bin:/bin"], directory: NSTemporaryDirectory())
        #expect(rendered.status == 0 && rendered.stderr.isEmpty, "groff: \(rendered.stderr)")
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

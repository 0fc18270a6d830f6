import Foundation
import Testing
@testable import CullKit

/// The first hour of a new user (issue 38): README's two set-up commands install what they need from the one
/// package list, the list holds every tool the tests run, the READMEs count what the demo scans, and an
/// installed cull finds its stock rules by name.
@Suite struct SetupTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static func text(_ relative: String) throws -> String { try String(contentsOfFile: root + "/" + relative, encoding: .utf8) }

    /// scripts/packages: each package's purpose and the commands it provides.
    static func packages() throws -> [(name: String, purpose: String, commands: [String])] {
        try text("scripts/packages").split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let name = fields.first, !name.hasPrefix("#"), fields.count >= 3 else { return nil }
            return (name, fields[1], fields[2] == "-" ? [] : fields[2].split(separator: ",").map(String.init))
        }
    }

    /// README's "Try it" is two commands, the demo and the tests; each sources scripts/setup, which reads the one
    /// list; no other file names packages to install (README had an apt line 14 packages short of CI's).
    @Test func readmeSetUpIsTwoCommandsThatInstallWhatTheyNeed() throws {
        let readme = try Self.text("README.md")
        let tryIt = try #require(readme.components(separatedBy: "## Try it").dropFirst().first?.components(separatedBy: "\n## ").first)
        let block = try #require(tryIt.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        let commands = block.split(separator: "\n").map { $0.components(separatedBy: "#")[0].trimmingCharacters(in: .whitespaces) }
        #expect(commands == ["bash examples/demo.sh", "bash scripts/test"])
        #expect(try Self.text("examples/demo.sh").contains("source scripts/setup build\n"))
        #expect(try Self.text("scripts/test").contains("source scripts/setup build test\n"))
        #expect(try Self.text(".ci/run").contains("source scripts/setup build test deb\n"))
        #expect(try Self.text("scripts/make-deb").contains("source scripts/setup build deb\n"))
        #expect(try Self.text("scripts/setup").contains("scripts/packages"))
        for file in ["README.md", "CONTRIBUTING.md", ".ci/run", "examples/demo.sh", "scripts/test", "Makefile"] {
            #expect(!(try Self.text(file)).contains("apt-get install -y lib"), "\(file) lists packages of its own")
        }
        let purposes = Set(try Self.packages().map(\.purpose))
        #expect(purposes == ["build", "test", "deb"])
        // What the build links: every pkg-config system library of Package.swift has its -dev package listed.
        let manifest = try Self.text("Package.swift")
        let names = Set(try Self.packages().map(\.name))
        let providers = manifest.matches(of: /\.apt\(\[([^\]]*)\]\)/).flatMap { list in
            list.1.matches(of: /"([a-z0-9.+-]+)"/).map { String($0.1) }
        }
        for dev in Set(providers) {
            #expect(names.contains(dev), "\(dev) (Package.swift) is not in scripts/packages")
        }
        // .ci/run names them too, the same ones, in Package.swift's order.
        let ci = try Self.text(".ci/run")
        let linked = try #require(ci.firstMatch(of: /\nlinked=\(([^)]*)\)/)).1.split(separator: " ").map(String.init)
        #expect(linked == providers)
    }

    /// Every program the tests run (by path, `which`, `Tools.run`, `missingTools`) comes from a package of the list.
    @Test func everyToolTheTestsRunIsInThePackageList() throws {
        let provided = Set(try Self.packages().flatMap(\.commands))
        var used: Set<String> = []
        let patterns: [Swift.Regex<(Substring, Substring)>] = [
            /"\/(?:usr\/)?(?:local\/)?s?bin\/([a-z0-9._+-]+)"/, /which\("([a-z0-9._+-]+)"\)/,
            /(?:Tools|DecodeFixtures)\.run\("([a-z0-9._+-]+)"/,
        ]
        let walker = try #require(FileManager.default.enumerator(atPath: Self.root + "/Tests"))
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let source = try Self.text("Tests/" + relative)
            for pattern in patterns { used.formUnion(source.matches(of: pattern).map { String($0.1) }) }
            for list in source.matches(of: /missingTools\(\[([^\]]*)\]\)/) {
                used.formUnion(list.1.matches(of: /"([a-z0-9._+-]+)"/).map { String($0.1) })
            }
        }
        used.remove("cull")
        #expect(used.isSuperset(of: ["convert", "exiftool", "ffmpeg", "chromium", "tmux", "sixel2png"]), "\(used.sorted())")
        #expect(used.subtracting(provided).isEmpty, "not provided by scripts/packages: \(used.subtracting(provided).sorted())")
    }

    /// README and examples/README say how many files the demo's library has: the number a scan of it indexes.
    @Test func theReadmesCountWhatTheDemoScans() throws {
        let box = try Sandbox("demo-count")
        let library = Self.root + "/examples/library"
        for name in try FileManager.default.contentsOfDirectory(atPath: library) {
            try FileManager.default.copyItem(atPath: library + "/" + name, toPath: box.library.root + "/" + name)
        }
        let scan = try box.cull(["scan", "--format", "json"])
        #expect(scan.status == 0, "\(scan.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(scan.stdout.utf8)) as? [String: Any])
        let added = try #require(report["added"] as? Int)
        #expect(added > 100)
        for file in ["README.md", "examples/README.md"] {
            let said = try Self.text(file).matches(of: /(\d+) small photos and videos/).map { Int($0.1) }
            #expect(said == [added], "\(file) says \(said), the demo scans \(added)")
        }
    }

    /// `--stock NAME` runs share/cull/rules/NAME.yaml of the prefix the binary is installed in (as /usr/bin/cull
    /// finds /usr/share/cull/rules), or of $CULL_STOCK_RULES; a name it does not have is refused with the list.
    @Test func stockRulesAreFoundByName() throws {
        let box = try Sandbox("stock")
        box.write("Screenshots/shot.png", bytes: Media.png())
        #expect(try box.cull(["scan"]).status == 0)
        let prefix = box.base + "/prefix"
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/share/cull/rules", withIntermediateDirectories: true)
        try "version: 1\nrules:\n  - name: old-screenshots\n    match: {path: \"Screenshots/**\"}\n"
            .write(toFile: prefix + "/share/cull/rules/old-screenshots.yaml", atomically: true, encoding: .utf8)
        let installed = prefix + "/bin/cull"
        if link(Subprocess.cullBinary, installed) != 0 { try FileManager.default.copyItem(atPath: Subprocess.cullBinary, toPath: installed) }
        var environment = box.environment
        environment["CULL_STOCK_RULES"] = nil
        let plan = try Subprocess.run([installed, "plan", "--stock", "old-screenshots", "--ceiling", "100"], environment: environment,
                                      directory: box.library.root)
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.hasPrefix("old-screenshots (\(prefix)/share/cull/rules/old-screenshots.yaml): matched 1"), "\(plan.stdout)")

        let unknown = try Subprocess.run([installed, "plan", "--stock", "old-screenshot"], environment: environment, directory: box.library.root)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no stock rule file 'old-screenshot' in '\(prefix)/share/cull/rules'; the stock rules are: old-screenshots"),
                "\(unknown.stderr)")

        let elsewhere = try box.cull(["stage", "--stock", "old-screenshots", "--ceiling", "100"],
                                     extra: ["CULL_STOCK_RULES": prefix + "/share/cull/rules"])
        #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
        #expect(try box.cull(["trash", "--format", "paths"]).stdout == "Screenshots/shot.png\n")
    }
}

import CullKit
import Foundation
import Testing

/// Values the command line names that do not exist are errors that say so (with did-you-mean),
/// never an empty result; files that cannot be rule files say why, in words.
@Suite struct ValueValidationTests {
    @Test func trashAndRestoreRefuseARuleThatStagedNothing() throws {
        let box = try Sandbox("rulename")
        try box.stageFiles([Array("a.jpg".utf8), Array("b.jpg".utf8)], rule: "old-screenshots")
        let trash = try box.cull(["trash", "--rule", "old-screenshot"])
        #expect(trash.status == 2 && trash.stdout.isEmpty, "\(trash.stdout)")
        #expect(trash.stderr.hasPrefix("cull: error: no file is staged by rule 'old-screenshot' (rules with staged files: old-screenshots); did you mean 'old-screenshots'?\n"),
                "\(trash.stderr)")
        let restore = try box.cull(["restore", "--rule", "nonexist"])
        #expect(restore.status == 2 && restore.stderr.contains("no file is staged by rule 'nonexist'"), "\(restore.stderr)")
        #expect(try TrashListing(db: box.db).total.count == 2)
        let kind = try box.cull(["trash", "--kind", "vid"])
        #expect(kind.status == 2 && kind.stderr.contains("did you mean 'video'?"), "\(kind.stderr)")
        #expect(try box.cull(["trash", "--rule", "old-screenshots", "--kind", "photo", "--format", "paths"]).stdout.split(separator: "\n").count == 2)
    }

    @Test func aFolderWithoutRuleFilesIsAnError() throws {
        let box = try Sandbox("emptyrules")
        let folder = box.base + "/rules"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "notes".write(toFile: folder + "/README.txt", atomically: true, encoding: .utf8)
        for command in ["check", "plan", "stage", "explain"] {
            let result = try box.cull([command, folder + "/"])
            #expect(result.status == 1, "\(command): \(result.stdout)\(result.stderr)")
            #expect((result.stdout + result.stderr).contains("no rule files (*.yaml or *.yml) in this folder"), "\(command): \(result.stderr)")
        }
    }

    @Test func upperCaseExtensionsAreRuleFiles() throws {
        let box = try Sandbox("uppercase")
        let folder = box.base + "/rules"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let rule = "version: 1\nrules:\n  - name: big\n    match: {size: {gt: 1GB}}\n"
        try rule.write(toFile: folder + "/A.YAML", atomically: true, encoding: .utf8)
        try rule.replacingOccurrences(of: "big", with: "huge").write(toFile: folder + "/b.YML", atomically: true, encoding: .utf8)
        let result = try box.cull(["check", folder])
        #expect(result.status == 0 && result.stderr.hasPrefix("2 files checked: 0 errors"), "\(result.stdout)\(result.stderr)")
    }

    @Test func aPhotoGivenAsRulesIsNamedNotEchoed() throws {
        let box = try Sandbox("jpegrules")
        box.write("IMG_1.jpg", bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0xC3, 0x28, 0x07])
        box.write("blob.bin", bytes: [0x01, 0x02, 0x00, 0xFE, 0xFF])
        for command in ["stage", "check", "plan"] {
            let result = try box.cull([command, "IMG_1.jpg"])
            let all = result.stdout + result.stderr
            #expect(result.status == 1 && all.contains("IMG_1.jpg is not a rule file (looks like a JPEG image)"), "\(command): \(all)")
            #expect(!all.contains("JFIF") && !all.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(command): raw bytes in \(all)")
        }
        #expect(try box.cull(["check", "blob.bin"]).stdout.contains("blob.bin is not a rule file (looks like binary data)"))
    }

    @Test func aMissingRuleFileSaysWhy() throws {
        let box = try Sandbox("missingrules")
        let result = try box.cull(["check", "missing.yaml"])
        #expect(result.status == 1 && result.stdout.contains("missing.yaml:1:1: error: cannot read rule file: no such file or directory"),
                "\(result.stdout)")
    }

    /// A FIFO named like a rule file (in a shared rules folder, say) is refused unopened: reading it
    /// would block `cull check` forever. `timeout` is only the hang guard.
    @Test func aFIFONamedLikeARuleFileDoesNotHang() throws {
        let box = try Sandbox("fiforules")
        let folder = box.base + "/rules"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "version: 1\nrules:\n  - name: a\n    match: {kind: photo}\n".write(toFile: folder + "/a.yaml", atomically: true, encoding: .utf8)
        #expect(mkfifo(folder + "/b.yaml", 0o644) == 0)
        let result = try Subprocess.run(["/usr/bin/timeout", "-s", "KILL", "30", Subprocess.cullBinary, "check", folder],
                                        environment: box.environment, directory: box.base)
        #expect(result.status == 1, "137 = hung: \(result.status) \(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("b.yaml:1:1: error: cannot read rule file: it is not a regular file"), "\(result.stdout)")
    }

    @Test func aLibraryThatIsNoFolderIsNamedWithItsSource() throws {
        let box = try Sandbox("nolibrary")
        let option = try box.cull(["scan", "--library", "/nonexistent/cull"])
        #expect(option.status == 1 && option.stderr == "cull: error: no such folder: /nonexistent/cull (given by --library)\n",
                "\(option.status) \(option.stderr)")
        let variable = try box.cull(["trash"], extra: ["CULL_LIBRARY": box.base + "/nope"])
        #expect(variable.status == 1 && variable.stderr == "cull: error: no such folder: \(box.base)/nope (given by CULL_LIBRARY)\n",
                "\(variable.status) \(variable.stderr)")
        let initialize = try box.cull(["init", box.base + "/missing/lib"])
        #expect(initialize.status == 1 && initialize.stderr == "cull: error: no such folder: \(box.base)/missing/lib\n",
                "\(initialize.status) \(initialize.stderr)")
    }
}

import CullKit
import Foundation
import Testing

/// `cull unkeep`, and the commit prompt's answer on a real terminal (a pseudo-terminal).
@Suite struct UnkeepPromptTests {
    @Test func unkeepForgetsKeepsByPathFolderOrAll() throws {
        let box = try Sandbox("unkeep")
        for path in ["DCIM/a.jpg", "DCIM/b.jpg", "c.jpg"] {
            box.write(path, path)
            try box.index(path)
        }
        let store = StagingStore(db: box.db)
        #expect(try store.keep(assetIDs: [1, 2]) == 2)
        try store.stage([StageRequest(rule: "r", ruleFile: "t.yml", assetIDs: [3])], runID: "t")
        let one = try box.cull(["unkeep", "DCIM/a.jpg", "c.jpg"])
        #expect(one.status == 0 && one.stdout == "Forgot 1 keep.\n", "\(one.stdout)\(one.stderr)")
        #expect(try store.status(of: 1) == .new && store.status(of: 2) == .kept && store.status(of: 3) == .trashed)
        #expect(try store.keep(assetIDs: [1]) == 1)
        let all = try box.cull(["unkeep", "--all"])
        #expect(all.status == 0 && all.stdout == "Forgot 2 keeps.\n", "\(all.stdout)\(all.stderr)")
        #expect(try store.status(of: 1) == .new && store.status(of: 2) == .new && store.status(of: 3) == .trashed)
        #expect(try box.cull(["unkeep"]).status == 2)
        #expect(try box.cull(["unkeep", "c.jpg", "--all"]).status == 2)
    }

    /// Runs `cull commit` on a pseudo-terminal (util-linux `script`) and types `answer`; output is
    /// the terminal's, standard output and error together.
    static func commitAnswering(_ answer: String, box: Sandbox) throws -> Subprocess.Result {
        try Subprocess.run(["/usr/bin/script", "-qec", "'\(Subprocess.cullBinary)' commit", "/dev/null"],
                           environment: box.environment, stdin: answer + "\n", directory: box.library.root)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs util-linux script"))
    func aShortYesAtThePromptSaysTheWordIsNeeded() throws {
        let box = try Sandbox("prompt")
        try box.stageFiles([Array("a.jpg".utf8)])
        for answer in ["y", "YES", "Yes"] {
            let result = try Self.commitAnswering(answer, box: box)
            #expect(result.status == 0 && result.stdout.contains("Nothing was committed: type the word 'yes' (in lower case) to commit."),
                    "\(answer): \(result.stdout)")
            #expect(box.exists("a.jpg"))
        }
        let no = try Self.commitAnswering("no", box: box)
        #expect(no.stdout.contains("Nothing was committed.") && !no.stdout.contains("type the word"), "\(no.stdout)")
        let yes = try Self.commitAnswering("yes", box: box)
        #expect(yes.status == 0 && !box.exists("a.jpg"), "\(yes.stdout)\(yes.stderr)")
    }
}

import CullKit
import Foundation
import Testing

/// Paths printed by one command work as arguments of the next, run from the same folder; folders
/// are accepted where files are.
@Suite struct PathRoundTripTests {
    static func cull(_ box: Sandbox, _ arguments: [String], in folder: String) throws -> Subprocess.Result {
        try Subprocess.run([Subprocess.cullBinary] + arguments, environment: box.environment, directory: box.library.root + "/" + folder)
    }

    static func library() throws -> Sandbox {
        let box = try Sandbox("roundtrip")
        for path in ["DCIM/Best/a.jpg", "DCIM/Best/b.jpg", "DCIM/Big/c.mov", "other/d.jpg"] {
            box.write(path, path)
            try box.index(path, kind: path.hasSuffix(".mov") ? "video" : "photo")
        }
        return box
    }

    @Test func findPrintsPathsThatKeepAcceptsFromASubfolder() throws {
        let box = try Self.library()
        let found = try Self.cull(box, ["find", "kind: photo", "--format", "paths"], in: "DCIM")
        #expect(found.status == 0 && found.stdout == "Best/a.jpg\nBest/b.jpg\n../other/d.jpg\n", "\(found.stdout)\(found.stderr)")
        let text = try Self.cull(box, ["find", "kind: photo"], in: "DCIM/Best")
        #expect(text.stdout == "a.jpg\nb.jpg\n../../other/d.jpg\n", "\(text.stdout)")
        let kept = try Self.cull(box, ["keep"] + found.stdout.split(separator: "\n").map(String.init), in: "DCIM")
        #expect(kept.status == 0 && kept.stdout == "Kept 3 files.\n", "\(kept.stdout)\(kept.stderr)")
        // From the root the same files print library-relative, as before.
        let fromRoot = try Self.cull(box, ["find", "kind: photo", "--format", "paths"], in: "")
        #expect(fromRoot.stdout == "DCIM/Best/a.jpg\nDCIM/Best/b.jpg\nother/d.jpg\n")
    }

    @Test func trashPathsRoundTripIntoRestore() throws {
        let box = try Self.library()
        try StagingStore(db: box.db).stage([StageRequest(rule: "r", ruleFile: "t.yml", assetIDs: [1, 3, 4])], runID: "t")
        let listed = try Self.cull(box, ["trash", "--format", "paths", "--sort", "path"], in: "other")
        #expect(listed.stdout == "../DCIM/Best/a.jpg\n../DCIM/Big/c.mov\nd.jpg\n", "\(listed.stdout)\(listed.stderr)")
        let restored = try Self.cull(box, ["restore"] + listed.stdout.split(separator: "\n").map(String.init), in: "other")
        #expect(restored.status == 0 && restored.stdout == "Unstaged 3 files.\n", "\(restored.stdout)\(restored.stderr)")
        // Library-relative paths (JSON, the trash and plan listings) work from any subfolder too.
        try StagingStore(db: box.db).stage([StageRequest(rule: "r", ruleFile: "t.yml", assetIDs: [1, 3])], runID: "t")
        let json = try Self.cull(box, ["trash", "--format", "json"], in: "other")
        #expect(json.stdout.contains("\"path\":\"DCIM/Big/c.mov\""), "\(json.stdout)")
        let again = try Self.cull(box, ["restore", "DCIM/Big/c.mov", "DCIM/Best"], in: "other")
        #expect(again.status == 0 && again.stdout == "Unstaged 2 files.\n", "\(again.stdout)\(again.stderr)")
        // Not as a fallback for '..' paths: those mean the working directory only.
        #expect(try Self.cull(box, ["keep", "../nothing.jpg"], in: "other").status == 2)
    }

    @Test func foldersAreAcceptedWhereFilesAre() throws {
        let box = try Self.library()
        try StagingStore(db: box.db).stage([StageRequest(rule: "r", ruleFile: "t.yml", assetIDs: [1, 2, 3, 4])], runID: "t")
        let kept = try Self.cull(box, ["keep", "DCIM/Best/"], in: "")
        #expect(kept.status == 0 && kept.stdout == "Kept 2 files.\n", "\(kept.stdout)\(kept.stderr)")
        let restored = try Self.cull(box, ["restore", "."], in: "DCIM/Big")
        #expect(restored.status == 0 && restored.stdout == "Unstaged 1 file.\n", "\(restored.stdout)\(restored.stderr)")
        #expect(try StagingStore(db: box.db).status(of: 4) == .trashed)
        // A folder with nothing indexed is an error, as an unindexed file is.
        try FileManager.default.createDirectory(atPath: box.library.root + "/empty", withIntermediateDirectories: true)
        let empty = try Self.cull(box, ["keep", "empty"], in: "")
        #expect(empty.status == 2 && empty.stderr.contains("empty"), "\(empty.stderr)")
    }
}

/// JSON carries the exact name of every file: a name holding a newline comes back as that name
/// (JSON's own `\n`), a name that is not UTF-8 as `{"bytes": BASE64}`, in every command's JSON.
@Suite struct JSONPathTests {
    static let newline = Array("Odd/new\nline.jpg".utf8)
    static let latin1 = Array("Odd/caf".utf8) + [0xE9] + Array(".jpg".utf8)

    /// Decodes a path as the documented JSON form says.
    static func path(_ value: Any?) -> [UInt8]? {
        if let text = value as? String { return Array(text.utf8) }
        if let object = value as? [String: Any], let bytes = object["bytes"] as? String, let data = Data(base64Encoded: bytes) {
            return [UInt8](data)
        }
        return nil
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test func jsonPathsAreTheExactNames() throws {
        let box = try Sandbox("json-paths")
        for (index, path) in [Self.newline, Self.latin1].enumerated() {
            box.write(path, "photo \(index)")
            try box.index(path)
        }
        let found = try box.cull(["find", "kind: photo", "--format", "json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]], "\(found.stdout)")
        #expect(Set(items.compactMap { Self.path($0["path"]) }) == [Self.newline, Self.latin1], "\(found.stdout)")
        #expect(found.stdout.contains(#""path":"Odd/new\nline.jpg""#), "JSON's own escape, not a visible backslash: \(found.stdout)")
        #expect(found.stdout.contains(#""bytes":""#))

        try StagingStore(db: box.db).stage([StageRequest(rule: "r", ruleFile: "t.yml", assetIDs: [1, 2])], runID: "t")
        let trash = try Self.object(try box.cull(["trash", "--format", "json"]).stdout)
        let listed = (trash["items"] as? [[String: Any]] ?? []).compactMap { Self.path($0["path"]) }
        #expect(Set(listed) == [Self.newline, Self.latin1], "\(trash)")
        // What the JSON says is what a script acts on: restoring by those very names works.
        let names = listed.map { String(decoding: $0, as: UTF8.self) }
        let restore = try box.cull(["restore", names[listed.firstIndex(of: Self.newline)!]])
        #expect(restore.status == 0, "\(restore.stdout)\(restore.stderr)")
        // The terminal still sees control characters made visible.
        let text = try box.cull(["trash"])
        #expect(text.stdout.contains("caf\\xe9.jpg") && !text.stdout.contains("new\nline"), "\(text.stdout)")
    }
}

import Foundation
import Testing
@testable import CullKit

/// `cull trash`, `cull keep`, `cull restore` through the real binary.
@Suite struct StagingCommandTests {
    @Test func listKeepAndRestoreThroughTheCLI() throws {
        let box = try Sandbox("cli")
        let odd: [UInt8] = Array("x/".utf8) + [0xC3, 0x28] + Array(".jpg".utf8)
        try box.stageFiles([Array("x/big one.jpg".utf8), odd], rule: "first")
        try box.stageFiles([Array("y/clip.mov".utf8)], rule: "second", kind: "video")

        let paths = try box.cull(["trash", "--format", "paths", "-0", "--sort", "path"])
        #expect(paths.status == 0)
        #expect(paths.stdout.split(separator: "\0").count == 3)
        let videos = try box.cull(["trash", "--kind", "video", "--format", "json"])
        #expect(videos.stdout.contains("\"count\":1") && videos.stdout.contains("y/clip.mov"))
        let text = try box.cull(["trash"])
        #expect(text.stdout.contains("Staged: 3 files") && text.stdout.contains("first: 2 files"), "\(text.stdout)")

        let keep = try box.cull(["keep", "x/big one.jpg"])
        #expect(keep.status == 0 && keep.stdout.contains("Kept 1 file"), "\(keep.stderr)")
        #expect(try box.cull(["keep", "nowhere.jpg"]).status == 2)
        #expect(try box.cull(["restore", "--rule", "second"]).stdout.contains("Unstaged 1 file"))
        #expect(try box.cull(["restore"]).status == 2)
        #expect(try TrashListing(db: box.db).total.count == 1)
        let one = try box.cull(["trash"])
        #expect(one.stdout.contains("Staged: 1 file,") && one.stdout.contains("first: 1 file,"), "\(one.stdout)")

        // A read-only file in a writable folder still moves (rename needs the folder, not the file).
        // The chmod changes the ctime, so the index learns it as a rescan would (a commit skips a
        // file whose ctime changed since it was indexed).
        #expect(FileOps.withCPath(box.root + odd) { chmod($0, 0o444) } == 0)
        let ctime = try #require(FileOps.lstat(box.root + odd).0).ctimeNs
        try box.db.execute("UPDATE assets SET ctime_ns = ? WHERE path = ?", [.integer(ctime), PathBytes.sqlValue(odd)])
        let commit = try box.cull(["commit", "--yes", "--format", "json"])
        #expect(commit.status == 0 && commit.stdout.contains("\"moved\":1"), "\(commit.stdout)\(commit.stderr)")
        #expect(box.trashEntries().map(\.original) == [box.root + odd])
        let undo = try box.cull(["undo"])
        #expect(undo.stdout.contains("put back 1 file") && !undo.stdout.contains("1 files"), "\(undo.stdout)\(undo.stderr)")
        // What undo decided for the user is said when it happens, with the way out.
        #expect(undo.stdout.contains("it is marked kept, so no rule stages it again; 'cull unkeep PATH...' lets the rules decide again"),
                "\(undo.stdout)")
    }
}

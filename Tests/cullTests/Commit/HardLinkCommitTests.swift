import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CullKit

/// Two names of one file (hard links) staged in one batch: moving the first changes the inode's
/// ctime, which is the commit's own doing, so the second leaves too and undo brings both back.
@Suite struct HardLinkCommitTests {
    static func linkedPair(_ name: String) throws -> Sandbox {
        let box = try Sandbox(name)
        box.write("a/IMG_1.JPG", bytes: Media.jpeg(taken: "2019:05:05 12:00:00"))
        try #require(link(box.library.root + "/a/IMG_1.JPG", box.library.root + "/b.jpg") == 0)
        #expect(try box.cull(["scan"]).status == 0)
        let stage = try box.cull(["stage", "--path", "a/IMG_1.JPG", "b.jpg"])
        try #require(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
        try #require(try StagedSet.load(box.db).count == 2)
        return box
    }

    @Test(arguments: ["trash", "quarantine", "permanently"])
    func bothLinksLeaveInOneBatch(mode: String) throws {
        let box = try Self.linkedPair("hardlinks-\(mode)")
        var arguments = ["commit", "--yes"]
        if mode == "quarantine" { arguments += ["--to", box.base + "/quarantine"] }
        if mode == "permanently" { arguments += ["--permanently"] }
        let commit = try box.cull(arguments)
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        #expect(!commit.stdout.contains("changed since staging"), "\(commit.stdout)")
        #expect(!box.exists("a/IMG_1.JPG") && !box.exists("b.jpg"))
        #expect(try StagedSet.load(box.db).isEmpty)
        guard mode != "permanently" else { return }
        let undo = try box.cull(["undo"])
        #expect(undo.status == 0 && undo.stdout.contains("put back 2 files"), "\(undo.stdout)\(undo.stderr)")
        #expect(box.exists("a/IMG_1.JPG") && box.exists("b.jpg"))
    }
}

import Foundation
import Testing
@testable import CullKit

/// Crash leftovers the random kills only hit by luck, set up by hand on a journaled batch.
@Suite struct RecoveryTests {
    @Test func recoveryRepairsEveryLeftover() throws {
        let box = try Sandbox("recover")
        let paths = (0..<5).map { Array("r/IMG_\($0).jpg".utf8) }
        try box.stageFiles(paths)
        let killed = try box.cull(["commit", "--yes"], extra: ["CULL_TEST_CRASH_AFTER": "0"])
        #expect(killed.status != 0)
        let items = try Journal.items(box.db, commit: 1)
        #expect(items.count == 5 && items.allSatisfy { $0.state == .pending })
        func info(_ index: Int) throws -> [UInt8] { try #require(items[index].info) }
        func target(_ index: Int) throws -> [UInt8] { try #require(items[index].destination) }
        // 0: killed between creating its .trashinfo and writing it (empty file).
        #expect(FileOps.createExclusive(try info(0), contents: []) == 0)
        // 1: killed between writing its .trashinfo and the rename.
        let location = TrashLocation(directory: Array(box.trash.utf8), topdir: nil)
        #expect(FileOps.createExclusive(try info(1), contents: FreeDesktopTrash.infoContents(
            originalPath: box.root + paths[1], location: location, date: 0)) == 0)
        // 2: moved, but its .trashinfo was lost (power cut before it reached the disk).
        #expect(FileOps.renameNoReplace(box.root + paths[2], try target(2)) == 0)
        // 3: changed by the user before the next run: skipped, left in place.
        box.write(paths[3], "edited")
        // 4: deleted by the user before the next run: already gone.
        _ = FileOps.unlink(box.root + paths[4])

        // A writing command that then refuses its argument (no such rule) still finishes the commit first.
        let next = try box.cull(["restore", "--rule", "no-such-rule"])
        #expect(next.status == 2 && next.stderr.contains("no file is staged by rule 'no-such-rule'"), "\(next.stderr)")
        #expect(next.stderr.contains("finished commit 1"), "\(next.stderr)")
        let receipt = try CommitReceipt.load(box.db, commit: 1)
        #expect(receipt.moved == 3 && receipt.alreadyGone == 1 && receipt.skipped.count == 1)
        let entries = box.trashEntries()
        #expect(Set(entries.compactMap(\.original)) == Set(paths[0...2].map { box.root + $0 }))
        #expect(box.exists(paths[3]) && !box.exists(paths[4]))
        #expect(try box.db.scalar("SELECT state FROM commits WHERE id = 1")?.string == "done")
        let undo = try box.cull(["undo"])
        #expect(undo.status == 0 && paths[0...2].allSatisfy(box.exists))
    }

    /// Another program trashed files of the same names between journaling and moving: one took the
    /// file and `.trashinfo` names, one only the file name. Each of ours gets a new, journaled name.
    @Test func aNameTakenAfterJournalingGetsANewOne() throws {
        let box = try Sandbox("collide")
        let paths = [Array("c/IMG_1.jpg".utf8), Array("c/IMG_2.jpg".utf8)]
        try box.stageFiles(paths)
        #expect(try box.cull(["commit", "--yes"], extra: ["CULL_TEST_CRASH_AFTER": "0"]).status != 0)
        let journaled = try Journal.items(box.db, commit: 1)
        let location = TrashLocation(directory: Array(box.trash.utf8), topdir: nil)
        let theirs = FreeDesktopTrash.infoContents(originalPath: Array("/elsewhere/IMG_1.jpg".utf8), location: location, date: 0)
        #expect(FileOps.createExclusive(try #require(journaled[0].destination), contents: Array("theirs".utf8)) == 0)
        #expect(FileOps.createExclusive(try #require(journaled[0].info), contents: theirs) == 0)
        #expect(FileOps.createExclusive(try #require(journaled[1].destination), contents: Array("theirs too".utf8)) == 0)

        let next = try box.cull(["restore", "--rule", "no-such-rule"])
        #expect(next.stderr.contains("finished commit 1"), "\(next.stderr)")
        let booked = try Journal.items(box.db, commit: 1)
        #expect(booked.map(\.state) == [.moved, .moved])
        for (before, after) in zip(journaled, booked) {
            let destination = try #require(after.destination)
            #expect(destination != before.destination)
            #expect(FileOps.read(destination) == Array(("content of " + PathBytes.display(after.path)).utf8))
            let infoPath = try #require(after.info)
            let info = try #require(FileOps.read(infoPath))
            #expect(FreeDesktopTrash.originalPath(ofInfo: info, location: location) == box.root + after.path)
        }
        #expect(FileOps.read(try #require(journaled[0].destination)) == Array("theirs".utf8))
        #expect(FileOps.read(try #require(journaled[0].info)) == theirs)
        #expect(FileOps.read(try #require(journaled[1].destination)) == Array("theirs too".utf8))
        #expect(!FileOps.exists(try #require(journaled[1].info)), "the .trashinfo written before the failed rename is removed")
    }
}

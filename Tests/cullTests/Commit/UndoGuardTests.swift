import Foundation
import Testing
@testable import CullKit

/// Undo moves back only the file it trashed, into the folder it came from, and removes only the
/// `.trashinfo` files it wrote.
@Suite struct UndoGuardTests {
    /// `trash-empty`, then unrelated documents of the same names trashed by another program: one
    /// from elsewhere, one from the very path Cull trashed from. Undo leaves both where they are.
    @Test func undoRefusesAFileItDidNotTrash() throws {
        let box = try Sandbox("undo-stranger")
        let paths = [Array("u/IMG_1.jpg".utf8), Array("u/IMG_2.jpg".utf8), Array("u/IMG_3.jpg".utf8)]
        try box.stageFiles(paths)
        #expect(try box.cull(["commit", "--yes"]).status == 0)
        #expect(try Subprocess.run(["/usr/bin/trash-empty"], environment: box.environment).status == 0)
        #expect(box.trashEntries().isEmpty)
        let elsewhere = box.base + "/docs"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try "an unrelated document".write(toFile: elsewhere + "/IMG_1.jpg", atomically: false, encoding: .utf8)
        box.write("u/IMG_2.jpg", "a new document at the old path")
        for file in [elsewhere + "/IMG_1.jpg", box.library.root + "/u/IMG_2.jpg"] {
            let put = try Subprocess.run(["/usr/bin/trash-put", file], environment: box.environment)
            #expect(put.status == 0, "\(put.stderr)")
        }
        let before = box.trashEntries()
        #expect(before.count == 2)

        let undo = try box.cull(["undo"])
        #expect(undo.status == 3, "\(undo.stdout)\(undo.stderr)")
        #expect(undo.stdout.contains("u/IMG_1.jpg: not the file Cull trashed"), "\(undo.stdout)")
        #expect(undo.stdout.contains("u/IMG_2.jpg: not the file Cull trashed"), "\(undo.stdout)")
        #expect(!box.exists("u/IMG_1.jpg") && !box.exists("u/IMG_2.jpg") && !box.exists("u/IMG_3.jpg"))
        let after = box.trashEntries()
        #expect(after.map(\.name) == before.map(\.name) && after.map(\.original) == before.map(\.original))
        let listing = try Subprocess.run(["/usr/bin/trash-list"], environment: box.environment)
        #expect(listing.stdout.contains(elsewhere + "/IMG_1.jpg") && listing.stdout.contains(box.library.root + "/u/IMG_2.jpg"),
                "\(listing.stdout)\(listing.stderr)")
        #expect(try box.db.scalar("SELECT count(*) FROM assets")?.int64 == 0, "nothing was indexed as the photo")
    }

    /// `rmdir f000; ln -s outside f000; cull undo` writes nothing into `outside/`.
    @Test func undoRefusesASymlinkedFolder() throws {
        let box = try Sandbox("undo-symlink")
        let paths = [Array("f000/a.jpg".utf8), Array("f000/b.jpg".utf8), Array("g/h/c.jpg".utf8)]
        try box.stageFiles(paths)
        #expect(try box.cull(["commit", "--yes"]).status == 0)
        let outside = box.base + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        #expect(rmdir(box.library.root + "/f000") == 0)
        #expect(symlink(outside, box.library.root + "/f000") == 0)
        try FileManager.default.removeItem(atPath: box.library.root + "/g")

        let undo = try box.cull(["undo"])
        #expect(undo.status == 3, "\(undo.stdout)\(undo.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty, "undo wrote through the symlink")
        #expect(undo.stdout.contains("f000/a.jpg: ") && undo.stdout.contains("symbolic link"), "\(undo.stdout)")
        #expect(box.exists("g/h/c.jpg"), "a missing folder is created")
        #expect(box.trashEntries().count == 2)
        // With the folder back, the rest comes back.
        #expect(unlink(box.library.root + "/f000") == 0)
        let again = try box.cull(["undo"])
        #expect(again.status == 0 && paths.allSatisfy(box.exists), "\(again.stdout)\(again.stderr)")
    }
}

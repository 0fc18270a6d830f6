import Foundation
import Testing
@testable import CullKit

@Suite struct CommitEndToEndTests {
    /// Stage odd names, change one file and delete another, commit with the real binary, check the
    /// receipt, let trash-list and trash-restore read the trash, then undo the rest.
    @Test func commitTrashListRestoreUndo() throws {
        let box = try Sandbox("e2e")
        let deep = (0..<12).map { "folder-\($0)-" + String(repeating: "d", count: 80) }.joined(separator: "/")
        let names: [[UInt8]] = [
            "a/one.jpg", "a/with space.jpg", "a/new\nline.jpg", "a/100%.jpg", deep + "/long.jpg",
            "a/changed.jpg", "a/deleted.jpg",
        ].map { Array($0.utf8) } + [Array("b/".utf8) + [0xFF, 0xFE, 0x2E, 0x6A, 0x70, 0x67]]
        let ids = try box.stageFiles(names)
        box.write("a/changed.jpg", "different and longer")
        _ = FileOps.unlink(box.root + Array("a/deleted.jpg".utf8))

        let result = try box.cull(["commit", "--yes"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stdout.contains("moved 6 files to the trash"), "\(result.stdout)")
        #expect(result.stdout.contains("already gone: 1"))
        #expect(result.stdout.contains("a/changed.jpg: changed since staging"))
        let log = try String(contentsOfFile: box.library.controlDirectory + "/log", encoding: .utf8)
        #expect(log.contains("\"moved\":6") && !log.contains("one.jpg"))

        let committed = names.filter { $0 != Array("a/changed.jpg".utf8) && $0 != Array("a/deleted.jpg".utf8) }
        let entries = box.trashEntries()
        #expect(Set(entries.compactMap(\.original)) == Set(committed.map { box.root + $0 }))
        for path in committed { #expect(!box.exists(path)) }
        #expect(box.exists("a/changed.jpg"))
        #expect(try StagingStore(db: box.db).status(of: ids[5]) == .trashed)
        #expect(try box.db.scalar("SELECT count(*) FROM assets")?.int64 == 1)

        let listing = try Subprocess.run(["/usr/bin/trash-list"], environment: box.environment)
        let dated = listing.stdout.split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(dated.count == committed.count, "\(listing.stdout)")
        for path in ["a/one.jpg", "a/with space.jpg", "a/100%.jpg", deep + "/long.jpg"] {
            #expect(listing.stdout.contains(box.library.root + "/" + path), "\(path) not in trash-list")
        }

        // trash-restore lists what was trashed under the working directory; answer with one index.
        let folder = box.library.root + "/a"
        let menu = try Subprocess.run(["/usr/bin/trash-restore"], environment: box.environment, stdin: "\n", directory: folder)
        let line = try #require(menu.stdout.split(separator: "\n").first { $0.hasSuffix("/a/one.jpg") }, "\(menu.stdout)")
        let index = try #require(line.split(separator: " ").first)
        _ = try Subprocess.run(["/usr/bin/trash-restore"], environment: box.environment, stdin: "\(index)\n", directory: folder)
        #expect(box.exists("a/one.jpg"))

        // Undo puts the rest back; the file trash-restore brought back (same inode) is re-indexed too.
        let undo = try box.cull(["undo"])
        #expect(undo.status == 0, "\(undo.stdout)\(undo.stderr)")
        #expect(undo.stdout.contains("put back \(committed.count) files"), "\(undo.stdout)")
        for path in committed {
            #expect(box.exists(path), "\(PathBytes.display(path)) not back")
            #expect(FileOps.read(box.root + path) == Array(("content of " + PathBytes.display(path)).utf8))
        }
        #expect(box.trashEntries().isEmpty)
        #expect(try box.db.scalar("SELECT count(*) FROM assets")?.int64 == Int64(committed.count + 1))
        let store = StagingStore(db: box.db)
        let restoredID = try #require(try store.assetID(path: names[7]))
        // Undo is the user deciding to keep these: no rule stages them again.
        #expect(try store.status(of: restoredID) == .kept)
    }

    @Test func companionsAndLivePhotoTravelTogether() throws {
        let box = try Sandbox("companions")
        for path in ["p/IMG_1.JPG", "p/IMG_1.xmp", "p/IMG_1.JPG.json", "p/IMG_1.MOV", "p/IMG_2.JPG", "p/IMG_2.DNG",
                     "p/IMG_2.xmp", "p/IMG_3.HEIC", "p/v/clip.mov"] { box.write(path) }
        let one = try box.index("p/IMG_1.JPG")
        let two = try box.index("p/IMG_2.JPG")
        _ = try box.index("p/IMG_2.DNG")
        let three = try box.index("p/IMG_3.HEIC", liveID: "L3")
        _ = try box.index("p/v/clip.mov", kind: "video", liveID: "L3")
        try StagingStore(db: box.db).stage([StageRequest(rule: "r", ruleFile: "f", assetIDs: [one, two, three])], runID: "t")
        let result = try box.cull(["commit", "--yes"])
        #expect(result.status == 0, "\(result.stderr)")
        // The Live pair (same content identifier) was staged as two assets; IMG_1.MOV is no Live half
        // by its name alone, and it owns IMG_1.xmp as much as IMG_1.JPG does.
        #expect(result.stdout.contains("moved 4 files") && result.stdout.contains("with 1 companion"), "\(result.stdout)")
        for gone in ["p/IMG_1.JPG", "p/IMG_1.JPG.json", "p/IMG_2.JPG", "p/IMG_3.HEIC", "p/v/clip.mov"] {
            #expect(!box.exists(gone), "\(gone) stayed")
        }
        #expect(box.exists("p/IMG_2.DNG") && box.exists("p/IMG_2.xmp"), "a sidecar shared with a RAW stays")
        #expect(box.exists("p/IMG_1.MOV") && box.exists("p/IMG_1.xmp"), "a same-stem video without evidence stays, with the sidecar it shares")
        #expect(try box.cull(["undo"]).status == 0)
        #expect(box.exists("p/IMG_1.JPG.json") && box.exists("p/v/clip.mov") && box.exists("p/IMG_1.JPG"))
        #expect(try box.db.scalar("SELECT count(*) FROM assets")?.int64 == 5)
    }

    @Test func quarantineAndPermanentDeletion() throws {
        let box = try Sandbox("modes")
        try box.stageFiles([Array("q/a.jpg".utf8), Array("q/b.jpg".utf8)])
        let target = box.base + "/quarantine"
        let result = try box.cull(["commit", "--yes", "--to", target])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: target + "/q/a.jpg"))
        #expect(box.trashEntries().isEmpty)
        #expect(try box.cull(["undo"]).status == 0)
        #expect(box.exists("q/a.jpg") && box.exists("q/b.jpg"))
        // Undo marked it kept; the user changes their mind once more: restoring it by name forgets the keep.
        let store = StagingStore(db: box.db)
        let again = try #require(try store.assetID(path: Array("q/a.jpg".utf8)))
        #expect(try store.status(of: again) == .kept)
        try store.restore(.assets([again]))
        try store.stage([StageRequest(rule: "r", ruleFile: "f", assetIDs: [again])], runID: "again")
        #expect(try box.cull(["commit", "--yes", "--to", box.library.root + "/inside"]).status == 2)
        #expect(try box.cull(["restore", "--all"]).status == 0)

        try box.stageFiles([Array("z/gone.jpg".utf8)])
        #expect(try box.cull(["commit", "--yes", "--permanently"]).status == 0)
        #expect(!box.exists("z/gone.jpg") && box.trashEntries().isEmpty)
        let undo = try box.cull(["undo"])
        #expect(undo.status == 1 && undo.stderr.contains("deleted permanently"))
    }
}

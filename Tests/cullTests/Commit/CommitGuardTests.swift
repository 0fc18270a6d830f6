import Foundation
import Testing
@testable import CullKit

@Suite struct CommitGuardTests {
    @Test func nonTTYRefusesWithoutYes() throws {
        let box = try Sandbox("tty")
        try box.stageFiles([Array("a.jpg".utf8)])
        let result = try box.cull(["commit"])
        #expect(result.status == 2 && result.stderr.contains("--yes"))
        #expect(box.exists("a.jpg"))
    }

    @Test func fingerprintMustMatch() throws {
        let box = try Sandbox("fp")
        try box.stageFiles([Array("a.jpg".utf8), Array("b.jpg".utf8)])
        let wrong = try box.cull(["commit", "--yes", "--fingerprint", "000000000000"])
        #expect(wrong.status == 1 && box.exists("a.jpg"))
        let fingerprint = try TrashListing(db: box.db).fingerprint
        #expect(try box.cull(["commit", "--yes", "--fingerprint", fingerprint]).status == 0)
        #expect(!box.exists("a.jpg"))
    }

    @Test func secondRunGetsLocked() throws {
        let box = try Sandbox("lock")
        try box.stageFiles([Array("a.jpg".utf8)])
        let lock = try LibraryLock(library: box.library)
        let result = try box.cull(["commit", "--yes"])
        #expect(result.status == 5 && result.stderr.contains("locked"))
        #expect(throws: IndexError.self) { try LibraryLock(library: box.library) }
        lock.release()
        #expect(try box.cull(["commit", "--yes"]).status == 0)
    }

    /// A file in a folder it cannot leave is skipped with the reason, never lost.
    @Test func unmovableFileIsSkippedNotLost() throws {
        let box = try Sandbox("readonly")
        try box.stageFiles([Array("ro/stuck.jpg".utf8), Array("rw/free.jpg".utf8)])
        let folder = box.library.root + "/ro"
        chmod(folder, 0o555)
        let root = getuid() == 0
        if root { _ = try Subprocess.run(["/usr/bin/chattr", "+i", folder], environment: box.environment) }
        defer {
            if root { _ = try? Subprocess.run(["/usr/bin/chattr", "-i", folder], environment: box.environment) }
            chmod(folder, 0o755)
        }
        let result = try box.cull(["commit", "--yes"])
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ro/stuck.jpg: cannot move"), "\(result.stdout)")
        #expect(box.exists("ro/stuck.jpg") && !box.exists("rw/free.jpg"))
        #expect(box.trashEntries().count == 1)
    }

    @Test func symlinkSwappedInIsSkipped() throws {
        let box = try Sandbox("symlink")
        try box.stageFiles([Array("s/a.jpg".utf8)])
        _ = FileOps.unlink(box.root + Array("s/a.jpg".utf8))
        symlink("/etc/hostname", box.library.root + "/s/a.jpg")
        let result = try box.cull(["commit", "--yes"])
        #expect(result.status == 3 && result.stdout.contains("symbolic link"))
    }

    /// A folder replaced by a symlink (here to a folder without the file) is the commit's to refuse,
    /// so the plan shown before it must not call its file "already gone": the listing looks files up
    /// by descriptor from the library root, as the carrier walks, not through the symlink.
    @Test func folderSwappedForASymlinkIsNotGone() throws {
        let box = try Sandbox("symlink-folder")
        try box.stageFiles([Array("s/a.jpg".utf8), Array("t/b.jpg".utf8)])
        let elsewhere = box.library.root + "/../elsewhere-\(getpid())"
        mkdir(elsewhere, 0o755)
        defer { rmdir(elsewhere) }
        rename(box.library.root + "/s", elsewhere + "/s")
        defer { rename(elsewhere + "/s", box.library.root + "/s") }
        symlink(elsewhere, box.library.root + "/s")   // s/a.jpg through it: elsewhere/a.jpg, not there
        defer { unlink(box.library.root + "/s") }
        _ = FileOps.unlink(box.root + Array("t/b.jpg".utf8))   // really gone

        let listing = try TrashListing(db: box.db)
        let ids = Dictionary(uniqueKeysWithValues: listing.staged.map { (String(decoding: $0.path, as: UTF8.self), $0.id) })
        #expect(listing.gone == [ids["t/b.jpg"]!])
        let result = try box.cull(["commit", "--yes"])
        #expect(result.status == 3 && result.stdout.contains("s/a.jpg") && result.stdout.contains("symbolic link"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/s/a.jpg"))
    }

    /// Gone is the same whether a folder is listed (many staged files) or each file looked up (a few).
    @Test func goneFilesInListedAndLookedUpFolders() throws {
        let box = try Sandbox("gone-folders")
        let many = (0..<40).map { "many/IMG_\($0).jpg" }
        try box.stageFiles((many + ["few/a.jpg", "few/b.jpg", "vanished/c.jpg"]).map { Array($0.utf8) })
        let deleted = ["many/IMG_3.jpg", "many/IMG_17.jpg", "many/IMG_39.jpg", "few/b.jpg", "vanished/c.jpg"]
        for path in deleted { _ = FileOps.unlink(box.root + Array(path.utf8)) }
        rmdir(box.library.root + "/vanished")
        let listing = try TrashListing(db: box.db)
        let gone = Set(listing.staged.filter { listing.gone.contains($0.id) }.map { String(decoding: $0.path, as: UTF8.self) })
        #expect(gone == Set(deleted))
        #expect(listing.total.count == many.count + 3 - deleted.count)
    }

    @Test func undoNeverOverwritesANewFile() throws {
        let box = try Sandbox("undo-clash")
        try box.stageFiles([Array("u/a.jpg".utf8), Array("u/b.jpg".utf8)])
        #expect(try box.cull(["commit", "--yes"]).status == 0)
        box.write("u/a.jpg", "a new photo at the old name")
        let undo = try box.cull(["undo", "1"])
        #expect(undo.status == 3 && undo.stdout.contains("u/a.jpg: a file exists at the original path"), "\(undo.stdout)")
        #expect(FileOps.read(box.root + Array("u/a.jpg".utf8)) == Array("a new photo at the old name".utf8))
        #expect(box.exists("u/b.jpg") && box.trashEntries().count == 1)
        #expect(try box.db.scalar("SELECT state FROM commits WHERE id = 1")?.string == "done")
        _ = FileOps.unlink(box.root + Array("u/a.jpg".utf8))
        #expect(try box.cull(["undo", "1"]).status == 0 && box.trashEntries().isEmpty)
        #expect(try box.cull(["undo", "1"]).status == 1)
    }

    /// Chunks of 4 spread over every carrier thread: files changed, deleted or kept back by a skipped
    /// primary in different chunks are booked exactly as in one chunk, and only moved and gone
    /// assets leave the index.
    @Test func manyChunksBookEveryOutcome() throws {
        let box = try Sandbox("chunks")
        let paths = (0..<40).map { Array("c\($0 % 3)/IMG_\($0).jpg".utf8) }
        let changed = [3, 17, 31], deleted = [8, 22], withSidecar = [5, 17, 26]
        // Sidecars there when indexed (one added after staging would stop its file's commit).
        for index in withSidecar { box.write(paths[index] + Array(".xmp".utf8), "sidecar") }
        let ids = try box.stageFiles(paths)
        for index in changed { box.write(paths[index], "edited since staging") }
        for index in deleted { _ = FileOps.unlink(box.root + paths[index]) }

        let result = try box.cull(["commit", "--yes"], extra: ["CULL_COMMIT_CHUNK": "4"])
        #expect(result.status == 3, "\(result.stderr)")
        let receipt = try CommitReceipt.load(box.db, commit: 1)
        #expect(receipt.moved == 35 && receipt.alreadyGone == 2 && receipt.companionsMoved == 2)
        #expect(Set(receipt.skipped.map(\.path)) == Set([3, 17, 31].map { paths[$0] } + [paths[17] + Array(".xmp".utf8)]))
        #expect(try box.db.scalar("SELECT count(*) FROM commit_items WHERE state = 'pending'")?.int64 == 0)
        let store = StagingStore(db: box.db)
        for index in paths.indices {
            let stays = changed.contains(index)
            #expect(box.exists(paths[index]) == stays, "\(index)")
            #expect(try box.db.scalar("SELECT count(*) FROM assets WHERE id = ?", [.integer(ids[index])])?.int64 == (stays ? 1 : 0))
            if stays { #expect(try store.status(of: ids[index]) == .trashed, "a skipped file stays staged") }
        }
        #expect(box.exists(paths[17] + Array(".xmp".utf8)), "the sidecar of a skipped primary stays")
        #expect(box.trashEntries().count == 37)
        #expect(try box.db.scalar("SELECT count(*) FROM commit_assets")?.int64 == 35)
    }
}

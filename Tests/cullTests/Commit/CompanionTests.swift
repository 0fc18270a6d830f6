import Foundation
import Testing
@testable import CullKit

/// What travels with a committed file, and whether it may: shared sidecars, sidecars changed since
/// staging, and the video half of a Live Photo, through the real binary as a user runs it.
@Suite struct CompanionTests {
    static func commit(_ box: Sandbox, permanently: Bool) throws -> Subprocess.Result {
        try box.cull(["commit", "--yes"] + (permanently ? ["--permanently"] : []))
    }

    static func rating(_ box: Sandbox, _ path: String) throws -> Int64? {
        try box.db.scalar("SELECT rating FROM assets WHERE path = ?", [.text(path)])?.int64
    }

    /// Issue 8 item 1: one `IMG_9001.xmp` belongs to the JPG and the PNG; staging only the PNG (and
    /// only the MOV of IMG_9000) leaves the sidecars for the files that stay, and they keep their rating.
    @Test(arguments: [false, true]) func aSharedSidecarLeavesOnlyWithTheLastOfItsOwners(permanently: Bool) throws {
        let box = try Sandbox("shared")
        box.write("Pair/IMG_9001.JPG", bytes: Media.jpeg(taken: "2019:05:05 12:00:00"))
        box.write("Pair/IMG_9001.PNG", bytes: Media.png())
        box.write("Pair/IMG_9001.xmp", Media.xmp(rating: 5))
        box.write("Pair/IMG_9000.JPG", bytes: Media.jpeg(taken: "2019:05:05 13:00:00"))
        box.write("Pair/IMG_9000.MOV", bytes: Media.movie(seconds: 10, created: Media.utc("2019-05-05T13:00:00Z")))
        box.write("Pair/IMG_9000.xmp", Media.xmp(rating: 5))
        box.write("Solo/IMG_7.JPG", bytes: Media.jpeg(taken: "2019:05:05 14:00:00"))
        box.write("Solo/IMG_7.JPG.xmp", Media.xmp(rating: 1))
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try Self.rating(box, "Pair/IMG_9001.JPG") == 5)
        let rules = try box.rules("drop.yaml", """
            version: 1
            rules:
              - name: drop-png-and-mov
                match: {extension: {in: [png, mov]}}
              - name: drop-seven
                match: {name: IMG_7.JPG}
            """)
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        let trash = try box.cull(["trash"])
        #expect(trash.stdout.contains("Solo/IMG_7.JPG.xmp"), "\(trash.stdout)")
        #expect(trash.stdout.contains("Pair/IMG_9001.xmp stays: shared with Pair/IMG_9001.JPG"), "\(trash.stdout)")
        #expect(trash.stdout.contains("Pair/IMG_9000.xmp stays: shared with Pair/IMG_9000.JPG"), "\(trash.stdout)")

        let result = try Self.commit(box, permanently: permanently)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("3 files") && result.stdout.contains("with 1 companion"), "\(result.stdout)")
        #expect(!box.exists("Pair/IMG_9001.PNG") && !box.exists("Pair/IMG_9000.MOV") && !box.exists("Solo/IMG_7.JPG.xmp"))
        #expect(box.exists("Pair/IMG_9001.xmp") && box.exists("Pair/IMG_9000.xmp"), "a shared sidecar left with one owner")
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try Self.rating(box, "Pair/IMG_9001.JPG") == 5)
        #expect(try Self.rating(box, "Pair/IMG_9000.JPG") == 5)

        // The last owner takes it.
        let last = try box.rules("last.yaml", "version: 1\nrules:\n  - name: last\n    match: {name: IMG_9001.JPG}\n")
        #expect(try box.cull(["stage", last, "--ceiling", "100"]).status == 0)
        #expect(try Self.commit(box, permanently: permanently).status == 0)
        #expect(!box.exists("Pair/IMG_9001.JPG") && !box.exists("Pair/IMG_9001.xmp"))
    }

    /// Issue 8 item 6: a sidecar edited, added or removed after staging stops its photo's commit.
    @Test(arguments: [false, true]) func aSidecarChangedSinceStagingStopsThatFile(permanently: Bool) throws {
        let box = try Sandbox("sidecar-changed")
        for (second, name) in ["IMG_0014", "IMG_0015", "IMG_0016", "IMG_0017"].enumerated() {
            box.write("\(name).JPG", bytes: Media.jpeg(taken: "2019:05:05 12:00:0\(second)"))  // four photos, not copies
        }
        box.write("IMG_0014.xmp", Media.xmp(rating: 0))
        box.write("IMG_0016.xmp", Media.xmp(rating: 0))
        box.write("IMG_0017.xmp", Media.xmp(rating: 0))
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("all.yaml", "version: 1\nrules:\n  - name: all\n    match: {name: \"IMG_*.JPG\"}\n")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        box.write("IMG_0014.xmp", Media.xmp(rating: 5))          // exiftool -Rating=5 IMG_0014.xmp
        box.write("IMG_0015.JPG.xmp", Media.xmp(rating: 5))      // appears
        _ = FileOps.unlink(box.root + Array("IMG_0016.xmp".utf8)) // disappears

        let trash = try box.cull(["trash"])
        #expect(trash.stdout.contains("IMG_0014.JPG  [all]  held back: sidecar changed since staging"), "\(trash.stdout)")
        let listing = try TrashListing(db: box.db)
        #expect(TrashRenderer.prompt(listing, destination: .trash).text.contains("move 1 file and 1 companion"), "held back files are not counted")
        let result = try Self.commit(box, permanently: permanently)
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        for name in ["IMG_0014", "IMG_0015", "IMG_0016"] {
            #expect(result.stdout.contains("\(name).JPG: sidecar changed since staging"), "\(result.stdout)")
            #expect(box.exists("\(name).JPG"))
        }
        #expect(box.exists("IMG_0014.xmp") && box.exists("IMG_0015.JPG.xmp"))
        #expect(!box.exists("IMG_0017.JPG") && !box.exists("IMG_0017.xmp"))
        // Still staged until the next scan reads the new sidecar; that scan unstages it (it changed).
        let store = StagingStore(db: box.db)
        let id = try #require(try store.assetID(path: Array("IMG_0014.JPG".utf8)))
        #expect(try store.status(of: id) == .trashed)
        #expect(try box.cull(["commit", "--yes"]).status == 3, "a second commit refuses it again")
        #expect(box.exists("IMG_0014.JPG"))
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try store.status(of: id) == .new)
        #expect(try Self.rating(box, "IMG_0014.JPG") == 5)
    }

    /// A staged photo deleted outside Cull (its sidecar left behind) is already gone: done, not
    /// "sidecar changed" (the sidecar, owned by nothing now, is no longer the photo's to take).
    @Test func aDeletedPrimaryIsGoneNotASidecarChange() throws {
        let box = try Sandbox("sidecar-primary-gone")
        box.write("IMG_0020.JPG", bytes: Media.jpeg(taken: "2019:05:05 12:00:00"))
        box.write("IMG_0020.xmp", Media.xmp(rating: 0))
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.cull(["stage", "--path", "IMG_0020.JPG"]).status == 0)
        _ = FileOps.unlink(box.root + Array("IMG_0020.JPG".utf8))
        let trash = try box.cull(["trash"])
        #expect(!trash.stdout.contains("sidecar changed"), "\(trash.stdout)")
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        #expect(!commit.stdout.contains("sidecar changed") && commit.stdout.contains("1 already gone"), "\(commit.stdout)")
        #expect(try StagedSet.load(box.db).isEmpty)
        #expect(box.exists("IMG_0020.xmp"))
    }

    /// A sidecar edited in place with its size and mtime put back (`touch -r`) still stops its
    /// photo: only the ctime tells, so the sidecar signature must carry it.
    @Test func aSidecarEditedWithItsStampRestoredStopsThatFile() throws {
        let box = try Sandbox("sidecar-touch-r")
        box.write("IMG_0020.JPG", bytes: Media.jpeg(taken: "2019:05:05 12:00:00"))
        box.write("IMG_0020.xmp", Media.xmp(rating: 0))
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("all.yaml", "version: 1\nrules:\n  - name: all\n    match: {name: \"IMG_*.JPG\"}\n")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        try RaceTests.editKeepingStamp(box.library.root + "/IMG_0020.xmp", Media.xmp(rating: 5))

        let result = try Self.commit(box, permanently: false)
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("IMG_0020.JPG: sidecar changed since staging"), "\(result.stdout)")
        #expect(box.exists("IMG_0020.JPG") && box.exists("IMG_0020.xmp"))
    }

    /// Signatures an older Cull wrote (without ctimes) still match: upgrading neither holds a staged
    /// photo back nor makes the scan count it changed (which would unstage it); the scan records
    /// the new form.
    @Test func sidecarSignaturesWithoutCtimeStillMatch() throws {
        let box = try Sandbox("sidecar-old-signature")
        box.write("IMG_0030.JPG", bytes: Media.jpeg(taken: "2019:05:05 12:00:00"))
        box.write("IMG_0030.xmp", Media.xmp(rating: 0))
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("all.yaml", "version: 1\nrules:\n  - name: all\n    match: {name: \"IMG_*.JPG\"}\n")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        let current = try #require(try box.db.scalar("SELECT sidecar_signature FROM assets WHERE name = 'IMG_0030.JPG'")?.string)
        let old = current.split(separator: ":").prefix(4).joined(separator: ":")
        #expect(old != current)
        try box.db.execute("UPDATE assets SET sidecar_signature = ? WHERE name = 'IMG_0030.JPG'", [.text(old)])

        #expect(!(try box.cull(["trash"]).stdout.contains("held back")))
        let scan = try box.cull(["scan", "--format", "json"])
        #expect(scan.stdout.contains("\"changed\":0") || scan.stdout.contains("\"changed\": 0"), "\(scan.stdout)")
        #expect(try box.db.scalar("SELECT sidecar_signature FROM assets WHERE name = 'IMG_0030.JPG'")?.string == current)
        let store = StagingStore(db: box.db)
        let id = try #require(try store.assetID(path: Array("IMG_0030.JPG".utf8)))
        #expect(try store.status(of: id) == .trashed)
    }

    /// Issue 8 item 10: a 10 s video rated 5 is no Live Photo half of the same-stem photo; the
    /// protect guard keeps it and its sidecar, whatever happens to the photo.
    @Test(arguments: [false, true]) func aProtectedVideoIsNotTakenAsALivePhotoHalf(permanently: Bool) throws {
        let box = try Sandbox("holiday")
        box.write("holiday.jpg", bytes: Media.jpeg(taken: "2015:07:01 10:00:00"))
        box.write("holiday.mov", bytes: Media.movie(seconds: 10, created: Media.utc("2015-07-01T10:00:00Z")))
        box.write("holiday.mov.xmp", Media.xmp(rating: 5))
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("old.yaml", """
            version: 1
            protect: [favorite: true, kind: video]
            rules:
              - name: before-2016
                match: {taken: {before: 2016-01-01}}
            """)
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        let listing = try TrashListing(db: box.db)
        #expect(listing.items.map { PathBytes.display($0.path) } == ["holiday.jpg"])
        #expect(listing.companions.travelling.isEmpty)
        let result = try Self.commit(box, permanently: permanently)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("with 1 companion") && !result.stdout.contains("companions"), "\(result.stdout)")
        #expect(!box.exists("holiday.jpg"))
        #expect(box.exists("holiday.mov") && box.exists("holiday.mov.xmp"), "the protected favourite video left")
    }

    /// A Live pair with evidence (a short video taken with the photo) is staged as two assets, and
    /// goes whole; when its video half is protected, the photo stays too. The prompt counts everything.
    @Test(arguments: [false, true]) func aLivePairIsStagedAndCommittedWhole(permanently: Bool) throws {
        let box = try Sandbox("live")
        box.write("live/IMG_5000.JPG", bytes: Media.jpeg(taken: "2019:05:05 12:00:00"))
        box.write("live/IMG_5000.MOV", bytes: Media.movie(seconds: 2, created: Media.utc("2019-05-05T12:00:01Z")))
        box.write("live/IMG_5000.xmp", Media.xmp(rating: 0))
        box.write("live/IMG_5001.JPG", bytes: Media.jpeg(taken: "2019:05:06 12:00:00"))
        box.write("live/IMG_5001.MOV", bytes: Media.movie(seconds: 2, created: Media.utc("2019-05-06T12:00:00Z")))
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("photos.yaml", """
            version: 1
            protect: [{name: IMG_5001.MOV}]
            rules:
              - name: photos
                match: {kind: photo}
            """)
        let plan = try RunCommandTests.json(try box.cull(["plan", rules, "--ceiling", "100", "--format", "json"]).stdout)
        #expect(plan["new"] as? Int == 2, "\(plan)")
        let explain = try box.cull(["plan", rules, "--ceiling", "100", "--explain", "live/IMG_5000.MOV"])
        #expect(explain.stdout.contains("would be staged with its Live Photo pair, which photos (\(rules)) matched"), "\(explain.stdout)")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        let listing = try TrashListing(db: box.db)
        #expect(listing.items.map { PathBytes.display($0.path) }.sorted() == ["live/IMG_5000.JPG", "live/IMG_5000.MOV"])
        let video = try #require(listing.items.first { PathBytes.display($0.path) == "live/IMG_5000.MOV" })
        #expect(video.livePairOf.map(PathBytes.display) == "live/IMG_5000.JPG")
        #expect(listing.companions.travelling.map { PathBytes.display($0.path) } == ["live/IMG_5000.xmp"])
        let pair = ["live/IMG_5000.JPG", "live/IMG_5000.MOV", "live/IMG_5000.xmp"]
        let everything = pair.compactMap { FileOps.lstat(box.root + Array($0.utf8)).0?.size }.reduce(0, +)
        let prompt = TrashRenderer.prompt(listing, destination: permanently ? .permanently : .trash).text
        #expect(prompt.contains("2 files and 1 companion (\(ByteCount.format(everything)))"), "\(prompt)")

        let result = try Self.commit(box, permanently: permanently)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("2 files") && result.stdout.contains("with 1 companion"), "\(result.stdout)")
        for path in pair { #expect(!box.exists(path), "\(path) stayed") }
        #expect(box.exists("live/IMG_5001.JPG") && box.exists("live/IMG_5001.MOV"), "a Live photo with a protected half stays whole")
    }

    /// A half the user keeps after staging holds the other back at commit; a half kept before
    /// staging keeps the other out of the plan. Nothing of a Live Photo goes alone.
    @Test func aKeptLiveHalfHoldsItsPairBack() throws {
        let box = try Sandbox("live-kept")
        for path in ["a/IMG_1.HEIC", "a/IMG_1.MOV", "a/IMG_2.HEIC", "a/IMG_2.MOV"] { box.write(path) }
        let photo1 = try box.index("a/IMG_1.HEIC", liveID: "L1")
        let video1 = try box.index("a/IMG_1.MOV", kind: "video", liveID: "L1")
        let photo2 = try box.index("a/IMG_2.HEIC", liveID: "L2")
        let video2 = try box.index("a/IMG_2.MOV", kind: "video", liveID: "L2")
        let store = StagingStore(db: box.db)
        try store.keep(assetIDs: [video2])
        let plan = try PlanBuilder(db: box.db).build([StageRequest(rule: "r", ruleFile: "f", assetIDs: [photo1, photo2])])
        #expect(Set(plan.rules[0].netNewIDs) == [photo1, video1])
        #expect(plan.rules[0].livePairOf == [video1: photo1])
        #expect(plan.rules[0].excluded.map(\.reason.description) == ["its Live Photo pair: kept by you"])
        try store.stage(plan, runID: "t")
        try store.keep(assetIDs: [video1])   // changed their mind about the video alone
        let result = try box.cull(["commit", "--yes"])
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("a/IMG_1.HEIC: its Live Photo pair a/IMG_1.MOV is not staged"), "\(result.stdout)")
        for path in ["a/IMG_1.HEIC", "a/IMG_1.MOV", "a/IMG_2.HEIC", "a/IMG_2.MOV"] { #expect(box.exists(path)) }
        #expect(try store.status(of: photo1) == .trashed)
    }
}

import Foundation
import Testing
@testable import CullKit

/// Same-picture, burst and pair groups end to end, and what a commit does when a keeper goes.
@Suite struct GroupKindRuleTests {
    func picture(_ box: Sandbox, _ name: String, seed: Int) throws {
        try box.tool(["convert", "-seed", String(seed), "-size", "48x32", "plasma:fractal", name])
    }

    func staged(_ box: Sandbox) throws -> Set<String> { Set(try StagedSet.load(box.db).map { PathBytes.display($0.path) }) }

    /// The original with camera EXIF, and a copy an export stripped of all metadata.
    func originalAndStripped(_ name: String) throws -> Sandbox {
        let box = try Sandbox(name)
        try picture(box, "original.jpg", seed: 1)
        try box.tool(["exiftool", "-q", "-overwrite_original", "-Make=Canon", "-Model=Canon EOS 5D",
                       "-DateTimeOriginal=2024:05:01 10:00:00", "original.jpg"])
        try box.tool(["exiftool", "-q", "-all=", "-o", "takeout-copy.jpg", "original.jpg"])
        #expect(try box.cull(["scan"]).status == 0)
        return box
    }

    static let samePicture = "version: 1\nrules:\n  - name: same\n    match: {duplicate: image}\n"

    /// No keep: the camera original stays (the stripped copy has no camera or date, so it is a
    /// derived copy; most_metadata would say the same); the stripped one leaves at commit (its bytes
    /// differ from the keeper's by design), and undo brings its image-hash row back.
    @Test func theStrippedCopyLeavesAndUndoRestoresItsRows() throws {
        let box = try originalAndStripped("kinds-image")
        let rules = try box.rules("same.yaml", Self.samePicture)
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.stdout.contains("keep original.jpg (original)"), "\(plan.stdout)\(plan.stderr)")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["takeout-copy.jpg"])
        let copy = try #require(try box.db.scalar("SELECT id FROM assets WHERE path = 'takeout-copy.jpg'")?.int64)
        func row(_ id: Int64) throws -> [SQLValue] {
            var values: [SQLValue] = []
            try box.db.forEachRow("SELECT device, inode, size, mtime_ns, ctime_ns, hash, problem FROM image_hashes WHERE asset_id = ?",
                                  [.integer(id)]) { row in values = row.values }
            return values
        }
        let before = try row(copy)
        #expect(!before.isEmpty)
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        #expect(!box.exists("takeout-copy.jpg") && box.exists("original.jpg"))
        #expect(try box.cull(["undo"]).status == 0)
        let restored = try #require(try box.db.scalar("SELECT id FROM assets WHERE path = 'takeout-copy.jpg'")?.int64)
        // The same row, but for the ctime the renames gave the file: it stays current.
        var after = try row(restored)
        let now = try #require(FileOps.lstat(box.root + Array("takeout-copy.jpg".utf8)).0)
        #expect(after.count == 7 && after[4] == .integer(now.ctimeNs))
        if after.count == 7 { after[4] = before[4] }
        #expect(after == before)
    }

    /// Only an exact twin's keeper may be stood in for by a copy (the commit compares bytes); a
    /// byte copy of a same-picture twin is no copy of its keeper: when a later plain rule takes the
    /// keeper, the twin goes back to unstaged instead of leaving on that copy's strength.
    @Test func aCopyOfASamePictureTwinIsNoStandInForItsKeeper() throws {
        let box = try originalAndStripped("kinds-no-standin")
        try box.tool(["cp", "takeout-copy.jpg", "copy2.jpg"])
        #expect(try box.cull(["scan"]).status == 0)
        let narrow = try box.rules("narrow.yaml", """
            version: 1
            rules:
              - name: same
                match: {duplicate: image, name: "takeout-copy.jpg"}
            """)
        #expect(try box.cull(["stage", narrow, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["takeout-copy.jpg"])
        #expect(try box.cull(["scan", "--hash"]).status == 0)  // takeout-copy.jpg and copy2.jpg now hash alike
        let plain = try box.rules("plain.yaml", "version: 1\nrules:\n  - name: originals\n    match: {name: \"original.jpg\"}\n")
        #expect(try box.cull(["stage", plain, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["original.jpg"])
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        #expect(box.exists("takeout-copy.jpg") && !box.exists("original.jpg") && box.exists("copy2.jpg"))
    }

    /// The keeper deleted between stage and commit: the twin does not leave, and it is unstaged
    /// (the receipt says so); the group, down to one member, is gone from the next plan.
    @Test func aKeeperDeletedBeforeCommitClearsItsGroupsStaging() throws {
        let box = try originalAndStripped("kinds-gone")
        let rules = try box.rules("same.yaml", Self.samePicture)
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["takeout-copy.jpg"])
        _ = FileOps.unlink(box.root + Array("original.jpg".utf8))
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.stdout.contains("unstaged"), "\(commit.stdout)\(commit.stderr)")
        #expect(box.exists("takeout-copy.jpg") && box.trashEntries().isEmpty)
        #expect(try staged(box).isEmpty)
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box).isEmpty)
    }

    /// A group of three whose keeper is edited: both staged twins go back, and the next plan
    /// chooses a keeper among them.
    @Test func aKeeperEditedBeforeCommitClearsEveryTwinOfItsGroup() throws {
        let box = try originalAndStripped("kinds-edit")
        try box.tool(["exiftool", "-q", "-Artist=Someone", "-o", "retagged.jpg", "takeout-copy.jpg"])
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("same.yaml", Self.samePicture + "    keep: [{path: retagged.jpg}]\n")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["original.jpg", "takeout-copy.jpg"])
        try box.tool(["exiftool", "-q", "-overwrite_original", "-Artist=Changed", "retagged.jpg"])
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.stdout.contains("unstaged"), "\(commit.stdout)\(commit.stderr)")
        #expect(box.trashEntries().isEmpty)
        #expect(try staged(box).isEmpty)
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box).count == 2)
    }

    /// An exact rule keeping the oldest, a same-picture rule keeping the most metadata, a burst
    /// rule keeping the last frame and a plain rule over every photo: no group of any kind ever
    /// loses its last present member, in one run or the next.
    @Test func rulesThatDisagreeOverOnePhotoSetNeverStageAWholeGroup() throws {
        let box = try Sandbox("kinds-invariant")
        try FileManager.default.createDirectory(atPath: box.library.root + "/burst", withIntermediateDirectories: true)
        for index in 1...3 { try picture(box, "burst/f\(index).jpg", seed: 10 + index) }
        for index in 1...3 {
            try box.tool(["exiftool", "-q", "-overwrite_original", "-Make=Canon", "-Model=Canon EOS R5",
                           "-DateTimeOriginal=2024:05:01 10:00:0\(index == 3 ? 1 : 0)", "-SubSecTimeOriginal=\(index)00",
                           "burst/f\(index).jpg"])
        }
        try box.tool(["exiftool", "-q", "-DateTimeOriginal=2024:05:01 10:00:00", "-SubSecTimeOriginal=400",
                       "-Make=Canon", "-Model=Canon EOS R5", "-o", "burst/f4.jpg", "burst/f3.jpg"])
        try FileManager.default.createDirectory(atPath: box.library.root + "/copies", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: box.library.root + "/burst/f1.jpg", toPath: box.library.root + "/copies/f1.jpg")
        try box.tool(["exiftool", "-q", "-all=", "-o", "copies/f2-stripped.jpg", "burst/f2.jpg"])
        try box.tool(["exiftool", "-q", "-Artist=Someone", "-o", "copies/f2-retagged.jpg", "burst/f2.jpg"])
        let rules = try box.rules("disagree.yaml", """
            version: 1
            rules:
              - name: exact
                match: {duplicate: true}
                keep: [oldest]
              - name: same-picture
                match: {duplicate: image}
                keep: [most_metadata]
              - name: bursts
                match: {burst: true}
                keep: [last]
            """)
        #expect(try box.cull(["scan"]).status == 0)
        for _ in 0..<2 {
            let stage = try box.cull(["stage", rules, "--ceiling", "100"])
            #expect(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
            let staged = try staged(box)
            let groups = try GroupSet.load(box.db, specs: [.exact, .image, .burst]).groups
            #expect(Set(groups.map(\.spec)) == [.exact, .image, .burst])
            for group in groups {
                let paths = group.members.map { PathBytes.display($0.path) }
                #expect(!Set(paths).isSubset(of: staged), "\(group.spec.noun) \(paths) is wholly staged: \(staged)")
            }
            #expect(!staged.isEmpty)
        }
    }

    /// Rules staging each half of a RAW+JPEG pair in one run: the pair never loses both halves.
    @Test func bothHalvesOfAPairAreNeverStaged() throws {
        let box = try Sandbox("kinds-pair")
        try box.tool(["convert", "-seed", "3", "-size", "48x32", "plasma:fractal", "tiff:DSC_0001.NEF"])
        try picture(box, "DSC_0001.JPG", seed: 4)
        try box.tool(["exiftool", "-q", "-overwrite_original", "-Make=NIKON CORPORATION", "-Model=NIKON D850",
                       "-DateTimeOriginal=2024:05:01 10:00:00", "DSC_0001.NEF", "DSC_0001.JPG"])
        let rules = try box.rules("pairs.yaml", """
            version: 1
            rules:
              - name: jpeg-half
                match: {raw_pair: jpeg}
              - name: raw-half
                match: {raw_pair: raw}
            """)
        #expect(try box.cull(["scan"]).status == 0)
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.stdout.contains("last unstaged copy of its RAW+JPEG pair"), "\(plan.stdout)\(plan.stderr)")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["DSC_0001.JPG"])
    }
}

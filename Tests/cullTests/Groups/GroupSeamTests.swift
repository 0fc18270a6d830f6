import Foundation
import Testing
@testable import CullKit

/// Where groups meet companions and other runs: a Live Photo half travels only when it may leave
/// itself, every kind of group records the keeper its twins leave against (and the commit checks
/// it), and no group rule of any run stages the last copy of a photo (a plain rule's match is the
/// user's decision, ``PlainRuleCopiesTests``).
@Suite struct GroupSeamTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardizedFileURL.path
    static func stock(_ name: String) -> String { repository + "/rules/" + name }

    func staged(_ box: Sandbox) throws -> Set<String> { Set(try StagedSet.load(box.db).map { PathBytes.display($0.path) }) }

    /// Twenty unique files, so the stock rules' `limit: {percent: …}` leaves room for a twin.
    static func fill(_ box: Sandbox) {
        for index in 10...29 { box.write("other/\(index).jpg", bytes: GroupRuleTests.bytes(1_000 + index, seed: UInt8(index))) }
    }

    /// `phone/IMG_1.JPG` + `phone/IMG_1.MOV`, a Live pair by name and time; `export/a.EXT` a byte
    /// copy (`cp -p`) of the half named `copied`.
    func livePairWithACopiedHalf(_ name: String, copied: String) throws -> Sandbox {
        let box = try Sandbox(name)
        box.write("phone/IMG_1.JPG", bytes: Media.jpeg(taken: "2019:05:05 12:00:00"))
        box.write("phone/IMG_1.MOV", bytes: Media.movie(seconds: 2, created: Media.utc("2019-05-05T12:00:01Z")))
        let source = box.library.root + "/phone/IMG_1." + copied
        try FileManager.default.createDirectory(atPath: box.library.root + "/export", withIntermediateDirectories: true)
        let copy = box.library.root + "/export/a." + copied.lowercased()
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        let modified = try FileManager.default.attributesOfItem(atPath: source)[.modificationDate]
        try FileManager.default.setAttributes([.modificationDate: modified as Any], ofItemAtPath: copy)
        Self.fill(box)
        #expect(try box.cull(["scan"]).status == 0)
        let live = try box.db.scalar("SELECT count(DISTINCT live_id) FROM assets WHERE path LIKE 'phone/%' AND live_id IS NOT NULL")?.int64
        try #require(live == 1, "the phone files are a Live pair")
        return box
    }

    /// The case: the pair's video was exported byte for byte. The duplicates rule keeps the
    /// copy whose Live still would otherwise leave with it, and the export goes; the unique still
    /// never reaches the trash.
    @Test(arguments: ["MOV", "JPG"])
    func aUniqueLiveHalfNeverLeavesWithADuplicate(copied: String) throws {
        let box = try livePairWithACopiedHalf("seam-live-\(copied)", copied: copied)
        let plan = try box.cull(["plan", Self.stock("duplicates.yaml"), "--ceiling", "100"])
        #expect(plan.stdout.contains("keep phone/IMG_1.\(copied)"), "\(plan.stdout)\(plan.stderr)")
        let run = try box.cull(["run", Self.stock("duplicates.yaml"), "--commit", "--yes", "--ceiling", "100"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(box.exists("phone/IMG_1.JPG") && box.exists("phone/IMG_1.MOV"))
        #expect(!box.exists("export/a.\(copied.lowercased())"), "the export is the twin that leaves")
        #expect(box.trashEntries().map { PathBytes.display($0.original ?? []) }.allSatisfy { $0.hasSuffix("export/a.\(copied.lowercased())") })
    }

    /// Both copies of the video pair with a unique still: neither twin can leave without taking a
    /// still nothing else holds, so the group stages nothing and the plan says why.
    @Test func twoLivePairsSharingOnlyTheirVideoStageNothing() throws {
        let box = try Sandbox("seam-live-two")
        let movie = Media.movie(seconds: 2, created: Media.utc("2019-05-05T12:00:01Z"))
        box.write("a/IMG_1.JPG", bytes: Media.jpeg(taken: "2019:05:05 12:00:00"))
        box.write("a/IMG_1.MOV", bytes: movie)
        box.write("b/IMG_1.JPG", bytes: Media.jpeg(taken: "2019:05:05 12:00:00") + [0xFF, 0xD9])
        box.write("b/IMG_1.MOV", bytes: movie)
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("dup.yaml", "version: 1\nrules:\n  - name: d\n    match: {duplicate: true}\n")
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.stdout.contains("Live Photo"), "\(plan.stdout)")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box).isEmpty)
    }

    /// A whole Live Photo copied (still and video) is a copy as a whole: one pair leaves.
    @Test func aWholeLivePhotoCopyLeavesWhole() throws {
        let box = try Sandbox("seam-live-whole")
        let still = Media.jpeg(taken: "2019:05:05 12:00:00")
        let movie = Media.movie(seconds: 2, created: Media.utc("2019-05-05T12:00:01Z"))
        for folder in ["a", "backup"] {
            box.write("\(folder)/IMG_1.JPG", bytes: still)
            box.write("\(folder)/IMG_1.MOV", bytes: movie)
        }
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("dup.yaml", "version: 1\nrules:\n  - name: d\n    match: {duplicate: true}\n    keep: [{not_path: \"backup/**\"}]\n")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["backup/IMG_1.JPG", "backup/IMG_1.MOV"])
        #expect(try box.cull(["commit", "--yes"]).status == 0)
        #expect(box.exists("a/IMG_1.JPG") && box.exists("a/IMG_1.MOV") && !box.exists("backup/IMG_1.JPG"))
    }

    // MARK: - Every kind of group, every guard

    /// One two-member group of each kind, with the rule that stages its twin against its keeper.
    struct Kind: CustomTestStringConvertible, Sendable {
        let name: String
        let keeper: String
        let twin: String
        let rule: String
        var testDescription: String { name }

        static let all: [Kind] = [
            Kind(name: "exact", keeper: "k/p.jpg", twin: "t/p.jpg", rule: "{duplicate: true}\n    keep: [{path: \"k/**\"}]"),
            Kind(name: "image", keeper: "k/p.jpg", twin: "t/p.jpg", rule: "{duplicate: image}\n    keep: [{path: \"k/**\"}]"),
            Kind(name: "similar", keeper: "k/p.jpg", twin: "t/p.jpg", rule: "{similar: true}\n    keep: [{path: \"k/**\"}]"),
            Kind(name: "burst", keeper: "b/f1.jpg", twin: "b/f2.jpg", rule: "{burst: true}\n    keep: [first]"),
            Kind(name: "pair", keeper: "DSC_0001.NEF", twin: "DSC_0001.JPG", rule: "{raw_pair: jpeg}"),
        ]

        /// A library holding this kind's group (and nothing else), scanned.
        func library(_ label: String, fill: Bool = false) throws -> Sandbox {
            let box = try Sandbox("seam-\(name)-\(label)")
            let root = box.library.root
            for folder in ["k", "t", "b"] { try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true) }
            let camera = ["-Make=Canon", "-Model=Canon EOS R5"]
            switch name {
            case "exact":
                try box.tool(["convert", "-seed", "5", "-size", "96x64", "plasma:fractal", keeper])
                try FileManager.default.copyItem(atPath: root + "/" + keeper, toPath: root + "/" + twin)
            case "image":
                try box.tool(["convert", "-seed", "6", "-size", "96x64", "plasma:fractal", keeper])
                try box.tool(["exiftool", "-q", "-overwrite_original"] + camera + ["-DateTimeOriginal=2020:01:01 10:00:00", keeper])
                try box.tool(["exiftool", "-q", "-all=", "-o", twin, keeper])
            case "similar":
                try box.tool(["convert", "-seed", "7", "-size", "256x192", "plasma:fractal", "-quality", "95", keeper])
                try box.tool(["convert", keeper, "-quality", "60", twin])
            case "burst":
                for (index, file) in [keeper, twin].enumerated() {
                    try box.tool(["convert", "-seed", String(8 + index), "-size", "96x64", "plasma:fractal", file])
                    try box.tool(["exiftool", "-q", "-overwrite_original"] + camera
                                 + ["-DateTimeOriginal=2020:01:01 10:00:00", "-SubSecTimeOriginal=\(index + 1)00", file])
                }
            default:
                try box.tool(["convert", "-seed", "3", "-size", "48x32", "plasma:fractal", "tiff:" + keeper])
                try box.tool(["convert", "-seed", "4", "-size", "48x32", "plasma:fractal", twin])
                try box.tool(["exiftool", "-q", "-overwrite_original", "-Make=NIKON CORPORATION", "-Model=NIKON D850",
                               "-DateTimeOriginal=2020:01:01 10:00:00", keeper, twin])
            }
            if fill { GroupSeamTests.fill(box) }
            #expect(try box.cull(["scan"]).status == 0)
            return box
        }

        /// Stages the twin with this kind's rule; returns the rule file.
        func stageTwin(_ box: Sandbox) throws -> String {
            let rules = try box.rules("group.yaml", "version: 1\nrules:\n  - name: g\n    match: \(rule)\n")
            let stage = try box.cull(["stage", rules, "--ceiling", "100"])
            try #require(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
            let staged = Set(try StagedSet.load(box.db).map { PathBytes.display($0.path) })
            try #require(staged == [twin], "\(name): staged \(staged)")
            return rules
        }
    }

    /// Staging a twin records the keeper it leaves against, whatever the kind.
    @Test(arguments: Kind.all)
    func everyKindRecordsTheKeeper(kind: Kind) throws {
        let box = try kind.library("record")
        _ = try kind.stageTwin(box)
        let keeper = try box.db.scalar("""
            SELECT k.path FROM reviews r JOIN assets t ON t.id = r.asset_id JOIN assets k ON k.id = r.keeper_id WHERE t.path = ?
            """, [.text(kind.twin)])?.string
        #expect(keeper == kind.keeper)
    }

    /// A later run of a plain rule over the keeper alone stages it (the user's decision) and sends
    /// its twin back to unstaged: a twin leaves only while its keeper stays, so one copy remains.
    @Test(arguments: Kind.all)
    func aLaterRunThatTakesTheKeeperSendsItsTwinBack(kind: Kind) throws {
        let box = try kind.library("later")
        _ = try kind.stageTwin(box)
        let plain = try box.rules("plain.yaml", "version: 1\nrules:\n  - name: p\n    match: {path: \"\(kind.keeper)\"}\n")
        let stage = try box.cull(["stage", plain, "--ceiling", "100"])
        #expect(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
        #expect(stage.stdout.contains("goes back to unstaged"), "\(stage.stdout)")
        #expect(try staged(box) == [kind.keeper])
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        #expect(!box.exists(kind.keeper) && box.exists(kind.twin))
    }

    /// The group rule and a plain rule over the keeper in one run: the plain rule takes it, so the
    /// group rule keeps the other member (whatever its ranking says), and the picture keeps a copy.
    @Test(arguments: Kind.all)
    func aGroupRuleOfTheSameRunKeepsWhatThePlainRuleLeaves(kind: Kind) throws {
        let box = try kind.library("same-run")
        let rules = try box.rules("both.yaml", """
            version: 1
            rules:
              - name: g
                match: \(kind.rule)
              - name: p
                match: {path: "\(kind.keeper)"}
            """)
        let stage = try box.cull(["stage", rules, "--ceiling", "100"])
        #expect(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
        #expect(try staged(box) == [kind.keeper])
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        #expect(!box.exists(kind.keeper) && box.exists(kind.twin))
    }

    /// The keeper deleted, moved out of the library, or replaced by a symlink between stage and
    /// commit: the twin stays where it is, and is unstaged for the next plan to decide again.
    @Test(arguments: Kind.all, ["deleted", "moved-out", "symlink"])
    func aTwinStaysWhenItsKeeperIsGone(kind: Kind, how: String) throws {
        let box = try kind.library(how)
        _ = try kind.stageTwin(box)
        let keeper = box.library.root + "/" + kind.keeper
        let outside = box.base + "/outside-" + PathBytes.display(PathBytes.basename(Array(kind.keeper.utf8)))
        switch how {
        case "deleted": try FileManager.default.removeItem(atPath: keeper)
        case "moved-out": try FileManager.default.moveItem(atPath: keeper, toPath: outside)
        default:
            try FileManager.default.moveItem(atPath: keeper, toPath: outside)
            try FileManager.default.createSymbolicLink(atPath: keeper, withDestinationPath: outside)
        }
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.stdout.contains("its keeper changed"), "\(kind.name)/\(how): \(commit.stdout)\(commit.stderr)")
        #expect(box.exists(kind.twin), "\(kind.name)/\(how): the twin left without its keeper")
        #expect(box.trashEntries().isEmpty)
        #expect(try staged(box).isEmpty)
    }

    // MARK: - Plain rules and the last copy

    /// RAW+JPEG across runs: the JPEG staged by the stock pair rule, the RAW matched by a later
    /// plain rule: the RAW leaves on that rule's word, the JPEG (staged only because the RAW stayed)
    /// goes back to unstaged, and the pair never loses both halves.
    @Test func aPairNeverLosesBothHalvesAcrossRuns() throws {
        let kind = Kind.all.first { $0.name == "pair" }!
        let box = try kind.library("runs", fill: true)
        #expect(try box.cull(["stage", Self.stock("raw-jpeg-pairs.yaml"), "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == [kind.twin])
        let later = try box.rules("old-raw.yaml", "version: 1\nrules:\n  - name: old-raw\n    match: {raw: true, taken: {older_than: 5y}}\n")
        let stage = try box.cull(["stage", later, "--ceiling", "100", "--now", "2030-01-01"])
        #expect(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
        #expect(try staged(box) == [kind.keeper])
        #expect(try box.cull(["commit", "--yes"]).status == 0)
        #expect(!box.exists(kind.keeper) && box.exists(kind.twin))
    }

    /// Frames of a burst are different pictures: a plain rule decides each one it matches (a
    /// look-alike group is guarded in runs that read it).
    @Test func aPlainRuleDecidesEachFrameOfABurst() throws {
        let kind = Kind.all.first { $0.name == "burst" }!
        let box = try kind.library("plain")
        let plain = try box.rules("plain.yaml", "version: 1\nrules:\n  - name: everything\n    match: {kind: photo}\n")
        #expect(try box.cull(["stage", plain, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == [kind.keeper, kind.twin])
    }
}

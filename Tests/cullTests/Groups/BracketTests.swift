import Foundation
import Testing
@testable import CullKit

/// An exposure bracket, an HDR set and a focus stack are one intention: never a burst's extras,
/// never look-alikes of each other, whichever rule files are passed; `bracket: true` finds them.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "needs ImageMagick and exiftool"))
struct BracketTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardizedFileURL.path
    static func stock(_ name: String) -> String { repository + "/rules/" + name }
    static let hdrSamples = repository + "/../shared/corpus/exif-samples/jpg/hdr"

    func staged(_ box: Sandbox) throws -> Set<String> { Set(try StagedSet.load(box.db).map { PathBytes.display($0.path) }) }

    /// Three frames of one scene, one camera, one second, told apart by SubSecTimeOriginal, each with
    /// `settings` (exiftool arguments) of its own: a burst by name and time on today's main.
    func frames(_ box: Sandbox, folder: String = "DCIM", _ settings: [[String]]) throws -> [String] {
        try FileManager.default.createDirectory(atPath: box.library.root + "/" + folder, withIntermediateDirectories: true)
        var names: [String] = []
        for (index, extra) in settings.enumerated() {
            let name = "\(folder)/IMG_\(100 + index).JPG"
            // One scene, brighter or darker: what a bracket's frames look like.
            try box.tool(["convert", "-seed", "7", "-size", "192x128", "plasma:fractal", "-blur", "0x1",
                          "-modulate", String(70 + 30 * index), name])
            try box.tool(["exiftool", "-q", "-overwrite_original", "-Make=Canon", "-Model=Canon EOS R5",
                          "-DateTimeOriginal=2024:05:01 10:00:00", "-SubSecTimeOriginal=\(index + 1)00"] + extra + [name])
            names.append(name)
        }
        return names
    }

    static let both = "version: 1\nrules:\n  - name: bursts\n    match: {burst: true}\n    keep: [first]\n"
        + "  - name: look-alikes\n    match: {similar: {distance: 12}}\n"

    @Test(arguments: [
        ("auto bracket", [["-ExposureMode=Auto bracket", "-ExposureCompensation=-2"], ["-ExposureMode=Auto bracket", "-ExposureCompensation=0"],
                          ["-ExposureMode=Auto bracket", "-ExposureCompensation=2"]]),
        ("bias ladder", [["-ExposureCompensation=0"], ["-ExposureCompensation=-2"], ["-ExposureCompensation=2"]]),
        ("focus stack", [["-SubjectDistance=0.5", "-ExposureCompensation=0"], ["-SubjectDistance=1", "-ExposureCompensation=0"],
                         ["-SubjectDistance=3", "-ExposureCompensation=0"]]),
    ])
    func aBracketIsNeverABurstNorLookAlikes(kind: String, settings: [[String]]) throws {
        let box = try Sandbox("bracket-\(kind.replacingOccurrences(of: " ", with: "-"))")
        let names = try frames(box, settings)
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("both.yaml", Self.both)
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.status == 0, "\(plan.stdout)\(plan.stderr)")
        #expect(plan.stdout.contains("bracket sets: 1 set (3 files) kept whole"), "\(kind): \(plan.stdout)")
        let stage = try box.cull(["stage", rules, "--ceiling", "100"])
        #expect(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
        #expect(try staged(box).isEmpty, "\(kind): a frame of the set was staged")
        let found = try box.cull(["find", "bracket: true", "--format", "paths"])
        #expect(Set(found.stdout.split(separator: "\n").map(String.init)) == Set(names), "\(found.stdout)\(found.stderr)")
        let explain = try box.cull(["plan", rules, "--ceiling", "100", "--explain", names[1]])
        #expect(explain.stdout.contains("bracket set") && explain.stdout.contains("one intention"), "\(explain.stdout)")
    }

    /// A camera name is outside text: a bracket's key (which names the camera) reaches the plan, its
    /// explanation and its JSON escaped, never as a terminal command.
    @Test func aBracketsCameraNameIsShownEscaped() throws {
        let box = try Sandbox("bracket-hostile")
        let model = "-Model=\u{1B}]52;c;QlVSU1Q=\u{07}"
        let names = try frames(box, [[model, "-ExposureCompensation=-2"], [model, "-ExposureCompensation=0"],
                                     [model, "-ExposureCompensation=2"]])
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("both.yaml", Self.both)
        for arguments in [["plan", rules], ["plan", rules, "--explain", names[0]], ["plan", rules, "--format", "json"]] {
            let plan = try box.cull(arguments + ["--ceiling", "100"])
            #expect(plan.status == 0, "\(plan.stdout)\(plan.stderr)")
            #expect(plan.stdout.contains("52;c;QlVSU1Q="), "the camera is named: \(plan.stdout)")
            #expect(!plan.stdout.contains("\u{1B}") && !plan.stdout.contains("\u{07}"), "\(arguments): \(plan.stdout.debugDescription)")
        }
    }

    /// Frames of one scene, one camera, one second (a burst by time), each cut from a wide picture at
    /// `offsets` (pixels from its left edge): a hand panning for a panorama, or holding still.
    func panned(_ box: Sandbox, _ offsets: [Int], seed: String) throws -> [String] {
        try box.tool(["convert", "-seed", seed, "-size", "1152x256", "plasma:fractal", "-blur", "0x2", "wide.png"])
        return try cut(box, box.library.root + "/wide.png", size: "384x256", offsets)
    }

    /// Frames of `size` cut from `source` at `offsets` (pixels from its left edge), as one camera's
    /// frames of one second.
    func cut(_ box: Sandbox, _ source: String, size: String, _ offsets: [Int]) throws -> [String] {
        try FileManager.default.createDirectory(atPath: box.library.root + "/DCIM", withIntermediateDirectories: true)
        var names: [String] = []
        for (index, offset) in offsets.enumerated() {
            let name = "DCIM/IMG_\(200 + index).JPG"
            try box.tool(["convert", source, "-auto-orient", "-crop", "\(size)+\(offset)+0", "+repage", "-strip", name])
            try box.tool(["exiftool", "-q", "-overwrite_original", "-Make=Apple", "-Model=iPhone 13",
                          "-DateTimeOriginal=2024:06:01 18:00:00", "-SubSecTimeOriginal=\(index + 1)00", name])
            names.append(name)
        }
        if FileManager.default.fileExists(atPath: box.library.root + "/wide.png") {
            try FileManager.default.removeItem(atPath: box.library.root + "/wide.png")
        }
        return names
    }

    /// Issue 36: overlapping frames panned across a scene are a panorama, one intention: the burst
    /// rule stages none of them, `bracket: true` finds them, and the plan says why.
    @Test(arguments: ["11", "23", "42"])
    func aPanoramasFramesAreNeverABurstsExtras(seed: String) throws {
        let box = try Sandbox("panorama-\(seed)")
        let names = try panned(box, [0, 256, 512, 768], seed: seed)
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("bursts.yaml", "version: 1\nrules:\n  - name: bursts\n    match: {burst: true}\n    keep: [first]\n")
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.stdout.contains("bracket sets: 1 set (4 files) kept whole"), "\(plan.stdout)\(plan.stderr)")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box).isEmpty, "a panorama's frame was staged as a burst's extra")
        let found = try box.cull(["find", "bracket: true", "--format", "paths"])
        #expect(Set(found.stdout.split(separator: "\n").map(String.init)) == Set(names), "\(found.stdout)\(found.stderr)")
        let explain = try box.cull(["plan", rules, "--ceiling", "100", "--explain", names[1]])
        #expect(explain.stdout.contains("panorama"), "\(explain.stdout)")
    }

    /// Real photographs cut as a pan (frames half a frame apart) and held still (30 pixels apart).
    static let realPans: [(photo: String, size: String, pan: [Int], still: [Int])] = [
        ("mobile/HMD_Nokia_8.3_5G.jpg", "1536x1976", [0, 768, 1536, 2304, 3072], [1000, 1030, 1060]),
        ("mobile/jolla.jpg", "1632x2448", [0, 540, 1080, 1632], [800, 830, 860]),
        ("tests/30-type_error.jpg", "1936x2403", [0, 645, 1290, 1936], [900, 940, 980]),
    ]

    @Test(.enabled(if: FileManager.default.fileExists(atPath: repository + "/../shared/corpus/exif-samples/jpg/mobile/jolla.jpg")),
          arguments: realPans.indices)
    func realPhotographsPannedAreAPanoramaAndHeldStillABurst(index: Int) throws {
        let (photo, size, pan, still) = Self.realPans[index]
        let source = Self.repository + "/../shared/corpus/exif-samples/jpg/" + photo
        let rules = "version: 1\nrules:\n  - name: bursts\n    match: {burst: true}\n    keep: [first]\n"
        let panned = try Sandbox("real-pan-\(index)")
        let frames = try cut(panned, source, size: size, pan)
        #expect(try panned.cull(["scan"]).status == 0)
        #expect(try panned.cull(["stage", try panned.rules("b.yaml", rules), "--ceiling", "100"]).status == 0)
        #expect(try staged(panned).isEmpty, "\(photo): a panorama's frame was staged")
        let found = try panned.cull(["find", "bracket: true", "--format", "paths"])
        #expect(Set(found.stdout.split(separator: "\n").map(String.init)) == Set(frames), "\(photo): \(found.stdout)")
        let held = try Sandbox("real-still-\(index)")
        let shots = try cut(held, source, size: size, still)
        #expect(try held.cull(["scan"]).status == 0)
        #expect(try held.cull(["stage", try held.rules("b.yaml", rules), "--ceiling", "100"]).status == 0)
        let extras = try staged(held)
        #expect(extras == Set(shots.dropFirst()), "\(photo): \(extras)")
    }

    /// The control: a hand held still (a few pixels of jitter) shoots a burst, whose extras go.
    @Test(arguments: ["11", "23", "42"])
    func framesHeldStillAreStillABurst(seed: String) throws {
        let box = try Sandbox("still-\(seed)")
        let names = try panned(box, [100, 104, 109, 112], seed: seed)
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("bursts.yaml", "version: 1\nrules:\n  - name: bursts\n    match: {burst: true}\n    keep: [first]\n")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        let staged = try staged(box)
        #expect(staged == Set(names.dropFirst()), "\(staged)")
    }

    /// The control: frames at one exposure, no bracket mark, are still a burst.
    @Test func framesAtOneExposureAreStillABurst() throws {
        let box = try Sandbox("bracket-control")
        let names = try frames(box, [["-ExposureCompensation=0"], ["-ExposureCompensation=0"], ["-ExposureCompensation=0"]])
        #expect(try box.cull(["scan"]).status == 0)
        let stage = try box.cull(["stage", try box.rules("both.yaml", Self.both), "--ceiling", "100"])
        #expect(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
        #expect(try staged(box) == Set(names.dropFirst()))
        #expect(try box.cull(["find", "bracket: true", "--format", "paths"]).stdout.isEmpty)
    }

    /// A copy of a bracket's frame (a backup) is the same picture: its exact-duplicate rule still
    /// stages the backup, and the frames stay.
    @Test func aBackupOfABracketIsStillACopy() throws {
        let box = try Sandbox("bracket-backup")
        let names = try frames(box, [["-ExposureMode=Auto bracket", "-ExposureCompensation=-1"],
                                     ["-ExposureMode=Auto bracket", "-ExposureCompensation=0"],
                                     ["-ExposureMode=Auto bracket", "-ExposureCompensation=1"]])
        try FileManager.default.createDirectory(atPath: box.library.root + "/Backup", withIntermediateDirectories: true)
        for name in names { try FileManager.default.copyItem(atPath: box.library.root + "/" + name, toPath: box.library.root + "/Backup/" + name.dropFirst(5)) }
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("dups.yaml", "version: 1\nrules:\n  - name: d\n    match: {duplicate: true}\n    keep: [{not_path: \"Backup/**\"}]\n"
                                  + "  - name: bursts\n    match: {burst: true}\n")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == Set(names.map { "Backup/" + $0.dropFirst(5) }))
    }

    /// ExifTool's iPhone HDR pair (the frame kept for the merge, and the merge, one second): whichever
    /// stock rules are passed, both stay, and `bracket: true` holds both.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: hdrSamples), "needs ../shared/corpus (beside the package)"))
    func theIPhoneHDRPairStaysWhole() throws {
        for rules in [["bursts.yaml"], ["similar.yaml"], ["bursts.yaml", "similar.yaml"]] {
            let box = try Sandbox("bracket-iphone")
            for name in ["iphone_hdr_NO.jpg", "iphone_hdr_YES.jpg"] {
                box.write("DCIM/" + name, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Self.hdrSamples + "/" + name))))
            }
            // Other files, so the stock rules' limits (5% of the library) leave room for one frame.
            for index in 0..<40 { box.write("other/\(index).bin.jpg", bytes: GroupRuleTests.bytes(1_000 + index, seed: UInt8(index))) }
            #expect(try box.cull(["scan"]).status == 0)
            let stage = try box.cull(["stage"] + rules.map(Self.stock) + ["--ceiling", "100"])
            #expect(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
            #expect(try staged(box).isEmpty, "\(rules): \(stage.stdout)")
            let found = try box.cull(["find", "bracket: true", "--format", "paths"])
            #expect(found.stdout.split(separator: "\n").count == 2, "\(found.stdout)\(found.stderr)")
        }
    }
}

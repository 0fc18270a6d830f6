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

import Foundation
import Testing
@testable import CullKit

/// `blurry` means blurred (issue 36): evidence of defocus or shake, never a lack of detail. Each photo is
/// generated with ImageMagick and put through a real plan: a sharp foggy landscape, a textured scene shaken
/// along a straight line, a shallow depth of field (a sharp subject on a smooth background), a flat frame.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"), "ImageMagick's /usr/bin/convert is absent"))
struct BlurryRuleTests {
    static func convert(_ box: Sandbox, _ name: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = arguments + ["-quality", "92", box.library.root + "/" + name]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "convert \(name)")
    }

    /// `count` filled shapes (rectangles, discs, triangles) of `minSize`...`maxSize` pixels in greys
    /// `darkest`...`lightest` percent, placed by a fixed pseudo-random sequence over `width`×`height`:
    /// objects with crisp outlines in every direction, as a photographed scene has.
    static func shapes(seed: UInt64, width: Int, height: Int, count: Int, minSize: Int, maxSize: Int,
                       darkest: Int = 4, lightest: Int = 96) -> [String] {
        var state = seed
        func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        var arguments = ["-stroke", "none"]
        for index in 0 ..< count {
            let grey = next(darkest ... lightest), x = next(0 ... width), y = next(0 ... height), size = next(minSize ... maxSize)
            let shape = switch index % 3 {
            case 0: "rectangle \(x),\(y) \(x + size),\(y + size * 7 / 10)"
            case 1: "circle \(x),\(y) \(x + size / 2),\(y)"
            default: "polygon \(x),\(y) \(x + size),\(y + size / 3) \(x + size / 3),\(y + size)"
            }
            arguments += ["-draw", "fill gray\(grey) \(shape)"]
        }
        return arguments
    }

    /// A 1200×900 scene: a mottled ground (a small plasma, enlarged) under 60 objects.
    static let scene = ["-size", "120x90", "-seed", "5", "plasma:fractal", "-resize", "1200x900!"]
        + shapes(seed: 5, width: 1200, height: 900, count: 60, minSize: 24, maxSize: 130)

    /// ImageMagick's user kernel for a camera moved `length` pixels in a straight line at `degrees`
    /// (anti-aliased, summing to 1): what a shake during the exposure does. `-motion-blur` is not one,
    /// its kernel is a one-sided Gaussian with a sharp leading edge.
    static func shake(length: Double, degrees: Double) -> [String] {
        let size = (Int(length.rounded(.up)) | 1) + 2
        var kernel = [Double](repeating: 0, count: size * size)
        let centre = Double(size - 1) / 2, angle = degrees * .pi / 180
        let steps = Int(length * 8) + 1
        for step in 0 ..< steps {
            let t = -(length - 1) / 2 + (length - 1) * Double(step) / Double(steps - 1)
            let x = centre + t * cos(angle), y = centre - t * sin(angle)
            let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down)), fx = x - Double(x0), fy = y - Double(y0)
            kernel[y0 * size + x0] += (1 - fx) * (1 - fy)
            kernel[y0 * size + x0 + 1] += fx * (1 - fy)
            kernel[(y0 + 1) * size + x0] += (1 - fx) * fy
            kernel[(y0 + 1) * size + x0 + 1] += fx * fy
        }
        let total = kernel.reduce(0, +)
        return ["-morphology", "Convolve", "\(size)x\(size):" + kernel.map { String(format: "%.6f", $0 / total) }.joined(separator: ",")]
    }

    /// The photos among `names` that a plan of `match` would stage.
    func planned(_ box: Sandbox, _ match: String, _ names: [String]) throws -> [String] {
        let rules = try box.rules("r.yaml", "version: 1\nrules:\n  - name: r\n    match: \(match)\n")
        let plan = try box.cull(["plan", rules, "--ceiling", "100", "--format", "json"])
        #expect(plan.status == 0, "\(plan.stdout)\(plan.stderr)")
        return names.filter { plan.stdout.contains("\"\($0)\"") }
    }

    func library(_ name: String, _ photos: [(String, [String])]) throws -> Sandbox {
        let box = try Sandbox(name)
        for (file, arguments) in photos { try Self.convert(box, file, arguments) }
        #expect(try box.cull(["scan"]).status == 0)
        return box
    }

    /// Fog: a pale sky fading into the water, a pier and a horizon drawn crisply in a slightly darker
    /// grey. Little detail, all of it sharp: the old variance of the Laplacian scored it about 30.
    @Test func aSharpFoggyLandscapeIsNotBlurry() throws {
        let fog = ["-size", "1600x1000", "gradient:#c0c8d0-#e0e4e8", "-fill", "#9aa2aa", "-stroke", "none",
                   "-draw", "rectangle 0,690 1600,693", "-draw", "rectangle 700,596 1000,608",
                   "-draw", "rectangle 716,608 724,690", "-draw", "rectangle 976,608 984,690"]
        let box = try library("blur-fog", [("fog.jpg", fog), ("fog-defocused.jpg", fog + ["-blur", "0x4"])])
        #expect(try planned(box, "{blurry: true}", ["fog.jpg", "fog-defocused.jpg"]) == ["fog-defocused.jpg"])
    }

    /// A textured scene shaken 15 pixels at 30° (25 pixels of a 2,000-pixel photo): the old measure
    /// scored it about 75, "sharp".
    @Test func aShakenTexturedPhotoIsBlurry() throws {
        let box = try library("blur-shake", [("scene.jpg", Self.scene), ("shaken.jpg", Self.scene + Self.shake(length: 15, degrees: 30))])
        #expect(try planned(box, "{blurry: true}", ["scene.jpg", "shaken.jpg"]) == ["shaken.jpg"])
    }

    /// A meadow: 400 upright blades with crisp sides and soft tips (each blade's ends spread 3
    /// pixels up and down), on a pale ground. Nearly every edge is a blade's side; the few level
    /// ones are the tips, soft as nature makes them, and no evidence of a shake. The first measure
    /// judged that direction by its 50 sharpest tips and read the meadow as shaken (sharpness 20).
    @Test func aDirectionThePictureHardlyHasIsNoEvidenceOfShake() throws {
        var state: UInt64 = 11
        func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        var meadow = ["-size", "1600x1000", "gradient:#d8dcc8-#b8c0a0", "-stroke", "none"]
        for _ in 0 ..< 400 {
            let x = next(0 ... 1600), top = next(0 ... 700), height = next(150 ... 300), grey = next(10 ... 40)
            meadow += ["-draw", "fill gray\(grey) rectangle \(x),\(top) \(x + next(2 ... 4)),\(top + height)"]
        }
        meadow += ["-morphology", "Convolve", "Blur:0x3,90"]
        let box = try library("blur-meadow", [("meadow.jpg", meadow)])
        #expect(try planned(box, "{blurry: true}", ["meadow.jpg"]) == [])
        #expect(try planned(box, "{blurry: false, featureless: false}", ["meadow.jpg"]) == ["meadow.jpg"])
    }

    /// Shallow depth of field: a 400-pixel subject of crisp objects in a 4000×3000 frame whose
    /// background is smooth (an enlarged plasma). The old measure scored it about 38.
    @Test func aShallowDepthOfFieldPhotoIsNotBlurry() throws {
        let portrait = ["-size", "400x300", "-seed", "9", "plasma:fractal", "-resize", "4000x3000!",
                        "(", "-size", "400x400", "xc:gray50"]
            + Self.shapes(seed: 7, width: 400, height: 400, count: 30, minSize: 33, maxSize: 133, darkest: 30, lightest: 70)
            + [")", "-geometry", "+2000+1500", "-composite"]
        let box = try library("blur-dof", [("portrait.jpg", portrait)])
        #expect(try planned(box, "{blurry: true}", ["portrait.jpg"]) == [])
        #expect(try planned(box, "{blurry: false, featureless: false}", ["portrait.jpg"]) == ["portrait.jpg"])
    }

    /// A flat frame has no edges to judge: not blurry, `featureless`, and `--explain` says so.
    @Test func aFlatFrameIsFeaturelessNotBlurry() throws {
        let box = try library("blur-flat", [("flat.jpg", ["-size", "1600x1000", "xc:gray40"]), ("scene.jpg", Self.scene)])
        let names = ["flat.jpg", "scene.jpg"]
        #expect(try planned(box, "{blurry: true}", names) == [])
        #expect(try planned(box, "{featureless: true}", names) == ["flat.jpg"])
        #expect(try planned(box, "{featureless: false, kind: photo}", names) == ["scene.jpg"])
        let rules = try box.rules("b.yaml", "version: 1\nrules:\n  - name: b\n    match: {blurry: true}\n")
        let explained = try box.cull(["plan", rules, "--explain", "flat.jpg"])
        #expect(explained.status == 0, "\(explained.stdout)\(explained.stderr)")
        #expect(explained.stdout.contains("featureless"), "\(explained.stdout)")
        let found = try box.cull(["find", "featureless: true", "--format", "json"])
        #expect(found.stdout.contains("\"featureless\":true") && found.stdout.contains("\"sharpness\":null"), "\(found.stdout)")
    }

    /// A burst's sharpest frame is the steady one: `keep: [sharpest]` stages the shaken frame.
    @Test func theSharpestFrameOfABurstIsTheSteadyOne() throws {
        let box = try library("blur-burst", [("a-steady.jpg", Self.scene), ("b-shaken.jpg", Self.scene + Self.shake(length: 9, degrees: 100))])
        let rules = try box.rules("burst.yaml", "version: 1\nrules:\n  - name: r\n    match: {similar: true}\n    keep: [sharpest]\n")
        let plan = try box.cull(["plan", rules, "--ceiling", "100", "--format", "json"])
        #expect(plan.status == 0, "\(plan.stdout)\(plan.stderr)")
        #expect(plan.stdout.contains("\"keeper\":\"a-steady.jpg\",\"decided_by\":\"sharpest\",\"staged\":[\"b-shaken.jpg\"]"), "\(plan.stdout)")
    }
}

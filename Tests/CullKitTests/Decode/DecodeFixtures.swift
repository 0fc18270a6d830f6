import Foundation
@testable import CullKit

/// Real encoded images made with ImageMagick (and exiftool for orientation), so the decoders see
/// what cameras and tools write, not hand-assembled bytes.
enum DecodeFixtures {
    static let convertPath = "/usr/bin/convert"
    static var hasConvert: Bool { FileManager.default.isExecutableFile(atPath: convertPath) }
    static var hasExiftool: Bool { which("exiftool") != nil }

    /// Runs a tool; true when it exited 0.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : (which(tool) ?? tool))
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static func which(_ tool: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// `convert ARGUMENTS… OUTPUT`, returning OUTPUT's path (nil when ImageMagick failed).
    static func convert(_ arguments: [String], to output: String) -> String? {
        let file = output.split(separator: ":", maxSplits: 1).last.map(String.init) ?? output
        return run(convertPath, arguments + [output]) && FileManager.default.fileExists(atPath: file) ? file : nil
    }

    /// Four flat quadrants, red (top left), lime (top right), blue (bottom left), white (bottom right),
    /// `width`×`height` in total: where each lands tells the orientation.
    static func quadrantArguments(width: Int, height: Int) -> [String] {
        let w = width / 2, h = height / 2
        return ["(", "-size", "\(w)x\(h)", "xc:red", "-size", "\(w)x\(h)", "xc:lime", "+append", ")",
                "(", "-size", "\(w)x\(h)", "xc:blue", "-size", "\(w)x\(h)", "xc:white", "+append", ")", "-append"]
    }

    /// A detailed, photo-like picture (plasma fractal with a fixed seed).
    static func plasmaArguments(width: Int, height: Int, seed: Int = 7) -> [String] {
        ["-seed", "\(seed)", "-size", "\(width)x\(height)", "plasma:fractal"]
    }

    /// A photographed scene, as far as edges go: a mottled ground (a small plasma, enlarged) under
    /// `count` filled rectangles, discs and triangles of random greys and sizes (a fixed
    /// pseudo-random sequence from `seed`), whose outlines are crisp in every direction. Plasma alone
    /// is noise, which no camera photographs.
    static func sceneArguments(width: Int, height: Int, seed: UInt64 = 5, count: Int = 60) -> [String] {
        var state = seed
        func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        var arguments = ["-size", "\(max(1, width / 10))x\(max(1, height / 10))", "-seed", "\(seed)", "plasma:fractal",
                         "-resize", "\(width)x\(height)!", "-stroke", "none"]
        let smallest = max(4, min(width, height) / 36), largest = max(smallest, min(width, height) / 7)
        for index in 0 ..< count {
            let grey = next(4 ... 96), x = next(0 ... width), y = next(0 ... height), size = next(smallest ... largest)
            let shape = switch index % 3 {
            case 0: "rectangle \(x),\(y) \(x + size),\(y + size * 7 / 10)"
            case 1: "circle \(x),\(y) \(x + size / 2),\(y)"
            default: "polygon \(x),\(y) \(x + size),\(y + size / 3) \(x + size / 3),\(y + size)"
            }
            arguments += ["-draw", "fill gray\(grey) \(shape)"]
        }
        return arguments
    }

    /// The RGB pixel at the centre of a quadrant (0 TL, 1 TR, 2 BL, 3 BR) of `image`.
    static func quadrant(_ image: DecodedImage, _ index: Int) -> (Int, Int, Int) {
        let x = (index % 2 == 0 ? 1 : 3) * image.width / 4, y = (index < 2 ? 1 : 3) * image.height / 4
        let offset = (y * image.width + x) * image.channels
        if image.channels == 1 { let v = Int(image.pixels[offset]); return (v, v, v) }
        return (Int(image.pixels[offset]), Int(image.pixels[offset + 1]), Int(image.pixels[offset + 2]))
    }

    /// Which of the four quadrant colours `rgb` is closest to.
    static func colourName(_ rgb: (Int, Int, Int)) -> String {
        let named: [(String, (Int, Int, Int))] = [("red", (255, 0, 0)), ("lime", (0, 255, 0)), ("blue", (0, 0, 255)), ("white", (255, 255, 255))]
        return named.min { distance($0.1, rgb) < distance($1.1, rgb) }!.0
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)
    }

    static func quadrantNames(_ image: DecodedImage) -> [String] { (0 ..< 4).map { colourName(quadrant(image, $0)) } }
}

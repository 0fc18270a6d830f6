import Foundation
import Testing
@testable import CullKit

/// `cull` in a real pseudo-terminal (`terminal_pty.py`: Python's pty, a job-control shell), played
/// against a script of keys, waits, signals, resizes and `stty -a` readings.
struct PTYRun {
    /// One step of the script (see `terminal_pty.py`).
    enum Step {
        case wait(String, timeout: Double = 20)
        case send(String)
        case stty(String)
        case sleep(Double)
        case signal(String)
        case winsize(columns: Int, rows: Int)
        case stopped
        case fg
        case exit

        var json: [String: Any] {
            switch self {
            case let .wait(pattern, timeout): ["wait": pattern, "timeout": timeout]
            case let .send(text): ["send": text]
            case let .stty(name): ["stty": name]
            case let .sleep(seconds): ["sleep": seconds]
            case let .signal(name): ["signal": name]
            case let .winsize(columns, rows): ["winsize": [columns, rows]]
            case .stopped: ["stopped": 20]
            case .fg: ["fg": true]
            case .exit: ["exit": 30]
            }
        }
    }

    struct Result {
        let output: [UInt8]
        let stty: [String: String]
        let status: Int?
        let stopped: Bool
        let error: String?

        var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Whatever the tests need that a fresh machine may lack, named; nil when all is there.
    static func missingTools(_ tools: [String] = []) -> String? {
        let missing = (["python3", "stty"] + tools).filter { tool in
            !(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
                .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
        }
        return missing.isEmpty ? nil : missing.joined(separator: ", ")
    }

    static let harness = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("terminal_pty.py").path

    /// Runs `cull arguments` in a `columns`×`rows` terminal whose cells are `cell` pixels (nil: the
    /// terminal tells no pixel size), answering each query in `answers` as a terminal would.
    static func cull(_ box: Sandbox, _ arguments: [String], environment extra: [String: String] = [:], removing: [String] = [],
                     columns: Int = 100, rows: Int = 40, cell: (width: Int, height: Int)? = (10, 20),
                     answers: [(String, String)] = [], background: Bool = false, steps: [Step]) throws -> Result {
        // A terminal of its own: the sandbox's NO_COLOR (for piped output) is not part of it unless asked.
        var environment = box.environment.merging(["TERM": "xterm-256color", "SWIFT_BACKTRACE": "enable=no"]) { $1 }
        environment["NO_COLOR"] = nil
        environment.merge(extra) { $1 }
        for name in removing { environment[name] = nil }
        let script: [String: Any] = [
            "argv": [Subprocess.cullBinary] + arguments, "env": environment, "cwd": box.library.root,
            "cols": columns, "rows": rows, "xpixel": (cell?.width ?? 0) * columns, "ypixel": (cell?.height ?? 0) * rows,
            "answers": answers.map { [$0.0, $0.1] }, "steps": steps.map(\.json), "background": background,
        ]
        let input = String(decoding: try JSONSerialization.data(withJSONObject: script), as: UTF8.self)
        let run = try Subprocess.run(["/usr/bin/env", "python3", harness], environment: ProcessInfo.processInfo.environment, stdin: input)
        guard let data = run.stdout.data(using: .utf8),
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw PTYError.harness(run.stderr + run.stdout)
        }
        let output = Data(base64Encoded: object["output"] as? String ?? "").map { [UInt8]($0) } ?? []
        return Result(output: output, stty: object["stty"] as? [String: String] ?? [:], status: object["status"] as? Int,
                      stopped: object["stopped"] as? Bool ?? false, error: object["error"] as? String)
    }
}

enum PTYError: Error {
    case harness(String)
}

/// The pictures in a terminal's output, as the protocols frame them.
enum TerminalPayloads {
    /// Each sixel image (DCS `P … q … ST`), whole.
    static func sixels(_ output: [UInt8]) -> [[UInt8]] {
        framed(output, start: [0x1B, UInt8(ascii: "P")]).filter { $0.contains(UInt8(ascii: "q")) }
    }

    /// Each kitty graphics image: its first command's keys (`a=T,f=32,s=…`) and the decoded payload
    /// of all its chunks (`m=1` … `m=0`).
    static func kitty(_ output: [UInt8]) -> [(keys: [String: String], payload: [UInt8])] {
        var images: [(keys: [String: String], payload: [UInt8])] = []
        // Each chunk is base64 of its own (chafa pads every chunk), so each is decoded alone.
        var keys: [String: String] = [:], payload: [UInt8] = []
        for command in framed(output, start: [0x1B, UInt8(ascii: "_")]) {
            let text = String(decoding: command.dropFirst(2).dropLast(2), as: UTF8.self)
            guard text.hasPrefix("G") else { continue }
            let parts = text.dropFirst().split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            var these: [String: String] = [:]
            for pair in parts[0].split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { these[String(kv[0])] = String(kv[1]) }
            }
            if these["a"] != nil { keys = these; payload = [] }
            if parts.count > 1, !parts[1].isEmpty { payload += Data(base64Encoded: String(parts[1])).map { [UInt8]($0) } ?? [0] }
            if these["m"] == "0" || (these["m"] == nil && these["a"] != nil) {
                images.append((keys, payload))
                keys = [:]
                payload = []
            }
        }
        return images
    }

    /// Each iTerm2 inline image: its arguments and the decoded file.
    static func iterm(_ output: [UInt8]) -> [(arguments: String, file: [UInt8])] {
        framed(output, start: Array("\u{1B}]1337;File=".utf8), end: [0x07]).map { sequence in
            let text = String(decoding: sequence.dropFirst(12).dropLast(), as: UTF8.self)
            let parts = text.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), Data(base64Encoded: String(parts.count > 1 ? parts[1] : "")).map { [UInt8]($0) } ?? [])
        }
    }

    /// Every sequence from `start` to `end` (ST: ESC \ by default), both included.
    static func framed(_ bytes: [UInt8], start: [UInt8], end: [UInt8] = [0x1B, UInt8(ascii: "\\")]) -> [[UInt8]] {
        var found: [[UInt8]] = []
        var index = 0
        while let begin = find(start, in: bytes, from: index) {
            guard let stop = find(end, in: bytes, from: begin + start.count) else { break }
            found.append(Array(bytes[begin ..< stop + end.count]))
            index = stop + end.count
        }
        return found
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = from
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], Array(bytes[index ..< index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }
}

/// Pictures compared loosely: each reduced to a grid of mean colours.
enum PixelCompare {
    /// The mean absolute difference (0–255) between `a` and `b` over a `columns`×`rows` grid of cells.
    static func difference(_ a: DecodedImage, _ b: DecodedImage, columns: Int = 8, rows: Int = 6) -> Double {
        let left = grid(a.rgb, columns: columns, rows: rows), right = grid(b.rgb, columns: columns, rows: rows)
        return zip(left, right).map { abs($0 - $1) }.reduce(0, +) / Double(left.count)
    }

    static func grid(_ image: DecodedImage, columns: Int, rows: Int) -> [Double] {
        var sums = [Double](repeating: 0, count: columns * rows * 3), counts = [Double](repeating: 0, count: columns * rows)
        for y in 0 ..< image.height {
            for x in 0 ..< image.width {
                let cell = (y * rows / image.height) * columns + x * columns / image.width
                for channel in 0 ..< 3 { sums[cell * 3 + channel] += Double(image.pixels[(y * image.width + x) * 3 + channel]) }
                counts[cell] += 1
            }
        }
        return sums.enumerated().map { $0.element / max(1, counts[$0.offset / 3]) }
    }

    /// RGBA bytes (kitty's f=32) as an RGB image.
    static func rgba(_ bytes: [UInt8], width: Int, height: Int) -> DecodedImage {
        var rgb: [UInt8] = []
        rgb.reserveCapacity(width * height * 3)
        for pixel in 0 ..< width * height { rgb += bytes[pixel * 4 ..< pixel * 4 + 3] }
        return DecodedImage(width: width, height: height, channels: 3, pixels: rgb)
    }
}

extension Sandbox {
    /// Three photos that look nothing alike (red|blue halves, green over white, a plasma), scanned.
    func threeDistinctPhotos() throws -> [String] {
        let folder = library.root + "/DCIM"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let makers: [(String, [String])] = [
            ("a-halves.jpg", ["-size", "160x240", "xc:#d01010", "-size", "160x240", "xc:#1030d0", "+append"]),
            ("b-stripes.jpg", ["-size", "320x120", "xc:#10b020", "-size", "320x120", "xc:white", "-append"]),
            ("c-plasma.jpg", ["-seed", "4", "-size", "320x240", "plasma:fractal"]),
        ]
        for (name, arguments) in makers {
            let made = try Subprocess.run(["/usr/bin/env", "convert"] + arguments + ["-quality", "90", folder + "/" + name],
                                          environment: environment)
            try #require(made.status == 0, "convert \(name): \(made.stderr)")
        }
        let scan = try cull(["scan"])
        try #require(scan.status == 0, "scan: \(scan.stderr)")
        return makers.map { "DCIM/" + $0.0 }
    }

    /// Two more copies of the first of ``threeDistinctPhotos()`` (`DCIM/a-halves.jpg`), in Backup/ and Old/, scanned.
    func copiesOfTheFirstPhoto() throws {
        for copy in ["Backup/a-halves copy.jpg", "Old/a-halves.jpg"] {
            try FileManager.default.createDirectory(atPath: library.root + "/" + (copy as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: library.root + "/DCIM/a-halves.jpg", toPath: library.root + "/" + copy)
        }
        #expect(try cull(["scan"]).status == 0)
    }

    /// The cached thumbnail of library-relative `path`, decoded (what the sheet draws from).
    func thumbnail(of path: String) throws -> DecodedImage {
        let id = try #require(try StagingStore(db: db).assetID(path: Array(path.utf8)))
        let record = try #require(try AssetFile.record(db, id: id))
        return try ImageDecoder.decode(path: library.controlDirectory + "/thumbs/" + record.identityKey + ".jpg", maxSide: 4096, grey: false)
    }
}

/// Text of terminal output with escape sequences turned into line breaks (what a reader sees, roughly).
func visibleText(_ output: [UInt8]) -> String {
    String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "\n", options: .regularExpression)
}

import Foundation
import Testing

/// The media tools the project installs (ImageMagick, ExifTool), run from the test's folder.
enum Tools {
    /// Runs `tool` (looked up on PATH) with `arguments` in `folder`; fails the test on a non-zero exit.
    static func run(_ tool: String, _ arguments: [String], in folder: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(tool) \(arguments.joined(separator: " ")) failed", sourceLocation: sourceLocation)
    }

    /// A `width`×`height` JPEG of ImageMagick's seeded plasma (a different picture per seed).
    static func picture(_ path: String, seed: Int, width: Int = 160, height: Int = 120, in folder: String) throws {
        try FileManager.default.createDirectory(atPath: (folder as NSString).appendingPathComponent((path as NSString).deletingLastPathComponent),
                                                withIntermediateDirectories: true)
        try run("convert", ["-seed", String(seed), "-size", "\(width)x\(height)", "plasma:fractal", "-quality", "85", path], in: folder)
    }

    /// Runs ExifTool once over several jobs (`-execute` between them), in place.
    static func exiftool(_ jobs: [[String]], in folder: String) throws {
        var arguments: [String] = []
        for (index, job) in jobs.enumerated() {
            if index > 0 { arguments.append("-execute") }
            arguments += job
        }
        try run("exiftool", arguments + ["-common_args", "-q", "-overwrite_original"], in: folder)
    }
}

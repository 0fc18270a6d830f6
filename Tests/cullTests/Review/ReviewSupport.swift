import Foundation
import Testing
@testable import CullKit

/// A running `cull review --no-open`, its URL read from its first line of output.
final class ReviewProcess {
    let running: Subprocess.Running
    let url: String
    let port: Int
    let token: String

    init(_ box: Sandbox, _ arguments: [String], extra: [String: String] = [:]) throws {
        running = try Subprocess.start([Subprocess.cullBinary, "review", "--no-open"] + arguments,
                                       environment: box.environment.merging(extra) { $1 },
                                       directory: box.library.root)
        var output = ""
        let handle = running.stdout.fileHandleForReading
        while !output.contains("\n") {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            output += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = output.range(of: #"http://127\.0\.0\.1:[0-9]+/\?token=[0-9a-f]+"#, options: .regularExpression) else {
            let err = String(decoding: running.stderr.fileHandleForReading.availableData, as: UTF8.self)
            running.process.terminate()
            throw ReviewTestError.noURL(output + err)
        }
        url = String(output[range])
        let afterHost = url.dropFirst("http://127.0.0.1:".count)
        port = Int(afterHost.prefix { $0.isNumber })!
        token = String(url.split(separator: "=").last!)
    }

    /// Ctrl-C: the server stops cleanly; returns the exit status and what it said on stderr.
    func interrupt() -> (status: Int32, stderr: String) {
        kill(running.process.processIdentifier, SIGINT)
        running.process.waitUntilExit()
        let err = String(decoding: running.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (running.process.terminationStatus, err)
    }

    deinit { if running.process.isRunning { running.process.terminate(); running.process.waitUntilExit() } }

    /// One request with curl: status code and body. `host` overrides the Host header.
    func request(_ path: String, method: String = "GET", host: String? = nil, headers: [String: String] = [:],
                 body: String? = nil, maxTime: Int? = nil) throws -> (status: Int, body: String) {
        var arguments = ["/usr/bin/curl", "-s", "-g", "--path-as-is", "-X", method, "-w", "\n%{http_code}"]
        if let maxTime { arguments += ["--max-time", "\(maxTime)"] }
        if let body { arguments += ["--data-binary", body] }
        if let host { arguments += ["-H", "Host: \(host)"] }
        for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
        arguments.append("http://127.0.0.1:\(port)\(path)")
        let result = try Subprocess.run(arguments, environment: ProcessInfo.processInfo.environment)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    /// One GET with curl keeping the bytes: status, response headers (lower-cased names) and body.
    func fetch(_ path: String, headers: [String: String]) throws -> (status: Int, headers: [String: String], body: [UInt8]) {
        let folder = NSTemporaryDirectory() + "cull-fetch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var arguments = ["/usr/bin/curl", "-s", "-g", "-D", folder + "/headers", "-o", folder + "/body"]
        for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
        arguments.append("http://127.0.0.1:\(port)\(path)")
        _ = try Subprocess.run(arguments, environment: ProcessInfo.processInfo.environment)
        let head = (try? String(contentsOfFile: folder + "/headers", encoding: .utf8)) ?? ""
        var fields: [String: String] = [:]
        var status = 0
        for line in head.split(separator: "\r\n") {
            if line.hasPrefix("HTTP/") { status = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0; continue }
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let body = FileManager.default.contents(atPath: folder + "/body").map { Array($0) } ?? []
        return (status, fields, body)
    }
}

enum ReviewTestError: Error { case noURL(String) }

/// Photos for review tests: real JPEGs (ImageMagick) with an EXIF thumbnail spliced in after SOI,
/// so the page's thumbnail path runs without a decoder.
enum ReviewMedia {
    static var hasImageMagick: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") }

    /// A `width`×`height` JPEG of one colour, optionally carrying an EXIF IFD1 thumbnail and an orientation.
    static func photo(_ color: String, width: Int = 320, height: Int = 240, thumbnail: String? = nil, orientation: Int = 1) throws -> [UInt8] {
        let main = try convert(["-size", "\(width)x\(height)", "xc:\(color)", "jpg:-"])
        guard let thumbnail else { return main }
        let small = try convert(["-size", "160x120", "xc:\(thumbnail)", "-strip", "jpg:-"])
        return [0xFF, 0xD8] + app1(thumbnail: small, orientation: orientation) + main.dropFirst(2)
    }

    /// APP1 "Exif": little-endian TIFF, IFD0 (Orientation) → IFD1 (JPEGInterchangeFormat, its length), the JPEG.
    static func app1(thumbnail: [UInt8], orientation: Int) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        let ifd1 = 8 + 2 + 12 + 4, data = ifd1 + 2 + 24 + 4
        var tiff = Array("II".utf8) + le16(42) + le32(8)
        tiff += le16(1) + le16(0x0112) + le16(3) + le32(1) + le16(orientation) + le16(0) + le32(ifd1)
        tiff += le16(2) + le16(0x0201) + le16(4) + le32(1) + le32(data) + le16(0x0202) + le16(4) + le32(1) + le32(thumbnail.count) + le32(0)
        let payload = Array("Exif\0\0".utf8) + tiff + thumbnail
        return [0xFF, 0xE1] + Media.be16(payload.count + 2) + payload
    }

    static func convert(_ arguments: [String]) throws -> [UInt8] {
        let result = Process()
        result.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        result.arguments = arguments
        let pipe = Pipe()
        result.standardOutput = pipe
        try result.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        result.waitUntilExit()
        return Array(data)
    }
}

/// What a browser test needs: Chromium, its driver and Selenium for /usr/bin/python3.
enum Browser {
    static let python = "/usr/bin/python3"
    static var missing: String? {
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver", python] where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is not installed"
        }
        let probe = try? Subprocess.run([python, "-c", "import selenium"], environment: ProcessInfo.processInfo.environment)
        return probe?.status == 0 ? nil : "python3-selenium is not installed"
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("review_browser.py").path
}

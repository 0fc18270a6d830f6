import Foundation
import Testing

/// Photographs of QR codes and barcodes made by `Tests/Fixtures/make-code-photos` (qrencode, GNU
/// barcode, ImageMagick): made once per test run, in a folder of their own.
public enum CodeFixtures {
    public static var hasTools: Bool {
        ["qrencode", "barcode", "convert"].allSatisfy { FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)") }
    }
    public static let toolsMissing: Comment = "needs qrencode, GNU barcode and ImageMagick (bash scripts/setup test)"

    /// A photo made, and the code it holds (nil for the photo without one).
    public struct Photo: Sendable {
        public let name: String
        public let kind: String?
        public let text: String?
    }

    /// The folder of the photos and what each holds, or nil when the script failed.
    public static let made: (folder: String, photos: [Photo])? = {
        let folder = NSTemporaryDirectory() + "cull-code-photos-\(getpid())"
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/make-code-photos").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script, folder]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let photos = String(decoding: data, as: UTF8.self).split(separator: "\n").map { line -> Photo in
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            return Photo(name: parts[0], kind: parts[1] == "-" ? nil : parts[1], text: parts[2] == "-" ? nil : parts[2])
        }
        return (folder, photos)
    }()
}

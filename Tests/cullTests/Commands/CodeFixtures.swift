import Foundation
import Testing

/// (The same as CullKitTests' CodeFixtures: the test targets share no files.) Photographs of QR codes and barcodes made by `Tests/Fixtures/make-code-photos` (qrencode, GNU
/// barcode, ImageMagick): made once per test run, in a folder of their own.
enum CodeFixtures {
    static var hasTools: Bool {
        ["qrencode", "barcode", "convert"].allSatisfy { FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)") }
    }
    static let toolsMissing: Comment = "needs qrencode, GNU barcode and ImageMagick (bash scripts/setup test)"

    /// A photo made, and the code it holds (nil for the photo without one).
    struct Photo: Sendable {
        let name: String
        let kind: String?
        let text: String?
    }

    /// The folder of the photos and what each holds, or nil when the script failed.
    static let made: (folder: String, photos: [Photo])? = {
        let folder = NSTemporaryDirectory() + "cull-code-photos-\(getpid())"
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/make-code-photos").path
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

import Foundation
import Testing

/// Whole-text expectations stored under `Tests/cullTests/Golden/`. `CULL_UPDATE_GOLDEN=1 swift test`
/// rewrites them from the current output (then review the diff before committing).
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden").path

    static var updating: Bool { ProcessInfo.processInfo.environment["CULL_UPDATE_GOLDEN"].map { !$0.isEmpty && $0 != "0" } ?? false }

    /// Expects `actual` to equal the golden file `name` (relative to the Golden folder).
    static func expect(_ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = folder + "/" + name
        if updating {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("missing golden file \(name); run with CULL_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "\(name) differs from its golden file", sourceLocation: sourceLocation)
    }
}

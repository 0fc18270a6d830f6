import Foundation
import Testing
@testable import CullKit

/// The schema's one home: every migration in `Sources/CullKit/Schema/`, one file per id, numbered
/// in the order `Migrator.all` applies them.
@Suite struct MigratorTests {
    @Test func migrationsAreNumberedInOrderOneFilePerID() throws {
        let ids = Migrator.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for (index, id) in ids.enumerated() {
            #expect(id.hasPrefix(String(format: "%04d-", index + 1)), "\(id) is migration \(index + 1)")
        }
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Sources/CullKit/Schema").standardizedFileURL
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.first?.isNumber == true }.map { String($0.dropLast(".swift".count)) }.sorted()
        #expect(files == ids)
        for id in ids {
            let text = try String(contentsOf: folder.appendingPathComponent(id + ".swift"), encoding: .utf8)
            #expect(text.contains("Migration(id: \"\(id)\""), "\(id).swift defines \(id)")
        }
    }
}

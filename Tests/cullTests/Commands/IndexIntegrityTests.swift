import Foundation
import Testing
@testable import CullKit

/// An existing `.cull/` whose index is empty, truncated, corrupt, foreign or missing is an error
/// with a recovery hint, for every command and for `cull init`: never a fresh start that forgets
/// the user's keeps.
@Suite struct IndexIntegrityTests {
    enum Damage: String, CaseIterable {
        case empty, truncated, corrupt, foreign, missing, garbage, fifo
    }

    /// A library with enough rows to span many pages, checkpointed so the main file holds them.
    static func makeLibrary(_ box: Sandbox) throws -> (root: String, index: String) {
        let root = box.base + "/damaged"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        #expect(try Subprocess.run([Subprocess.cullBinary, "init", root], environment: box.environment).status == 0)
        let index = root + "/.cull/index.sqlite"
        let fill = """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
            INSERT INTO assets (path, folder, name, extension, device, inode, size, mtime_ns, added, modified, kind)
            SELECT 'kept/IMG_' || i || '.jpg', 'kept', 'IMG_' || i || '.jpg', 'jpg', 1, i, 100, 0, 0, 0, 'photo' FROM n;
            INSERT INTO reviews (asset_id, status, at) SELECT id, 'kept', 0 FROM assets;
            PRAGMA wal_checkpoint(TRUNCATE);
            """
        #expect(try Subprocess.run(["/usr/bin/sqlite3", index, fill], environment: box.environment).status == 0)
        return (root, index)
    }

    static func damage(_ damage: Damage, index: String, box: Sandbox) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: index))
        #expect(data.count > 64 * 1024, "the fixture spans many pages")
        switch damage {
        case .empty: try Data().write(to: URL(fileURLWithPath: index))
        case .truncated: try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: index))
        case .corrupt:
            var bytes = [UInt8](data)
            for offset in stride(from: 100, to: 4096, by: 1) { bytes[offset] = UInt8(truncatingIfNeeded: offset &* 31) }
            try Data(bytes).write(to: URL(fileURLWithPath: index))
        case .garbage: try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: index))
        case .foreign:
            try FileManager.default.removeItem(atPath: index)
            #expect(try Subprocess.run(["/usr/bin/sqlite3", index, "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('mine');"],
                                       environment: box.environment).status == 0)
        case .missing: try FileManager.default.removeItem(atPath: index)
        case .fifo:
            try FileManager.default.removeItem(atPath: index)
            #expect(mkfifo(index, 0o644) == 0)
        }
    }

    @Test(arguments: Damage.allCases)
    func damagedIndexIsAnErrorWithAHint(_ kind: Damage) throws {
        let box = try Sandbox("damaged-\(kind.rawValue)")
        let (root, index) = try Self.makeLibrary(box)
        try Self.damage(kind, index: index, box: box)
        let before = kind == .fifo ? nil : try? Data(contentsOf: URL(fileURLWithPath: index))
        var environment = box.environment
        environment["CULL_LIBRARY"] = root
        let rules = box.base + "/r.yaml"
        try "version: 1\nrules:\n  - name: r\n    match: {path: \"kept/**\"}\n".write(toFile: rules, atomically: true, encoding: .utf8)
        for command in [["find", "kind: photo"], ["trash"], ["scan"], ["stage", rules, "--ceiling", "100"],
                        ["run", rules, "--commit", "--yes", "--ceiling", "100"], ["undo"], ["init", root]] {
            let result = try Subprocess.run([Subprocess.cullBinary] + command, environment: environment, directory: root)
            #expect(result.status != 0, "\(kind) \(command): accepted: \(result.stdout)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.first?.contains(index) == true, "\(kind) \(command): \(result.stderr)")
            #expect(lines.contains { $0.hasPrefix("hint:") }, "\(kind) \(command): \(result.stderr)")
            #expect(!result.stderr.contains("SELECT") && !result.stderr.contains("PRAGMA"), "\(kind) \(command): \(result.stderr)")
            if kind != .fifo {
                #expect((try? Data(contentsOf: URL(fileURLWithPath: index))) == before, "\(kind) \(command) rewrote the index")
            }
        }
    }
}

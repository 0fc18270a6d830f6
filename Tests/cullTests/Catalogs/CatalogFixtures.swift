import Foundation
import Testing
@testable import CullKit

/// The real photo-manager catalogs in `../shared/fixtures/catalogs/` (written by darktable, digiKam and
/// Shotwell themselves), copied into a sandbox before a row is changed: the fixtures are never written.
enum CatalogFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("../shared/fixtures/catalogs")
        .standardizedFileURL.path

    /// False (with a message) on a fresh clone without `../shared`: the tests that need it skip.
    static var isAvailable: Bool {
        let available = FileManager.default.fileExists(atPath: root + "/darktable/library.db")
        if !available { print("Skipping catalog fixture tests: no fixtures at \(root)") }
        return available
    }

    /// Stages every photo unless a source rates it (darktable's default one star counts).
    static let unratedRule = "version: 1\nprotect:\n  - rating: {gte: 1}\nrules:\n  - name: unrated\n    match: {kind: photo}\n"

    /// Copies a fixture file to `destination` (parents made), writable, as a user's own copy would be.
    static func copy(_ fixture: String, to destination: String) throws {
        try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: destination)
        try FileManager.default.copyItem(atPath: root + "/" + fixture, toPath: destination)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: destination)
    }

    /// Runs SQL on a copied catalog the way the application writes its rows.
    static func write(_ catalog: String, _ sql: String, _ arguments: [SQLValue] = []) throws {
        let db = try Database(path: catalog, create: false)
        if arguments.isEmpty { try db.execute(sql) } else { try db.execute(sql, arguments) }
    }

    /// The reproduction: darktable's catalog in `$HOME/.config/darktable/`, its six photos in the
    /// library, the film roll pointing at the library. Returns the path of `library.db`.
    @discardableResult
    static func darktable(in box: Sandbox, folder: String = "") throws -> String {
        let config = box.base + "/home/.config/darktable"
        for name in ["library.db", "data.db", "darktablerc"] { try copy("darktable/" + name, to: config + "/" + name) }
        let photos = root + "/darktable/photos"
        let target = folder.isEmpty ? box.library.root : box.library.root + "/" + folder
        for name in try FileManager.default.contentsOfDirectory(atPath: photos) {
            try copy("darktable/photos/" + name, to: target + "/" + name)
        }
        try write(config + "/library.db", "UPDATE film_rolls SET folder = ?", [.text(target)])
        return config + "/library.db"
    }
}

extension Sandbox {
    /// The library-relative paths `cull find PREDICATE` lists, sorted.
    func found(_ predicate: String) throws -> [String] {
        let result = try cull(["find", predicate, "--format", "paths"])
        #expect(result.status == 0, "find \(predicate): \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init).sorted()
    }

    /// Writes a small real JPEG (taken 2015) at library-relative `path`.
    func photo(_ path: String) {
        write(path, bytes: Media.jpeg(taken: "2015:07:01 10:00:00"))
    }
}

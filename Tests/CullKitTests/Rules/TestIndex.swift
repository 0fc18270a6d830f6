@testable import CullKit
import Foundation

/// One synthetic asset row; defaults are "missing" for every optional metadata column.
struct TestAsset {
    var path: String
    var size: Int64 = 1000
    var kind: String? = "photo"
    var width: Int64?
    var height: Int64?
    var duration: Double?
    var taken: Int64?
    var takenUTC: Int64?
    var modified: Int64 = 0
    var added: Int64 = 0
    var make: String?
    var model: String?
    var lens: String?
    var software: String?
    var latitude: Double?
    var rating: Int64?
    var favoriteFlag: Int64?
    var screenshot = false
    var liveID: String?
    var burstID: String?
    var raw = false
    var broken = false
    /// `kept` or `trashed` to add a review row.
    var review: String?

    var name: String { String(path.split(separator: "/").last ?? "") }
    var folder: String { path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "" }
    var fileExtension: String { name.contains(".") ? String(name.split(separator: ".").last!).lowercased() : "" }
}

/// A real library in a temporary folder, made by `Library.initialize`, filled with INSERTs.
final class TestIndex {
    let directory: String
    let database: Database

    init(_ assets: [TestAsset]) throws {
        directory = NSTemporaryDirectory() + "cull-rules-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        database = try Library.initialize(at: directory).openIndex()
        for (index, asset) in assets.enumerated() {
            try database.execute("""
                INSERT INTO assets (path, folder, name, extension, device, inode, size, mtime_ns, added, modified, kind,
                    width, height, duration, taken, taken_utc, camera_make, camera_model, lens, software, latitude, longitude,
                    rating, favorite_flag, screenshot, live_id, burst_id, raw, broken)
                VALUES (?, ?, ?, ?, 1, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [
                    .text(asset.path), .text(asset.folder), .text(asset.name), .text(asset.fileExtension),
                    .integer(Int64(index)), .integer(asset.size), .integer(asset.added), .integer(asset.modified),
                    asset.kind.sqlValue, asset.width.sqlValue, asset.height.sqlValue, asset.duration.sqlValue,
                    asset.taken.sqlValue, asset.takenUTC.sqlValue, asset.make.sqlValue, asset.model.sqlValue,
                    asset.lens.sqlValue, asset.software.sqlValue, asset.latitude.sqlValue, asset.latitude.sqlValue,
                    asset.rating.sqlValue, asset.favoriteFlag.sqlValue, asset.screenshot.sqlValue,
                    asset.liveID.sqlValue, asset.burstID.sqlValue, asset.raw.sqlValue, asset.broken.sqlValue,
                ])
            if let review = asset.review {
                try database.execute("INSERT INTO reviews (asset_id, status, at) VALUES (?, ?, 0)",
                                     [.integer(database.lastInsertRowID), .text(review)])
            }
        }
    }

    /// `count` photos in a few folders, of four sizes and five capture days, a quarter without one:
    /// many ties for an order to break. `review` adds a review row to each.
    static func ofTies(_ count: Int, _ random: inout SplitMix64, review: String? = nil) throws -> TestIndex {
        try TestIndex((0 ..< count).map { number in
            TestAsset(path: "d\(random.below(3))/IMG_\(random.below(100))-\(number).jpg", size: Int64(100 * (1 + random.below(4))),
                      taken: random.below(4) == 0 ? nil : Int64(86_400 * random.below(5)), review: review)
        })
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// Names of the assets matching a `cull find`-style predicate fragment, sorted.
    func names(_ fragment: String, clock: RunClock) throws -> [String] {
        let (predicate, load) = RuleLoader.predicate(fragment: fragment, label: "<test>")
        guard let predicate else { throw LoadFailure(diagnostics: load.diagnostics) }
        let evaluator = try RuleEvaluator(database: database, clock: clock)
        let query = RuleCompiler.findQuery(predicate, columns: "a.name", evaluator.context)
        var names: [String] = []
        try database.prepare(query.sql).forEachRow(query.arguments) { names.append($0.string("name") ?? "") }
        return names.sorted()
    }

    /// The id of the asset called `name`.
    func id(_ name: String) throws -> Int64 {
        try database.scalar("SELECT id FROM assets WHERE name = ?", [.text(name)])?.int64 ?? -1
    }
}

struct LoadFailure: Error, CustomStringConvertible {
    let diagnostics: [Diagnostic]
    var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Seconds since 1970 of a UTC date-time written `2020-01-01T00:30:00`.
func epoch(_ text: String) -> Int64 { RuleDate.parse(text)!.wallClock }

/// Loads rule-file text that must be valid.
func validRuleFile(_ source: String, path: String = "test.yaml") throws -> RuleFile {
    let load = RuleLoader.load(source: source, path: path)
    guard let file = load.ruleFile else { throw LoadFailure(diagnostics: load.diagnostics) }
    return file
}

/// The repository root (for `rules/` and `examples/`).
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.path
}()

import Foundation
import Testing
@testable import CullKit

/// Issue 37, item 3: a damaged catalog is never read as if intact. Corrupted copies of darktable's
/// real catalog (bytes flipped in the b-tree structure of its pages) either read exactly as the
/// original or fail closed; none that SQLite's own integrity check calls damaged is read at all.
@Suite struct CatalogIntegrityTests {
    /// SplitMix64, seeded: the same corruptions on every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// What the index holds of the catalog's decisions, row by row.
    static func entries(_ db: Database) throws -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        try db.forEachRow("SELECT path, rating, pick, labels, tags, people, app_trash, hidden FROM catalog_entries ORDER BY path") {
            rows.append($0.values)
        }
        return rows
    }

    /// The bytes of page `page` (from 1) that hold its b-tree structure: the page header and the cell
    /// pointer array; nil for a page that is not a b-tree page (overflow, free).
    static func structure(_ bytes: [UInt8], page: Int, size: Int) -> Range<Int>? {
        let start = (page - 1) * size
        let header = page == 1 ? start + 100 : start
        guard header + 12 <= bytes.count, [2, 5, 10, 13].contains(bytes[header]) else { return nil }
        let headerSize = bytes[header] == 2 || bytes[header] == 5 ? 12 : 8
        let cells = Int(bytes[header + 3]) << 8 | Int(bytes[header + 4])
        return header ..< min(header + headerSize + 2 * cells, start + size)
    }

    /// SQLite's full `PRAGMA integrity_check` of the file, as an independent judge.
    static func passesIntegrityCheck(_ path: String) -> Bool {
        guard let db = try? Database(path: CatalogConnection.uri(path), create: false, readOnly: true, uri: true),
              let answer = try? db.scalar("PRAGMA integrity_check") else { return false }
        return answer == .text("ok")
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable))
    func noCorruptedCatalogIsReadAsIfIntact() throws {
        let box = try Sandbox("dt-corrupt")
        let catalog = try CatalogFixtures.darktable(in: box)
        #expect(try box.cull(["scan"]).status == 0)
        let sync = CatalogSync(db: box.db, root: box.library.root, environment: box.environment)
        let original = try Self.entries(box.db)
        try #require(original.count == 6)
        let pristine = Array(try Data(contentsOf: URL(fileURLWithPath: catalog)))
        let field = Int(pristine[16]) << 8 | Int(pristine[17])
        let pageSize = field == 1 ? 65536 : field
        let regions = (1 ... pristine.count / pageSize).compactMap { Self.structure(pristine, page: $0, size: pageSize) }
        try #require(regions.count > 10)
        var random = Seeded(state: 37)
        var damaged = 0, refused = 0
        var aDamagedCopy: [UInt8]?
        for copy in 0 ..< 355 {
            var bytes = pristine
            for _ in 0 ... random.next() % 3 {
                let region = regions[Int(random.next() % UInt64(regions.count))]
                bytes[region.lowerBound + Int(random.next() % UInt64(region.count))] ^= UInt8(1 + random.next() % 255)
            }
            // A new file each time (a new inode): the catalog's identity changes, so it is read again.
            try Data(bytes).write(to: URL(fileURLWithPath: catalog + ".new"))
            #expect(rename(catalog + ".new", catalog) == 0)
            let intact = Self.passesIntegrityCheck(catalog)
            if !intact {
                damaged += 1
                aDamagedCopy = aDamagedCopy ?? bytes
            }
            let report = try sync.refresh()
            if report.errors.isEmpty {
                #expect(intact, "copy \(copy) fails SQLite's integrity check but was read")
                #expect(try Self.entries(box.db) == original, "copy \(copy) was read as if intact, with other decisions")
            } else {
                refused += 1
                #expect(report.errors.allSatisfy { $0.path == catalog && $0.kind == .darktable })
            }
        }
        // Not vacuous: most flips in a page's structure damage it.
        #expect(damaged > 100, "\(damaged) damaged copies, \(refused) refused")
        #expect(refused >= damaged)

        // Through the command line: a damaged catalog stops the plan (exit 7), naming it.
        let copy = try #require(aDamagedCopy)
        try Data(copy).write(to: URL(fileURLWithPath: catalog + ".new"))
        #expect(rename(catalog + ".new", catalog) == 0)
        let rules = try box.rules("all.yaml", CatalogFailClosedTests.all)
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.status == 7, "\(plan.stdout)\(plan.stderr)")
        #expect(plan.stderr.contains("cannot read the darktable catalog \(catalog): it is damaged"), "\(plan.stderr)")
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable))
    func aDamagedDataDBBesideTheLibraryFailsClosedToo() throws {
        let box = try Sandbox("dt-corrupt-data")
        let catalog = try CatalogFixtures.darktable(in: box)
        #expect(try box.cull(["scan"]).status == 0)
        let data = (catalog as NSString).deletingLastPathComponent + "/data.db"
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: data)))
        let field = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = field == 1 ? 65536 : field
        // The tags table's page claims one cell fewer than it holds: a tag silently gone.
        let db = try Database(path: CatalogConnection.uri(data), create: false, readOnly: true, uri: true)
        let tagsPage = Int(try #require(try db.scalar("SELECT rootpage FROM sqlite_schema WHERE name = 'tags'")?.int64))
        let header = (tagsPage - 1) * pageSize + (tagsPage == 1 ? 100 : 0)
        let cells = Int(bytes[header + 3]) << 8 | Int(bytes[header + 4])
        try #require(cells > 1)
        bytes[header + 4] = UInt8((cells - 1) & 0xFF)
        bytes[header + 3] = UInt8((cells - 1) >> 8)
        try Data(bytes).write(to: URL(fileURLWithPath: data + ".new"))
        #expect(rename(data + ".new", data) == 0)
        #expect(!Self.passesIntegrityCheck(data))
        let rules = try box.rules("all.yaml", CatalogFailClosedTests.all)
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.status == 7, "\(plan.stdout)\(plan.stderr)")
        #expect(plan.stderr.contains("data.db"), "\(plan.stderr)")
    }
}

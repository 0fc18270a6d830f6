import Foundation
import Testing
@testable import CullKit

/// Migration `0014-distinct-sets` turns the pairs of earlier releases into sets and keeps exactly
/// the pairs there were: every pair marked distinct before is still distinct, and no other.
@Suite struct DistinctSetsMigrationTests {
    static func hash(_ byte: UInt8) -> SQLValue { .blob([UInt8](repeating: byte, count: 16)) }

    @Test func pairsBecomeSetsWithTheSamePairs() throws {
        let db = try Database(path: ":memory:")
        try db.execute("PRAGMA foreign_keys = ON")
        try db.execute("CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)")
        for migration in Migrator.all.prefix(while: { $0.id != Migration.m0014DistinctSets.id }) {
            try db.execute(migration.sql)
            try db.execute("INSERT INTO schema_migrations (id, applied_at) VALUES (?, 0)", [.text(migration.id)])
        }
        // At time 100 one mark of four pictures (all six pairs); at 200 one of three with a pair
        // pruned (two pairs left); at 300 two marks of a pair each in one second.
        let pairs: [(UInt8, UInt8, Int64)] = [(1, 2, 100), (1, 3, 100), (1, 4, 100), (2, 3, 100), (2, 4, 100), (3, 4, 100),
                                               (5, 6, 200), (5, 7, 200), (8, 9, 300), (10, 11, 300)]
        for (first, second, added) in pairs {
            try db.execute("INSERT INTO distinct_pairs (first, second, added) VALUES (?, ?, ?)", [Self.hash(first), Self.hash(second), .integer(added)])
        }
        try Migrator.migrate(db)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'distinct_pairs'")?.int64 == 0)
        var sets: [Int64: Set<UInt8>] = [:]
        try db.forEachRow("SELECT set_id, hash FROM distinct_members") { row in sets[row.int64("set_id"), default: []].insert(row.bytes("hash")?.first ?? 0) }
        // The whole mark is one set; the rest are sets of their pairs.
        #expect(sets.values.contains([1, 2, 3, 4]))
        #expect(sets.count == 1 + 2 + 2)
        var after = Set<[UInt8]>()
        for set in sets.values {
            for a in set { for b in set where a < b { after.insert([a, b]) } }
        }
        #expect(after == Set(pairs.map { [$0.0, $0.1] }))
        #expect(try db.scalar("SELECT count(*) FROM distinct_sets")?.int64 == 5)
        #expect(try db.scalar("SELECT count(*) FROM pragma_foreign_key_check")?.int64 == 0)
    }
}

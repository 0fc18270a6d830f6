import Foundation
import Testing
@testable import CullKit

/// `commit_items.skip` is a stored word like the journal's states: every ``SkipWord`` round-trips
/// and is what the schema's CHECK accepts; an item skipped before migration `0016-skip-reasons`
/// keeps its sentence, reads as a legacy reason, and is unstaged exactly when its sentence said so.
@Suite struct SkipWordTests {
    static let item = """
        INSERT INTO commit_items (commit_id, seq, entry, role, path, device, inode, size, mtime_ns, state, reason, skip)
        VALUES (1, ?2, ?2, 'primary', x'61', 1, 2, 3, 4, 'skipped', 'why', ?1)
        """

    @Test func everyWordRoundTripsAndIsOneTheSchemaAccepts() throws {
        let db = try Database(path: ":memory:")
        try Migrator.migrate(db)
        try db.execute("INSERT INTO commits (id, state, mode, fingerprint, started_at) VALUES (1, 'done', 'trash', 'f', 0)")
        for (seq, word) in SkipWord.allCases.enumerated() {
            try db.execute(Self.item, [word.sql, .integer(Int64(seq + 1))])
            #expect(SkipWord(stored: try db.scalar("SELECT skip FROM commit_items WHERE seq = ?", [.integer(Int64(seq + 1))])?.string) == word)
        }
        #expect(throws: DatabaseError.self) { try db.execute(Self.item, [.text("cleared"), .integer(99)]) }
        #expect(SkipWord(stored: "mystery") == .refused && !SkipWord.refused.unstages)
        #expect(SkipWord.allCases.filter(\.unstages) == [.keeperChanged, .livePairUnstaged])
    }

    @Test func rowsFromBeforeTheColumnKeepTheirSentence() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)")
        for migration in Migrator.all.prefix(while: { $0.id != Migration.m0016SkipReasons.id }) {
            try db.execute(migration.sql)
            try db.execute("INSERT INTO schema_migrations (id, applied_at) VALUES (?, 0)", [.text(migration.id)])
        }
        try db.execute("INSERT INTO commits (id, state, mode, fingerprint, started_at) VALUES (1, 'done', 'trash', 'f', 0)")
        let twin = SkipReason.keeperChanged(.gone(keeper: "a.jpg")).description
        let pair = SkipReason.livePairStays(partner: "b.mov", unstaged: true).description
        let sentences = ["sidecar changed since staging", twin, pair, "cannot stat: Permission denied"]
        for (seq, text) in sentences.enumerated() {
            try db.execute("""
                INSERT INTO commit_items (commit_id, seq, entry, role, path, device, inode, size, mtime_ns, state, reason)
                VALUES (1, ?1, ?1, 'primary', x'61', 1, 2, 3, 4, 'skipped', ?2)
                """, [.integer(Int64(seq + 1)), .text(text)])
        }
        try Migrator.migrate(db)
        let items = try Journal.items(db, commit: 1)
        #expect(items.map { $0.reason?.description } == sentences)
        #expect(items[0].reason == .legacy("sidecar changed since staging") && items[3].reason == .legacy(sentences[3]))
        #expect(items.map { $0.reason?.unstages } == [false, true, true, false])
        let receipt = try CommitReceipt.load(db, commit: 1)
        #expect(receipt.skipped.map(\.reason.description) == sentences)
    }

    @Test func aReasonIsJournaledAsItsWordAndItsSentence() throws {
        let db = try Database(path: ":memory:")
        try Migrator.migrate(db)
        try db.execute("INSERT INTO commits (id, state, mode, fingerprint, started_at) VALUES (1, 'done', 'trash', 'f', 0)")
        let reasons: [SkipReason] = [.keeperChanged(.notIndexed), .keeperChanged(.modified(keeper: "k.jpg")), .keeperStaged(keeper: "k.jpg"),
                                     .changedSinceHashed, .sidecarChanged, .catalogHold("rated 5 in darktable (x.db) since it was staged"),
                                     .livePairNotStaged(partner: "p.mov"), .livePairStays(partner: "p.mov", unstaged: false),
                                     .primarySkipped, .noFreeName, .refused("cannot stat: Permission denied")]
        let items = reasons.enumerated().map { index, reason in
            JournalItem(seq: Int64(index + 1), entry: Int64(index + 1), role: .primary, assetID: nil, path: [0x61], device: 1, inode: 2,
                        size: 3, mtimeNs: 4, ctimeNs: nil, destination: nil, info: nil, state: .skipped, reason: reason)
        }
        try Journal.insert(db, commit: 1, items)
        let read = try Journal.items(db, commit: 1)
        #expect(read.map { $0.reason?.description } == reasons.map(\.description))
        #expect(read.map { $0.reason?.word } == reasons.map(\.word))
        #expect(read.map { $0.reason?.unstages } == reasons.map(\.unstages))
        #expect(reasons.map(\.unstages) == [true, true] + Array(repeating: false, count: 9))
    }
}

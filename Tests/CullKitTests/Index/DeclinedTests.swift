import Foundation
import Testing
@testable import CullKit

/// A file a decoder declines is *declined*: never `broken`, counted apart, read again when the decoders
/// change (a newer LibRaw may read what this one declined), and carried over from an index written
/// before the state existed.
@Suite struct DeclinedTests {
    static func declinedCR3() -> [UInt8] {
        var fixture = CR3Fixture()
        fixture.compressionVersion = 0x300
        return fixture.build().bytes
    }

    @Test func aDeclinedFileIsCountedApartAndReadAgainOnlyWhenTheDecodersChange() throws {
        let f = try ScannerTests.Fixture()
        f.directory.write("IMG_0001.CR3", Self.declinedCR3())
        let first = try f.scan()
        #expect(first.declined == 1 && first.broken == 0 && first.line.contains(", broken 0, declined 1, unchanged 0"), "\(first.line)")
        // LibRaw's version and the FFmpeg Cull was built against (its demuxers decline videos too).
        let current = MetadataReaders.decoders
        #expect(current.hasPrefix("LibRaw \(LibRawReader.version), FFmpeg "), "\(current)")
        #expect(try f.db.scalar("SELECT value FROM settings WHERE key = 'declining_decoders'")?.string == current)
        let reason = try #require(try f.row("IMG_0001.CR3", "declined_reason").first?.string)

        // The same decoders: the unchanged file is not read again (the stored words stay as they are).
        try f.db.execute("UPDATE assets SET declined_reason = 'LibRaw 0.19.5 declines this CR3 (old words)'")
        let same = try f.scan()
        #expect(same.unchanged == 1 && same.declined == 0)
        #expect(try f.row("IMG_0001.CR3", "declined_reason") == [.text("LibRaw 0.19.5 declines this CR3 (old words)")])

        // Other decoders than those that declined it: read again, in today's words, and the decoders noted.
        try f.db.execute("UPDATE settings SET value = 'LibRaw 0.19.5' WHERE key = 'declining_decoders'")
        let changed = try f.scan()
        #expect(changed.unchanged == 1 && changed.declined == 0 && changed.changed == 0, "a re-check is not a change: \(changed.line)")
        #expect(try f.row("IMG_0001.CR3", "declined_reason, broken") == [.text(reason), .integer(0)])
        #expect(try f.db.scalar("SELECT value FROM settings WHERE key = 'declining_decoders'")?.string == current)
    }

    /// An index written before `0021-declined` holds LibRaw's refusals as damage: the migration moves them
    /// over before any rule sees them, leaves what Cull's readers found damaged alone, and asks for one
    /// re-read, so every file gets today's reading (a CR3 its own, a damaged file what it said).
    @Test func theMigrationMovesLibRawsRefusalsOutOfBroken() throws {
        let f = try ScannerTests.Fixture()
        try f.db.execute("""
            DELETE FROM schema_migrations WHERE id = '0021-declined';
            ALTER TABLE assets DROP COLUMN declined_reason;
            ALTER TABLE commit_assets DROP COLUMN declined_reason;
            DELETE FROM settings WHERE key = 'reread_metadata';
            """)
        for (path, reason) in [("new.cr3", "LibRaw: Unsupported file format or not RAW file"),
                               ("cut.jpg", "truncated: no EOI marker")] {
            try f.db.execute("""
                INSERT INTO assets (path, folder, name, extension, device, inode, size, mtime_ns, added, modified, broken, broken_reason)
                VALUES (?, '', ?, 'x', 0, 0, 0, 0, 0, 0, 1, ?)
                """, [.text(path), .text(path), .text(reason)])
        }
        try Migrator.migrate(f.db)
        #expect(try f.row("new.cr3", "broken, broken_reason, declined_reason")
                == [.integer(0), .null, .text("LibRaw: Unsupported file format or not RAW file")])
        #expect(try f.row("cut.jpg", "broken, declined_reason") == [.integer(1), .null])
        #expect(try f.db.scalar("SELECT value FROM settings WHERE key = 'reread_metadata'")?.int64 == 1)
        #expect(try f.db.scalar("SELECT count(*) FROM pragma_table_info('commit_assets') WHERE name = 'declined_reason'")?.int64 == 1)
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CullKit

/// Exact-duplicate groups on real files in a real, scanned library.
@Suite struct ExactGroupsTests {
    final class Fixture {
        let directory = TemporaryDirectory()
        let library: Library
        let db: Database

        init() throws {
            library = try Library.initialize(at: directory.path)
            db = try library.openIndex()
        }

        @discardableResult
        func scan() throws -> ScanSummary { try Scanner(library: library).scan(db) }

        @discardableResult
        func refresh() throws -> HashCache.Report { try HashCache(db: db, root: library.root).refresh() }

        /// The groups as sorted lists of paths.
        func groups() throws -> [[String]] {
            try GroupSet.load(db, specs: [.exact]).groups.map { $0.members.map { PathBytes.display($0.path) } }
        }

        func id(_ path: String) throws -> Int64 {
            try #require(try db.scalar("SELECT id FROM assets WHERE path = ?", [.text(path)])?.int64)
        }
    }

    /// Deterministic bytes of `count` (not all-equal, so blocks differ).
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(state: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    @Test func identicalFilesGroupAndNearMissesDoNot() throws {
        let f = try Fixture()
        let content = Self.bytes(200_000, seed: 1)
        f.directory.write("a/one.jpg", content)
        f.directory.write("b/deep/other-name.jpg", content)
        f.directory.write("c/three.JPG", content)
        // Same size, one byte changed in the middle.
        var middle = content
        middle[100_000] ^= 0xFF
        f.directory.write("a/middle.jpg", middle)
        // Same first and last blocks, different middle: the partial hash agrees, the full one not.
        var inside = content
        for index in 60_000..<140_000 { inside[index] = 7 }
        f.directory.write("a/inside.jpg", inside)
        // Empty files are never grouped; a small pair is (partial = full).
        f.directory.write("e/empty1.jpg", [])
        f.directory.write("e/empty2.jpg", [])
        f.directory.write("s/small1.png", Self.bytes(100, seed: 2))
        f.directory.write("s/small2.png", Self.bytes(100, seed: 2))
        // A hard link to one.jpg is the same file, not a twin.
        #expect(link(f.directory.path + "/a/one.jpg", f.directory.path + "/a/one-link.jpg") == 0)
        try f.scan()
        let report = try f.refresh()
        #expect(try f.groups() == [["a/one-link.jpg", "b/deep/other-name.jpg", "c/three.JPG"], ["s/small1.png", "s/small2.png"]])
        // The near misses got a partial hash; the one with another middle needed the full one too.
        let middleRow = try f.db.scalar("SELECT full IS NOT NULL FROM hashes WHERE asset_id = ?", [.integer(try f.id("a/middle.jpg"))])
        #expect(middleRow?.int64 == 1)
        #expect(try f.db.scalar("SELECT count(*) FROM hashes WHERE asset_id IN (SELECT id FROM assets WHERE size = 0)")?.int64 == 0)
        #expect(report.hashed > 0 && report.skipped == 0)
        // The rule field reads the same groups; a hard link of a member is not itself a twin.
        let evaluator = try RuleEvaluator(database: f.db, clock: RunClock(now: 2_000_000_000, localOffset: 0))
        let file = try validRuleFile("version: 1\nrules:\n  - name: d\n    match: {duplicate: true}\n")
        let matched = try evaluator.evaluate([file])[0].matched
        #expect(Set(matched) == Set(try ["a/one-link.jpg", "b/deep/other-name.jpg", "c/three.JPG", "s/small1.png", "s/small2.png"].map(f.id)))
    }

    @Test func aSecondRefreshHashesNothingAndAChangedFileIsHashedAgain() throws {
        let f = try Fixture()
        let content = Self.bytes(100_000, seed: 3)
        f.directory.write("x.jpg", content)
        f.directory.write("y.jpg", content)
        f.directory.write("z.jpg", content)
        try f.scan()
        #expect(try f.refresh().hashed == 6)  // partial, then full, of each
        #expect(try f.refresh() == HashCache.Report())
        // An edit in the middle keeping the size: rescanned, hashed again, out of the group.
        var edited = content
        edited[50_000] ^= 1
        usleep(10_000)
        f.directory.write("z.jpg", edited)
        try f.scan()
        #expect(try f.refresh().hashed == 2)
        #expect(try f.groups() == [["x.jpg", "y.jpg"]])
    }

    /// A file whose partial hash alone is cached (it shared its size with no twin) is listed
    /// without its path; a copy of it found later still gets both hashed in full and grouped.
    @Test func aCopyOfAFileHashedOnlyPartiallyJoinsItLater() throws {
        let f = try Fixture()
        f.directory.write("old/a.jpg", Self.bytes(60_000, seed: 21))
        f.directory.write("old/b.jpg", Self.bytes(60_000, seed: 22))
        try f.scan()
        #expect(try f.refresh().hashed == 2)  // the partial hashes differ: no full hash
        #expect(try f.groups().isEmpty)
        f.directory.write("new/c.jpg", Self.bytes(60_000, seed: 21))
        try f.scan()
        #expect(try f.refresh() == HashCache.Report(hashed: 3, bytesRead: 32_768 + 2 * 60_000, skipped: 0))
        #expect(try f.groups() == [["new/c.jpg", "old/a.jpg"]])
        #expect(try f.refresh() == HashCache.Report())
    }

    /// Only files whose size another file has are candidates: a file of a size of its own is
    /// never hashed, and joins the candidates as soon as another connection indexes a file of its
    /// size (a replaced file, another inode); a twin that changes size leaves the group.
    @Test func aSizeOfItsOwnIsNoCandidateUntilAnotherFileHasIt() throws {
        let f = try Fixture()
        let content = Self.bytes(60_000, seed: 31)
        f.directory.write("a.jpg", content)
        f.directory.write("b.jpg", Self.bytes(50_000, seed: 32))
        try f.scan()
        #expect(try f.refresh() == HashCache.Report())
        #expect(try HashCache.candidates(f.db).isEmpty)
        // A copy under another name, scanned through another connection to the index.
        f.directory.write("c.jpg", content)
        let other = try f.library.openIndex()
        _ = try Scanner(library: f.library).scan(other)
        #expect(try HashCache.candidates(f.db).map { PathBytes.display($0.path) }.sorted() == ["a.jpg", "c.jpg"])
        #expect(try f.refresh().hashed == 4)  // partial, then full, of each
        #expect(try f.groups() == [["a.jpg", "c.jpg"]])
        // The copy replaced by a new file (a new inode) of another size: no twin, no candidate.
        unlink(f.directory.path + "/c.jpg")
        f.directory.write("c.jpg", content + [0])
        _ = try Scanner(library: f.library).scan(other)
        #expect(try f.refresh() == HashCache.Report())
        #expect(try f.groups().isEmpty)
        #expect(try HashCache.candidates(f.db).isEmpty)
    }

    @Test func aHardLinkMadeAfterHashingStaysOneFileAndTheCacheStillServes() throws {
        let f = try Fixture()
        let content = Self.bytes(70_000, seed: 11)
        f.directory.write("m/b.jpg", content)
        f.directory.write("m/c.jpg", content)
        try f.scan()
        try f.refresh()
        #expect(try f.groups() == [["m/b.jpg", "m/c.jpg"]])
        #expect(try f.refresh() == HashCache.Report())
        // A link that sorts first joins the group in place of b.jpg, never beside it.
        #expect(link(f.directory.path + "/m/b.jpg", f.directory.path + "/m/a.jpg") == 0)
        try f.scan()
        try f.refresh()
        #expect(try f.groups() == [["m/a.jpg", "m/c.jpg"]])
        #expect(try f.refresh() == HashCache.Report())
        // Without a root only the cached rows count, and they give the same groups.
        #expect(try ExactGroups.candidates(f.db).map { $0.ids.count } == [2])
        // The hash rows live in the table alone: the index of full hashes is gone (0012).
        #expect(try f.db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'hashes_full'")?.int64 == 0)
    }

    /// A library whose sizes are mostly a single file's has only its shared sizes' files read (by
    /// the size index), and they are the same candidates, hard links folded alike, as when every
    /// file is read.
    @Test func theFilesOfSharedSizesAloneAreTheSameCandidatesAsEveryFile() throws {
        let f = try Fixture()
        let content = Self.bytes(50_000, seed: 21)
        f.directory.write("d/b.jpg", content)
        f.directory.write("d/c.jpg", content)
        f.directory.write("d/near.jpg", Self.bytes(50_000, seed: 22))
        #expect(link(f.directory.path + "/d/b.jpg", f.directory.path + "/d/a.jpg") == 0)
        try f.scan()
        func read() throws -> [[Int64]] { try HashCache.candidates(f.db).map { [$0.id, $0.size, $0.device, $0.inode] } }
        // Four files of one size, all of the library: every file is read.
        var sharing: Int64 = 0
        try f.db.forEachRow(HashCache.sharedSizesSQL) { sharing += $0.int64("files") }
        #expect(sharing == 4)
        let everyFile = try read()
        let linked = try f.id("d/a.jpg")
        #expect(everyFile.count == 3 && everyFile.map { $0[0] }.contains(linked))
        // Forty files of sizes of their own: the shared sizes' files are under an eighth of the library.
        for index in 0 ..< 40 { f.directory.write("u/\(index).jpg", Self.bytes(100 + index, seed: UInt64(index))) }
        try f.scan()
        let plan = try f.db.queryPlan("SELECT a.id FROM assets a WHERE a.size IN (SELECT value FROM json_each('[1]'))", []).joined(separator: "\n")
        #expect(plan.contains("assets_size"), "\(plan)")
        #expect(try read() == everyFile)
        try f.refresh()
        #expect(try f.groups() == [["d/a.jpg", "d/c.jpg"]])
    }

    @Test func aFileChangedSinceTheScanIsNotGrouped() throws {
        let f = try Fixture()
        let content = Self.bytes(50_000, seed: 4)
        f.directory.write("p.jpg", content)
        f.directory.write("q.jpg", content)
        try f.scan()
        usleep(10_000)
        f.directory.write("q.jpg", Self.bytes(50_000, seed: 5))   // not rescanned
        let report = try f.refresh()
        #expect(report.skipped == 1)
        #expect(try f.groups().isEmpty)
    }

    @Test func aFIFOIsNeverOpened() throws {
        let f = try Fixture()
        f.directory.write("a.jpg", Self.bytes(40_000, seed: 6))
        f.directory.write("b.jpg", Self.bytes(40_000, seed: 6))
        try f.scan()
        // b.jpg becomes a FIFO after the scan: the hasher must refuse it, not block on it.
        unlink(f.directory.path + "/b.jpg")
        #expect(mkfifo(f.directory.path + "/b.jpg", 0o644) == 0)
        #expect(try f.refresh().skipped == 1)
        #expect(try f.groups().isEmpty)
    }

    /// The groups of a refresh that hashed every file it needed are remembered, and given back
    /// while neither the assets nor the hash rows change (a remembered set that says otherwise
    /// shows it is the one given back); any change, or a memo that is not one, computes them anew.
    @Test func rememberedGroupsServeUntilTheIndexChanges() throws {
        let f = try Fixture()
        let content = Self.bytes(5000, seed: 1)
        f.directory.write("a.jpg", content)
        f.directory.write("b.jpg", content)
        f.directory.write("c.jpg", Self.bytes(5000, seed: 2))
        try f.scan()
        let groups = { try ExactGroups.candidates(f.db, root: f.library.root).map { $0.ids.sorted() } }
        let pair = [try f.id("a.jpg"), try f.id("b.jpg")].sorted()
        #expect(try groups() == [pair])
        let planted = [GroupCandidate(key: "planted", ids: [try f.id("c.jpg"), 999])]
        try f.db.execute("UPDATE cache_states SET memo = ? WHERE name = 'exact_groups'", [.blob(GroupCandidate.memo(planted))])
        #expect(try groups() == planted.map(\.ids))
        #expect(try ExactGroups.candidates(f.db).map { $0.ids.sorted() } == [pair], "without a root, the hash rows as they are")
        f.directory.write("d.jpg", content)
        try f.scan()
        #expect(try groups() == [(pair + [try f.id("d.jpg")]).sorted()], "a copy scanned")
        try f.db.execute("UPDATE cache_states SET memo = ? WHERE name = 'exact_groups'", [.blob(GroupCandidate.memo(planted))])
        try f.db.execute("DELETE FROM hashes")
        #expect(try groups() == [(pair + [try f.id("d.jpg")]).sorted()], "the hash rows deleted")
        try f.db.execute("UPDATE cache_states SET memo = ? WHERE name = 'exact_groups'", [.blob([1, 2, 3])])
        #expect(try groups() == [(pair + [try f.id("d.jpg")]).sorted()], "a memo that is not one")
        var reader = MemoReader(GroupCandidate.memo(planted))
        #expect(GroupCandidate.read(from: &reader) == planted && reader.isAtEnd)
        var empty = MemoReader([])
        #expect(GroupCandidate.read(from: &empty) == nil)
    }

    /// A file that could not be hashed is tried again by the next refresh: nothing is remembered.
    @Test func nothingIsRememberedWhileAFileCouldNotBeHashed() throws {
        let f = try Fixture()
        for name in ["p.jpg", "q.jpg", "r.jpg"] { f.directory.write(name, Self.bytes(30_000, seed: 6)) }
        try f.scan()
        try FileManager.default.removeItem(atPath: f.directory.path + "/r.jpg")   // gone since the scan
        let pair = try ["p.jpg", "q.jpg"].map(f.id).sorted()
        let remembered = { try f.db.scalar("SELECT count(*) FROM cache_states WHERE name = 'exact_groups'")?.int64 }
        #expect(try ExactGroups.candidates(f.db, root: f.library.root).map { $0.ids.sorted() } == [pair])
        #expect(try remembered() == 0)
        try f.scan()
        #expect(try ExactGroups.candidates(f.db, root: f.library.root).map { $0.ids.sorted() } == [pair])
        #expect(try remembered() == 1)
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CullKit

/// At commit a twin leaves only when its keeper is still there, unchanged and byte-identical;
/// undo brings back the hash rows with the assets.
@Suite struct GroupCommitTests {
    static let rules = "version: 1\nrules:\n  - name: d\n    match: {duplicate: true}\n    keep: shortest_path\n"

    /// Two copies, staged: `k.jpg` the keeper, `twin.jpg` staged.
    func stagedPair(_ name: String) throws -> Sandbox {
        let box = try Sandbox(name)
        let photo = GroupRuleTests.bytes(80_000, seed: 11)
        box.write("k.jpg", bytes: photo)
        box.write("twin.jpg", bytes: photo)
        #expect(try box.cull(["scan"]).status == 0)
        let stage = try box.cull(["stage", try box.rules("dup.yaml", Self.rules), "--ceiling", "100"])
        #expect(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
        #expect(try StagedSet.load(box.db).map { PathBytes.display($0.path) } == ["twin.jpg"])
        return box
    }

    @Test func aDeletedKeeperHoldsTheTwinBack() throws {
        let box = try stagedPair("groups-gone")
        _ = FileOps.unlink(box.root + Array("k.jpg".utf8))
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.stdout.contains("its keeper changed"), "\(commit.stdout)\(commit.stderr)")
        #expect(box.exists("twin.jpg") && box.trashEntries().isEmpty)
        // The receipt says what became of the row: the twin is unstaged, not "still staged".
        #expect(try StagedSet.load(box.db).isEmpty)
        #expect(commit.stdout.contains("skipped: 1 (left in place, unstaged)"), "\(commit.stdout)")
    }

    @Test func anEditedKeeperHoldsTheTwinBack() throws {
        let box = try stagedPair("groups-edit")
        var edited = GroupRuleTests.bytes(80_000, seed: 11)
        edited[40_000] ^= 1
        usleep(10_000)
        box.write("k.jpg", bytes: edited)
        let trash = try box.cull(["trash"])
        #expect(trash.stdout.contains("its keeper changed"), "\(trash.stdout)")
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.stdout.contains("its keeper changed"), "\(commit.stdout)\(commit.stderr)")
        #expect(box.exists("twin.jpg") && box.trashEntries().isEmpty)
    }

    /// The keeper's content changed with its size, mtime and ctime put back is out of reach; but an
    /// edit of the *twin* after staging must not let it go on its old hash either.
    @Test func anEditedTwinIsNotMovedOnItsOldHash() throws {
        let box = try stagedPair("groups-twin-edit")
        var edited = GroupRuleTests.bytes(80_000, seed: 11)
        edited[1] ^= 1
        usleep(10_000)
        box.write("twin.jpg", bytes: edited)
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status != 0, "\(commit.stdout)")
        #expect(box.exists("twin.jpg") && box.trashEntries().isEmpty)
    }

    /// A listing looks at identities only; the commit still compares the bytes. A hash row made to
    /// vouch for a twin whose content is not its keeper's (what an edit that kept size, mtime and
    /// ctime would leave) is the one case only the bytes catch.
    @Test func theListingChecksIdentitiesAndTheCommitTheBytes() throws {
        let box = try stagedPair("groups-listing-depth")
        var other = GroupRuleTests.bytes(80_000, seed: 11)
        other[40_000] ^= 1
        box.write("twin.jpg", bytes: other)
        let now = try #require(FileOps.lstat(box.root + Array("twin.jpg".utf8)).0)
        try box.db.execute("""
            UPDATE hashes SET device = ?, inode = ?, size = ?, mtime_ns = ?, ctime_ns = ?
            WHERE asset_id = (SELECT id FROM assets WHERE path = 'twin.jpg')
            """, [.integer(now.device), .integer(now.inode), .integer(now.size), .integer(now.mtimeNs), .integer(now.ctimeNs)])
        try box.db.execute("""
            UPDATE assets SET device = ?, inode = ?, size = ?, mtime_ns = ?, ctime_ns = ? WHERE path = 'twin.jpg'
            """, [.integer(now.device), .integer(now.inode), .integer(now.size), .integer(now.mtimeNs), .integer(now.ctimeNs)])
        let listing = try TrashListing(db: box.db)
        #expect(listing.heldBack.isEmpty, "\(listing.heldBack)")
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.stdout.contains("no longer has the same content"), "\(commit.stdout)\(commit.stderr)")
        #expect(box.exists("twin.jpg") && box.trashEntries().isEmpty)
    }

    @Test func undoRestoresTheHashRows() throws {
        let box = try stagedPair("groups-undo")
        let twin = try #require(try box.db.scalar("SELECT id FROM assets WHERE path = 'twin.jpg'")?.int64)
        func hashRow(_ id: Int64) throws -> [SQLValue] {
            var values: [SQLValue] = []
            try box.db.forEachRow("SELECT device, inode, size, mtime_ns, ctime_ns, partial, full FROM hashes WHERE asset_id = ?",
                                  [.integer(id)]) { row in values = row.values }
            return values
        }
        let before = try hashRow(twin)
        #expect(!before.isEmpty)
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        #expect(!box.exists("twin.jpg") && box.trashEntries().count == 1)
        #expect(try hashRow(twin).isEmpty)
        let undo = try box.cull(["undo"])
        #expect(undo.status == 0, "\(undo.stdout)\(undo.stderr)")
        #expect(box.exists("twin.jpg"))
        let restored = try #require(try box.db.scalar("SELECT id FROM assets WHERE path = 'twin.jpg'")?.int64)
        // The same row, but for the ctime the renames gave the file: it stays current.
        var after = try hashRow(restored)
        let now = try #require(FileOps.lstat(box.root + Array("twin.jpg".utf8)).0)
        #expect(after.count == 7 && after[4] == .integer(now.ctimeNs))
        if after.count == 7 { after[4] = before[4] }
        #expect(after == before)
    }

    /// Undo moves the twin back by rename, which gives it a new ctime: the rows it puts back must
    /// describe the file as it is now, or the next scan takes it for an edit and rehashes it.
    @Test func undoBringsBackRowsThatStayCurrent() throws {
        let box = try stagedPair("groups-undo-current")
        #expect(try box.cull(["commit", "--yes"]).status == 0)
        #expect(try box.cull(["undo"]).status == 0)
        #expect(box.exists("twin.jpg"))
        let scan = try box.cull(["scan"])
        #expect(scan.stdout.contains("changed 0"), "\(scan.stdout)")
        #expect(try HashCache(db: box.db, root: box.library.root).refresh() == HashCache.Report())
        let plan = try box.cull(["plan", try box.rules("dup.yaml", Self.rules), "--ceiling", "100"])
        #expect(plan.stdout.contains("1 duplicate group"), "\(plan.stdout)")
    }

    /// Three copies (a.jpg, bb.jpg, c/ccc.jpg); a rule over `c/**` stages c/ccc.jpg against the
    /// keeper a.jpg, which is then staged by hand. Returns the sandbox and the rule file.
    static func twinStagedThenItsKeeperByHand(_ name: String, seed: UInt8) throws -> (Sandbox, String) {
        let (box, rules) = try GroupInvariantTests.narrowTwinStaged(name, seed: seed)
        let byHand = try box.cull(["stage", "--path", "a.jpg"])
        #expect(byHand.status == 0, "\(byHand.stdout)\(byHand.stderr)")
        #expect(Set(try StagedSet.load(box.db).map { PathBytes.display($0.path) }) == ["a.jpg", "c/ccc.jpg"])
        return (box, rules)
    }

    /// A twin whose recorded keeper was staged afterwards (by hand) is not held back while another
    /// member is unstaged, present and byte-identical: the group picks its keeper among the
    /// unstaged members, and the plan and the commit agree on which.
    @Test func aKeeperStagedLaterIsReplacedByAnUnstagedCopyAtCommit() throws {
        let (box, rules) = try Self.twinStagedThenItsKeeperByHand("groups-keeper-staged", seed: 21)
        let plan = try box.cull(["plan", rules, "--ceiling", "100", "--format", "json"])
        #expect(plan.stdout.contains("\"keeper\":\"bb.jpg\"") || plan.stdout.contains("\"keeper\": \"bb.jpg\""), "\(plan.stdout)")
        let listing = try box.cull(["trash"])
        #expect(!listing.stdout.contains("staged too"), "\(listing.stdout)")
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        #expect(!commit.stdout.contains("staged too"), "\(commit.stdout)")
        #expect(!box.exists("a.jpg") && !box.exists("c/ccc.jpg") && box.exists("bb.jpg"))
    }

    /// With no unstaged copy left to stand in, the twin is held back (never the last copy).
    @Test func aKeeperStagedLaterWithNoOtherCopyHoldsTheTwinBack() throws {
        let (box, _) = try Self.twinStagedThenItsKeeperByHand("groups-keeper-staged-alone", seed: 22)
        // bb.jpg changes outside Cull: it is no copy any more, so nothing may stand in for a.jpg.
        usleep(10_000)
        box.write("bb.jpg", bytes: GroupRuleTests.bytes(60_000, seed: 23))
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.stdout.contains("staged too"), "\(commit.stdout)\(commit.stderr)")
        #expect(box.exists("c/ccc.jpg") && box.exists("bb.jpg"))
    }
}

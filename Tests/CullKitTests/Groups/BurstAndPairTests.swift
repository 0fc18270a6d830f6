import Foundation
import Testing
@testable import CullKit

/// Bursts and RAW+JPEG pairs on real files made with ImageMagick and ExifTool.
@Suite struct BurstAndPairTests {
    typealias Fixture = ImageGroupsTests.Fixture

    func groups(_ f: Fixture, _ spec: GroupSpec) throws -> [MediaGroup] { try GroupSet.load(f.db, specs: [spec]).groups }

    func paths(_ group: MediaGroup) -> [String] { group.members.map { PathBytes.display($0.path) } }

    /// Frames named so that path order is not burst order.
    @Test func fiveFramesInOneSecondAreABurstInSubSecondOrder() throws {
        let f = try Fixture()
        let names = ["e.jpg", "d.jpg", "c.jpg", "b.jpg", "a.jpg"]
        for (index, name) in names.enumerated() { try Tools.picture(name, seed: 10 + index, width: 32, height: 24, in: f.directory.path) }
        try Tools.picture("other-second.jpg", seed: 20, width: 32, height: 24, in: f.directory.path)
        var jobs = names.enumerated().map { index, name in
            ["-Make=Canon", "-Model=Canon EOS R5", "-DateTimeOriginal=2024:05:01 10:00:00", "-SubSecTimeOriginal=\((index + 1) * 100)", name]
        }
        jobs.append(["-Make=Canon", "-Model=Canon EOS R5", "-DateTimeOriginal=2024:05:01 10:00:01", "-SubSecTimeOriginal=100", "other-second.jpg"])
        try Tools.exiftool(jobs, in: f.directory.path)
        try f.scan()
        let bursts = try groups(f, .burst)
        try #require(bursts.count == 1)
        #expect(bursts[0].key == "Canon Canon EOS R5 2024-05-01T10:00:00")
        #expect(paths(bursts[0]) == ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"])
        let order = bursts[0].members.sorted { ($0.burstIndex ?? 99) < ($1.burstIndex ?? 99) }.map { PathBytes.display($0.path) }
        #expect(order == names)
        let first = KeeperRanking(keys: [.first], now: Int64.max).choose(bursts[0].members)
        let last = KeeperRanking(keys: [.last], now: Int64.max).choose(bursts[0].members)
        #expect(first.map { PathBytes.display($0.keeper.path) } == "e.jpg" && first?.decidedBy == "first")
        #expect(last.map { PathBytes.display($0.keeper.path) } == "a.jpg")
    }

    @Test func fiveFramesSharingAnXMPBurstIDAreABurst() throws {
        let f = try Fixture()
        let names = (1...5).map { "frame\($0).jpg" }
        for (index, name) in names.enumerated() { try Tools.picture(name, seed: 30 + index, width: 32, height: 24, in: f.directory.path) }
        try Tools.picture("alone.jpg", seed: 40, width: 32, height: 24, in: f.directory.path)
        // Frames a second apart, no SubSecTime: only the identifier ties them (GCamera and Camera prefixes).
        var jobs = names.enumerated().map { index, name in
            ["-XMP-GCamera:BurstID=7d2c9f0e-burst", "-DateTimeOriginal=2024:05:01 10:00:0\(index)", name]
        }
        jobs.append(["-XMP-GCamera:BurstID=another-burst", "alone.jpg"])
        try Tools.exiftool(jobs, in: f.directory.path)
        try f.scan()
        let bursts = try groups(f, .burst)
        #expect(bursts.map(paths) == [names])
        #expect(bursts.first?.key == "7d2c9f0e-burst")
    }

    @Test func theNewerCameraPrefixOfBurstIDIsRead() {
        let xmp = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:Camera="http://ns.google.com/photos/1.0/camera/" Camera:BurstID="abc-123"/>
            </rdf:RDF></x:xmpmeta>
            """
        #expect(XMPReader.parse(Array(xmp.utf8)[...]).burstID == "abc-123")
    }

    @Test func twoCamerasInTheSameSecondAreNotABurst() throws {
        let f = try Fixture()
        try Tools.picture("canon.jpg", seed: 50, width: 32, height: 24, in: f.directory.path)
        try Tools.picture("nikon.jpg", seed: 51, width: 32, height: 24, in: f.directory.path)
        try Tools.exiftool([
            ["-Make=Canon", "-Model=Canon EOS R5", "-DateTimeOriginal=2024:05:01 10:00:00", "-SubSecTimeOriginal=100", "canon.jpg"],
            ["-Make=NIKON CORPORATION", "-Model=NIKON Z 6", "-DateTimeOriginal=2024:05:01 10:00:00", "-SubSecTimeOriginal=200", "nikon.jpg"],
        ], in: f.directory.path)
        try f.scan()
        #expect(try f.db.scalar("SELECT count(*) FROM assets WHERE taken_subsec_us IS NOT NULL")?.int64 == 2)
        #expect(try groups(f, .burst).isEmpty)
    }

    /// A NEF is a TIFF whose Make is Nikon's: ImageMagick writes the TIFF, ExifTool the tags.
    func raw(_ name: String, seed: Int, taken: String?, in f: Fixture) throws {
        try Tools.run("convert", ["-seed", String(seed), "-size", "32x24", "plasma:fractal", "tiff:" + name], in: f.directory.path)
        try Tools.exiftool([["-Make=NIKON CORPORATION", "-Model=NIKON D850"] + (taken.map { ["-DateTimeOriginal=" + $0] } ?? []) + [name]],
                           in: f.directory.path)
    }

    func jpeg(_ name: String, seed: Int, taken: String?, in f: Fixture) throws {
        try Tools.picture(name, seed: seed, width: 32, height: 24, in: f.directory.path)
        if let taken { try Tools.exiftool([["-DateTimeOriginal=" + taken, name]], in: f.directory.path) }
    }

    @Test func aRawAndItsJPEGAreAPairAndASameStemShotAtAnotherTimeIsNot() throws {
        let f = try Fixture()
        try raw("DSC_0001.NEF", seed: 60, taken: "2024:05:01 10:00:00", in: f)
        try jpeg("dsc_0001.jpg", seed: 61, taken: "2024:05:01 10:00:00", in: f)
        // Same stem, another shot (a renumbered card): not a pair.
        try raw("DSC_0002.NEF", seed: 62, taken: "2024:05:01 11:00:00", in: f)
        try jpeg("DSC_0002.JPG", seed: 63, taken: "2023:01:01 09:00:00", in: f)
        // A RAW alone, and a JPEG of that stem in another folder.
        try raw("DSC_0003.NEF", seed: 64, taken: "2024:05:01 12:00:00", in: f)
        try FileManager.default.createDirectory(atPath: f.directory.path + "/export", withIntermediateDirectories: true)
        try jpeg("export/DSC_0003.jpg", seed: 65, taken: "2024:05:01 12:00:00", in: f)
        try f.scan()
        #expect(try f.db.scalar("SELECT count(*) FROM assets WHERE raw = 1")?.int64 == 3)
        #expect(try groups(f, .rawPair).map(paths) == [["DSC_0001.NEF", "dsc_0001.jpg"]])
        // The field tells the halves apart.
        let evaluator = try RuleEvaluator(database: f.db, clock: RunClock(now: 2_000_000_000, localOffset: 0))
        for (half, expected) in [("jpeg", "dsc_0001.jpg"), ("raw", "DSC_0001.NEF")] {
            let file = try validRuleFile("version: 1\nrules:\n  - name: p\n    match: {raw_pair: \(half)}\n")
            _ = try evaluator.loadGroups([file])
            let matched = try evaluator.evaluate([file])[0].matched
            #expect(try matched.map { try #require(f.db.scalar("SELECT path FROM assets WHERE id = ?", [.integer($0)])?.string) } == [expected])
        }
    }

    /// An index written before SubSecTime was read: the next scan reads unchanged files once more
    /// (their reviews stay), and the burst appears; the scan after reads nothing.
    @Test func theScanAfterTheMigrationReadsSubSecondsOfUnchangedFiles() throws {
        let f = try Fixture()
        for index in 1...2 { try Tools.picture("f\(index).jpg", seed: 70 + index, width: 32, height: 24, in: f.directory.path) }
        try Tools.exiftool((1...2).map { ["-Make=Canon", "-Model=Canon EOS R5", "-DateTimeOriginal=2024:05:01 10:00:00",
                                          "-SubSecTimeOriginal=\($0)00", "f\($0).jpg"] }, in: f.directory.path)
        try f.scan()
        #expect(try f.db.scalar("SELECT 1 FROM settings WHERE key = 'reread_metadata'") == nil)
        // As an older Cull left it, with f2 staged.
        try f.db.execute("UPDATE assets SET taken_subsec_us = NULL")
        try f.db.execute("INSERT INTO reviews (asset_id, status, at) SELECT id, 'trashed', 0 FROM assets WHERE path = 'f2.jpg'")
        try f.db.execute("INSERT INTO settings (key, value) VALUES ('reread_metadata', 1)")
        #expect(try groups(f, .burst).isEmpty)
        let summary = try Scanner(library: f.library).scan(f.db)
        #expect(summary.unchanged == 2 && summary.changed == 0)
        #expect(try groups(f, .burst).map(paths) == [["f1.jpg", "f2.jpg"]])
        #expect(try f.db.scalar("SELECT count(*) FROM reviews WHERE status = 'trashed'")?.int64 == 1)
        #expect(try f.db.scalar("SELECT 1 FROM settings WHERE key = 'reread_metadata'") == nil)
    }
}

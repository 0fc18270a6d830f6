import Testing
@testable import CullKit

/// What makes a camera original (``CameraOriginal``), and how `original` and `largest` rank it.
@Suite struct CameraOriginalTests {
    @Test(arguments: [
        ("Edited/IMG_0024.JPG", true), ("Edited/IMG_0024_export.png", true), ("DCIM/IMG_0024-edited.jpg", true),
        ("IMG_1 copy.JPG", true), ("Exports/2024/a.jpg", true), ("Photos/IMG_2 (Edited).HEIC", true), ("x/RESIZED/y.jpg", true),
        ("DCIM/Camera/IMG_0024.JPG", false), ("Credit cards/IMG_1.JPG", false), ("Exporter/a.jpg", false),
        ("editorial/b.jpg", false), ("copyright.jpg", false), ("Édité/c.jpg", false),
    ])
    func derivedWordsAreWholeWords(_ path: String, _ derived: Bool) {
        #expect(CameraOriginal.isDerivedPath(Array(path.utf8)) == derived)
    }

    @Test func anOriginalNeedsACameraADateACameraFormatAndAPlainPath() {
        let path = Array("DCIM/IMG_1.JPG".utf8)
        #expect(CameraOriginal.isOriginal(format: .jpeg, hasCamera: true, hasCaptureDate: true, path: path))
        #expect(CameraOriginal.isOriginal(format: .cr2, hasCamera: true, hasCaptureDate: true, path: path))
        #expect(CameraOriginal.isOriginal(format: .mov, hasCamera: true, hasCaptureDate: true, path: path))
        #expect(!CameraOriginal.isOriginal(format: .png, hasCamera: true, hasCaptureDate: true, path: path))
        #expect(!CameraOriginal.isOriginal(format: .webp, hasCamera: true, hasCaptureDate: true, path: path))
        #expect(!CameraOriginal.isOriginal(format: .jpeg, hasCamera: false, hasCaptureDate: true, path: path))
        #expect(!CameraOriginal.isOriginal(format: .jpeg, hasCamera: true, hasCaptureDate: false, path: path))
        #expect(!CameraOriginal.isOriginal(format: nil, hasCamera: true, hasCaptureDate: true, path: path))
        #expect(!CameraOriginal.isOriginal(format: .jpeg, hasCamera: true, hasCaptureDate: true, path: Array("Edited/IMG_1.JPG".utf8)))
    }

    static func member(_ id: Int64, _ path: String, size: Int64, original: Bool = false, reencoded: Bool = false) -> GroupMember {
        var member = GroupMember(id: id, path: Array(path.utf8), size: size, pixels: 100, taken: nil, favorite: false, rating: nil,
                                 metadataCount: 3)
        member.cameraOriginal = original
        member.reencoded = reencoded
        return member
    }

    @Test func originalRanksTheCameraFileFirstAndLargestSkipsReencodes() throws {
        let members = [Self.member(1, "Edited/a_export.png", size: 2_000_000, reencoded: true),
                       Self.member(2, "DCIM/a.JPG", size: 300_000, original: true),
                       Self.member(3, "Shared/a.jpg", size: 250_000)]
        let original = try #require(KeeperRanking(keys: [.original], now: 0).choose(members))
        #expect(original.keeper.id == 2 && original.decidedBy == "original")
        let largest = try #require(KeeperRanking(keys: [.largest], now: 0).choose(members))
        #expect(largest.keeper.id == 2 && largest.decidedBy == "largest")
        // Among re-encodes alone, size decides again.
        let reencodes = [Self.member(4, "a.png", size: 10, reencoded: true), Self.member(5, "b.png", size: 20, reencoded: true)]
        #expect(KeeperRanking(keys: [.largest], now: 0).choose(reencodes)?.keeper.id == 5)
        #expect(GroupSpec.similar(distance: 6).defaultRanking.first == .original)
    }
}

import Testing
@testable import CullKit

@Suite struct TrashSpecTests {
    @Test func percentEncodingRoundTripsAnyBytes() {
        let path: [UInt8] = Array("/a b/100%/x\n".utf8) + [0xFF, 0xFE]
        let encoded = FreeDesktopTrash.percentEncode(path)
        #expect(String(decoding: encoded, as: UTF8.self) == "/a%20b/100%25/x%0A%FF%FE")
        #expect(FreeDesktopTrash.percentDecode(encoded) == path)
    }

    @Test func infoFileFollowsTheSpec() {
        let home = TrashLocation(directory: Array("/h/Trash".utf8), topdir: nil)
        let text = String(decoding: FreeDesktopTrash.infoContents(originalPath: Array("/m/p q.jpg".utf8), location: home, date: 0), as: UTF8.self)
        #expect(text.hasPrefix("[Trash Info]\nPath=/m/p%20q.jpg\nDeletionDate="))
        let top = TrashLocation(directory: Array("/m/.Trash-0".utf8), topdir: Array("/m".utf8))
        let relative = FreeDesktopTrash.infoContents(originalPath: Array("/m/d/x.jpg".utf8), location: top, date: 0)
        #expect(String(decoding: relative, as: UTF8.self).contains("Path=d/x.jpg\n"))
        #expect(FreeDesktopTrash.originalPath(ofInfo: relative, location: top) == Array("/m/d/x.jpg".utf8))
    }

    @Test func namesAreUniqueAndFitNameMax() {
        var names = TrashNames(taken: [Array("a.jpg".utf8)])
        #expect(names.allocate(Array("a.jpg".utf8)) == Array("a.jpg.2".utf8))
        #expect(names.allocate(Array("a.jpg".utf8)) == Array("a.jpg.3".utf8))
        #expect(names.allocate(Array(repeating: 120, count: 250)).count <= 245)
    }

    @Test func escapingPathsAreRecognised() {
        #expect(PathBytes.escapes(Array("../x".utf8)))
        #expect(PathBytes.escapes(Array("/etc/passwd".utf8)))
        #expect(PathBytes.escapes(Array("a/../../x".utf8)))
        #expect(!PathBytes.escapes(Array("a/..b/x".utf8)))
    }
}

import Foundation
import Testing
@testable import CullKit

/// `FileReader.isUnchanged` (a stat, mostly) answers what `openUnchanged` (an open) does, in every
/// case a group member's presence meets: present, changed, replaced by a symlink or a FIFO, gone,
/// outside the library, unreadable by its mode.
@Suite struct FileReaderTests {
    let base: String

    init() throws {
        base = NSTemporaryDirectory() + "cull-reader-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base + "/lib/a", withIntermediateDirectories: true)
        for name in ["kept", "edited", "linked", "fifo", "gone", "locked"] {
            try "photo".write(toFile: base + "/lib/a/\(name).jpg", atomically: false, encoding: .utf8)
        }
    }

    @Test func statAnswersWhatTheOpenDoes() throws {
        let root = try #require(DirectoryHandle.open(Array((base + "/lib").utf8)).0)
        let folder = try #require(root.walk(Array("a".utf8)).0)
        var recorded: [String: IndexedIdentity] = [:]
        for name in ["kept", "edited", "linked", "fifo", "gone", "locked"] {
            let found = try #require(folder.stat(Array("\(name).jpg".utf8)).0)
            recorded[name] = IndexedIdentity(device: found.device, inode: found.inode, size: found.size,
                                             mtimeNs: found.mtimeNs, ctimeNs: found.ctimeNs)
        }
        try "edited photo".write(toFile: base + "/lib/a/edited.jpg", atomically: false, encoding: .utf8)
        try FileManager.default.moveItem(atPath: base + "/lib/a/linked.jpg", toPath: base + "/outside.jpg")
        try FileManager.default.createSymbolicLink(atPath: base + "/lib/a/linked.jpg", withDestinationPath: base + "/outside.jpg")
        try FileManager.default.removeItem(atPath: base + "/lib/a/fifo.jpg")
        #expect(mkfifo(base + "/lib/a/fifo.jpg", 0o644) == 0)
        try FileManager.default.removeItem(atPath: base + "/lib/a/gone.jpg")
        #expect(chmod(base + "/lib/a/locked.jpg", 0) == 0)
        let reader = FileReader(root: Array((base + "/lib").utf8))
        for (name, identity) in recorded {
            let path = Array("a/\(name).jpg".utf8)
            #expect(reader.isUnchanged(path, as: identity) == (reader.openUnchanged(path, as: identity) != nil), "\(name)")
        }
        #expect(reader.isUnchanged(Array("a/kept.jpg".utf8), as: recorded["kept"]!))
        #expect(!reader.isUnchanged(Array("a/edited.jpg".utf8), as: recorded["edited"]!))
        #expect(!reader.isUnchanged(Array("a/linked.jpg".utf8), as: recorded["linked"]!))
        #expect(!reader.isUnchanged(Array("a/../a/kept.jpg".utf8), as: recorded["kept"]!))
        #expect(!reader.isUnchanged(Array("a/gone.jpg".utf8), as: recorded["gone"]!))
    }
}

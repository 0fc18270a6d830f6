import Foundation
import Testing
@testable import CullKit

/// The POSIX layer on a real file system: walks refuse symlinks, moves never replace, reads never
/// open a FIFO.
@Suite struct DirectoryHandleTests {
    let base: String

    init() throws {
        base = NSTemporaryDirectory() + "cull-posix-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base + "/lib/a/b", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/outside", withIntermediateDirectories: true)
        try "photo".write(toFile: base + "/lib/a/b/x.jpg", atomically: false, encoding: .utf8)
    }

    private func bytes(_ path: String) -> [UInt8] { Array(path.utf8) }

    @Test func walkOpensEachComponentAndRefusesSymlinks() throws {
        let root = try #require(DirectoryHandle.open(bytes(base + "/lib")).0)
        let folder = try #require(root.walk(bytes("a/b")).0)
        #expect(folder.stat(bytes("x.jpg")).0?.isRegular == true)
        try FileManager.default.createSymbolicLink(atPath: base + "/lib/link", withDestinationPath: base + "/outside")
        let (through, code) = root.walk(bytes("link"))
        #expect(through == nil && (code == ELOOP || code == ENOTDIR), "walked through a symlink: \(code)")
        #expect(root.walk(bytes("a/../a")).0 == nil, "`..` is not a plain component")
        #expect(DirectoryHandle.open(bytes(base + "/lib/link")).0 == nil, "an anchor is never a symlink")
        #expect(DirectoryHandle.open(bytes(base + "/lib/link/")).0 == nil, "not even written with a trailing slash")
        #expect(DirectoryHandle.open(bytes(base + "/lib/a//")).0?.stat(bytes("b")).0?.isDirectory == true)
        #expect(root.walk(bytes("link/new"), creating: 0o755).0 == nil)
        #expect(!FileManager.default.fileExists(atPath: base + "/outside/new"))
        let made = try #require(root.walk(bytes("q/r"), creating: 0o755).0)
        #expect(made.identity()?.isDirectory == true)
    }

    /// A read that ends at the size `fstat` gave stops there; every length around the read
    /// buffer's (8 KiB) comes back whole, and a listing streamed by name stops when asked.
    @Test func readsWholeFilesAndStreamsNames() throws {
        let root = try #require(DirectoryHandle.open(bytes(base + "/lib")).0)
        for size in [0, 1, 103, 8191, 8192, 8193, 16384, 20000] {
            let contents = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            #expect(FileManager.default.createFile(atPath: base + "/lib/f\(size)", contents: Data(contents)))
            #expect(root.readRegularFile(bytes("f\(size)")).0 == contents, "size \(size)")
            #expect(FileOps.read(bytes(base + "/lib/f\(size)")) == contents, "size \(size)")
        }
        var seen: [[UInt8]] = []
        #expect(root.forEachName { seen.append($0); return seen.count < 3 })
        #expect(seen.count == 3 && Set(seen).count == 3 && !seen.contains(bytes(".")) && !seen.contains(bytes("..")))
        #expect(Set(root.list() ?? []).isSuperset(of: seen) && root.list()?.count == 9)
    }

    @Test func moveNeverReplaces() throws {
        let root = try #require(DirectoryHandle.open(bytes(base + "/lib")).0)
        let folder = try #require(root.walk(bytes("a/b")).0)
        try "other".write(toFile: base + "/lib/taken.jpg", atomically: false, encoding: .utf8)
        #expect(folder.move(bytes("x.jpg"), to: root, as: bytes("taken.jpg")) == EEXIST)
        #expect(try String(contentsOfFile: base + "/lib/taken.jpg", encoding: .utf8) == "other")
        #expect(folder.move(bytes("x.jpg"), to: root, as: bytes("free.jpg")) == 0)
        #expect(root.stat(bytes("free.jpg")).0?.size == 5)
        #expect(folder.stat(bytes("x.jpg")).1 == ENOENT)
    }

    @Test func readsOnlyRegularFiles() throws {
        let root = try #require(DirectoryHandle.open(bytes(base + "/lib")).0)
        #expect(mkfifo(base + "/lib/fifo", 0o600) == 0)
        #expect(root.readRegularFile(bytes("fifo")).1 == DirectoryHandle.notRegularFile)
        #expect(FileOps.read(bytes(base + "/lib/fifo")) == nil)
        #expect(root.readRegularFile(bytes("a/b/x.jpg")).0 == Array("photo".utf8))
        #expect(root.createExclusive(bytes("fifo"), contents: [1]) == EEXIST)
    }

    @Test func identityCarriesCtime() throws {
        let path = base + "/lib/a/b/x.jpg"
        let before = try #require(FileOps.lstat(bytes(path)).0)
        #expect(before.ctimeNs > 0)
        usleep(30_000)   // past the file system's timestamp granularity (jiffies on ext4)
        #expect(chmod(path, 0o600) == 0)
        let after = try #require(FileOps.lstat(bytes(path)).0)
        #expect(after.isSameFile(as: before) && after.mtimeNs == before.mtimeNs && after.ctimeNs != before.ctimeNs)
    }

    /// `FileReader.isUnchanged` (a stat, mostly) answers what `openUnchanged` (an open) does, in
    /// every case a group member's presence meets: present, edited, replaced by a symlink or a
    /// FIFO, gone, outside the library, unreadable by its mode.
    @Test func theReadersStatAnswersWhatItsOpenDoes() throws {
        let names = ["x", "edited", "linked", "fifo", "gone", "locked"]
        for name in names.dropFirst() { try "photo".write(toFile: base + "/lib/a/b/\(name).jpg", atomically: false, encoding: .utf8) }
        let folder = try #require(DirectoryHandle.open(bytes(base + "/lib/a/b")).0)
        var recorded: [String: IndexedIdentity] = [:]
        for name in names {
            let found = try #require(folder.stat(bytes("\(name).jpg")).0)
            recorded[name] = IndexedIdentity(device: found.device, inode: found.inode, size: found.size, mtimeNs: found.mtimeNs,
                                             ctimeNs: found.ctimeNs)
        }
        try "edited photo".write(toFile: base + "/lib/a/b/edited.jpg", atomically: false, encoding: .utf8)
        try FileManager.default.moveItem(atPath: base + "/lib/a/b/linked.jpg", toPath: base + "/outside/linked.jpg")
        try FileManager.default.createSymbolicLink(atPath: base + "/lib/a/b/linked.jpg", withDestinationPath: base + "/outside/linked.jpg")
        try FileManager.default.removeItem(atPath: base + "/lib/a/b/fifo.jpg")
        #expect(mkfifo(base + "/lib/a/b/fifo.jpg", 0o644) == 0)
        try FileManager.default.removeItem(atPath: base + "/lib/a/b/gone.jpg")
        #expect(chmod(base + "/lib/a/b/locked.jpg", 0) == 0)
        let reader = FileReader(root: bytes(base + "/lib"))
        for (name, identity) in recorded {
            let path = bytes("a/b/\(name).jpg")
            #expect(reader.isUnchanged(path, as: identity) == (reader.openUnchanged(path, as: identity) != nil), "\(name)")
        }
        #expect(reader.isUnchanged(bytes("a/b/x.jpg"), as: recorded["x"]!))
        #expect(!reader.isUnchanged(bytes("a/../a/b/x.jpg"), as: recorded["x"]!))
        for name in ["edited", "linked", "fifo", "gone"] { #expect(!reader.isUnchanged(bytes("a/b/\(name).jpg"), as: recorded[name]!), "\(name)") }
    }
}

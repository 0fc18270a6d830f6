import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CullKit

/// `cull init` makes a library whole or not at all: a full disk leaves no `.cull/` behind that
/// every later command (and `cull init` itself) would take for a damaged index.
@Suite struct InitTests {
    /// Runs a command, returning its exit status.
    static func run(_ arguments: [String]) -> Int32 {
        (try? Subprocess.run(arguments, environment: ProcessInfo.processInfo.environment).status) ?? -1
    }

    @Test(.enabled(if: TopdirTrashTests.canMount, "needs mount rights (root, as in CI)"))
    func aFullDiskLeavesNoHalfMadeLibrary() throws {
        let box = try Sandbox("init-full")
        let mount = box.base + "/small"
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        try #require(Self.run(["/bin/mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", mount]) == 0, "cannot mount a small tmpfs")
        defer { _ = Self.run(["/bin/umount", mount]) }
        let root = mount + "/photos"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        #expect(Self.run(["/bin/dd", "if=/dev/zero", "of=\(mount)/fill", "bs=1k", "count=4000", "status=none"]) == 0)

        let full = try Subprocess.run([Subprocess.cullBinary, "init", root], environment: box.environment)
        #expect(full.status == 6, "\(full.stdout)\(full.stderr)")
        #expect(full.stderr.contains("the disk is full") && full.stderr.contains("nothing was left behind"), "\(full.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty, "a failed init leaves nothing")
        let status = try Subprocess.run([Subprocess.cullBinary, "status", "--library", root], environment: box.environment)
        #expect(status.stderr.contains("not a Cull library"), "\(status.stderr)")

        try FileManager.default.removeItem(atPath: mount + "/fill")
        let again = try Subprocess.run([Subprocess.cullBinary, "init", root], environment: box.environment)
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        let works = try Subprocess.run([Subprocess.cullBinary, "status", "--library", root], environment: box.environment)
        #expect(works.status == 0 && works.stdout.contains("assets:"), "\(works.stdout)\(works.stderr)")
    }

    /// What an older Cull's cut-short init left (an empty index): the hint says how to start
    /// again without claiming that keeps and undo history were lost.
    @Test func anEmptyIndexHintDoesNotClaimALoss() throws {
        let box = try Sandbox("init-empty")
        let root = box.base + "/old"
        try FileManager.default.createDirectory(atPath: root + "/.cull", withIntermediateDirectories: true)
        for name in ["index.sqlite", "lock"] { _ = FileManager.default.createFile(atPath: root + "/.cull/" + name, contents: Data()) }
        let status = try Subprocess.run([Subprocess.cullBinary, "status", "--library", root], environment: box.environment)
        #expect(status.status == 6)
        #expect(status.stderr.contains("cut short") && !status.stderr.contains("are lost"), "\(status.stderr)")
    }
}

import Foundation
import Testing
@testable import CullKit

/// A library on another file system than the home trash (an external drive): the commit uses the
/// drive's own `$topdir/.Trash-$uid`, as the FreeDesktop spec says, and trash-cli reads it.
///
/// The drive is a tmpfs mounted in a private mount namespace (`unshare --mount`), so nothing
/// outside the sandbox sees it; everything that needs the mount runs inside that namespace.
@Suite struct TopdirTrashTests {
    static let canMount: Bool = {
        guard let result = try? Subprocess.run(
            ["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", "mount -t tmpfs none /mnt"],
            environment: ProcessInfo.processInfo.environment) else { return false }
        return result.status == 0
    }()

    @Test(.enabled(if: canMount, "skipped: needs `unshare --mount` and mount rights (root, as in CI)"))
    func commitToTheDrivesOwnTrash() throws {
        let box = try Sandbox("topdir")
        let drive = box.base + "/drive"
        try FileManager.default.createDirectory(atPath: drive, withIntermediateDirectories: true)
        let rules = box.base + "/album.yaml"
        try "version: 1\nrules:\n  - name: album\n    match: {path: \"album/**\"}\n".write(toFile: rules, atomically: true, encoding: .utf8)
        let script = """
            set -e
            mount -t tmpfs none "$DRIVE"
            mkdir -p "$DRIVE/Photos/album" "$DRIVE/Photos/other"
            printf one > "$DRIVE/Photos/album/a.jpg"
            printf two > "$DRIVE/Photos/album/b 100%.jpg"
            printf three > "$DRIVE/Photos/other/c.jpg"
            "$CULL" init "$DRIVE/Photos" >/dev/null
            cd "$DRIVE/Photos"
            "$CULL" scan >/dev/null
            "$CULL" stage "$RULES" --ceiling 100 >/dev/null
            "$CULL" commit --yes
            echo "== files"; ls "$DRIVE/.Trash-$(id -u)/files"
            echo "== info"; cat "$DRIVE/.Trash-$(id -u)/info/a.jpg.trashinfo"
            echo "== home trash"; ls "$XDG_DATA_HOME/Trash/files" 2>/dev/null || true
            echo "== trash-list"; trash-list
            echo "== undo"; "$CULL" undo
            echo "== album"; ls album
            echo "== left"; ls -A "$DRIVE/.Trash-$(id -u)/files"
            """
        var environment = box.environment
        environment["DRIVE"] = drive
        environment["CULL"] = Subprocess.cullBinary
        environment["RULES"] = rules
        environment["CULL_LIBRARY"] = nil
        let result = try Subprocess.run(["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", script],
                                        environment: environment)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        var sections: [String: [Substring]] = [:]
        var current = ""
        for line in result.stdout.split(separator: "\n") {
            if line.hasPrefix("== ") { current = String(line.dropFirst(3)); sections[current] = [] } else { sections[current, default: []].append(line) }
        }
        func section(_ name: String) -> [Substring] { sections[name] ?? [] }
        #expect(result.stdout.contains("moved 2 files to the trash"), "\(result.stdout)")
        // The receipt says which trash: the drive's own, not the home trash.
        #expect(result.stdout.contains("in the trash at \(drive)/.Trash-\(getuid()) ('trash-list'"), "\(result.stdout)")
        #expect(Set(section("files")) == ["a.jpg", "b 100%.jpg"])
        // In a top-directory trash, Path= is relative to the top directory.
        #expect(section("info").contains("Path=Photos/album/a.jpg"), "\(section("info"))")
        #expect(section("home trash").isEmpty)
        let listed = section("trash-list").joined(separator: "\n")
        #expect(listed.contains(drive + "/Photos/album/a.jpg") && listed.contains(drive + "/Photos/album/b 100%.jpg"), "\(listed)")
        #expect(section("undo").first?.contains("put back 2 files") == true, "\(section("undo"))")
        #expect(Set(section("album")) == ["a.jpg", "b 100%.jpg"])
        #expect(section("left").isEmpty)
    }
}

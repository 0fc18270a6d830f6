import Foundation
import Testing
@testable import CullKit

/// The race suite: each test opens a race window for real (the `CULL_TEST_PAUSE` hook holds a
/// `cull commit` at a named point while the test changes the world) and checks that nothing
/// outside the staged set moves, nothing is overwritten and nothing is lost (issue 9).
@Suite struct RaceTests {
    /// Runs `cull ARGUMENTS` until it reaches `point`, runs `meanwhile`, lets it go on, and returns its result.
    static func paused(_ box: Sandbox, at point: String, _ arguments: [String], extra: [String: String] = [:],
                       meanwhile: () throws -> Void) throws -> Subprocess.Result {
        let directory = box.base + "/pause"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let name = String(point.split(separator: ":")[0])
        var environment = box.environment.merging(extra) { $1 }
        environment["CULL_TEST_PAUSE"] = point
        environment["CULL_TEST_PAUSE_DIR"] = directory
        let running = try Subprocess.start([Subprocess.cullBinary] + arguments, environment: environment, directory: box.library.root)
        var reached = false
        while running.process.isRunning {
            if FileManager.default.fileExists(atPath: "\(directory)/\(name).reached") { reached = true; break }
            usleep(2000)
        }
        if reached { try meanwhile() }
        _ = FileManager.default.createFile(atPath: "\(directory)/\(name).go", contents: nil)
        let out = running.stdout.fileHandleForReading.readDataToEndOfFile()
        let err = running.stderr.fileHandleForReading.readDataToEndOfFile()
        running.process.waitUntilExit()
        #expect(reached, "the commit never reached \(point)")
        return Subprocess.Result(status: running.process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                                 stderr: String(decoding: err, as: UTF8.self))
    }

    static func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// The contents of every file in a folder (one level).
    static func contentsOfFolder(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).compactMap { contents(path + "/" + $0) }.sorted()
    }

    /// Item 1: trash-cli (or gio) reserves `info/NAME.trashinfo` with O_EXCL, empty, then renames its
    /// file to `files/NAME`. A fresh commit that finds the reservation must take another name.
    @Test func anotherProgramsReservationIsNotTakenOver() throws {
        let box = try Sandbox("race-reserve")
        try box.stageFiles([Array("f001/IMG_00005.JPG".utf8), Array("f001/IMG_00006.JPG".utf8)])
        let info = box.trash + "/info/IMG_00005.JPG.trashinfo"
        let result = try Self.paused(box, at: "journaled", ["commit", "--yes"]) {
            let fd = open(info, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            #expect(fd >= 0, "could not reserve like trash-cli: \(errno)")
            close(fd)
        }
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // The other program finishes as trash-cli does: it writes its info and renames (replacing) into files/.
        try "[Trash Info]\nPath=\(box.base)/document.txt\nDeletionDate=2026-01-01T00:00:00\n"
            .write(toFile: info, atomically: false, encoding: .utf8)
        try "the other program's document".write(toFile: box.base + "/document.txt", atomically: false, encoding: .utf8)
        #expect(rename(box.base + "/document.txt", box.trash + "/files/IMG_00005.JPG") == 0)
        let inTrash = Self.contentsOfFolder(box.trash + "/files")
        #expect(inTrash.contains("content of f001/IMG_00005.JPG"), "the photo was overwritten: \(inTrash)")
        #expect(inTrash.contains("content of f001/IMG_00006.JPG"))
        let listed = try Subprocess.run(["/usr/bin/env", "trash-list"], environment: box.environment)
        #expect(listed.stdout.contains(box.library.root + "/f001/IMG_00005.JPG"), "\(listed.stdout)")
        #expect(listed.stdout.contains(box.base + "/document.txt"), "\(listed.stdout)")
        #expect(box.trashEntries().count == 3)
    }

    /// Item 3: the photo's folder is swapped for a symlink to an outside folder between the checks
    /// and the rename. Nothing outside the library may move.
    @Test func folderSwappedForSymlinkBeforeTheRename() throws {
        let box = try Sandbox("race-folder")
        try box.stageFiles([Array("f001/IMG_00005.JPG".utf8), Array("f002/IMG_00007.JPG".utf8)])
        let outside = box.base + "/outside/victim"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try "nobody staged me".write(toFile: outside + "/IMG_00005.JPG", atomically: false, encoding: .utf8)
        try "nobody staged me either".write(toFile: outside + "/IMG_00007.JPG", atomically: false, encoding: .utf8)
        let lib = box.library.root
        let result = try Self.paused(box, at: "before-move", ["commit", "--yes"]) {
            #expect(rename(lib + "/f001", box.base + "/moved-away") == 0)
            #expect(symlink(outside, lib + "/f001") == 0)
            #expect(rename(lib + "/f002", lib + "/f002-real") == 0)
            #expect(symlink(outside, lib + "/f002") == 0)
        }
        #expect(Self.contents(outside + "/IMG_00005.JPG") == "nobody staged me", "\(result.stdout)\(result.stderr)")
        #expect(Self.contents(outside + "/IMG_00007.JPG") == "nobody staged me either", "\(result.stdout)")
        let inTrash = Self.contentsOfFolder(box.trash + "/files")
        #expect(!inTrash.contains { $0.hasPrefix("nobody") }, "\(inTrash)")
        // f002 was swapped before its walk: it is refused, not followed.
        #expect(Self.contents(lib + "/f002-real/IMG_00007.JPG") == "content of f002/IMG_00007.JPG")
        #expect(result.stdout.contains("f002/IMG_00007.JPG"), "\(result.stdout)")
    }

    /// Item 3, the file itself: another file renamed over the photo's name between the check and
    /// the rename is moved back, not trashed (what arrived is checked by device and inode); with
    /// `--permanently`, not deleted.
    @Test func fileSwappedBeforeTheRenameIsPutBack() throws {
        for mode in [["--yes"], ["--yes", "--permanently"]] {
            let box = try Sandbox("race-file")
            try box.stageFiles([Array("f/a.jpg".utf8), Array("f/b.jpg".utf8)])
            let lib = box.library.root
            try "an unrelated file".write(toFile: lib + "/f/other.txt", atomically: false, encoding: .utf8)
            let result = try Self.paused(box, at: "before-move", ["commit"] + mode) {
                #expect(rename(lib + "/f/a.jpg", lib + "/f/a-kept.jpg") == 0)
                #expect(rename(lib + "/f/other.txt", lib + "/f/a.jpg") == 0)
            }
            #expect(result.status == 3, "\(mode): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("f/a.jpg: replaced while it was being"), "\(result.stdout)")
            #expect(Self.contents(lib + "/f/a.jpg") == "an unrelated file", "\(mode): the swapped-in file was taken")
            #expect(!box.exists("f/b.jpg"))
            if mode.count == 1 { #expect(box.trashEntries().count == 1) }
        }
    }

    /// Issue 8 item 1, the race: `IMG_9001.JPG` and `IMG_9001.PNG` share `IMG_9001.xmp` and are both
    /// staged, so the sidecar travels (journaled with the last of them, the PNG); the JPG is edited
    /// after the journal is written, so the commit skips it. The sidecar must stay with the JPG, in
    /// either mode, although the PNG moves.
    @Test(arguments: [["commit", "--yes"], ["commit", "--yes", "--permanently"]])
    func aSharedSidecarStaysWhenAnOwnerIsSkippedAtTheMove(arguments: [String]) throws {
        let box = try Sandbox("race-shared")
        box.write("Pair/IMG_9001.xmp", "<x:xmpmeta xmp:Rating=\"5\"/>")
        try box.stageFiles([Array("Pair/IMG_9001.JPG".utf8), Array("Pair/IMG_9001.PNG".utf8)])
        let result = try Self.paused(box, at: "journaled", arguments) {
            let handle = try #require(FileHandle(forWritingAtPath: box.library.root + "/Pair/IMG_9001.JPG"))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("edited".utf8))
            try handle.close()
        }
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(!box.exists("Pair/IMG_9001.PNG"))
        #expect(box.exists("Pair/IMG_9001.JPG") && box.exists("Pair/IMG_9001.xmp"), "\(result.stdout)")
    }

    /// `--permanently` killed between renaming a file aside and unlinking it: recovery finishes the
    /// deletion and leaves no hidden file in the library.
    @Test func permanentDeleteKilledMidwayIsFinished() throws {
        let box = try Sandbox("race-perm-kill")
        try box.stageFiles([Array("f/a.jpg".utf8), Array("f/b.jpg".utf8)])
        let killed = try box.cull(["commit", "--yes", "--permanently"], extra: ["CULL_TEST_CRASH_AFTER": "1"])
        #expect(killed.status != 0)
        let hidden = try FileManager.default.contentsOfDirectory(atPath: box.library.root + "/f").filter { $0.hasPrefix(".cull-") }
        #expect(hidden.count == 1, "\(hidden)")
        #expect(try box.cull(["scan"]).status == 0)   // a writing command rolls the batch forward
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.library.root + "/f").isEmpty)
        #expect(try box.db.scalar("SELECT count(*) FROM commit_items WHERE state = 'moved'")?.int64 == 2)
    }

    /// The no-replace fallback links the new name, then unlinks the old one; killed in between, the
    /// file has both names. Rolling forward removes the library's name, so the file is only in the trash.
    @Test func linkFallbackKilledBetweenLinkAndUnlinkIsFinished() throws {
        let box = try Sandbox("race-link")
        try box.stageFiles([Array("f/a.jpg".utf8)])
        #expect(try box.cull(["commit", "--yes"], extra: ["CULL_TEST_CRASH_AFTER": "0"]).status != 0)
        let destination = try #require(try Journal.items(box.db, commit: 1).first?.destination)
        #expect(link(box.library.root + "/f/a.jpg", String(decoding: destination, as: UTF8.self)) == 0)
        #expect(try box.cull(["scan"]).status == 0)
        #expect(!box.exists("f/a.jpg"), "the file is in the library and in the trash")
        #expect(box.trashEntries().map(\.original) == [box.root + Array("f/a.jpg".utf8)])
    }

    /// Item 4: `Trash/files` (and `Trash/info`) swapped for symlinks mid-commit send nothing outside.
    @Test func trashFolderSwappedForSymlinkMidCommit() throws {
        let box = try Sandbox("race-trash")
        let paths = (1...6).map { Array("f/IMG_\($0).JPG".utf8) }
        try box.stageFiles(paths)
        // The trash exists before the commit, as it does on any desktop.
        for folder in ["files", "info"] { try FileManager.default.createDirectory(atPath: box.trash + "/" + folder, withIntermediateDirectories: true) }
        let evil = box.base + "/outside/evil"
        try FileManager.default.createDirectory(atPath: evil + "/files", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: evil + "/info", withIntermediateDirectories: true)
        let result = try Self.paused(box, at: "before-move:3", ["commit", "--yes"]) {
            for folder in ["files", "info"] {
                #expect(rename(box.trash + "/" + folder, box.trash + "/" + folder + ".old") == 0)
                #expect(symlink(evil + "/" + folder, box.trash + "/" + folder) == 0)
            }
        }
        #expect(Self.contentsOfFolder(evil + "/files").isEmpty, "\(result.stdout)\(result.stderr)")
        #expect(Self.contentsOfFolder(evil + "/info").isEmpty)
        // Every photo is exactly once: in the library or in the trash folder the commit held.
        for path in paths {
            let here = box.exists(path)
            let there = Self.contentsOfFolder(box.trash + "/files.old").contains("content of " + PathBytes.display(path))
            #expect(here != there, "\(PathBytes.display(path)): here \(here), in the trash \(there)")
        }
    }

    /// Item 4 within a chunk: the trash is checked once a chunk, so `Trash/files` replaced by a real
    /// folder after the chunk's first moves must still show. The files already moved stay in the
    /// folder the commit held, with their `.trashinfo`; every later one is moved back into the
    /// library, its `.trashinfo` removed, and reported; nothing lands in the new `files/`.
    @Test func trashFilesFolderReplacedMidChunk() throws {
        let box = try Sandbox("race-trash-chunk")
        let paths = (1...6).map { Array("f/IMG_\($0).JPG".utf8) }
        try box.stageFiles(paths)
        for folder in ["files", "info"] { try FileManager.default.createDirectory(atPath: box.trash + "/" + folder, withIntermediateDirectories: true) }
        // One chunk for all six, whatever the default: the pause is inside it, after the chunk's check.
        let result = try Self.paused(box, at: "before-move:3", ["commit", "--yes"], extra: ["CULL_COMMIT_CHUNK": "6"]) {
            #expect(rename(box.trash + "/files", box.trash + "/files.old") == 0)
            #expect(mkdir(box.trash + "/files", 0o700) == 0)
        }
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(Self.contentsOfFolder(box.trash + "/files").isEmpty, "\(result.stdout)")
        let held = Self.contentsOfFolder(box.trash + "/files.old")
        let stayed = paths.filter { box.exists($0) }
        #expect(held.count == 2 && stayed.count == 4, "held \(held), stayed \(stayed.map(PathBytes.display))")
        for path in paths {
            let there = held.contains("content of " + PathBytes.display(path))
            #expect(box.exists(path) != there, "\(PathBytes.display(path)) is in both places or neither")
        }
        let replaced = result.stdout.components(separatedBy: "the trash folder was replaced during the commit").count - 1
        #expect(replaced == 4, "\(result.stdout)")
        // Only the two held files keep a .trashinfo.
        let infos = try FileManager.default.contentsOfDirectory(atPath: box.trash + "/info").filter { $0.hasSuffix(".trashinfo") }
        #expect(infos.count == 2, "\(infos)")
        #expect(try box.db.scalar("SELECT count(*) FROM commit_items WHERE state = 'moved'")?.int64 == 2)
    }

    /// Item 2: an in-place edit that keeps size and nanosecond mtime (`touch -r`) is a change: a
    /// rescan re-reads it (and unstages it), and a commit that did not rescan skips it.
    @Test func editKeepingSizeAndMtimeIsDetected() throws {
        for mode in [["--yes"], ["--yes", "--permanently"]] {
            let box = try Sandbox("race-ctime")
            try Self.scanAndStage(box, ["album/a.jpg": "original", "album/b.jpg": "other"])
            let path = box.library.root + "/album/a.jpg"
            let result = try Self.paused(box, at: "journaled", ["commit"] + mode) {
                try Self.editKeepingStamp(path, "modified")
            }
            #expect(result.status == 3, "\(mode): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("album/a.jpg: changed since staging (ctime)"), "\(result.stdout)")
            #expect(Self.contents(path) == "modified")
            #expect(!box.exists("album/b.jpg"))
        }
    }

    @Test func rescanUnstagesAnEditKeepingSizeAndMtime() throws {
        let box = try Sandbox("race-rescan")
        try Self.scanAndStage(box, ["album/a.jpg": "original", "album/b.jpg": "other"])
        try Self.editKeepingStamp(box.library.root + "/album/a.jpg", "modified")
        #expect(try box.cull(["scan"]).status == 0)
        let staged = try box.cull(["trash", "--format", "paths"])
        #expect(!staged.stdout.contains("album/a.jpg") && staged.stdout.contains("album/b.jpg"), "\(staged.stdout)")
    }

    static func scanAndStage(_ box: Sandbox, _ files: [String: String]) throws {
        for (path, contents) in files { box.write(path, contents) }
        let rules = box.base + "/album.yaml"
        try "version: 1\nrules:\n  - name: album\n    match: {path: \"album/**\"}\n".write(toFile: rules, atomically: true, encoding: .utf8)
        #expect(try box.cull(["scan"]).status == 0)
        let staged = try box.cull(["stage", rules, "--ceiling", "100"])
        #expect(staged.status == 0, "\(staged.stdout)\(staged.stderr)")
    }

    /// Rewrites a file with same-size contents and puts its mtime back, as `touch -r` does.
    static func editKeepingStamp(_ path: String, _ contents: String) throws {
        let reference = path + ".ref"
        #expect(try Subprocess.run(["/usr/bin/touch", "-r", path, reference], environment: [:]).status == 0)
        usleep(20_000)   // past the timestamp granularity, so the ctime can differ at all
        let fd = open(path, O_WRONLY | O_TRUNC)
        #expect(fd >= 0)
        _ = contents.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        #expect(try Subprocess.run(["/usr/bin/touch", "-r", reference, path], environment: [:]).status == 0)
        unlink(reference)
    }

    /// Item 7: `--to` the library, a folder inside it, or one of its ancestors is refused, and a
    /// refused `--to` creates no folders.
    @Test func quarantineMustLieOutsideTheLibraryAndItsAncestors() throws {
        let box = try Sandbox("race-to")
        try box.stageFiles([Array("f/a.jpg".utf8)])
        let lib = box.library.root
        for target in [box.base, lib, lib + "/f", lib + "/new/deeper", box.base + "/../" + URL(fileURLWithPath: box.base).lastPathComponent] {
            let result = try box.cull(["commit", "--yes", "--to", target])
            #expect(result.status == 2, "--to \(target): \(result.stdout)\(result.stderr)")
            #expect(box.exists("f/a.jpg"), "--to \(target) moved the file")
        }
        #expect(!FileManager.default.fileExists(atPath: lib + "/new"), "a refused --to created folders")
        // A bind-like alias of an ancestor (a symlink to it) is refused too.
        #expect(symlink(box.base, box.base + "/../alias-\(getpid())") == 0)
        defer { unlink(box.base + "/../alias-\(getpid())") }
        let alias = try box.cull(["commit", "--yes", "--to", box.base + "/../alias-\(getpid())"])
        #expect(alias.status == 2 && box.exists("f/a.jpg"), "\(alias.stdout)\(alias.stderr)")
        let fine = try box.cull(["commit", "--yes", "--to", box.base + "/quarantine"])
        #expect(fine.status == 0 && Self.contents(box.base + "/quarantine/f/a.jpg") == "content of f/a.jpg", "\(fine.stderr)")
    }

    /// Item 3 for `--to`: a quarantine subfolder swapped for a symlink just before the rename is not
    /// followed (the folder is held by descriptor), nor is one that was a symlink from the start.
    @Test func quarantineFolderSwappedForSymlinkIsNotFollowed() throws {
        let box = try Sandbox("race-qlink")
        try box.stageFiles([Array("f/a.jpg".utf8), Array("g/b.jpg".utf8), Array("h/c.jpg".utf8)])
        let quarantine = box.base + "/quarantine"
        let outside = box.base + "/outside"
        for folder in [quarantine + "/g", outside] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        #expect(symlink(outside, quarantine + "/h") == 0)
        let result = try Self.paused(box, at: "before-move:2", ["commit", "--yes", "--to", quarantine]) {
            #expect(rename(quarantine + "/g", quarantine + "/g-real") == 0)
            #expect(symlink(outside, quarantine + "/g") == 0)
        }
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(Self.contentsOfFolder(outside).isEmpty, "\(result.stdout)")
        #expect(box.exists("h/c.jpg") && result.stdout.contains("h/c.jpg"), "\(result.stdout)")
        #expect(Self.contents(quarantine + "/f/a.jpg") == "content of f/a.jpg")
        #expect(box.exists("g/b.jpg") != (Self.contents(quarantine + "/g-real/b.jpg") == "content of g/b.jpg"))
    }

    /// Item 15: a FIFO at a journaled `.trashinfo` name hangs no command (recovery never opens it).
    /// `scan` is a writing command, so it rolls the crashed commit forward.
    @Test func fifoAtAJournaledInfoNameDoesNotHang() throws {
        let box = try Sandbox("race-fifo")
        try box.stageFiles([Array("f/a.jpg".utf8), Array("f/b.jpg".utf8)])
        let killed = try box.cull(["commit", "--yes"], extra: ["CULL_TEST_CRASH_AFTER": "0"])
        #expect(killed.status != 0)
        #expect(mkfifo(box.trash + "/info/a.jpg.trashinfo", 0o600) == 0)
        let next = try Subprocess.run(["/usr/bin/timeout", "-s", "KILL", "30", Subprocess.cullBinary, "scan"], environment: box.environment,
                                      directory: box.library.root)
        #expect(next.status == 0, "recovery hung or failed (137 = killed by the hang guard): \(next.status) \(next.stderr)")
        #expect(!box.exists("f/a.jpg") && !box.exists("f/b.jpg"))
        let files = try FileManager.default.contentsOfDirectory(atPath: box.trash + "/files")
        #expect(files.count == 2 && !files.contains("a.jpg"), "\(files)")
        var info = stat()
        #expect(lstat(box.trash + "/info/a.jpg.trashinfo", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is not ours to remove")
    }
    /// Item 11: the disk fills up after the journal is written, so every `.trashinfo` write fails
    /// with ENOSPC. No empty or partial info file may be left (trash-list would report parse
    /// errors and later commits would take `NAME.2`), and once there is space again the batch
    /// finishes with every photo exactly once. Runs on a 2 MB tmpfs in a private mount namespace.
    @Test(.enabled(if: TopdirTrashTests.canMount, "skipped: needs `unshare --mount` and mount rights (root, as in CI)"))
    func fullDiskWhileWritingTrashInfoLeavesNoEmptyInfo() throws {
        let box = try Sandbox("race-enospc")
        let drive = box.base + "/drive"
        let pause = box.base + "/pause"
        for folder in [drive, pause] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let rules = box.base + "/album.yaml"
        try "version: 1\nrules:\n  - name: album\n    match: {path: \"album/**\"}\n".write(toFile: rules, atomically: true, encoding: .utf8)
        let script = """
            set -e
            mount -t tmpfs -o size=2m none "$DRIVE"
            mkdir -p "$DRIVE/Photos/album"
            for i in $(seq 1 100); do printf "photo $i" > "$DRIVE/Photos/album/IMG_$i.jpg"; done
            "$CULL" init "$DRIVE/Photos" >/dev/null
            cd "$DRIVE/Photos"
            "$CULL" scan >/dev/null
            "$CULL" stage "$RULES" --ceiling 100 >/dev/null
            TRASH="$DRIVE/.Trash-$(id -u)"
            mkdir -m 700 -p "$TRASH/files" "$TRASH/info"
            CULL_TEST_PAUSE=journaled CULL_TEST_PAUSE_DIR="$PAUSE" "$CULL" commit --yes > "$PAUSE/out" 2>&1 &
            pid=$!
            while [ ! -e "$PAUSE/journaled.reached" ] && kill -0 $pid 2>/dev/null; do sleep 0.01; done
            dd if=/dev/zero of="$DRIVE/fill" bs=4k 2>/dev/null || true
            touch "$PAUSE/journaled.go"
            set +e; wait $pid; echo "== status $?"; set -e
            echo "== empty"; find "$TRASH/info" -type f -empty
            rm "$DRIVE/fill"
            "$CULL" scan >/dev/null
            echo "== empty after"; find "$TRASH/info" -type f -empty
            echo "== stray"; ls -A "$TRASH/info" | grep -v '[.]trashinfo$' || true
            echo "== trash-list"; trash-list 2>&1
            echo "== counts"; ls album | wc -l; ls "$TRASH/files" | wc -l; ls "$TRASH/info" | wc -l
            """
        var environment = box.environment
        environment["DRIVE"] = drive
        environment["PAUSE"] = pause
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
        let commitOutput = Self.contents(pause + "/out") ?? ""
        #expect(sections["empty"]?.isEmpty == true, "empty .trashinfo left by the full disk: \(sections["empty"] ?? []) \(commitOutput)")
        #expect(sections["empty after"]?.isEmpty == true, "\(sections["empty after"] ?? [])")
        #expect(sections["stray"]?.isEmpty == true, "\(sections["stray"] ?? [])")
        let listed = (sections["trash-list"] ?? []).joined(separator: "\n")
        #expect(!listed.contains("Parse Error") && !listed.contains("Unable to parse"), "\(listed)")
        #expect(listed.contains(drive + "/Photos/album/IMG_1.jpg") && !listed.contains("IMG_1.jpg.2"), "\(listed)")
        let counts = (sections["counts"] ?? []).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(counts == ["0", "100", "100"], "\(counts) \(result.stdout) \(commitOutput)")
    }
}

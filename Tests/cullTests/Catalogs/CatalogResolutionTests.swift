import Foundation
import Testing
@testable import CullKit

/// Issue 37, item 1: a catalog names the library's folders the way the user reached them (through a
/// symlink, a bind mount, a hard-linked alias), not by the library's real path. Its folders are resolved
/// through the file system; a catalog that matches no file of the library although it looks like it is
/// about this library is refused loudly, with the `--map` that would fix it.
@Suite struct CatalogResolutionTests {
    /// darktable's catalog in its default place, its photos in `lib/2015`, its film roll at `folder`,
    /// IMG_0005 rated 5 in darktable only (its sidecar says 0).
    static func darktable(_ box: Sandbox, folder: String) throws -> String {
        let catalog = try CatalogFixtures.darktable(in: box, folder: "2015")
        try CatalogFixtures.write(catalog, "UPDATE film_rolls SET folder = ?", [.text(folder)])
        try CatalogFixtures.write(catalog, "UPDATE images SET flags = (flags & ~7) | 5 WHERE filename = 'IMG_0005.jpg'")
        return catalog
    }

    /// Stages every photo nobody rated; what was staged.
    static func stageUnrated(_ box: Sandbox) throws -> [String] {
        let rules = try box.rules("unrated.yaml", CatalogFixtures.unratedRule)
        let stage = try box.cull(["stage", rules, "--ceiling", "100"])
        #expect(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
        return try StagedSet.load(box.db).map { PathBytes.display($0.path) }.sorted()
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable))
    func aLibraryReachedThroughASymlinkIsTheLibrary() throws {
        let box = try Sandbox("dt-symlink")
        // ~/Pictures is a link to the library; darktable wrote the folder as the user opened it.
        let pictures = box.base + "/home/Pictures"
        try FileManager.default.createSymbolicLink(atPath: pictures, withDestinationPath: box.library.root)
        let catalog = try Self.darktable(box, folder: pictures + "/2015")
        #expect(try box.cull(["scan"]).status == 0)
        let list = try box.cull(["catalog", "list"])
        #expect(list.stdout.contains("darktable \(catalog) (used, found), schema"), "\(list.stdout)")
        #expect(list.stdout.contains("6 files of this library"), "\(list.stdout)")
        #expect(try box.found("rating: 5").contains("2015/IMG_0005.jpg"))
        let staged = try Self.stageUnrated(box)
        #expect(!staged.contains("2015/IMG_0005.jpg"), "staged: \(staged)")
        #expect(staged == ["2015/IMG_0002.jpg"], "staged: \(staged)")
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable))
    func addingACatalogThatReachesTheLibraryThroughASymlinkFindsItsFiles() throws {
        let box = try Sandbox("dt-symlink-add")
        let link = box.base + "/photos-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: box.library.root)
        let catalog = try Self.darktable(box, folder: link + "/2015")
        // Not in a default place: added by hand.
        let moved = box.base + "/elsewhere/library.db"
        try FileManager.default.createDirectory(atPath: box.base + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: catalog, toPath: moved)
        #expect(try box.cull(["scan"]).status == 0)
        let added = try box.cull(["catalog", "add", moved])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("6 files of this library, 0 rows elsewhere"), "\(added.stdout)")
        #expect(try box.found("rating: 5").contains("2015/IMG_0005.jpg"))
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable))
    func aFolderWhoseFilesAreHardLinksOfTheLibrarysIsTheLibrary() throws {
        let box = try Sandbox("dt-hardlink")
        let alias = box.base + "/alias/2015"
        let catalog = try Self.darktable(box, folder: alias)
        try FileManager.default.createDirectory(atPath: alias, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: box.library.root + "/2015") {
            try FileManager.default.linkItem(atPath: box.library.root + "/2015/" + name, toPath: alias + "/" + name)
        }
        #expect(try box.cull(["scan"]).status == 0)
        let list = try box.cull(["catalog", "list"])
        #expect(list.stdout.contains("darktable \(catalog) (used, found)"), "\(list.stdout)")
        #expect(try box.found("rating: 5").contains("2015/IMG_0005.jpg"))
        #expect(try !Self.stageUnrated(box).contains("2015/IMG_0005.jpg"))
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable && BindMount.isAvailable))
    func aLibraryReachedThroughABindMountIsTheLibrary() throws {
        let box = try Sandbox("dt-bind")
        let mountPoint = box.base + "/mnt"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let catalog = try Self.darktable(box, folder: mountPoint + "/2015")
        try BindMount.mount(box.library.root, at: mountPoint)
        defer { BindMount.unmount(mountPoint) }
        #expect(try box.cull(["scan"]).status == 0)
        let list = try box.cull(["catalog", "list"])
        #expect(list.stdout.contains("darktable \(catalog) (used, found)"), "\(list.stdout)")
        #expect(try box.found("rating: 5").contains("2015/IMG_0005.jpg"))
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable))
    func aCatalogOfACopyOfTheLibraryIsRefusedWithTheMapThatWouldFixIt() throws {
        let box = try Sandbox("dt-copy")
        // The photos were copied into the library; darktable still lists the copies it was shown.
        let copy = box.base + "/old/Pictures"
        let catalog = try Self.darktable(box, folder: copy + "/2015")
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: box.library.root + "/2015", toPath: copy + "/2015")
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("unrated.yaml", CatalogFixtures.unratedRule)
        for arguments in [["plan", rules, "--ceiling", "100"], ["stage", rules, "--ceiling", "100"], ["run", rules, "--ceiling", "100"]] {
            let result = try box.cull(arguments)
            #expect(result.status == 7, "\(arguments[0]): \(result.status) \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("darktable catalog \(catalog)"), "\(result.stderr)")
            #expect(result.stderr.contains("no file of this library"), "\(result.stderr)")
            #expect(result.stderr.contains("cull catalog add \(catalog) --map \(copy)=\(box.library.root)"), "\(result.stderr)")
            #expect(result.stderr.contains("cull catalog ignore \(catalog)"), "\(result.stderr)")
        }
        #expect(try StagedSet.load(box.db).isEmpty)
        // The map it names is the way on.
        let added = try box.cull(["catalog", "add", catalog, "--map", "\(copy)=\(box.library.root)"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try !Self.stageUnrated(box).contains("2015/IMG_0005.jpg"))
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable))
    func addingACatalogThatMatchesNoFileOfTheLibraryIsRefused() throws {
        let box = try Sandbox("dt-add-none")
        let catalog = try Self.darktable(box, folder: "C:/Users/Me/Pictures/2015")
        let moved = box.base + "/windows/library.db"
        try FileManager.default.createDirectory(atPath: box.base + "/windows", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: catalog, toPath: moved)
        #expect(try box.cull(["scan"]).status == 0)
        let added = try box.cull(["catalog", "add", moved])
        #expect(added.status == 7, "\(added.stdout)\(added.stderr)")
        #expect(added.stderr.contains("no file of this library"), "\(added.stderr)")
        #expect(added.stderr.contains("--map C:/Users/Me/Pictures=\(box.library.root)"), "\(added.stderr)")
        #expect(try !box.cull(["catalog", "list"]).stdout.contains(moved), "nothing was added")
        let fixed = try box.cull(["catalog", "add", moved, "--map", "C:/Users/Me/Pictures=\(box.library.root)"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.stdout.contains("6 files of this library"), "\(fixed.stdout)")
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable))
    func shotwellDigiKamAndLightroomResolveTheirFoldersTheSameWay() throws {
        let box = try Sandbox("all-symlink")
        let pictures = box.base + "/home/Pictures"
        try FileManager.default.createSymbolicLink(atPath: pictures, withDestinationPath: box.library.root)
        // Shotwell, in its default place: absolute file names.
        for name in ["five.jpg", "plain.jpg"] { box.photo("Shots/" + name) }
        let shotwell = box.base + "/xdg/shotwell/data/photo.db"
        try CatalogFixtures.copy("shotwell/photo.db", to: shotwell)
        try CatalogFixtures.write(shotwell, "INSERT INTO PhotoTable (id, filename, rating, flags) VALUES (1, ?, 5, 0), (2, ?, 0, 0)",
                                  [.text(pictures + "/Shots/five.jpg"), .text(pictures + "/Shots/plain.jpg")])
        // digiKam: an album root by path.
        for path in ["Calvados_Drouin/20210806_165143.jpg", "Calvados_Drouin/20210806_165416.jpg", "Deauville/IMG39991.JPG"] { box.photo(path) }
        let digikam = box.base + "/digikam/digikam4.db"
        try CatalogFixtures.copy("digikam/v10/digikam4.db", to: digikam)
        try CatalogFixtures.write(digikam, "UPDATE AlbumRoots SET identifier = ?, specificPath = '/'", [.text("volumeid:?path=" + pictures)])
        try CatalogFixtures.write(digikam, "UPDATE ImageInformation SET rating = 4 WHERE imageid = 1")
        // Lightroom Classic: its root folder.
        for path in ["2023/Trip/DSC_0001.NEF", "2023/Trip/DSC_0002.jpg", "top.jpg", "plain.jpg"] { box.photo(path) }
        let lightroom = box.base + "/Lightroom Catalog.lrcat"
        try ShotwellAndLightroomTests.lightroom(at: lightroom, root: pictures + "/")
        #expect(try box.cull(["scan"]).status == 0)
        let dk = try box.cull(["catalog", "add", digikam])
        #expect(dk.status == 0 && dk.stdout.contains("digiKam \(digikam) (used, added), schema 10: 3 files of this library"), "\(dk.stdout)\(dk.stderr)")
        let lr = try box.cull(["catalog", "add", lightroom])
        #expect(lr.status == 0 && lr.stdout.contains("4 files of this library"), "\(lr.stdout)\(lr.stderr)")
        #expect(lr.stdout.contains("Shotwell \(shotwell) (used, found), schema 20: 2 files of this library"), "\(lr.stdout)")
        #expect(try box.found("rating: 5") == ["Shots/five.jpg", "top.jpg"])
        #expect(try box.found("rating: 4") == ["2023/Trip/DSC_0001.NEF", "Calvados_Drouin/20210806_165143.jpg"])
    }
}

/// `mount --bind`, where this machine lets the tests use it (root in a container that allows it).
enum BindMount {
    static let isAvailable: Bool = {
        let base = NSTemporaryDirectory() + "cull-bind-probe-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        guard (try? FileManager.default.createDirectory(atPath: base + "/a", withIntermediateDirectories: true)) != nil,
              (try? FileManager.default.createDirectory(atPath: base + "/b", withIntermediateDirectories: true)) != nil,
              (try? mount(base + "/a", at: base + "/b")) != nil
        else { print("Skipping bind-mount tests: mount --bind is not allowed here"); return false }
        unmount(base + "/b")
        return true
    }()

    static func mount(_ source: String, at target: String) throws {
        let result = try Subprocess.run(["/bin/mount", "--bind", source, target], environment: ProcessInfo.processInfo.environment)
        guard result.status == 0 else { throw BindMountError.failed(result.stderr) }
    }

    static func unmount(_ target: String) {
        _ = try? Subprocess.run(["/bin/umount", target], environment: ProcessInfo.processInfo.environment)
    }

    enum BindMountError: Error { case failed(String) }
}

import Foundation
import Testing
@testable import CullKit

/// A library under a fresh temp dir with its own HOME and XDG_DATA_HOME, so tests never touch
/// the real trash. In-process code gets `environment`; subprocesses get it too.
public final class Sandbox {
    public let base: String
    public let library: Library
    public let db: Database
    public let environment: [String: String]

    /// Process-wide fallback HOME / XDG_DATA_HOME (set once), in case anything reads the process env.
    public nonisolated(unsafe) static var processSandbox: String = {
        let path = NSTemporaryDirectory() + "cull-tests-home-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path + "/xdg", withIntermediateDirectories: true)
        setenv("HOME", path, 1)
        setenv("XDG_DATA_HOME", path + "/xdg", 1)
        return path
    }()

    public init(_ name: String = "t") throws {
        _ = Sandbox.processSandbox
        let template = NSTemporaryDirectory() + "cull-\(name)-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard mkdtemp(&bytes) != nil else { throw CommitError.system(path: template, call: "mkdtemp", errno: errno) }
        base = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        for folder in ["home", "xdg", "lib"] { try FileManager.default.createDirectory(atPath: base + "/" + folder, withIntermediateDirectories: true) }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = base + "/home"
        environment["XDG_DATA_HOME"] = base + "/xdg"
        environment["CULL_LIBRARY"] = base + "/lib"
        environment["NO_COLOR"] = "1"
        self.environment = environment
        library = try Library.initialize(at: base + "/lib")
        db = try library.openIndex()
    }

    deinit {
        _ = try? Subprocess.run(["/bin/chmod", "-R", "u+rwx", base], environment: environment)
        try? FileManager.default.removeItem(atPath: base)
    }

    public var root: [UInt8] { Array((library.root + "/").utf8) }
    public var trash: String { base + "/xdg/Trash" }

    /// Creates a file (parents too) at library-relative `path` and returns its absolute bytes.
    @discardableResult
    public func write(_ path: [UInt8], _ contents: String = "data") -> [UInt8] {
        let absolute = root + path
        _ = FileOps.makeDirectories(PathBytes.parent(absolute))
        _ = FileOps.unlink(absolute)
        let code = FileOps.createExclusive(absolute, contents: Array(contents.utf8), mode: 0o644)
        #expect(code == 0, "create \(PathBytes.display(path)): \(code)")
        return absolute
    }

    public func write(_ path: String, _ contents: String = "data") { write(Array(path.utf8), contents) }

    /// Creates a file holding `bytes` (parents too) at library-relative `path`.
    public func write(_ path: String, bytes: [UInt8]) {
        let absolute = root + Array(path.utf8)
        _ = FileOps.makeDirectories(PathBytes.parent(absolute))
        _ = FileOps.unlink(absolute)
        #expect(FileOps.createExclusive(absolute, contents: bytes, mode: 0o644) == 0, "create \(path)")
    }

    /// Writes a rule file next to the library (not inside it) and returns its path.
    public func rules(_ name: String, _ text: String) throws -> String {
        let path = base + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Inserts an `assets` row with the file's real stat and the signature of the sidecars next to
    /// it now, as the scanner would (the scanner is tested elsewhere).
    @discardableResult
    public func index(_ path: [UInt8], kind: String = "photo", liveID: String? = nil) throws -> Int64 {
        let info = try #require(FileOps.lstat(root + path).0)
        let name = PathBytes.basename(path)
        let ext = name.lastIndex(of: 46).map { String(decoding: name[($0 + 1)...], as: UTF8.self) } ?? ""
        var companions = CompanionResolver(root: root)
        let signature = Companions.signature(companions.sidecars(of: path))
        try db.execute("""
            INSERT INTO assets (path, folder, name, extension, device, inode, size, mtime_ns, added, modified, kind, live_id,
                sidecar_signature, ctime_ns)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)
            """, [PathBytes.sqlValue(path), PathBytes.sqlValue(PathBytes.parent(path)), PathBytes.sqlValue(name), .text(ext),
                  .integer(info.device), .integer(info.inode), .integer(info.size), .integer(info.mtimeNs),
                  .integer(info.mtimeNs / 1_000_000_000), .text(kind), liveID.sqlValue, .text(signature), .integer(info.ctimeNs)])
        return db.lastInsertRowID
    }

    @discardableResult
    public func index(_ path: String, kind: String = "photo", liveID: String? = nil) throws -> Int64 {
        try index(Array(path.utf8), kind: kind, liveID: liveID)
    }

    /// Writes, indexes and stages files under `rule`.
    @discardableResult
    public func stageFiles(_ paths: [[UInt8]], rule: String = "r", kind: String = "photo") throws -> [Int64] {
        var ids: [Int64] = []
        for path in paths {
            write(path, "content of " + PathBytes.display(path))
            ids.append(try index(path, kind: kind))
        }
        try StagingStore(db: db).stage([StageRequest(rule: rule, ruleFile: "test.yml", assetIDs: ids)], runID: "test")
        return ids
    }

    public func exists(_ path: [UInt8]) -> Bool { FileOps.exists(root + path) }
    public func exists(_ path: String) -> Bool { exists(Array(path.utf8)) }

    /// Runs the built `cull` with this sandbox's environment.
    public func cull(_ arguments: [String], stdin: String? = nil, extra: [String: String] = [:]) throws -> Subprocess.Result {
        try Subprocess.run([Subprocess.cullBinary] + arguments, environment: environment.merging(extra) { $1 },
                           stdin: stdin, directory: library.root)
    }

    /// The (file name, original path) pairs of the sandbox's home trash, checked for orphans both ways.
    public func trashEntries() -> [(name: [UInt8], original: [UInt8]?)] {
        let location = TrashLocation(directory: Array(trash.utf8), topdir: nil)
        let files = Set(FileOps.listDirectory(location.filesDirectory) ?? [])
        let suffix = Array(".trashinfo".utf8)
        var infos = Set<[UInt8]>()
        for name in FileOps.listDirectory(location.infoDirectory) ?? [] {
            #expect(name.count > suffix.count && Array(name.suffix(suffix.count)) == suffix, "stray file in info/")
            infos.insert(Array(name.dropLast(suffix.count)))
        }
        #expect(files == infos, "orphans: files without info \(files.subtracting(infos).map(PathBytes.display)), info without file \(infos.subtracting(files).map(PathBytes.display))")
        return files.sorted { $0.lexicographicallyPrecedes($1) }.map { name in
            let original = FileOps.read(location.infoPath(name)).flatMap { FreeDesktopTrash.originalPath(ofInfo: $0, location: location) }
            return (name, original)
        }
    }
}

extension Sandbox {
    /// Runs ImageMagick, ExifTool or another tool in the library folder; the test stops when it fails.
    public func tool(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: library.root)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(arguments.joined(separator: " ")) failed")
    }
}

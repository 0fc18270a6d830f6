#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// The identity and change key of one file: (device, inode, size, mtime) decides re-reading.
public struct FileStamp: Sendable, Equatable, Hashable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var mtimeNanoseconds: Int64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        mtimeNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    public init(device: UInt64, inode: UInt64, size: Int64, mtimeNanoseconds: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.mtimeNanoseconds = mtimeNanoseconds
    }

    /// Modification time in whole seconds.
    public var mtimeSeconds: Int64 { mtimeNanoseconds >= 0 ? mtimeNanoseconds / 1_000_000_000 : (mtimeNanoseconds + 1) / 1_000_000_000 - 1 }
}

/// A sidecar found next to a media file (`IMG_1.xmp`, `IMG_1.JPG.xmp`, `IMG_1.AAE`, `IMG_1.JPG.json`).
public struct SidecarFile: Sendable, Equatable {
    public typealias Role = SidecarRole
    public var relativePath: [UInt8]
    public var role: Role
    public var stamp: FileStamp
}

/// A folder the walk could not list. Its files are not evidence of anything: the scanner keeps
/// their index rows (and reviews) instead of treating them as vanished.
public struct UnreadableFolder: Sendable {
    /// Library-relative path bytes ("" for the root).
    public var relativePath: [UInt8]
    public var reason: String
}

/// One media file found by the walk, with the sidecars that belong to it.
public struct FoundFile: Sendable {
    /// Path relative to the library root, raw bytes (file names need not be UTF-8).
    public var relativePath: [UInt8]
    /// Length of the folder part of `relativePath` (0 at the root; excludes the trailing slash).
    public var folderLength: Int
    public var stamp: FileStamp
    public var sidecars: [SidecarFile]

    public var name: ArraySlice<UInt8> {
        relativePath[(folderLength == 0 ? 0 : folderLength + 1)...]
    }
    public var folder: ArraySlice<UInt8> { relativePath[..<folderLength] }

    /// Change key of the sidecars: a sidecar edit makes the primary re-read.
    public var sidecarSignature: String {
        Companions.signature(sidecars)
    }
}

/// Walks a library tree with `readdir` and `fstatat`, never following symlinks and skipping
/// hidden entries (which includes `.cull/`). Media files are chosen by extension; their
/// contents are sniffed later by the readers.
public struct TreeWalker: Sendable {
    public let root: String

    /// Extensions (lowercase) of the files indexed as media.
    public static let mediaExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "png", "gif", "webp", "heic", "heif", "hif", "avif",
        "tif", "tiff", "dng", "cr2", "nef", "arw", "orf", "rw2",
        "mov", "mp4", "m4v", "3gp", "3g2",
    ]

    public init(root: String) { self.root = root }

    /// Every media file under the root, with its sidecars; unreadable folders go to `problems`.
    ///
    /// Folders are shared out to one worker per core: a warm rescan is mostly `fstatat`, and two
    /// cores stat twice as many files. The order of the result is not defined.
    public func walk(problems: inout [UnreadableFolder]) -> [FoundFile] {
        let queue = FolderQueue(first: [])
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        let results = WorkerResults(count: workers)
        let rootBytes = Array(root.utf8)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var found: [FoundFile] = []
            var trouble: [UnreadableFolder] = []
            while let folder = queue.next() {
                var subfolders: [[UInt8]] = []
                visit(folder, rootBytes: rootBytes, found: &found, subfolders: &subfolders, problems: &trouble)
                queue.finish(adding: subfolders)
            }
            results.store(worker, found: found, problems: trouble)
        }
        problems += results.problems
        return results.found
    }

    /// Lists one folder: its media files (with sidecars) into `found`, its subfolders into `subfolders`.
    private func visit(_ relativeDirectory: [UInt8], rootBytes: [UInt8], found: inout [FoundFile],
                       subfolders: inout [[UInt8]], problems: inout [UnreadableFolder]) {
        var absolute = rootBytes
        if !relativeDirectory.isEmpty { absolute.append(UInt8(ascii: "/")); absolute += relativeDirectory }
        absolute.append(0)
        let fd = absolute.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        }
        guard fd >= 0 else {
            problems.append(UnreadableFolder(relativePath: relativeDirectory, reason: Errno.message(errno)))
            return
        }
        guard let directory = fdopendir(fd) else {
            problems.append(UnreadableFolder(relativePath: relativeDirectory, reason: Errno.message(errno)))
            close(fd)
            return
        }
        scan(directory: directory, fd: fd, relative: relativeDirectory, found: &found, pending: &subfolders)
        closedir(directory)
    }

    private func scan(directory: OpaquePointer, fd: Int32, relative: [UInt8],
                      found: inout [FoundFile], pending: inout [[UInt8]]) {
        var media: [(name: [UInt8], stamp: FileStamp)] = []
        var sidecars: [String: [(name: [UInt8], stamp: FileStamp)]] = [:]
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw -> [UInt8] in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                return Array(bytes[..<length])
            }
            guard let first = name.first, first != UInt8(ascii: ".") else { continue }
            var type = entry.pointee.d_type
            var info = stat()
            var haveStat = false
            if type == UInt8(DT_UNKNOWN) {
                guard statEntry(fd, name, &info) else { continue }
                haveStat = true
                type = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : ((info.st_mode & S_IFMT) == S_IFREG ? UInt8(DT_REG) : UInt8(DT_LNK))
            }
            if type == UInt8(DT_DIR) {
                pending.append(relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name)
                continue
            }
            guard type == UInt8(DT_REG) else { continue } // symlinks, sockets, devices: never media
            let ext = Self.lowercaseExtension(name)
            let isMedia = Self.mediaExtensions.contains(ext)
            let isSidecar = SidecarRole(rawValue: ext) != nil
            guard isMedia || isSidecar else { continue }
            if !haveStat {
                guard statEntry(fd, name, &info) else { continue }
                guard (info.st_mode & S_IFMT) == S_IFREG else { continue }
            }
            if isMedia {
                media.append((name, FileStamp(info)))
            } else {
                sidecars[Companions.folded(name), default: []].append((name, FileStamp(info)))
            }
        }
        let prefix = relative.isEmpty ? [] : relative + [UInt8(ascii: "/")]
        for file in media {
            let attached = Companions.sidecars(ofMedia: file.name, prefix: prefix, in: sidecars)
            found.append(FoundFile(relativePath: prefix + file.name, folderLength: relative.count,
                                   stamp: file.stamp, sidecars: attached))
        }
    }

    private func statEntry(_ fd: Int32, _ name: [UInt8], _ info: inout stat) -> Bool {
        (name + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { fstatat(fd, $0.baseAddress!, &info, AT_SYMLINK_NOFOLLOW) == 0 }
        }
    }

    /// The lowercase extension of a file name, without the dot ("" when none).
    static func lowercaseExtension<C: BidirectionalCollection>(_ name: C) -> String where C.Element == UInt8 {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return "" }
        let ext = name[name.index(after: dot)...]
        guard ext.count <= 5 else { return "" }
        return String(decoding: ext.map { ($0 >= 65 && $0 <= 90) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}

/// Folders still to list, shared by the walk's workers. A worker that finds the queue empty waits
/// while others are busy (they may add subfolders); the walk ends when no one is.
private final class FolderQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [[UInt8]]
    private var busy = 0

    init(first: [UInt8]) { pending = [first] }

    func next() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty {
            if busy == 0 { return nil }
            condition.wait()
        }
        busy += 1
        return pending.removeLast()
    }

    func finish(adding folders: [[UInt8]]) {
        condition.lock()
        pending += folders
        busy -= 1
        condition.broadcast()
        condition.unlock()
    }
}

/// Each worker's findings, stored once at its end under a lock and merged after the walk.
private final class WorkerResults: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [[FoundFile]]
    private(set) var problems: [UnreadableFolder] = []

    init(count: Int) { parts = Array(repeating: [], count: count) }

    func store(_ worker: Int, found: [FoundFile], problems more: [UnreadableFolder]) {
        lock.lock()
        parts[worker] = found
        problems += more
        lock.unlock()
    }

    var found: [FoundFile] { parts.flatMap { $0 } }
}

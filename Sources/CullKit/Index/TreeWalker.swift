#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import Synchronization

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
    /// What `fstatat` said of it during the walk.
    public var identity: FileIdentity
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
    /// Walk into other applications' libraries too (see ``ManagedLibraryKind``).
    public var includeManaged = false

    /// Extensions (lowercase) of the videos indexed (`.ts` is not one: TypeScript sources share it).
    public static let videoExtensions: Set<String> = [
        "mov", "mp4", "m4v", "3gp", "3g2", "avi", "mkv", "webm", "wmv", "asf", "mpg", "mpeg", "m2p", "vob",
        "mts", "m2ts", "m2t",
    ]

    /// Extensions (lowercase) of the files indexed as media.
    public static let mediaExtensions: Set<String> = Set([
        "jpg", "jpeg", "jpe", "png", "gif", "webp", "heic", "heif", "hif", "avif", "tif", "tiff",
        "bmp", "psd", "psb", "jxl", "jp2", "j2k", "j2c", "jpf", "jpx",
    ]).union(videoExtensions).union(RawFormats.byExtension.keys)

    /// Extensions (lowercase) of picture and video formats Cull does not read: such a file is ignored
    /// as an unsupported format, not as a file that is no media at all.
    public static let unsupportedExtensions: Set<String> = [
        "svg", "svgz", "xcf", "eps", "ai", "ico", "cur", "pcx", "tga", "exr", "hdr", "dpx", "jxr", "hdp", "wdp", "qoi",
        "pbm", "pgm", "ppm", "pnm", "pam", "dds", "heics", "flv", "f4v", "ogv", "rm", "rmvb", "divx", "dv", "m2v",
        "mxf", "mod", "tod", "ts", "raw",
    ]

    public init(root: String, includeManaged: Bool = false) {
        self.root = root
        self.includeManaged = includeManaged
    }

    /// What a walk left out: other applications' libraries, and entries that are not media.
    public struct Skipped: Sendable, Equatable {
        public var managed: [ManagedFolder] = []
        public var ignored = IgnoredEntries()
        public init() {}
    }

    /// Every media file under the root, with its sidecars; unreadable folders go to `problems`.
    public func walk(problems: inout [UnreadableFolder]) -> [FoundFile] {
        var skipped = Skipped()
        return walk(problems: &problems, skipped: &skipped)
    }

    /// Every media file under the root, with its sidecars; unreadable folders go to `problems`,
    /// managed libraries and ignored entries to `skipped`.
    ///
    /// Folders are shared out to one worker per core: a warm rescan is mostly `fstatat`, and two
    /// cores stat twice as many files. The order of the result is not defined.
    public func walk(problems: inout [UnreadableFolder], skipped: inout Skipped) -> [FoundFile] {
        walk(problems: &problems, skipped: &skipped, comparingWith: nil).found
    }

    /// What a walk compared with the index found: the files to look at, and the rows of `known`
    /// whose files it found unchanged (``KnownFiles/unchangedRow(_:_:sidecars:guess:)``), which never
    /// became a ``FoundFile``.
    struct Findings {
        var found: [FoundFile] = []
        var unchanged: [Int32] = []
    }

    /// The walk, each file compared with `known` as it is listed (none when nil): on a warm
    /// rescan almost every file is only a row number here.
    func walk(problems: inout [UnreadableFolder], skipped: inout Skipped, comparingWith known: KnownFiles?) -> Findings {
        let queue = FolderQueue(first: [])
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        let results = WorkerResults(count: workers)
        let rootBytes = Array(root.utf8)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var findings = Findings()
            var trouble: [UnreadableFolder] = []
            var left = Skipped()
            var listing = Listing()
            while let folder = queue.next() {
                var subfolders: [[UInt8]] = []
                visit(folder, rootBytes: rootBytes, known: known, listing: &listing, findings: &findings, subfolders: &subfolders,
                      problems: &trouble, skipped: &left)
                queue.finish(adding: subfolders)
            }
            results.store(worker, findings: findings, problems: trouble, skipped: left)
        }
        problems += results.problems
        skipped.managed += results.skipped.managed.sorted { $0.relativePath.lexicographicallyPrecedes($1.relativePath) }
        skipped.ignored.add(results.skipped.ignored)
        skipped.ignored.settle()
        return results.takeFindings()
    }

    /// One folder's entries, kept by a worker from folder to folder so that listing one allocates
    /// nothing per entry: every name in one byte buffer.
    private struct Listing {
        var names: [UInt8] = []
        var entries: [Entry] = []
        /// The media files (index into `entries`, what `fstatat` said).
        var media: [(entry: Int, identity: FileIdentity)] = []
        /// The path of the file being compared: the folder's prefix, then its name.
        var path: [UInt8] = []
        /// The row of `known` the last file compared was found at.
        var lastRow = -2

        struct Entry {
            var start: Int
            var count: Int
            var type: UInt8
            var kind: Kind
            /// Already stat'ed (a file system without `d_type`).
            var info: stat?
        }

        /// `checked`: media only when its first bytes say so (a `.raw`, see ``RawFormats/checkedExtension``).
        enum Kind { case media, checked, sidecar, other }

        func name(_ entry: Entry) -> ArraySlice<UInt8> { names[entry.start ..< entry.start + entry.count] }

        mutating func removeAll() {
            names.removeAll(keepingCapacity: true)
            entries.removeAll(keepingCapacity: true)
            media.removeAll(keepingCapacity: true)
        }
    }

    /// Lists one folder: its media files (with sidecars) into `findings`, its subfolders into `subfolders`.
    private func visit(_ relativeDirectory: [UInt8], rootBytes: [UInt8], known: KnownFiles?, listing: inout Listing,
                       findings: inout Findings, subfolders: inout [[UInt8]], problems: inout [UnreadableFolder], skipped: inout Skipped) {
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
        listing.removeAll()
        scan(directory: directory, fd: fd, relative: relativeDirectory, known: known, listing: &listing, findings: &findings,
             pending: &subfolders, skipped: &skipped)
        closedir(directory)
    }

    private func scan(directory: OpaquePointer, fd: Int32, relative: [UInt8], known: KnownFiles?, listing: inout Listing,
                      findings: inout Findings, pending: inout [[UInt8]], skipped: inout Skipped) {
        var sidecars: [String: [(name: [UInt8], identity: FileIdentity)]] = [:]
        // The whole listing first, so the managed-library recognisers see every name.
        var directories: [[UInt8]] = []
        var markerFiles: [[UInt8]] = []
        while let entry = readdir(directory) {
            // The name is read where readdir left it, and copied into the listing only when kept.
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                var type = entry.pointee.d_type
                let bytes = raw.bindMemory(to: UInt8.self)
                let name = UnsafeBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: 0) ?? bytes.count)])
                guard let first = name.first else { return }
                if first == UInt8(ascii: ".") {
                    if name.count > 2 || (name.count == 2 && name[1] != UInt8(ascii: ".")) { // neither "." nor ".."
                        if name.elementsEqual(".dtrash".utf8) { directories.append(Array(name)) } // digiKam's trash
                        if !(relative.isEmpty && name.elementsEqual(".cull".utf8)) {
                            skipped.ignored.record(Self.path(relative, name), .hidden)
                        }
                    }
                    return
                }
                var info: stat?
                if type == UInt8(DT_UNKNOWN) {
                    var known = stat()
                    guard statEntry(fd, name, &known) else { return }
                    info = known
                    let format = known.st_mode & S_IFMT
                    type = format == S_IFDIR ? UInt8(DT_DIR) : format == S_IFREG ? UInt8(DT_REG) : format == S_IFLNK ? UInt8(DT_LNK) : UInt8(DT_FIFO)
                }
                if type == UInt8(DT_DIR) { directories.append(Array(name)) }
                var kind = Listing.Kind.other
                if type == UInt8(DT_REG) {
                    let ext = PathBytes.lowercaseExtension(name)
                    if ext == "db" || ext == "lrcat" { markerFiles.append(Array(name)) }
                    kind = Self.mediaExtensions.contains(ext) ? .media : SidecarRole(rawValue: ext) != nil ? .sidecar
                        : ext == RawFormats.checkedExtension ? .checked : .other
                }
                listing.entries.append(Listing.Entry(start: listing.names.count, count: name.count, type: type, kind: kind, info: info))
                listing.names.append(contentsOf: name)
            }
        }
        var skippedNames = Set<[UInt8]>()
        if !includeManaged {
            let listing = ManagedListing(relative: relative, directories: directories, files: markerFiles) { path in
                var info = stat()
                return statEntry(fd, path, &info)
            }
            let verdict = ManagedLibraryKind.recognize(listing)
            skipped.managed += verdict.reports
            if verdict.skipAll { return }
            skippedNames = verdict.skipped
        }
        for (index, entry) in listing.entries.enumerated() {
            let name = listing.name(entry)
            if !skippedNames.isEmpty, skippedNames.contains(Array(name)) { continue }
            if entry.type == UInt8(DT_DIR) {
                pending.append(relative.isEmpty ? Array(name) : relative + [UInt8(ascii: "/")] + name)
                continue
            }
            guard entry.type == UInt8(DT_REG) else { // symlinks, sockets, devices: never media
                skipped.ignored.record(Self.path(relative, name), entry.type == UInt8(DT_LNK) ? .symlink : .special)
                continue
            }
            guard entry.kind != .other, entry.kind != .checked || isCameraRaw(fd, name) else {
                let unsupported = entry.kind == .checked || Self.unsupportedExtensions.contains(PathBytes.lowercaseExtension(name))
                skipped.ignored.record(Self.path(relative, name), unsupported ? .unsupported : .notMedia)
                continue
            }
            var info = entry.info ?? stat()
            if entry.info == nil {
                guard statEntry(fd, name, &info) else { continue }
                guard (info.st_mode & S_IFMT) == S_IFREG else { continue }
            }
            if entry.kind == .media || entry.kind == .checked {
                listing.media.append((index, FileIdentity(info)))
            } else {
                for key in Companions.filingNames(Companions.folded(name)) {
                    sidecars[key, default: []].append((Array(name), FileIdentity(info)))
                }
            }
        }
        report(listing: &listing, sidecars: sidecars, relative: relative, known: known, findings: &findings)
    }

    /// Each media file of the folder's listing with the sidecars filed under its name: a file the
    /// index holds unchanged is counted by its row, any other is found.
    private func report(listing: inout Listing, sidecars: [String: [(name: [UInt8], identity: FileIdentity)]],
                        relative: [UInt8], known: KnownFiles?, findings: inout Findings) {
        listing.path.removeAll(keepingCapacity: true)
        if !relative.isEmpty { listing.path += relative; listing.path.append(UInt8(ascii: "/")) }
        let prefix = listing.path.count
        for (index, identity) in listing.media {
            let name = listing.name(listing.entries[index])
            listing.path.removeSubrange(prefix...)
            listing.path += name
            let attached = sidecars.isEmpty ? [] : Companions.sidecars(ofMedia: Array(name), prefix: Array(listing.path[..<prefix]), in: sidecars)
            if let row = known?.unchangedRow(listing.path, identity, sidecars: attached, guess: listing.lastRow + 1) {
                listing.lastRow = row
                findings.unchanged.append(Int32(row))
                continue
            }
            // A copy of its own, the size of the path: sharing the listing's buffer would make the next
            // name copy it, capacity and all (a first scan of a million files held 180 bytes a path).
            let path = [UInt8](unsafeUninitializedCapacity: listing.path.count) { buffer, count in
                count = buffer.initialize(fromContentsOf: listing.path)
            }
            findings.found.append(FoundFile(relativePath: path, folderLength: relative.count, identity: identity, sidecars: attached))
        }
    }

    /// The library-relative path of `name` in the folder `relative`.
    private static func path(_ relative: [UInt8], _ name: some Collection<UInt8>) -> [UInt8] {
        relative.isEmpty ? Array(name) : relative + [UInt8(ascii: "/")] + name
    }

    /// Whether the regular file `name` in the folder `fd` begins as a camera's RAW (``RawFormats/isCameraRaw(head:)``):
    /// one small read of a `.raw` file, which may as well be a disk image or another tool's data.
    private func isCameraRaw(_ fd: Int32, _ name: some Collection<UInt8>) -> Bool {
        let file = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.count + 1) { buffer in
            _ = buffer.initialize(from: name)
            buffer[name.count] = 0
            return buffer.withMemoryRebound(to: CChar.self) { openat(fd, $0.baseAddress!, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC) }
        }
        guard file >= 0 else { return false }
        defer { close(file) }
        var head = [UInt8](repeating: 0, count: RawFormats.checkedHeadSize)
        let read = head.withUnsafeMutableBytes { pread(file, $0.baseAddress!, $0.count, 0) }
        guard read > 0 else { return false }
        return RawFormats.isCameraRaw(head: Array(head.prefix(read)))
    }

    /// `fstatat` of `name` in the folder `fd`, the name made a C string on the stack (an array per
    /// file was the walk's most frequent allocation).
    private func statEntry(_ fd: Int32, _ name: some Collection<UInt8>, _ info: inout stat) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.count + 1) { buffer in
            _ = buffer.initialize(from: name)
            buffer[name.count] = 0
            return buffer.withMemoryRebound(to: CChar.self) { fstatat(fd, $0.baseAddress!, &info, AT_SYMLINK_NOFOLLOW) == 0 }
        }
    }
}

/// Folders still to list, shared by the walk's workers. A worker that finds the queue empty waits
/// while others are busy (they may add subfolders); the walk ends when no one is.
// @unchecked Sendable: `pending` and `busy` are touched only with `condition` locked (workers wait on
// it for folders), which `Mutex` cannot do.
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
private final class WorkerResults: Sendable {
    private let state: Mutex<(parts: [TreeWalker.Findings], problems: [UnreadableFolder], skipped: TreeWalker.Skipped)>

    init(count: Int) { state = Mutex((Array(repeating: TreeWalker.Findings(), count: count), [], TreeWalker.Skipped())) }

    func store(_ worker: Int, findings: TreeWalker.Findings, problems more: [UnreadableFolder], skipped left: TreeWalker.Skipped) {
        state.withLock { state in
            state.parts[worker] = findings
            state.problems += more
            state.skipped.managed += left.managed
            state.skipped.ignored.add(left.ignored)
        }
    }

    /// Every worker's findings in one, taken out: each part is let go once copied, so the walk's
    /// list is not held twice at its end (a second call gets nothing).
    func takeFindings() -> TreeWalker.Findings {
        state.withLock { state in
            var all = TreeWalker.Findings()
            all.found.reserveCapacity(state.parts.reduce(0) { $0 + $1.found.count })
            all.unchanged.reserveCapacity(state.parts.reduce(0) { $0 + $1.unchanged.count })
            for index in state.parts.indices {
                all.found += state.parts[index].found
                all.unchanged += state.parts[index].unchanged
                state.parts[index] = TreeWalker.Findings()
            }
            return all
        }
    }
    var problems: [UnreadableFolder] { state.withLock { $0.problems } }
    var skipped: TreeWalker.Skipped { state.withLock { $0.skipped } }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system half of `cull undo`: brings journaled items back from the trash (or the
/// quarantine folder), or finds them back already. Never touches the index.
///
/// Moves back only the file it trashed: what sits at the journaled trash name must be a regular
/// file with the journaled device, inode, size and mtime (another program may have emptied the
/// trash and put a stranger's file under the same name). Walks down to the original folder from the
/// library root with directory descriptors (`O_NOFOLLOW`): a missing folder is created, a symbolic
/// link or a file in the way is refused, so nothing is written outside the library. Removes only
/// a `.trashinfo` whose `Path=` is the item's own original path.
final class UndoCarrier {
    /// What became of one item.
    enum Outcome {
        case restored
        case refused(String)
    }

    private let root: [UInt8]
    private let rootFD: Int32
    private let crash: CrashHook
    private var folders: [PathKey: Int32] = [:]
    private var touchedFolders: Set<Int32> = []
    private var touchedTrash: Set<PathKey> = []

    init(library: Library, crash: CrashHook) throws(CommitError) {
        root = Array(library.absolutePath(of: "").utf8)
        rootFD = open(library.root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { throw CommitError.system(path: library.root, call: "open", errno: errno) }
        self.crash = crash
    }

    deinit {
        closeFolders()
        close(rootFD)
    }

    /// Brings one item back (or finds it back).
    func carry(_ item: JournalItem) -> Outcome {
        guard let source = item.destination else { return .refused("no trash location journaled") }
        if PathBytes.escapes(item.path) { return .refused("path escapes the library") }
        let folder = PathBytes.parent(item.path)
        let name = PathBytes.basename(item.path)
        // Back already: an interrupted undo, or the user restored it with another tool.
        switch openFolder(folder, create: false) {
        case let .failure(refusal): return .refused(refusal.reason)
        case let .success(fd):
            if let fd, let here = Self.entry(at: fd, name), here.isRegular, item.matches(here) {
                if !FileOps.exists(source) { removeOwnInfo(item) }
                return .restored
            }
        }
        guard let there = FileOps.lstat(source).0 else { return .refused("no longer in the trash") }
        guard there.isRegular, item.matches(there) else {
            return .refused("not the file Cull trashed (another file has its name in the trash)")
        }
        let fd: Int32
        switch openFolder(folder, create: true) {
        case let .failure(refusal): return .refused(refusal.reason)
        case let .success(opened):
            guard let opened else { return .refused("cannot create its folder") }
            fd = opened
        }
        let code = Self.renameNoReplace(source, to: fd, name)
        if code == EEXIST { return .refused("a file exists at the original path") }
        if code != 0 { return .refused("cannot move back: " + Errno.message(code)) }
        touchedFolders.insert(fd)
        touchedTrash.insert(PathKey(PathBytes.parent(source)))
        crash.step()
        removeOwnInfo(item)
        crash.step()
        return .restored
    }

    /// fsyncs every folder that gained or lost an entry since the last call, so a booked
    /// restore is durable.
    func syncTouched() {
        for fd in touchedFolders { fsync(fd) }
        for folder in touchedTrash { _ = FileOps.syncDirectory(folder.bytes) }
        touchedFolders.removeAll(keepingCapacity: true)
        touchedTrash.removeAll(keepingCapacity: true)
        // Bounded descriptors: a library of many folders must not exhaust them.
        if folders.count > 256 { closeFolders() }
    }

    /// Removes the item's `.trashinfo` when it records the item's own original path (ours).
    private func removeOwnInfo(_ item: JournalItem) {
        guard let info = item.info, let contents = Self.readRegular(info),
              FreeDesktopTrash.originalPath(ofInfo: contents, location: FileCarrier.location(of: item)) == root + item.path
        else { return }
        if FileOps.unlink(info) == 0 { touchedTrash.insert(PathKey(PathBytes.parent(info))) }
    }

    private struct Refusal: Error { let reason: String }

    /// The descriptor of library-relative `folder`, opened one component at a time from the root
    /// with `O_NOFOLLOW`; nil when a component is missing and `create` is false.
    private func openFolder(_ folder: [UInt8], create: Bool) -> Result<Int32?, Refusal> {
        if folder.isEmpty { return .success(rootFD) }
        if let known = folders[PathKey(folder)] { return .success(known) }
        let parent = PathBytes.parent(folder)
        let name = PathBytes.basename(folder)
        let parentFD: Int32
        switch openFolder(parent, create: create) {
        case let .failure(refusal): return .failure(refusal)
        case let .success(fd):
            guard let fd else { return .success(nil) }
            parentFD = fd
        }
        var fd = FileOps.withCPath(name) { openat(parentFD, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        if fd < 0 && errno == ENOENT {
            guard create else { return .success(nil) }
            let made = FileOps.withCPath(name) { mkdirat(parentFD, $0, 0o755) }
            if made != 0 && errno != EEXIST {
                return .failure(Refusal(reason: "cannot create its folder \(PathBytes.display(folder)): " + Errno.message(errno)))
            }
            touchedFolders.insert(parentFD)
            fd = FileOps.withCPath(name) { openat(parentFD, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        }
        guard fd >= 0 else {
            let failure = errno
            if failure == ELOOP || failure == ENOTDIR {
                let link = Self.entry(at: parentFD, name)?.isSymlink == true
                return .failure(Refusal(reason: "its folder \(PathBytes.display(folder)) is "
                                        + (link ? "a symbolic link" : "not a folder") + " now"))
            }
            return .failure(Refusal(reason: "cannot open its folder \(PathBytes.display(folder)): " + Errno.message(failure)))
        }
        folders[PathKey(folder)] = fd
        return .success(fd)
    }

    private func closeFolders() {
        for fd in folders.values { close(fd) }
        folders.removeAll()
        touchedFolders.removeAll()
    }

    /// `fstatat(AT_SYMLINK_NOFOLLOW)` of `name` in the folder `fd`.
    private static func entry(at fd: Int32, _ name: [UInt8]) -> FileStat? {
        var info = stat()
        let code = FileOps.withCPath(name) { fstatat(fd, $0, &info, AT_SYMLINK_NOFOLLOW) }
        return code == 0 ? FileStat(info) : nil
    }

    /// A small regular file's content; nil for anything else (a FIFO is never opened for reading).
    private static func readRegular(_ path: [UInt8]) -> [UInt8]? {
        let fd = FileOps.withCPath(path) { open($0, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, FileStat(info).isRegular, info.st_size <= 1 << 16 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        return count == bytes.count ? bytes : nil
    }

    private typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameat2Function: Renameat2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: Renameat2.self)
    }()

    /// Moves `source` to `name` in the folder `fd` without ever replacing a file: `renameat2`
    /// with `RENAME_NOREPLACE`, else a hard link (which fails on an existing name) and an unlink.
    private static func renameNoReplace(_ source: [UInt8], to fd: Int32, _ name: [UInt8]) -> Int32 {
        if let renameat2 = renameat2Function {
            let code = FileOps.withCPath(source) { from in FileOps.withCPath(name) { to in renameat2(AT_FDCWD, from, fd, to, 1) } }
            if code == 0 { return 0 }
            let failure = errno
            if failure != EINVAL && failure != ENOSYS { return failure }
        }
        let linked = FileOps.withCPath(source) { from in FileOps.withCPath(name) { to in linkat(AT_FDCWD, from, fd, to, 0) } }
        if linked != 0 { return errno }
        return FileOps.unlink(source)
    }
}

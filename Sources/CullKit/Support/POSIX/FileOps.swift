#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-path wrappers over POSIX calls, for paths that are not under attack (tests, listings, the
/// `.cull/` folder). Anything that moves or reads files in the library or a trash goes through a
/// ``DirectoryHandle`` instead. Paths are raw bytes because file names need not be UTF-8; each
/// call returns the errno on failure instead of throwing, so callers can turn it into a skip
/// reason or a typed error that names the path.
enum FileOps {
    /// Runs `body` with `path` as a NUL-terminated C string.
    static func withCPath<T>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        // Copied into a temporary buffer (on the stack when small) instead of a new array: every
        // system call on a path made one, five per file of a commit.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: path.count + 1) { buffer in
            path.withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: $0) }
            buffer[path.count] = 0
            return body(UnsafePointer(buffer.baseAddress!))
        }
    }

    /// `lstat(2)`: the identity, or nil with the errno (ENOENT when the path is gone).
    static func lstat(_ path: [UInt8]) -> (FileIdentity?, Int32) {
        var info = stat()
        let code = withCPath(path) { Platform.lstat($0, &info) }
        return code == 0 ? (FileIdentity(info), 0) : (nil, errno)
    }

    /// `stat(2)`, following symbolic links; nil when nothing is there.
    static func statFollowingLinks(_ path: [UInt8]) -> FileIdentity? {
        var info = stat()
        return withCPath(path) { Platform.followingStat($0, &info) } == 0 ? FileIdentity(info) : nil
    }

    /// Whether anything (even a dangling symlink) is at `path`.
    static func exists(_ path: [UInt8]) -> Bool { lstat(path).0 != nil }

    /// Moves `from` to `to`, failing with EEXIST instead of replacing a file (see
    /// ``Platform/renameNoReplace(_:_:_:_:)``: never a plain `rename(2)`).
    static func renameNoReplace(_ from: [UInt8], _ to: [UInt8]) -> Int32 {
        withCPath(from) { source in withCPath(to) { target in Platform.renameNoReplace(AT_FDCWD, source, AT_FDCWD, target) } }
    }

    /// True when `path` is on a file system mounted read-only (`statvfs`'s `ST_RDONLY`). SQLite
    /// and other callers then report what they last tried (often ENOENT: a WAL index cannot create
    /// its `-wal` and `-shm` files), so the caller can say what is true instead.
    static func isOnReadOnlyFileSystem(_ path: [UInt8]) -> Bool {
        var info = statvfs()
        guard withCPath(path, { statvfs($0, &info) }) == 0 else { return false }
        return info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// `unlink(2)`; 0 or the errno.
    static func unlink(_ path: [UInt8]) -> Int32 {
        withCPath(path) { Platform.unlink($0) } == 0 ? 0 : errno
    }

    /// Creates `path` and its missing parents with `mode`; 0 or the errno.
    static func makeDirectories(_ path: [UInt8], mode: mode_t = 0o755) -> Int32 {
        if let info = lstat(path).0 { return info.isDirectory ? 0 : ENOTDIR }
        let parent = PathBytes.parent(path)
        if parent != path && !parent.isEmpty {
            let code = makeDirectories(parent, mode: mode)
            if code != 0 { return code }
        }
        let code = withCPath(path) { mkdir($0, mode) }
        return code == 0 || errno == EEXIST ? 0 : errno
    }

    /// Creates `path` exclusively (O_CREAT|O_EXCL) holding `contents`; 0 or the errno.
    /// `sync` also fdatasyncs it before closing.
    static func createExclusive(_ path: [UInt8], contents: [UInt8], mode: mode_t = 0o600, sync: Bool = false) -> Int32 {
        let fd = withCPath(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode) }
        guard fd >= 0 else { return errno }
        let code = writeAll(fd, contents)
        if code == 0 && sync && Platform.syncData(fd) != 0 { let failure = errno; close(fd); return failure }
        close(fd)
        return code
    }

    /// Writes every byte of `bytes` to `fd`, retrying on EINTR and short writes.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Platform.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 { if errno == EINTR { continue }; return errno }
                offset += written
            }
            return 0
        }
    }

    /// The whole content of a small regular file, or nil (also for a FIFO or device, which are never
    /// opened for reading, and for a symlink unless `followingLinks`: see ``DirectoryHandle/openRegularFile(_:)``).
    static func read(_ path: [UInt8], limit: Int = 1 << 20, followingLinks: Bool = false) -> [UInt8]? {
        let fd = withCPath(path) { open($0, O_RDONLY | (followingLinks ? 0 : O_NOFOLLOW) | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, FileIdentity(info).isRegular else { return nil }
        return readAll(fd, limit: limit, size: Int(info.st_size))
    }

    /// Reads `fd` to its end (at most `limit` bytes), or nil on an error. `size`, the size `fstat`
    /// gave the regular file: a read that comes back short having brought exactly that many bytes
    /// is its end, without one more read to see zero (an undo reads 10,000 `.trashinfo` files). A
    /// short read of another length (a file system that returns them mid-file) reads on.
    static func readAll(_ fd: Int32, limit: Int, size: Int? = nil) -> [UInt8]? {
        var result: [UInt8] = []
        // Not zeroed first: an undo reads 10,000 small `.trashinfo` files, and clearing 8 KiB for
        // each cost more than reading it.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 8192, alignment: 1)
        defer { buffer.deallocate() }
        while result.count < limit {
            let count = Platform.read(fd, buffer.baseAddress!, buffer.count)
            if count < 0 { if errno == EINTR { continue }; return nil }
            if count == 0 { break }
            result += UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            if count < buffer.count && result.count == size { break }
        }
        return result
    }

    /// fsyncs a directory so the entries created or renamed in it are durable; 0 or the errno.
    static func syncDirectory(_ path: [UInt8]) -> Int32 {
        let fd = withCPath(path) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        return fsync(fd) == 0 ? 0 : errno
    }

    /// The canonical absolute path (symlinks resolved), or nil.
    static func realPath(_ path: [UInt8]) -> [UInt8]? {
        guard let resolved = withCPath(path, { Platform.realpath($0) }) else { return nil }
        defer { free(resolved) }
        return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    /// The names in a directory (without `.` and `..`), or nil when it cannot be read.
    static func listDirectory(_ path: [UInt8]) -> [[UInt8]]? {
        guard let dir = withCPath(path, { opendir($0) }) else { return nil }
        defer { closedir(dir) }
        return names(in: dir)
    }

    /// The names `readdir` returns (without `.` and `..`).
    static func names(in dir: Platform.DirectoryStream) -> [[UInt8]] {
        var names: [[UInt8]] = []
        forEachName(in: dir) { names.append($0); return true }
        return names
    }

    /// Calls `body` with each name `readdir` returns (without `.` and `..`) until it returns false:
    /// a folder read without holding all its names.
    static func forEachName(in dir: Platform.DirectoryStream, _ body: ([UInt8]) -> Bool) {
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> [UInt8] in
                let bytes = raw.bindMemory(to: UInt8.self)
                return Array(bytes.prefix { $0 != 0 })
            }
            if name == [46] || name == [46, 46] { continue }
            if !body(name) { return }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `lstat(2)` says about one path: the identity a commit re-checks before moving a file.
public struct FileStat: Sendable, Equatable {
    public let device: Int64
    public let inode: Int64
    public let size: Int64
    public let mtimeNs: Int64
    public let mode: UInt32

    public var isRegular: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }
    public var isSymlink: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFLNK) }
    public var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }

    init(_ info: stat) {
        device = Int64(bitPattern: UInt64(info.st_dev))
        inode = Int64(bitPattern: UInt64(info.st_ino))
        size = Int64(info.st_size)
        mtimeNs = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        mode = UInt32(info.st_mode)
    }
}

/// Thin, byte-path wrappers over the POSIX calls a commit needs. Paths are raw bytes because
/// file names need not be UTF-8; each call returns the errno on failure instead of throwing,
/// so callers can turn it into a skip reason or a typed error that names the path.
enum FileOps {
    /// Runs `body` with `path` as a NUL-terminated C string.
    static func withCPath<T>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        var terminated = path
        terminated.append(0)
        return terminated.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0) }
        }
    }

    /// `lstat(2)`: the stat, or nil with the errno (ENOENT when the path is gone).
    static func lstat(_ path: [UInt8]) -> (FileStat?, Int32) {
        var info = stat()
        let code = withCPath(path) { Glibc.lstat($0, &info) }
        return code == 0 ? (FileStat(info), 0) : (nil, errno)
    }

    /// Whether anything (even a dangling symlink) is at `path`.
    static func exists(_ path: [UInt8]) -> Bool { lstat(path).0 != nil }

    /// `renameat2(RENAME_NOREPLACE)`: moves `from` to `to`, failing with EEXIST instead of
    /// replacing a file. Falls back to an lstat check plus `rename(2)` where the kernel or
    /// file system lacks the flag (a tiny race, only there).
    static func renameNoReplace(_ from: [UInt8], _ to: [UInt8]) -> Int32 {
        if let renameat2 = renameat2Function {
            let code = withCPath(from) { source in withCPath(to) { target in renameat2(AT_FDCWD, source, AT_FDCWD, target, 1) } }
            if code == 0 { return 0 }
            let failure = errno
            if failure != EINVAL && failure != ENOSYS { return failure }
        }
        if exists(to) { return EEXIST }
        let code = withCPath(from) { source in withCPath(to) { target in Glibc.rename(source, target) } }
        return code == 0 ? 0 : errno
    }

    private typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// Glibc's Swift module does not export `renameat2`; look it up once at run time.
    private static let renameat2Function: Renameat2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: Renameat2.self)
    }()

    /// `unlink(2)`; 0 or the errno.
    static func unlink(_ path: [UInt8]) -> Int32 {
        withCPath(path) { Glibc.unlink($0) } == 0 ? 0 : errno
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
        let fd = withCPath(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
        guard fd >= 0 else { return errno }
        let code = writeAll(fd, contents)
        if code == 0 && sync && fdatasync(fd) != 0 { close(fd); return errno }
        close(fd)
        return code
    }

    /// Writes every byte of `bytes` to `fd`, retrying on EINTR and short writes.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 { if errno == EINTR { continue }; return errno }
                offset += written
            }
            return 0
        }
    }

    /// The whole content of a small file, or nil.
    static func read(_ path: [UInt8], limit: Int = 1 << 20) -> [UInt8]? {
        let fd = withCPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while result.count < limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if count < 0 { if errno == EINTR { continue }; return nil }
            if count == 0 { break }
            result += buffer[0..<count]
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
        guard let resolved = withCPath(path, { Glibc.realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    /// The names in a directory (without `.` and `..`), or nil when it cannot be read.
    static func listDirectory(_ path: [UInt8]) -> [[UInt8]]? {
        guard let dir = withCPath(path, { opendir($0) }) else { return nil }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> [UInt8] in
                let bytes = raw.bindMemory(to: UInt8.self)
                return Array(bytes.prefix { $0 != 0 })
            }
            if name == [46] || name == [46, 46] { continue }
            names.append(name)
        }
        return names
    }
}

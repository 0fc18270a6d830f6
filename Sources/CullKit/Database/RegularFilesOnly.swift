import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SQLite opens only regular files and folders. Its unix VFS opens a database's rollback journal and
/// WAL by name, with a plain blocking `open(2)`: a FIFO named `library.db-journal` beside another
/// application's catalog stopped Cull there for good (while it held the library's lock), and a link
/// to a terminal would have stopped the first read. Every open SQLite makes goes through ``open(_:_:_:)``,
/// installed as the VFS's `open` system call before the first connection: it opens without blocking,
/// looks at what it opened, and refuses (`ENXIO`, "no such device") anything that is not a regular
/// file or a folder (SQLite opens folders to sync them). `/dev/urandom`, SQLite's own source of
/// randomness, is the one device it may open. The checks before opening (``CatalogConnection``) give
/// the clear message; this closes the window between a check and SQLite's open.
enum RegularFilesOnly {
    /// The VFS's own `open`, which ``open(_:_:_:)`` calls.
    nonisolated(unsafe) private static var original: sqlite3_syscall_ptr?

    /// Installs the guard once per process; called before any connection is opened.
    static let installed: Bool = {
        guard let vfs = sqlite3_vfs_find(nil), vfs.pointee.iVersion >= 3,
              let get = vfs.pointee.xGetSystemCall, let set = vfs.pointee.xSetSystemCall,
              let current = get(vfs, "open") else { return false }
        original = current
        let guarded: @convention(c) (UnsafePointer<CChar>?, Int32, mode_t) -> Int32 = { path, flags, mode in
            RegularFilesOnly.open(path, flags, mode)
        }
        return set(vfs, "open", unsafeBitCast(guarded, to: sqlite3_syscall_ptr.self)) == SQLITE_OK
    }()

    /// `open(path, flags, mode)` as SQLite asks for it, refusing what is not a regular file or a folder.
    private static func open(_ path: UnsafePointer<CChar>?, _ flags: Int32, _ mode: mode_t) -> Int32 {
        guard let path, let original else { errno = EINVAL; return -1 }
        let call = unsafeBitCast(original, to: (@convention(c) (UnsafePointer<CChar>?, Int32, mode_t) -> Int32).self)
        let fd = call(path, flags | O_NONBLOCK, mode)
        guard fd >= 0 else { return fd }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            errno = code
            return -1
        }
        let type = info.st_mode & S_IFMT
        let allowed = type == S_IFREG || type == S_IFDIR || (type == S_IFCHR && strcmp(path, "/dev/urandom") == 0)
        guard allowed else {
            close(fd)
            errno = ENXIO
            return -1
        }
        // Blocking again, as SQLite asked (no regular file or folder ever blocks on open).
        if flags & O_NONBLOCK == 0 {
            let current = fcntl(fd, F_GETFL)
            if current >= 0 { _ = fcntl(fd, F_SETFL, current & ~O_NONBLOCK) }
        }
        return fd
    }
}

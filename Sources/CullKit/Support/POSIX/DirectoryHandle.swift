#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open directory, held by descriptor: every name below it is resolved by the kernel relative
/// to *this* directory, so swapping a folder on the way for a symbolic link after it was opened
/// changes nothing. Walks go down one component at a time with `O_DIRECTORY|O_NOFOLLOW`, so a
/// symlink on the way is refused (ELOOP or ENOTDIR) rather than followed.
///
/// Each call returns 0 or the errno (or a value and the errno), like ``FileOps``. The descriptor is
/// closed when the handle goes; a handle may be shared between threads (every call is one syscall).
final class DirectoryHandle: Sendable {
    let fd: Int32

    /// Errno-like code for "exists, but is not a regular file" (never a real errno: those are positive).
    static let notRegularFile: Int32 = -1

    private init(owning fd: Int32) { self.fd = fd }
    deinit { close(fd) }

    private static let directoryFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC

    /// Opens an anchor: the library root or a trash root, by absolute path. Its last component
    /// must be a directory, not a symlink; the path above it is the user's own choice. A trailing
    /// `/` is dropped first: with it, the kernel would follow a symlink in the last component.
    static func open(_ absolute: [UInt8]) -> (DirectoryHandle?, Int32) {
        var path = absolute[...]
        while path.count > 1 && path.last == PathBytes.slash { path.removeLast() }
        let fd = FileOps.withCPath(Array(path)) { systemOpen($0, directoryFlags) }
        return fd >= 0 ? (DirectoryHandle(owning: fd), 0) : (nil, errno)
    }

    /// True when `name` is one plain component (not empty, `.`, `..`, and without `/`).
    static func isPlainName(_ name: some Collection<UInt8>) -> Bool {
        !name.isEmpty && !name.contains(PathBytes.slash) && !name.elementsEqual([46]) && !name.elementsEqual([46, 46])
    }

    /// Opens the subdirectory `name` (one component, never followed if it is a symlink). The code
    /// is ELOOP exactly when a symlink is in the way, ENOTDIR when something else is.
    func openDirectory(_ name: [UInt8]) -> (DirectoryHandle?, Int32) {
        guard Self.isPlainName(name) else { return (nil, EINVAL) }
        let child = FileOps.withCPath(name) { openat(fd, $0, Self.directoryFlags) }
        if child >= 0 { return (DirectoryHandle(owning: child), 0) }
        let failure = errno
        guard failure == ELOOP || failure == ENOTDIR else { return (nil, failure) }
        return (nil, stat(name).0?.isSymlink == true ? ELOOP : ENOTDIR)
    }

    /// Walks down `relative` (`a/b/c`) one component at a time; the empty path is this directory.
    /// With `creating`, missing folders are made (`mkdirat`) with that mode on the way.
    func walk(_ relative: [UInt8], creating mode: mode_t? = nil) -> (DirectoryHandle?, Int32) {
        var current = self
        for component in relative.split(separator: PathBytes.slash, omittingEmptySubsequences: false) where !relative.isEmpty {
            let name = Array(component)
            var (next, code) = current.openDirectory(name)
            if next == nil, code == ENOENT, let mode {
                let made = current.makeDirectory(name, mode: mode)
                if made != 0 && made != EEXIST { return (nil, made) }
                (next, code) = current.openDirectory(name)
            }
            guard let next else { return (nil, code) }
            current = next
        }
        return (current, 0)
    }

    /// This directory's own identity (`fstat` on the descriptor).
    func identity() -> FileIdentity? {
        var info = StatBuffer()
        return fstat(fd, &info) == 0 ? FileIdentity(info) : nil
    }

    /// `fstatat(AT_SYMLINK_NOFOLLOW)` of `name` in this directory (a name, or a relative path of
    /// which only the last component is not followed).
    func stat(_ name: [UInt8]) -> (FileIdentity?, Int32) {
        var info = StatBuffer()
        let code = FileOps.withCPath(name) { fstatat(fd, $0, &info, AT_SYMLINK_NOFOLLOW) }
        return code == 0 ? (FileIdentity(info), 0) : (nil, errno)
    }

    /// `mkdirat`; 0 or the errno (EEXIST when the name is taken).
    func makeDirectory(_ name: [UInt8], mode: mode_t) -> Int32 {
        guard Self.isPlainName(name) else { return EINVAL }
        return FileOps.withCPath(name) { mkdirat(fd, $0, mode) } == 0 ? 0 : errno
    }

    /// `unlinkat` of a file (not a directory); 0 or the errno.
    func unlink(_ name: [UInt8]) -> Int32 {
        FileOps.withCPath(name) { unlinkat(fd, $0, 0) } == 0 ? 0 : errno
    }

    /// `unlinkat(AT_REMOVEDIR)` of an empty subdirectory (never a symlink: that is ENOTDIR); 0 or the errno.
    func removeDirectory(_ name: [UInt8]) -> Int32 {
        guard Self.isPlainName(name) else { return EINVAL }
        return FileOps.withCPath(name) { unlinkat(fd, $0, AT_REMOVEDIR) } == 0 ? 0 : errno
    }

    /// Moves `name` from this directory to `newName` in `target`, never replacing anything there
    /// (EEXIST), never with a plain `rename(2)`.
    func move(_ name: [UInt8], to target: DirectoryHandle, as newName: [UInt8]) -> Int32 {
        FileOps.withCPath(name) { from in
            FileOps.withCPath(newName) { to in Platform.renameNoReplace(fd, from, target.fd, to) }
        }
    }

    /// Opens `name` for reading only if it is a regular file: `O_NOFOLLOW|O_NONBLOCK` (a FIFO
    /// does not block the open), then `fstat` on the descriptor (what was opened, not what the
    /// name pointed at a moment before). The caller closes the descriptor.
    func openRegularFile(_ name: [UInt8]) -> (Int32?, Int32) {
        let (file, _, code) = openRegularFileWithIdentity(name)
        return (file, code)
    }

    /// ``openRegularFile(_:)`` with the identity its `fstat` read (one `fstat` per file opened).
    func openRegularFileWithIdentity(_ name: [UInt8]) -> (Int32?, FileIdentity?, Int32) {
        let file = FileOps.withCPath(name) { openat(fd, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard file >= 0 else { return (nil, nil, errno) }
        var info = StatBuffer()
        guard fstat(file, &info) == 0 else { let failure = errno; close(file); return (nil, nil, failure) }
        let identity = FileIdentity(info)
        guard identity.isRegular else { close(file); return (nil, nil, Self.notRegularFile) }
        return (file, identity, 0)
    }

    /// The content of the small regular file `name` (at most `limit` bytes), or nil with the code.
    func readRegularFile(_ name: [UInt8], limit: Int = 1 << 20) -> ([UInt8]?, Int32) {
        let (file, identity, code) = openRegularFileWithIdentity(name)
        guard let file, let identity else { return (nil, code) }
        defer { close(file) }
        guard let bytes = FileOps.readAll(file, limit: limit, size: Int(identity.size)) else { return (nil, errno) }
        return (bytes, 0)
    }

    /// Creates `name` exclusively (`O_CREAT|O_EXCL|O_NOFOLLOW`) holding `contents`; with `sync`,
    /// its data is flushed before it is closed. On a failed write the half-written file is removed.
    func createExclusive(_ name: [UInt8], contents: [UInt8], mode: mode_t = 0o600, sync: Bool = false) -> Int32 {
        let file = FileOps.withCPath(name) { openat(fd, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode) }
        guard file >= 0 else { return errno }
        var code = FileOps.writeAll(file, contents)
        if code == 0 && sync && Platform.syncData(file) != 0 { code = errno }
        if close(file) != 0 && code == 0 { code = errno }
        if code != 0 { _ = unlink(name) }
        return code
    }

    /// fsyncs this directory, making the entries created or renamed in it durable; 0 or the errno.
    func sync() -> Int32 { fsync(fd) == 0 ? 0 : errno }

    /// The names in this directory (without `.` and `..`), or nil when it cannot be read.
    func list() -> [[UInt8]]? {
        var names: [[UInt8]] = []
        return forEachName { names.append($0); return true } ? names : nil
    }

    /// Calls `body` with each name in this directory (without `.` and `..`) until it returns
    /// false; false when the directory cannot be read.
    @discardableResult
    func forEachName(_ body: ([UInt8]) -> Bool) -> Bool {
        let copy = dup(fd)
        guard copy >= 0 else { return false }
        guard let stream = fdopendir(copy) else { close(copy); return false }
        defer { closedir(stream) }
        rewinddir(stream)
        FileOps.forEachName(in: stream, body)
        return true
    }
}

/// `open(2)` and `struct stat` under names a method of the same name cannot shadow.
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 { open(path, flags) }
typealias StatBuffer = stat

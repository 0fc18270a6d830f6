#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CPlatformShim

/// The few calls whose name or shape differs between Linux and Darwin, in one place, so the rest
/// of the POSIX layer is written once. Everything returns 0 or the errno.
enum Platform {
    /// Keeps up to `bytes` the process frees for its next allocations instead of returning them to
    /// the kernel (glibc's thresholds, ``cull_keep_freed_memory``; nothing elsewhere). Decoding
    /// threads each free a photo's file and pixels (megabytes) before the next: returned, they
    /// were faulted in again page by page, zeroed, about a tenth of a 12 MP photo's feature pass.
    /// Once, before decoding threads start.
    static func keepFreedMemory(_ bytes: Int) { cull_keep_freed_memory(max(0, bytes)) }

    /// Sets the environment variable `name` to `value` unless it is set already (the user's word
    /// stands). Only while the process has one thread: `setenv` races every other thread's `getenv`.
    static func setEnvironmentDefault(_ name: String, _ value: String) { setenv(name, value, 0) }

    #if canImport(Glibc)
    /// What `opendir` returns.
    typealias DirectoryStream = OpaquePointer
    #elseif canImport(Darwin)
    typealias DirectoryStream = UnsafeMutablePointer<DIR>
    #endif

    /// Renames `from` (relative to `fromDirectory`) to `to` (relative to `toDirectory`), failing
    /// with EEXIST instead of replacing whatever is there. Never falls back to `rename(2)`: where
    /// the kernel or file system lacks the no-replace flag, it links the new name (which cannot
    /// overwrite either) and unlinks the old one.
    static func renameNoReplace(_ fromDirectory: Int32, _ from: UnsafePointer<CChar>,
                                _ toDirectory: Int32, _ to: UnsafePointer<CChar>) -> Int32 {
        #if canImport(Glibc)
        if let renameat2 = renameat2Function {
            if renameat2(fromDirectory, from, toDirectory, to, 1 /* RENAME_NOREPLACE */) == 0 { return 0 }
            let failure = errno
            if failure != EINVAL && failure != ENOSYS && failure != ENOTSUP { return failure }
        }
        #elseif canImport(Darwin)
        if renameatx_np(fromDirectory, from, toDirectory, to, UInt32(RENAME_EXCL)) == 0 { return 0 }
        let failure = errno
        if failure != ENOTSUP && failure != EINVAL { return failure }
        #endif
        return linkThenUnlink(fromDirectory, from, toDirectory, to)
    }

    /// The no-replace fallback: `linkat` fails with EEXIST on a taken name; the old name goes only
    /// once the new one exists (and the new one goes again if the old cannot be removed).
    private static func linkThenUnlink(_ fromDirectory: Int32, _ from: UnsafePointer<CChar>,
                                       _ toDirectory: Int32, _ to: UnsafePointer<CChar>) -> Int32 {
        guard linkat(fromDirectory, from, toDirectory, to, 0) == 0 else { return errno }
        guard unlinkat(fromDirectory, from, 0) == 0 else {
            let failure = errno
            _ = unlinkat(toDirectory, to, 0)
            return failure
        }
        return 0
    }

    /// Flushes every file written on the file system holding `fd` (`syncfs`): one call makes a
    /// whole batch of small files durable. False where there is no such call (Darwin): the
    /// caller then syncs each file itself.
    static var canSyncFileSystem: Bool {
        #if canImport(Glibc)
        syncfsFunction != nil
        #elseif canImport(Darwin)
        false
        #endif
    }

    static func syncFileSystem(_ fd: Int32) -> Bool {
        #if canImport(Glibc)
        guard let syncfs = syncfsFunction else { return false }
        return syncfs(fd) == 0
        #elseif canImport(Darwin)
        return false
        #endif
    }

    #if canImport(Glibc)
    private typealias Syncfs = @convention(c) (Int32) -> Int32

    /// `syncfs` is a GNU extension the Swift module does not export.
    private static let syncfsFunction: Syncfs? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: Syncfs.self)
    }()

    private typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// Glibc's Swift module does not export `renameat2`; look it up once at run time.
    private static let renameat2Function: Renameat2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: Renameat2.self)
    }()
    #endif

    /// `read(2)` (a method named `read` would shadow it).
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
        #elseif canImport(Darwin)
        Darwin.read(fd, buffer, count)
        #endif
    }

    /// `write(2)`.
    static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #elseif canImport(Darwin)
        Darwin.write(fd, buffer, count)
        #endif
    }

    /// `lstat(2)`.
    static func lstat(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 {
        #if canImport(Glibc)
        Glibc.lstat(path, &info)
        #elseif canImport(Darwin)
        Darwin.lstat(path, &info)
        #endif
    }

    /// `stat(2)`: follows symbolic links (another application's catalog may be one).
    static func followingStat(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 {
        systemStat(path, &info)
    }

    /// `realpath(3)`, malloc'ed.
    static func realpath(_ path: UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>? {
        #if canImport(Glibc)
        Glibc.realpath(path, nil)
        #elseif canImport(Darwin)
        Darwin.realpath(path, nil)
        #endif
    }

    /// `unlink(2)`.
    static func unlink(_ path: UnsafePointer<CChar>) -> Int32 {
        #if canImport(Glibc)
        Glibc.unlink(path)
        #elseif canImport(Darwin)
        Darwin.unlink(path)
        #endif
    }

    /// Flushes a file's data (fdatasync where it exists; Darwin has only fsync in its SDK).
    static func syncData(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
        fdatasync(fd)
        #elseif canImport(Darwin)
        fsync(fd)
        #endif
    }

    /// Modification and status-change times in nanoseconds.
    static func times(_ info: stat) -> (mtime: Int64, ctime: Int64) {
        #if canImport(Glibc)
        (Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
         Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
        #elseif canImport(Darwin)
        (Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec),
         Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec))
        #endif
    }
}

/// `stat(2)` itself, outside ``Platform`` where the name is the struct's.
private func systemStat(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 {
    stat(path, &info)
}

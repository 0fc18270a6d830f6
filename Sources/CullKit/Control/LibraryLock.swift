#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The library-wide lock: `flock(LOCK_EX | LOCK_NB)` on a descriptor of the `.cull/` folder itself,
/// held until released or deinitialised (the kernel also drops it when the process dies, even by
/// kill -9).
///
/// The folder, not a file in it: a lock file can be unlinked (by a user tidying up, or a sync
/// tool) while a commit holds it, and the next run would create and lock a new one. `.cull/` holds
/// the index, so replacing it would replace the index too; and after locking, the lock checks that
/// `.cull` still names the folder it locked (taking it again if it was swapped in between).
///
/// Every command that changes files or the review state (commit, undo, stage, run, and
/// recovery) takes it; a second run gets ``IndexError/locked(path:)`` at once instead of waiting.
public final class LibraryLock {
    /// The locked folder (`LIBRARY/.cull`).
    public let path: String
    private var fd: Int32 = -1

    /// Takes the lock of `library` without waiting; throws `IndexError.locked` when another
    /// process (or another open of the library in this process) holds it.
    public init(library: Library) throws(IndexError) {
        path = library.controlDirectory
        for _ in 0..<8 {
            let candidate = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard candidate >= 0 else { throw IndexError.system(path: path, call: "open", errno: errno) }
            while flock(candidate, LOCK_EX | LOCK_NB) != 0 {
                let failure = errno
                if failure == EINTR { continue }
                close(candidate)
                if failure == EWOULDBLOCK { throw IndexError.locked(path: library.root) }
                throw IndexError.system(path: path, call: "flock", errno: failure)
            }
            var held = stat(), named = stat()
            if fstat(candidate, &held) == 0, stat(path, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino {
                fd = candidate
                return
            }
            close(candidate)       // `.cull` was swapped while we locked: lock what it names now
        }
        throw IndexError.locked(path: library.root)
    }

    /// The lock, or nil when another run holds it (other failures still throw).
    public static func acquireIfFree(library: Library) throws(IndexError) -> LibraryLock? {
        do {
            return try LibraryLock(library: library)
        } catch {
            if case .locked = error { return nil }
            throw error
        }
    }

    /// Releases the lock (idempotent).
    public func release() {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }

    deinit { release() }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The library-wide lock: `flock(LOCK_EX | LOCK_NB)` on `.cull/lock`, held until released or
/// deinitialised (the kernel also drops it when the process dies, even by kill -9).
///
/// Every command that changes files or the review state (commit, undo, stage, run, and
/// recovery) takes it; a second run gets ``IndexError/locked(path:)`` at once instead of waiting.
public final class LibraryLock {
    public let path: String
    private var fd: Int32

    /// Takes the lock of `library` without waiting; throws `IndexError.locked` when another
    /// process (or another open of the lock file in this process) holds it.
    public init(library: Library) throws(IndexError) {
        path = library.lockPath
        fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw IndexError.system(path: path, call: "open", errno: errno) }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            if failure == EINTR { continue }
            close(fd)
            fd = -1
            if failure == EWOULDBLOCK { throw IndexError.locked(path: library.root) }
            throw IndexError.system(path: path, call: "flock", errno: failure)
        }
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

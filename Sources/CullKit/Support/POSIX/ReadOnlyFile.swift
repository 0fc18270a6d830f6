#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file open for reading, by descriptor, with the identity of what was opened (`fstat`
/// on the descriptor, not on the name). Opened only through ``DirectoryHandle/openRegularFile(_:)``
/// (`O_NOFOLLOW|O_NONBLOCK`, never a FIFO or a device). Closed when it goes.
final class ReadOnlyFile {
    let fd: Int32
    let identity: FileIdentity

    private init(fd: Int32, identity: FileIdentity) {
        self.fd = fd
        self.identity = identity
    }

    deinit { close(fd) }

    /// Opens `name` in `directory`; nil with the errno (or ``DirectoryHandle/notRegularFile``).
    static func open(_ name: [UInt8], in directory: DirectoryHandle) -> (ReadOnlyFile?, Int32) {
        let (opened, identity, code) = directory.openRegularFileWithIdentity(name)
        guard let fd = opened, let identity else { return (nil, code) }
        return (ReadOnlyFile(fd: fd, identity: identity), 0)
    }

    /// What the open file is now (`fstat` on the descriptor): its ctime after a name of it was
    /// renamed or unlinked, say. Nil on an error.
    func currentIdentity() -> FileIdentity? {
        var info = StatBuffer()
        return fstat(fd, &info) == 0 ? FileIdentity(info) : nil
    }

    /// Reads up to `count` bytes at `offset` into `buffer` (retrying short reads and EINTR); the
    /// number read (less only at the end of the file), or nil on an error.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Int? {
        var done = 0
        while done < buffer.count {
            let count = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            if count < 0 { if errno == EINTR { continue }; return nil }
            if count == 0 { break }
            done += count
        }
        return done
    }

    /// Reads the whole file into `buffer`, which must hold more than its `size` bytes: true when
    /// it holds exactly `size`. One `pread` of `size + 1` bytes in the usual case: coming up short
    /// of the extra byte is the end of a regular file, so its length is checked without a second call.
    func readWhole(into buffer: UnsafeMutableRawBufferPointer, size: Int) -> Bool {
        precondition(buffer.count > size)
        var done = 0
        while true {
            let count = pread(fd, buffer.baseAddress! + done, size + 1 - done, off_t(done))
            if count < 0 { if errno == EINTR { continue }; return false }
            done += count
            if count == 0 || done >= size { return done == size }
        }
    }
}

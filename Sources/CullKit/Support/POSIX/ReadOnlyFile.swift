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
        let (opened, code) = directory.openRegularFile(name)
        guard let fd = opened else { return (nil, code) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { let failure = errno; close(fd); return (nil, failure) }
        return (ReadOnlyFile(fd: fd, identity: FileIdentity(info)), 0)
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
}

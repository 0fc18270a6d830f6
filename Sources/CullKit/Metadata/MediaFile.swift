#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Random read access to one file through `pread`, so readers fetch only the header
/// ranges they need (a MOV's `moov` at the end of a 2 GB file costs two small reads).
///
/// Reads past the end are clamped, never an error; a reader that needs more bytes
/// than it got throws ``MetadataError/truncated(offset:needed:)`` through ``ByteReader``.
///
/// Only a regular file is ever read: the walk saw one, but a FIFO, device, folder or symlink
/// may stand at that name by the time it is opened. `O_NONBLOCK` keeps `open` of a FIFO from
/// waiting for a writer, `O_NOFOLLOW` refuses a symlink, and `fstat` on the descriptor refuses
/// anything that is not a regular file, all as ``MetadataError/io(_:)`` (the file is unreadable).
public final class MediaFile {
    public let path: String
    public let size: Int
    private let descriptor: Int32
    /// The first `pread` failure (EIO, ...). Readers may swallow a failed read as "no more
    /// bytes"; the scanner checks this so an I/O error is never mistaken for a damaged file.
    public private(set) var readFailure: String?

    /// Opens `path` read-only.
    public convenience init(path: String) throws(MetadataError) {
        try self.init(pathBytes: Array(path.utf8))
    }

    /// Opens the file whose path is the raw bytes `pathBytes` (names need not be UTF-8).
    public init(pathBytes: [UInt8]) throws(MetadataError) {
        let path = String(decoding: pathBytes, as: UTF8.self)
        let fd = (pathBytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC) }
        }
        guard fd >= 0 else { throw .io("cannot open: \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw .io("cannot stat: \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .io("not a regular file (\(Self.kind(of: info.st_mode)))")
        }
        self.path = path
        self.descriptor = fd
        self.size = Int(info.st_size)
    }

    /// Reads the file already open as `fd` (a duplicate of it: the caller keeps its own), so the
    /// metadata comes from exactly the file that was opened, not whatever the name holds now.
    init(duplicating fd: Int32, path: String) throws(MetadataError) {
        let copy = dup(fd)
        guard copy >= 0 else { throw .io("cannot duplicate descriptor: \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(copy, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(copy)
            throw .io("not a regular file")
        }
        self.path = path
        self.descriptor = copy
        self.size = Int(info.st_size)
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes starting at `offset` (fewer at the end of the file).
    public func read(at offset: Int, count: Int) throws(MetadataError) -> [UInt8] {
        guard offset >= 0, count > 0, offset < size else { return [] }
        let wanted = min(count, size - offset)
        var buffer = [UInt8](repeating: 0, count: wanted)
        var done = 0
        while done < wanted {
            let got = buffer.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + done, wanted - done, off_t(offset + done))
            }
            if got < 0 {
                if errno == EINTR { continue }
                let message = "read failed at offset \(offset + done): \(String(cString: strerror(errno)))"
                if readFailure == nil { readFailure = message }
                throw .io(message)
            }
            if got == 0 { break }
            done += got
        }
        if done < wanted { buffer.removeSubrange(done...) }
        return buffer
    }

    /// Reads up to `buffer.count` bytes at `offset` into `buffer`: the count read (0 at the end), or nil
    /// when the read failed (recorded as ``readFailure``). For libraries that read through a callback (FFmpeg).
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Int? {
        guard offset >= 0, offset < Int64(size), buffer.count > 0 else { return 0 }
        var done = 0
        while done < buffer.count {
            let got = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            if got < 0 {
                if errno == EINTR { continue }
                if readFailure == nil { readFailure = "read failed at offset \(Int(offset) + done): \(String(cString: strerror(errno)))" }
                return nil
            }
            if got == 0 { break }
            done += got
        }
        return done
    }

    /// What a non-regular file is, for the reason it is refused.
    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symlink"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }

    /// A ``ByteReader`` over `count` bytes at `offset`, carrying the absolute base offset.
    public func reader(at offset: Int, count: Int, bigEndian: Bool = true) throws(MetadataError) -> ByteReader {
        ByteReader(try read(at: offset, count: count), base: offset, bigEndian: bigEndian)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The identity and change key of one file: (device, inode, size, mtime, ctime) decides re-reading.
public struct FileStamp: Sendable, Equatable, Hashable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var mtimeNanoseconds: Int64
    /// The status-change time: an edit followed by `touch -r` keeps size and mtime, not this.
    /// Nil for index rows written before migration `0005-ctime`.
    public var ctimeNanoseconds: Int64?

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        (mtimeNanoseconds, ctimeNanoseconds) = Platform.times(info)
    }

    public init(device: UInt64, inode: UInt64, size: Int64, mtimeNanoseconds: Int64, ctimeNanoseconds: Int64? = nil) {
        self.device = device
        self.inode = inode
        self.size = size
        self.mtimeNanoseconds = mtimeNanoseconds
        self.ctimeNanoseconds = ctimeNanoseconds
    }

    /// True when the file is unchanged since `known` was recorded (a recorded stamp without a
    /// ctime is compared without it).
    public func isUnchanged(since known: FileStamp) -> Bool {
        device == known.device && inode == known.inode && size == known.size && mtimeNanoseconds == known.mtimeNanoseconds
            && (known.ctimeNanoseconds == nil || known.ctimeNanoseconds == ctimeNanoseconds)
    }

    /// Modification time in whole seconds.
    public var mtimeSeconds: Int64 { mtimeNanoseconds >= 0 ? mtimeNanoseconds / 1_000_000_000 : (mtimeNanoseconds + 1) / 1_000_000_000 - 1 }
}

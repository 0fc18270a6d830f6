#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat(2)` says about one file: the identity a commit (and undo) re-checks before moving
/// it. Device and inode say *which* file; size, mtime and ctime say whether it changed — ctime too,
/// because an edit followed by `touch -r` restores the mtime but cannot restore the ctime.
public struct FileIdentity: Sendable, Equatable, Hashable {
    public let device: Int64
    public let inode: Int64
    public let size: Int64
    public let mtimeNs: Int64
    public let ctimeNs: Int64
    public let mode: UInt32
    /// The owner's uid (trash directories must be ours).
    public let owner: UInt32
    /// How many names the file has (hard links). Not part of its identity: equality and hashing
    /// leave it out, as another program linking or unlinking a name changes no content.
    public let links: Int64

    public var isRegular: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }
    public var isSymlink: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFLNK) }
    public var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
    public var isSticky: Bool { mode & UInt32(S_ISVTX) != 0 }

    /// Modification time in whole seconds (rounded down, before 1970 too).
    public var mtimeSeconds: Int64 { mtimeNs >= 0 ? mtimeNs / 1_000_000_000 : (mtimeNs + 1) / 1_000_000_000 - 1 }

    init(_ info: stat) {
        device = Int64(bitPattern: UInt64(info.st_dev))
        inode = Int64(bitPattern: UInt64(info.st_ino))
        size = Int64(info.st_size)
        (mtimeNs, ctimeNs) = Platform.times(info)
        mode = UInt32(info.st_mode)
        owner = UInt32(info.st_uid)
        links = Int64(info.st_nlink)
    }

    init(device: Int64, inode: Int64, size: Int64, mtimeNs: Int64, ctimeNs: Int64, mode: UInt32 = UInt32(S_IFREG), owner: UInt32 = 0,
         links: Int64 = 1) {
        (self.device, self.inode, self.size, self.mtimeNs, self.ctimeNs) = (device, inode, size, mtimeNs, ctimeNs)
        (self.mode, self.owner, self.links) = (mode, owner, links)
    }

    public static func == (a: FileIdentity, b: FileIdentity) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size && a.mtimeNs == b.mtimeNs && a.ctimeNs == b.ctimeNs
            && a.mode == b.mode && a.owner == b.owner
    }

    public func hash(into hasher: inout Hasher) {
        for value in [device, inode, size, mtimeNs, ctimeNs, Int64(mode), Int64(owner)] { hasher.combine(value) }
    }

    /// True when this is the file the index recorded as `recorded`, unchanged since: the same
    /// device, inode, size, mtime and ctime (a recorded ctime of nil, from a row indexed before
    /// migration `0005-ctime`, is not compared). The one "still the same file?" of the caches,
    /// the group checks and the commit journal.
    public func isUnchanged(since recorded: some RecordedIdentity) -> Bool {
        device == recorded.device && inode == recorded.inode && size == recorded.size && mtimeNs == recorded.mtimeNs
            && (recorded.ctimeNs.map { $0 == ctimeNs } ?? true)
    }

    /// True when both name the same file (device and inode), whatever its contents.
    public func isSameFile(as other: FileIdentity) -> Bool { key == other.key }

    /// Which file this is, whatever its contents: device and inode (the names of hard links share it).
    public var key: Key { Key(device: device, inode: inode) }

    /// Device and inode: which file, the key caches share one computation by (a hard-linked copy is
    /// hashed, measured and compared once).
    public struct Key: Sendable, Hashable {
        public let device: Int64
        public let inode: Int64
    }
}

/// A file as the index (or a cache row, or the commit journal) recorded it: which file, and the
/// size, mtime and ctime it had then. ``FileIdentity/isUnchanged(since:)`` compares one with a file
/// as it is now.
public protocol RecordedIdentity {
    var device: Int64 { get }
    var inode: Int64 { get }
    var size: Int64 { get }
    var mtimeNs: Int64 { get }
    /// Nil for a row indexed before migration `0005-ctime`.
    var ctimeNs: Int64? { get }
}

extension RecordedIdentity {
    /// Which file was recorded, whatever its contents (``FileIdentity/Key``).
    public var key: FileIdentity.Key { FileIdentity.Key(device: device, inode: inode) }

    /// The record without its ctime: compared on device, inode, size and mtime only (what a
    /// `chmod` or a new hard link leaves as it was).
    public var withoutCtime: IndexedIdentity {
        IndexedIdentity(device: device, inode: inode, size: size, mtimeNs: mtimeNs, ctimeNs: nil)
    }
}

/// A recorded identity on its own (read from an index row by its column names: ``RowDecodable``).
public struct IndexedIdentity: RecordedIdentity, Sendable, Equatable {
    public let device: Int64, inode: Int64, size: Int64, mtimeNs: Int64
    public let ctimeNs: Int64?
}

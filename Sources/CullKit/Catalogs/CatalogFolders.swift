/// Where one folder a catalog names is, on this machine: a photo manager records folders as the user
/// opened them (`$HOME/Pictures/2015`, where `~/Pictures` links to the library), so a folder that exists
/// here is resolved through the file system before it is compared: its real path (symlinks), then its
/// ancestors' device and inode against the library root's (a bind mount, the same folder under another
/// name). A folder that does not exist here is compared as written (a NAS not mounted, a catalog from
/// Windows, `--map`). Each folder is resolved once per read.
struct CatalogFolders {
    let paths: CatalogPaths
    /// The library root's device and inode.
    private let rootIdentity: (device: Int64, inode: Int64)?

    /// What a folder is.
    enum Place: Equatable {
        /// A folder of the library: its library-relative key ("" for the root).
        case library([UInt8])
        /// Not in the library: whether it exists here, and on which device (where a file hard-linked to
        /// a library file could be).
        case elsewhere(device: Int64?)
    }

    init(paths: CatalogPaths) {
        self.paths = paths
        rootIdentity = FileOps.statFollowingLinks(paths.root).map { ($0.device, $0.inode) }
    }

    /// Where the catalog's folder `mapped` (``CatalogPaths/mapped(_:)`` applied) is.
    func place(_ mapped: [UInt8]) -> Place {
        guard !mapped.contains(0) else { return .elsewhere(device: nil) }
        if mapped.first == PathBytes.slash, let info = FileOps.statFollowingLinks(mapped), info.isDirectory,
           let real = FileOps.realPath(mapped) {
            if let key = paths.relative(real) { return .library(key) }
            if let key = throughIdentity(real) { return .library(key) }
            return .elsewhere(device: info.device)
        }
        if let key = paths.relative(mapped) { return .library(key) }
        return .elsewhere(device: nil)
    }

    /// The key of real folder `real` when one of its ancestors (or itself) is the library root by device
    /// and inode: the library seen through a bind mount.
    private func throughIdentity(_ real: [UInt8]) -> [UInt8]? {
        guard let rootIdentity else { return nil }
        var ancestor = real
        var depth = 0
        while depth < 256 {
            if let info = FileOps.statFollowingLinks(ancestor), info.device == rootIdentity.device, info.inode == rootIdentity.inode {
                return CatalogPaths.components(real.dropFirst(ancestor == [PathBytes.slash] ? 1 : ancestor.count))
            }
            guard ancestor.count > 1 else { return nil }
            ancestor = PathBytes.parent(ancestor)
            depth += 1
        }
        return nil
    }
}

/// What the index holds, as a catalog read needs it: whether a key is an indexed file, whether a
/// folder holds indexed files (to suggest a `--map`), and which indexed file has a given device and
/// inode (a catalog folder of hard links to the library's files). Loaded once per refresh, and only when
/// a catalog is read; membership by a hash of the key (a false match only keeps one row more).
final class CatalogLibrary {
    private let db: Database
    private let keys: Set<Int>
    private let folders: Set<Int>
    /// Devices of indexed files: a folder on another one cannot hold a hard link to any of them.
    let devices: Set<Int64>
    private var identities: [FileKey: Int64]?
    let count: Int

    private struct FileKey: Hashable {
        let device: Int64, inode: Int64
    }

    init(db: Database) throws {
        self.db = db
        var count = 0
        var buffer: [UInt8] = []
        var keys = Set<Int>(), folders = Set<Int>(), devices = Set<Int64>()
        try db.withPageCache(kibibytes: 2048) {
            try db.forEachRow("SELECT path, device FROM assets", [], Columns.self) { row, column in
                buffer.removeAll(keepingCapacity: true)
                row.appendBytes(column.path, to: &buffer)
                let key = CatalogPaths.key(indexed: buffer)
                keys.insert(Self.hash(key))
                folders.insert(Self.hash(PathBytes.parent(key)))
                devices.insert(row.int64(column.device))
                count += 1
            }
        }
        (self.keys, self.folders, self.devices, self.count) = (keys, folders, devices, count)
    }

    private struct Columns: RowColumns {
        let path, device: Row.Column
        init(_ row: Row) { (path, device) = (row.index("path"), row.index("device")) }
    }

    static func hash(_ bytes: [UInt8]) -> Int {
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    /// True when `key` is (very likely) an indexed file's.
    func contains(_ key: [UInt8]) -> Bool { keys.contains(Self.hash(key)) }

    /// True when the folder `key` ("" for the root) holds indexed files.
    func holds(folder key: [UInt8]) -> Bool { folders.contains(Self.hash(key)) }

    /// Why the index could not be read during a catalog read (the refresh throws it afterwards:
    /// the catalog's rows are read in callbacks that report the catalog's own errors).
    private(set) var failure: (any Error)?

    /// The key of the indexed file with this device and inode, if any.
    func key(device: Int64, inode: Int64) -> [UInt8]? {
        do {
            if identities == nil {
                var found: [FileKey: Int64] = [:]
                try db.forEachRow("SELECT id, device, inode FROM assets") { row in
                    found[FileKey(device: row.int64("device"), inode: row.int64("inode"))] = row.int64("id")
                }
                identities = found
            }
            guard let id = identities?[FileKey(device: device, inode: inode)],
                  let path = try db.scalar("SELECT path FROM assets WHERE id = ?", [.integer(id)]) else { return nil }
            switch path {
            case let .text(text): return CatalogPaths.key(indexed: Array(text.utf8))
            case let .blob(bytes): return CatalogPaths.key(indexed: bytes)
            default: return nil
            }
        } catch {
            failure = failure ?? error
            return nil
        }
    }
}

/// One indexed asset as the review reads it: its identity on record, opened from the library root
/// one component at a time (``DirectoryHandle``: no symlink on the way is followed), read-only,
/// regular files only, and only while it is still the file the index describes.
struct AssetFile {
    /// What the index says about the asset.
    struct Record: Sendable, RecordedIdentity {
        let id: Int64
        let path: [UInt8]
        let device: Int64
        let inode: Int64
        let size: Int64
        let mtimeNs: Int64
        let kind: MediaKind?
        let duration: Double?
        let orientation: Int
        /// Why the scanner found it damaged, if it did.
        let broken: String?
        /// Not read for the review: a file is shown while its device, inode, size and mtime hold.
        var ctimeNs: Int64? { nil }

        /// The file it names, as a review pins it.
        var shown: ReviewScope.Shown { .init(path: path, device: device, inode: inode, size: size, mtimeNs: mtimeNs) }
        /// The cache key of its thumbnail: a changed file gets a new one.
        var identityKey: String { "\(device)-\(inode)-\(size)-\(mtimeNs)" }
        var name: String { PathBytes.display(PathBytes.basename(path)) }
        var lowercasedExtension: String {
            let name = PathBytes.basename(path)
            guard let dot = name.lastIndex(of: 46) else { return "" }
            return String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
        }
    }

    /// Why an asset cannot be read now.
    enum Refusal: Error, Sendable, CustomStringConvertible {
        case notIndexed
        case unreadable(String)
        case changed

        var description: String {
            switch self {
            case .notIndexed: "not in the index"
            case let .unreadable(reason): reason
            case .changed: "changed since the last scan"
            }
        }
    }

    /// The index row of asset `id`.
    static func record(_ db: Database, id: Int64) throws -> Record? {
        var found: Record?
        try db.cached("SELECT id, path, device, inode, size, mtime_ns, kind, duration, orientation, broken, broken_reason FROM assets WHERE id = ?")
            .forEachRow([.integer(id)]) { row in
                found = Record(id: row.int64("id"), path: row.bytes("path") ?? [], device: row.int64("device"), inode: row.int64("inode"),
                               size: row.int64("size"), mtimeNs: row.int64("mtime_ns"), kind: row.enumValue("kind", as: MediaKind.self),
                               duration: row.optionalDouble("duration"), orientation: row.optionalInt("orientation") ?? 1,
                               broken: row.int64("broken") != 0 ? row.string("broken_reason") ?? "damaged" : nil)
            }
        return found
    }

    /// Opens the asset for reading if it is still the regular file on record.
    static func open(_ record: Record, root: String) -> Result<ReadOnlyFile, Refusal> {
        let (rootHandle, code) = DirectoryHandle.open(Array(root.utf8))
        guard let rootHandle else { return .failure(.unreadable("cannot open the library: \(Errno.message(code))")) }
        let (folder, walkCode) = rootHandle.walk(PathBytes.parent(record.path))
        guard let folder else { return .failure(.unreadable("cannot open its folder: \(Errno.message(walkCode))")) }
        let (opened, openCode) = ReadOnlyFile.open(PathBytes.basename(record.path), in: folder)
        guard let file = opened else {
            return .failure(.unreadable(Errno.message(openCode)))
        }
        guard file.identity.isUnchanged(since: record) else { return .failure(.changed) }
        return .success(file)
    }
}

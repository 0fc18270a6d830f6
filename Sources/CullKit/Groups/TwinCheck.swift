#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The commit's last look at a staged twin (a member a group rule staged against a keeper):
/// the keeper must still be in the index and not staged, on disk with the identity it was hashed
/// with, and byte-identical to the twin now. Otherwise the twin stays, with the reason: a twin
/// never leaves on the word of a keeper that is gone or changed.
enum TwinCheck {
    static let changed = "its keeper changed"

    static func refusals(_ staged: [StagedAsset], db: Database, root: [UInt8]) throws -> [Int64: String] {
        var keeperOf: [Int64: Int64] = [:]
        try db.forEachRow("SELECT asset_id, keeper_id FROM reviews WHERE status = 'trashed' AND keeper_id IS NOT NULL") { row in
            keeperOf[row.int64(0)] = row.int64(1)
        }
        guard !keeperOf.isEmpty else { return [:] }
        let keeperRow = try db.prepare("""
            SELECT a.path, COALESCE(r.status, '') = 'trashed' FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id WHERE a.id = ?
            """)
        let hashRow = try db.prepare("SELECT device, inode, size, mtime_ns, ctime_ns FROM hashes WHERE asset_id = ?")
        let keeperFiles = FileReader(root: root), twinFiles = FileReader(root: root)
        var refusals: [Int64: String] = [:]
        for twin in staged {
            guard let keeperID = keeperOf[twin.id] else { continue }
            var keeper: (path: [UInt8], staged: Bool)?
            try keeperRow.forEachRow([.integer(keeperID)]) { keeper = ($0.bytes(0) ?? [], $0.int64(1) != 0) }
            guard let keeper else {
                refusals[twin.id] = "\(changed): it is no longer in the index"
                continue
            }
            let name = PathBytes.display(keeper.path)
            if keeper.staged {
                refusals[twin.id] = "\(changed): \(name) is staged too"
                continue
            }
            guard let keeperFile = keeperFiles.open(keeper.path).0 else {
                refusals[twin.id] = "\(changed): \(name) is gone"
                continue
            }
            guard try hashedIdentity(hashRow, keeperID) == Identity(keeperFile.identity) else {
                refusals[twin.id] = "\(changed): \(name) was modified since it was hashed"
                continue
            }
            // The twin itself gone or moved: the commit's own identity check reports it.
            guard let twinFile = twinFiles.open(twin.path).0 else { continue }
            guard try hashedIdentity(hashRow, twin.id) == Identity(twinFile.identity) else {
                refusals[twin.id] = "it changed since it was hashed"
                continue
            }
            if !sameBytes(keeperFile, twinFile) { refusals[twin.id] = "\(changed): \(name) no longer has the same content" }
        }
        return refusals
    }

    private struct Identity: Equatable {
        let device: Int64, inode: Int64, size: Int64, mtimeNs: Int64, ctimeNs: Int64

        init(device: Int64, inode: Int64, size: Int64, mtimeNs: Int64, ctimeNs: Int64) {
            (self.device, self.inode, self.size, self.mtimeNs, self.ctimeNs) = (device, inode, size, mtimeNs, ctimeNs)
        }

        init(_ identity: FileIdentity) {
            self.init(device: identity.device, inode: identity.inode, size: identity.size, mtimeNs: identity.mtimeNs,
                      ctimeNs: identity.ctimeNs)
        }
    }

    private static func hashedIdentity(_ statement: Statement, _ id: Int64) throws -> Identity? {
        var result: Identity?
        try statement.forEachRow([.integer(id)]) { row in
            result = Identity(device: row.int64(0), inode: row.int64(1), size: row.int64(2), mtimeNs: row.int64(3), ctimeNs: row.int64(4))
        }
        return result
    }

    /// Compares both files to their ends, a megabyte at a time.
    static func sameBytes(_ a: ReadOnlyFile, _ b: ReadOnlyFile) -> Bool {
        guard a.identity.size == b.identity.size else { return false }
        let size = 1 << 20
        let first = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
        let second = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
        defer { first.deallocate(); second.deallocate() }
        var offset: Int64 = 0
        while true {
            guard let x = a.read(into: first, at: offset), let y = b.read(into: second, at: offset), x == y else { return false }
            if x == 0 { return offset == a.identity.size }
            if memcmp(first.baseAddress!, second.baseAddress!, x) != 0 { return false }
            offset += Int64(x)
        }
    }
}

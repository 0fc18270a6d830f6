/// The columns of `assets a` a ``GroupMember`` is made of, read by every group loader but the
/// exact one (which reads them inline): one home for what the keeper rankings see.
enum MemberRows {
    /// Eleven columns: device, inode, then the member's fields.
    static let columns = """
        a.device, a.inode, a.id, a.path, a.size, a.width * a.height, COALESCE(a.taken_utc, a.taken),
        (COALESCE(a.favorite_flag, 0) = 1 OR COALESCE(a.rating, -1) >= ?), a.rating,
        (a.taken IS NOT NULL) + (a.camera_make IS NOT NULL) + (a.camera_model IS NOT NULL) + (a.lens IS NOT NULL)
        + (a.software IS NOT NULL) + (a.latitude IS NOT NULL) + (a.rating IS NOT NULL) + (a.favorite_flag IS NOT NULL)
        + (a.width IS NOT NULL) + (a.orientation IS NOT NULL)
        """
    static let columnCount = 10

    /// The library's favorite threshold, bound to the `?` in ``columns``.
    static func threshold(_ db: Database) throws -> SQLValue {
        .integer(try db.scalar("SELECT value FROM settings WHERE key = 'favorite_threshold'")?.int64 ?? 4)
    }

    /// The file key and member read from ``columns`` starting at column `first`.
    static func read(_ row: Row, from first: Int = 0) -> (file: HashCache.FileKey, member: GroupMember) {
        let c = first
        return (HashCache.FileKey(device: row.int64(c), inode: row.int64(c + 1)), GroupMember(
            id: row.int64(c + 2), path: row.bytes(c + 3) ?? [], size: row.int64(c + 4), pixels: row.optionalInt64(c + 5),
            taken: row.optionalInt64(c + 6), favorite: row.int64(c + 7) != 0, rating: row.optionalInt64(c + 8),
            metadataCount: row.int(c + 9)))
    }

    /// `members` one per inode (the first path in byte order), in path byte order.
    static func onePerInode(_ members: [(file: HashCache.FileKey, member: GroupMember)]) -> [GroupMember] {
        var seen = Set<HashCache.FileKey>()
        return members.sorted { PathBytes.precedes($0.member.path, $1.member.path) }
            .filter { seen.insert($0.file).inserted }.map(\.member)
    }
}

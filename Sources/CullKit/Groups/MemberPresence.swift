/// Whether a group member is on disk as the index has it: a copy deleted, replaced or edited
/// since the last scan is no copy that stays (the commit would refuse it as a keeper), so a plan
/// neither keeps it nor counts it as the member left behind. Asked lazily, of keeper candidates and
/// of the one member that stays per group, and remembered for the plan.
final class MemberPresence {
    private let reader: FileReader
    private let row: Statement
    private var known: [Int64: Bool] = [:]

    init(db: Database, root: String) throws {
        reader = FileReader(root: Array(root.utf8))
        row = try db.prepare("SELECT path, device, inode, size, mtime_ns, ctime_ns FROM assets WHERE id = ?")
    }

    /// True when asset `id` is a regular file at its indexed path with its indexed identity.
    func isPresent(_ id: Int64) -> Bool {
        if let answer = known[id] { return answer }
        var indexed: (path: [UInt8], device: Int64, inode: Int64, size: Int64, mtimeNs: Int64, ctimeNs: Int64?)?
        try? row.forEachRow([.integer(id)]) { row in
            indexed = (row.bytes(0) ?? [], row.int64(1), row.int64(2), row.int64(3), row.int64(4), row.optionalInt64(5))
        }
        var answer = false
        if let indexed, let now = reader.open(indexed.path).0?.identity {
            answer = now.device == indexed.device && now.inode == indexed.inode && now.size == indexed.size
                && now.mtimeNs == indexed.mtimeNs && (indexed.ctimeNs.map { $0 == now.ctimeNs } ?? true)
        }
        known[id] = answer
        return answer
    }
}

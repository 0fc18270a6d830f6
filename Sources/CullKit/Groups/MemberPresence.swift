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
        var indexed: (path: [UInt8], identity: IndexedIdentity)?
        try? row.forEachRow([.integer(id)]) { row in
            indexed = (row.bytes("path") ?? [], IndexedIdentity(row: row))
        }
        var answer = false
        if let indexed { answer = reader.openUnchanged(indexed.path, as: indexed.identity) != nil }
        known[id] = answer
        return answer
    }
}

/// Whether a group member is on disk as the index has it: a copy deleted, replaced or edited
/// since the last scan is no copy that stays (the commit would refuse it as a keeper), so a plan
/// neither keeps it nor counts it as the member left behind. Asked lazily, of keeper candidates and
/// of the one member that stays per group, and remembered for the plan.
final class MemberPresence {
    private let reader: FileReader
    private let row: Statement
    /// The groups whose members carry their indexed identity (read with the group), so only a
    /// file in none of them (a twin staged by an earlier run) is looked up in the index.
    private let groups: GroupSet?
    private var known: [Int64: Bool] = [:]

    init(db: Database, root: String, groups: GroupSet? = nil) throws {
        reader = FileReader(root: Array(root.utf8))
        row = try db.prepare("SELECT path, device, inode, size, mtime_ns, ctime_ns FROM assets WHERE id = ?")
        self.groups = groups
    }

    /// True when asset `id` is a regular file at its indexed path with its indexed identity.
    func isPresent(_ id: Int64) -> Bool {
        if let answer = known[id] { return answer }
        var answer = false
        if let (path, identity) = indexed(id) { answer = reader.isUnchanged(path, as: identity) }
        known[id] = answer
        return answer
    }

    /// The indexed path and identity of `id`: its group member's, else its index row's.
    private func indexed(_ id: Int64) -> (path: [UInt8], identity: IndexedIdentity)? {
        if let groups, let index = groups.groupsOf[id]?.first,
           let member = groups.groups[index].members.first(where: { $0.id == id }), let identity = member.indexed {
            return (member.path, identity)
        }
        var found: (path: [UInt8], identity: IndexedIdentity)?
        try? row.forEachRow([.integer(id)]) { row in
            found = (row.bytes("path") ?? [], IndexedIdentity(row: row))
        }
        return found
    }
}

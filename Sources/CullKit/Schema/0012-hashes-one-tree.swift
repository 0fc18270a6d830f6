extension Migration {
    /// Migration `0012-hashes-one-tree`: drops the `hashes_full` index. Exact groups are now formed in
    /// memory from the one pass over `assets` and `hashes` that the hash refresh makes anyway
    /// (``ExactGroups``), so nothing reads the index any more, and a cold plan wrote every one of its
    /// rows into a second B-tree: the hash rows now live in the table's own B-tree alone.
    static let m0012HashesOneTree = Migration(id: "0012-hashes-one-tree", sql: "DROP INDEX IF EXISTS hashes_full;")
}

/// A value read from one result row by its column names (GRDB's `FetchableRecord` is the model):
/// the query selects the columns under the names the type reads.
public protocol RowDecodable {
    init(row: Row)
}

extension Database {
    /// Every row of `sql` decoded as `T`.
    public func fetchAll<T: RowDecodable>(_ type: T.Type = T.self, _ sql: String, _ arguments: [SQLValue] = []) throws -> [T] {
        var result: [T] = []
        try forEachRow(sql, arguments) { result.append(T(row: $0)) }
        return result
    }
}

extension Statement {
    /// The first row of the statement with `arguments` bound, decoded as `T` (nil when there is none).
    public func fetchOne<T: RowDecodable>(_ type: T.Type = T.self, _ arguments: [SQLValue] = []) throws -> T? {
        var result: T?
        try forEachRow(arguments) { row in if result == nil { result = T(row: row) } }
        return result
    }
}

extension IndexedIdentity: RowDecodable {
    /// Reads `device, inode, size, mtime_ns, ctime_ns`, as every table that records an identity names them.
    public init(row: Row) {
        self.init(device: row.int64("device"), inode: row.int64("inode"), size: row.int64("size"),
                  mtimeNs: row.int64("mtime_ns"), ctimeNs: row.optionalInt64("ctime_ns"))
    }
}

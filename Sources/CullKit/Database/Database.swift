import CSQLite

/// One SQLite connection. Not `Sendable`: each thread that needs the index opens its own.
public final class Database {
    let handle: OpaquePointer
    public let path: String
    private var cache: [String: Statement] = [:]

    /// Opens (creating when `create` is true) the database at `path`; with `uri`, `path` is a
    /// `file:` URI (another application's catalog is opened as `file:…?mode=ro`).
    public init(path: String, create: Bool = true, readOnly: Bool = false, uri: Bool = false) throws(DatabaseError) {
        // Before the process's first connection: SQLite never waits on a FIFO named like a journal.
        _ = RegularFilesOnly.installed
        var handle: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | (uri ? SQLITE_OPEN_URI : 0)
        flags |= readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            let system = handle.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(handle)
            throw DatabaseError(code: code, message: message, sql: nil, path: path, systemErrno: system)
        }
        self.handle = handle
        self.path = path
        sqlite3_busy_timeout(handle, 5000)
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more SQL statements that take no arguments.
    public func execute(_ sql: String) throws(DatabaseError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw DatabaseError(connection: handle, sql: sql, message: text)
        }
    }

    /// Runs one statement with bound `arguments`.
    public func execute(_ sql: String, _ arguments: [SQLValue]) throws(DatabaseError) {
        try cached(sql).execute(arguments)
    }

    /// Runs `statement(rows)` over `count` rows of `width` values, 64 rows per statement: `rows` is
    /// their `(?, ?), (?, ?)` list (for `INSERT ... VALUES rows`, or `FROM (VALUES rows)`), bound to
    /// what `appendRow(i, &values)` appends for row `i`, then `trailing` (for `?` after the list).
    /// One statement per row cost more than SQLite's own work for it.
    public func insertRows(width: Int, count: Int, trailing: [SQLValue] = [], _ statement: (_ rows: String) -> String,
                           _ appendRow: (Int, inout [SQLValue]) -> Void) throws {
        let rowsPerStatement = 64
        let row = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
        func sql(rows: Int) -> String { statement(Array(repeating: row, count: rows).joined(separator: ", ")) }
        // The statement of a full batch, looked up once for all of them.
        let full = count >= rowsPerStatement ? try cached(sql(rows: rowsPerStatement)) : nil
        var values: [SQLValue] = []
        values.reserveCapacity(min(count, rowsPerStatement) * width + trailing.count)
        var start = 0
        while start < count {
            let end = min(start + rowsPerStatement, count)
            values.removeAll(keepingCapacity: true)
            for index in start ..< end { appendRow(index, &values) }
            values += trailing
            try (end - start == rowsPerStatement ? full! : cached(sql(rows: end - start))).execute(values)
            start = end
        }
    }

    /// A prepared statement, reused across calls with the same SQL.
    public func cached(_ sql: String) throws(DatabaseError) -> Statement {
        if let statement = cache[sql] { return statement }
        let statement = try Statement(connection: handle, sql: sql)
        cache[sql] = statement
        return statement
    }

    /// A fresh prepared statement (for one-off SQL such as a compiled rule).
    public func prepare(_ sql: String) throws(DatabaseError) -> Statement {
        try Statement(connection: handle, sql: sql)
    }

    /// Calls `body` for each row of `sql` with `arguments` bound.
    public func forEachRow(_ sql: String, _ arguments: [SQLValue] = [], _ body: (Row) throws -> Void) throws {
        try cached(sql).forEachRow(arguments, body)
    }

    /// Calls `body` for each row of `sql` with `arguments` bound and the positions of `columns`
    /// resolved once (``Statement/forEachRow(_:_:_:)``).
    public func forEachRow<Columns: RowColumns>(_ sql: String, _ arguments: [SQLValue] = [], _ columns: Columns.Type,
                                               _ body: (Row, Columns) throws -> Void) throws {
        try cached(sql).forEachRow(arguments, columns, body)
    }

    /// The first column of the first row, or `nil`.
    public func scalar(_ sql: String, _ arguments: [SQLValue] = []) throws -> SQLValue? {
        var result: SQLValue?
        try forEachRow(sql, arguments) { row in
            if result == nil { result = row.value(Row.first) }
        }
        return result
    }

    /// Runs `body` with SQLite's page cache held to `kibibytes`, then gives back the size it had: for
    /// a read that visits every page of a table once, whose pages would otherwise stay cached (a warm
    /// rescan's load of the index filled the 64 MB cache with pages it never reads again).
    public func withPageCache<T>(kibibytes: Int, _ body: () throws -> T) throws -> T {
        let before = try scalar("PRAGMA cache_size")?.int64 ?? -2000
        // A PRAGMA takes no bound parameters; these are integers, never text from outside.
        try execute("PRAGMA cache_size = \(-kibibytes)")
        defer { try? execute("PRAGMA cache_size = \(before)") }
        return try body()
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try within("BEGIN IMMEDIATE", body)
    }

    /// Runs `body` in one read transaction: its queries see one snapshot of the index and share
    /// one lock (a statement outside a transaction takes and drops SQLite's lock on its own, two
    /// `fcntl` calls each). Inside a transaction already open, `body` simply runs in it.
    public func snapshot<T>(_ body: () throws -> T) throws -> T {
        guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
        return try within("BEGIN DEFERRED", body)
    }

    /// `body` between `begin` and COMMIT, rolled back when it throws.
    private func within<T>(_ begin: String, _ body: () throws -> T) throws -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` with foreign-key enforcement off, then turns it on again (every connection Cull
    /// opens has it on). Call it outside a transaction: SQLite ignores the pragma inside one.
    public func withoutForeignKeys<T>(_ body: () throws -> T) throws -> T {
        try execute("PRAGMA foreign_keys = OFF")
        defer { try? execute("PRAGMA foreign_keys = ON") }
        return try body()
    }

    /// Runs `body` with this connection's triggers off, then turns them on again: only for a writer
    /// that does itself what every trigger its statements would fire does (``ChangeCounts/deletionBookings(_:writing:deletingFrom:)``).
    /// SQLite compiles triggers into each statement, so each switch expires this connection's
    /// prepared statements (each is prepared again on its next use).
    public func withoutTriggers<T>(_ body: () throws -> T) throws -> T {
        guard cull_sqlite3_db_config_flag(handle, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0) == 0 else {
            throw DatabaseError(code: SQLITE_MISUSE, message: "cannot turn triggers off", sql: nil, path: path)
        }
        defer { _ = cull_sqlite3_db_config_flag(handle, SQLITE_DBCONFIG_ENABLE_TRIGGER, 1) }
        return try body()
    }

    /// The rowid of the last INSERT on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Changes when the database may have changed since an earlier reading: a transaction another
    /// connection committed (`PRAGMA data_version`) or a row this connection inserted, updated or
    /// deleted (`sqlite3_total_changes64`, which counts rolled-back and TEMP rows too: it can only
    /// say "changed" too often). Two equal readings mean every table reads as it did.
    public struct ChangeToken: Equatable, Sendable {
        let committedElsewhere: Int64
        let writtenHere: Int64
    }

    /// The ``ChangeToken`` now.
    public func changeToken() throws -> ChangeToken {
        ChangeToken(committedElsewhere: try scalar("PRAGMA data_version")?.int64 ?? -1, writtenHere: sqlite3_total_changes64(handle))
    }

    /// SQLite's own query plan for `sql`, one line per step (`EXPLAIN QUERY PLAN`).
    public func queryPlan(_ sql: String, _ arguments: [SQLValue]) throws -> [String] {
        let statement = try prepare("EXPLAIN QUERY PLAN " + sql)
        var lines: [(id: Int, parent: Int, detail: String)] = []
        try statement.forEachRow(arguments) { row in
            lines.append((row.int("id"), row.int("parent"), row.string("detail") ?? ""))
        }
        var depth: [Int: Int] = [0: 0]
        return lines.map { line in
            let level = (depth[line.parent] ?? 0) + 1
            depth[line.id] = level
            return String(repeating: "  ", count: level - 1) + line.detail
        }
    }
}

import CSQLite

private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement: prepared in `init`, finalized in `deinit`. Deliberately not `Sendable`.
public final class Statement {
    let handle: OpaquePointer
    let connection: OpaquePointer
    public let sql: String

    init(connection: OpaquePointer, sql: String) throws(DatabaseError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw DatabaseError(connection: connection, sql: sql)
        }
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and binds `values` to its parameters, in order.
    public func bind(_ values: [SQLValue]) throws(DatabaseError) {
        sqlite3_reset(handle)
        // Unset only when some parameter is left unbound: the journal's batches bind 1,024 each.
        if values.count < Int(sqlite3_bind_parameter_count(handle)) { sqlite3_clear_bindings(handle) }
        for (index, value) in values.enumerated() {
            try bind(value, at: Int32(index + 1))
        }
    }

    public func bind(_ value: SQLValue, at index: Int32) throws(DatabaseError) {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case let .integer(int): code = sqlite3_bind_int64(handle, index, int)
        case let .real(double): code = sqlite3_bind_double(handle, index, double)
        case var .text(string):
            // Its UTF-8 as stored, with its length (no C string made for it), up to its first NUL as
            // a NUL-terminated bind would take it.
            code = string.withUTF8 { utf8 in
                guard let base = utf8.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, SQLITE_TRANSIENT) }
                let length = utf8.firstIndex(of: 0) ?? utf8.count
                return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                    sqlite3_bind_text(handle, index, $0, Int32(length), SQLITE_TRANSIENT)
                }
            }
        case let .blob(bytes):
            code = bytes.withUnsafeBytes { raw in
                sqlite3_bind_blob(handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count), SQLITE_TRANSIENT)
            }
        }
        try check(code)
    }

    /// Steps once: `true` when a row is available, `false` when done.
    @discardableResult
    public func step() throws(DatabaseError) -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw error(code)
    }

    /// Runs the statement to completion with `values` bound.
    public func execute(_ values: [SQLValue] = []) throws(DatabaseError) {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Runs the statement with `values` bound, calling `body` for each row.
    public func forEachRow(_ values: [SQLValue] = [], _ body: (Row) throws -> Void) throws {
        try bind(values)
        defer { sqlite3_reset(handle) }
        let row = Row(statement: self)
        while try step() { try body(row) }
    }

    /// Runs the statement with `values` bound, calling `body` for each row with the positions of the
    /// columns it reads, resolved by name once before the first row: the loops over every asset or
    /// journal item read by those positions instead of looking a name up per column per row.
    public func forEachRow<Columns: RowColumns>(_ values: [SQLValue] = [], _ columns: Columns.Type,
                                               _ body: (Row, Columns) throws -> Void) throws {
        let columns = resolve(columns)
        try forEachRow(values) { row in try body(row, columns) }
    }

    /// The positions of `columns`, resolved by name: for a statement run once per id, resolved
    /// before the loop and not at each run.
    public func resolve<Columns: RowColumns>(_ columns: Columns.Type) -> Columns { Columns(Row(statement: self)) }

    var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// Every result column with its name, in the order selected: for a loop that reads whatever its
    /// query selects (`cull find --json`).
    public var columns: [(name: String, column: Row.Column)] { (0..<columnCount).map { (columnName($0), Row.Column($0)) } }

    /// The result column named `name`, resolved before the first row (as ``Row/index(_:)``): for a
    /// loop whose columns are known only when its SQL is made, such as a compiled rule's.
    public func column(_ name: String) -> Row.Column { Row(statement: self).index(name) }

    /// The index of each result column by its name (`AS` alias or column name), read once; the first
    /// of two columns with one name wins.
    private lazy var columnIndex: [String: Int] = {
        var names: [String: Int] = [:]
        for index in 0..<columnCount where names[columnName(index)] == nil { names[columnName(index)] = index }
        return names
    }()
    /// The same by the ASCII lowercase of each name: SQLite names a bare column as its table declares
    /// it (`SELECT id FROM t` reads `ID` when `t` says `ID`), and its names ignore ASCII case.
    private lazy var foldedColumnIndex: [String: Int] = {
        var names: [String: Int] = [:]
        for index in 0..<columnCount where names[Self.fold(columnName(index))] == nil { names[Self.fold(columnName(index))] = index }
        return names
    }()

    /// The position of the result column named `name` (as SQLite compares names: ignoring ASCII case).
    func columnPosition(_ name: String) -> Int? {
        columnIndex[name] ?? foldedColumnIndex[Self.fold(name)]
    }

    private static func fold(_ name: String) -> String {
        String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
    private func columnName(_ index: Int) -> String { String(cString: sqlite3_column_name(handle, Int32(index))) }

    func check(_ code: Int32) throws(DatabaseError) {
        guard code == SQLITE_OK else { throw error(code) }
    }

    func error(_ code: Int32) -> DatabaseError {
        DatabaseError(connection: connection, sql: sql)
    }
}

/// The positions of the columns one loop reads, each resolved by name (``Row/index(_:)``) when the
/// statement starts, so that a name the statement does not select still stops the program.
public protocol RowColumns {
    /// Resolves every column the loop reads, with `row.index("name")`.
    init(_ row: Row)
}

/// The current row of a stepping ``Statement``; valid only inside the row callback. Columns are
/// read by name (`row.int64("size")`, `row.string("rule")`), or in the hot loops by the ``Column``s
/// a ``RowColumns`` resolved by name; a name the statement does not select is a programming error
/// and stops the program. There is no read by a bare position: a column is only ever reached
/// through its name, so a change to a `SELECT` list cannot silently shift what a loop reads.
public struct Row {
    let statement: Statement
    private var handle: OpaquePointer { statement.handle }

    /// The position of one result column, resolved by name (``Row/index(_:)``): made only here, so
    /// that no caller can read a column by a number it counted itself.
    public struct Column: Sendable, Equatable {
        let position: Int32
        fileprivate init(_ position: Int) { self.position = Int32(position) }
    }

    /// The first column, the one ``Database/scalar(_:_:)`` answers whatever its name.
    static let first = Column(0)

    /// The position of the column named `name`.
    public func index(_ name: String) -> Column {
        guard let index = statement.columnPosition(name) else { preconditionFailure("no column \(name) in `\(statement.sql)`") }
        return Column(index)
    }

    public func isNull(_ name: String) -> Bool { isNull(index(name)) }
    public func int64(_ name: String) -> Int64 { int64(index(name)) }
    public func int(_ name: String) -> Int { int(index(name)) }
    public func double(_ name: String) -> Double { double(index(name)) }
    public func optionalInt(_ name: String) -> Int? { optionalInt(index(name)) }
    public func optionalInt64(_ name: String) -> Int64? { optionalInt64(index(name)) }
    public func optionalDouble(_ name: String) -> Double? { optionalDouble(index(name)) }
    public func string(_ name: String) -> String? { string(index(name)) }
    public func bytes(_ name: String) -> [UInt8]? { bytes(index(name)) }
    public func value(_ name: String) -> SQLValue { value(index(name)) }

    public func isNull(_ column: Column) -> Bool { sqlite3_column_type(handle, column.position) == SQLITE_NULL }
    public func int64(_ column: Column) -> Int64 { sqlite3_column_int64(handle, column.position) }
    public func int(_ column: Column) -> Int { Int(int64(column)) }
    public func double(_ column: Column) -> Double { sqlite3_column_double(handle, column.position) }
    public func optionalInt(_ column: Column) -> Int? { isNull(column) ? nil : int(column) }
    public func optionalInt64(_ column: Column) -> Int64? { isNull(column) ? nil : int64(column) }
    public func optionalDouble(_ column: Column) -> Double? { isNull(column) ? nil : double(column) }

    public func string(_ column: Column) -> String? {
        guard let text = sqlite3_column_text(handle, column.position) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column.position))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The text of `column`, sharing the storage of an equal text `repeated` holds (read before):
    /// for a text many rows repeat (a rule's name, its file), no copy of its own per row.
    func string(_ column: Column, repeated: inout RepeatedTexts) -> String? {
        guard let text = sqlite3_column_text(handle, column.position) else { return nil }
        return repeated.text(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column.position))))
    }

    /// The raw bytes of a TEXT or BLOB column (used for paths, which may not be UTF-8).
    public func bytes(_ column: Column) -> [UInt8]? {
        let type = sqlite3_column_type(handle, column.position)
        if type == SQLITE_NULL { return nil }
        let count = Int(sqlite3_column_bytes(handle, column.position))
        if type == SQLITE_BLOB {
            guard let pointer = sqlite3_column_blob(handle, column.position) else { return [] }
            return Array(UnsafeRawBufferPointer(start: pointer, count: count))
        }
        guard let text = sqlite3_column_text(handle, column.position) else { return [] }
        return Array(UnsafeBufferPointer(start: text, count: count))
    }

    /// Appends the raw bytes of a TEXT or BLOB column to `buffer` (nothing for NULL), without an
    /// array of their own: the scanner reads every path of the index this way.
    public func appendBytes(_ column: Column, to buffer: inout [UInt8]) {
        let type = sqlite3_column_type(handle, column.position)
        if type == SQLITE_NULL { return }
        let count = Int(sqlite3_column_bytes(handle, column.position))
        if type == SQLITE_BLOB {
            guard let pointer = sqlite3_column_blob(handle, column.position) else { return }
            buffer.append(contentsOf: UnsafeRawBufferPointer(start: pointer, count: count))
            return
        }
        guard let text = sqlite3_column_text(handle, column.position) else { return }
        buffer.append(contentsOf: UnsafeBufferPointer(start: text, count: count))
    }

    /// Every column's value, in the order selected (a whole row, as the snapshot tests compare them).
    public var values: [SQLValue] { statement.columns.map { value($0.column) } }

    public func value(_ column: Column) -> SQLValue {
        switch sqlite3_column_type(handle, column.position) {
        case SQLITE_INTEGER: .integer(int64(column))
        case SQLITE_FLOAT: .real(double(column))
        case SQLITE_TEXT: .text(string(column) ?? "")
        case SQLITE_BLOB: .blob(bytes(column) ?? [])
        default: .null
        }
    }
}

/// The texts a query repeats on many rows, each kept once (up to ``limit`` of them): a row's text
/// equal to one shares its storage (``Row/string(_:repeated:)``). Half a million staged rows named
/// a few rules and rule files, and allocating and freeing a copy of each was a tenth of `cull trash`.
struct RepeatedTexts {
    private var known: [String] = []
    /// The most texts kept; past them a text gets its own copy.
    static let limit = 64

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        for var candidate in known where candidate.utf8.count == bytes.count {
            let equal = candidate.withUTF8 { $0.elementsEqual(bytes) }
            if equal { return candidate }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if known.count < Self.limit { known.append(text) }
        return text
    }
}

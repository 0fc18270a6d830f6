import CSQLite
import Foundation

/// A read-only connection to another application's catalog: opened as a `file:…?mode=ro` URI (SQLite
/// never writes it, never takes a write lock, never creates a journal for it), busy retried for a
/// bounded time (the application may be writing: WAL or rollback journal), and stopped by a progress
/// handler at the read's deadline. Every error becomes a ``CatalogError`` naming the catalog.
final class CatalogConnection {
    let db: Database
    let path: String
    let kind: CatalogKind
    let limits: CatalogLimits
    private let started = Date()
    private var deadlineBox: DeadlineBox

    init(path: String, kind: CatalogKind, limits: CatalogLimits) throws(CatalogError) {
        self.path = path
        self.kind = kind
        self.limits = limits
        guard let info = FileOps.statFollowingLinks(Array(path.utf8)) else { throw .missing(path: path, kind: kind) }
        guard info.isRegular else { throw .cannotOpen(path: path, kind: kind, reason: "not a regular file") }
        do {
            db = try Database(path: Self.uri(path), create: false, readOnly: true, uri: true)
        } catch {
            throw Self.failure(error, path: path, kind: kind, limits: limits)
        }
        deadlineBox = DeadlineBox(deadline: Date().addingTimeInterval(limits.deadline))
        sqlite3_busy_timeout(db.handle, Int32(min(limits.busyTimeout * 1000, Double(Int32.max))))
        sqlite3_progress_handler(db.handle, 10_000, { context in
            guard let context else { return 0 }
            let box = Unmanaged<DeadlineBox>.fromOpaque(context).takeUnretainedValue()
            return Date() > box.deadline ? 1 : 0
        }, Unmanaged.passUnretained(deadlineBox).toOpaque())
        // The values Cull keeps are short; a row holding more than this is not a catalog's.
        sqlite3_limit(db.handle, SQLITE_LIMIT_LENGTH, 64 << 20)
        try check("SELECT count(*) FROM sqlite_schema")
    }

    deinit { sqlite3_progress_handler(db.handle, 0, nil, nil) }

    /// `file:` URI of `path` with `mode=ro`: every byte outside the unreserved set percent-encoded.
    static func uri(_ path: String) -> String {
        var encoded = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                encoded.append(Character(Unicode.Scalar(byte)))
            default:
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded + "?mode=ro"
    }

    /// Attaches another database of the same application read-only (darktable's `data.db`).
    func attach(_ other: String, as name: StaticString) throws(CatalogError) {
        guard FileOps.statFollowingLinks(Array(other.utf8))?.isRegular == true else { throw .missing(path: other, kind: kind) }
        do {
            try db.execute("ATTACH DATABASE ? AS \(name)", [.text(Self.uri(other))])
        } catch {
            throw Self.failure(error, path: other, kind: kind, limits: limits)
        }
    }

    /// Runs `body` for each row of `sql`, inside one read transaction (one consistent snapshot).
    func rows(_ sql: String, _ arguments: [SQLValue] = [], _ body: (Row) throws -> Void) throws(CatalogError) {
        do {
            try db.forEachRow(sql, arguments, body)
        } catch let error as CatalogError {
            throw error
        } catch {
            throw Self.failure(error, path: path, kind: kind, limits: limits)
        }
    }

    /// Runs `sql`, calling `body` for each row with the positions of `columns`, resolved by name on
    /// the first row: the loops over a catalog's every image or tag read them per row.
    func rows<Columns: RowColumns>(_ sql: String, _ arguments: [SQLValue] = [], _ columns: Columns.Type,
                                   _ body: (Row, Columns) throws -> Void) throws(CatalogError) {
        var resolved: Columns?
        try rows(sql, arguments) { row in
            let columns = resolved ?? Columns(row)
            resolved = columns
            try body(row, columns)
        }
    }

    /// The columns of a read of every tagging of a catalog, which selects them as `image, tag`.
    struct TaggingColumns: RowColumns {
        let image, tag: Row.Column

        init(_ row: Row) { (image, tag) = (row.index("image"), row.index("tag")) }
    }

    /// The first column of the first row of `sql`, as text.
    func text(_ sql: String, _ arguments: [SQLValue] = []) throws(CatalogError) -> String? {
        var result: String?
        try rows(sql, arguments) { row in if result == nil { result = row.isNull(Row.first) ? nil : row.value(Row.first).textForm } }
        return result
    }

    private func check(_ sql: String) throws(CatalogError) {
        try rows(sql) { _ in }
    }

    /// True when `table` exists with every one of `columns` (in database `schema`).
    func has(table: String, columns: [String] = [], schema: String = "main") throws(CatalogError) -> Bool {
        var found = Set<String>()
        try rows("SELECT name FROM pragma_table_info(?, ?)", [.text(table), .text(schema)]) { found.insert($0.string("name") ?? "") }
        return !found.isEmpty && columns.allSatisfy(found.contains)
    }

    /// A read in one transaction: BEGIN … COMMIT, so every query sees the same state of a catalog the
    /// application may be writing.
    func snapshot<T>(_ body: () throws(CatalogError) -> T) throws(CatalogError) -> T {
        do { try db.execute("BEGIN") } catch { throw Self.failure(error, path: path, kind: kind, limits: limits) }
        defer { try? db.execute("COMMIT") }
        return try body()
    }

    static func failure(_ error: any Error, path: String, kind: CatalogKind, limits: CatalogLimits) -> CatalogError {
        guard let error = error as? DatabaseError else { return .damaged(path: path, kind: kind, reason: "\(error)") }
        if error.isBusy { return .locked(path: path, kind: kind, seconds: limits.busyTimeout) }
        if error.result == .interrupted {
            return .tooLarge(path: path, kind: kind, reason: "reading it took longer than \(Int(limits.deadline)) s")
        }
        if error.result == .tooBig { return .tooLarge(path: path, kind: kind, reason: "it holds a value larger than 64 MB") }
        if [.cannotOpen, .permission, .authorization].contains(error.result) || error.systemErrno == EACCES {
            return .cannotOpen(path: path, kind: kind, reason: error.systemErrno != 0 ? Errno.message(error.systemErrno) : error.message)
        }
        return .damaged(path: path, kind: kind, reason: error.message)
    }
}

/// The read's deadline, where the C progress handler can reach it.
private final class DeadlineBox {
    let deadline: Date
    init(deadline: Date) { self.deadline = deadline }
}

extension SQLValue {
    /// Integers and reals as their decimal text, text as itself.
    var textForm: String? {
        switch self {
        case .null: nil
        case let .integer(value): String(value)
        case let .real(value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case let .text(text): text
        case let .blob(bytes): String(decoding: bytes, as: UTF8.self)
        }
    }
}

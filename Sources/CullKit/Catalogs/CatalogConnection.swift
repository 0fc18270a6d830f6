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
    let verify: Bool
    private var deadlineBox: DeadlineBox
    private let watchdog: Watchdog
    /// The databases attached beside `main`, by schema name, with their files.
    private var attached: [(schema: String, file: String)] = []

    /// Opens the catalog at `path`. `verify` runs SQLite's `quick_check` in every snapshot (the caller
    /// skips it for a catalog whose files are those it checked last: the check is cached by identity).
    init(path: String, kind: CatalogKind, limits: CatalogLimits, verify: Bool = true) throws(CatalogError) {
        self.path = path
        self.kind = kind
        self.limits = limits
        self.verify = verify
        guard let info = FileOps.statFollowingLinks(Array(path.utf8)) else { throw .missing(path: path, kind: kind) }
        guard info.isRegular else { throw .cannotOpen(path: path, kind: kind, reason: "not a regular file") }
        try Self.checkCompanions(of: path, catalog: path, kind: kind)
        do {
            db = try Database(path: Self.uri(path), create: false, readOnly: true, uri: true)
        } catch {
            throw Self.failure(error, path: path, kind: kind, limits: limits)
        }
        deadlineBox = DeadlineBox(deadline: Date().addingTimeInterval(limits.deadline))
        watchdog = Watchdog(db.handle)
        sqlite3_busy_timeout(db.handle, Int32(min(limits.busyTimeout * 1000, Double(Int32.max))))
        sqlite3_progress_handler(db.handle, 10_000, { context in
            guard let context else { return 0 }
            let box = Unmanaged<DeadlineBox>.fromOpaque(context).takeUnretainedValue()
            return Date() > box.deadline ? 1 : 0
        }, Unmanaged.passUnretained(deadlineBox).toOpaque())
        // A single step that runs long (an integrity check of a huge file) is stopped at the deadline too.
        DispatchQueue.global().asyncAfter(deadline: .now() + limits.deadline) { [watchdog] in watchdog.fire() }
        // The values Cull keeps are short; a row holding more than this is not a catalog's.
        sqlite3_limit(db.handle, SQLITE_LIMIT_LENGTH, 64 << 20)
        try check("SELECT count(*) FROM sqlite_schema")
    }

    deinit {
        watchdog.disarm()
        sqlite3_progress_handler(db.handle, 0, nil, nil)
    }

    /// The names SQLite opens beside a database (its rollback journal, WAL and shared memory): each must
    /// be a regular file when it exists, or SQLite would open a FIFO or a device and wait on it for good.
    static func checkCompanions(of file: String, catalog: String, kind: CatalogKind) throws(CatalogError) {
        for suffix in ["-journal", "-wal", "-shm"] {
            let name = file + suffix
            guard let info = FileOps.statFollowingLinks(Array(name.utf8)) ?? FileOps.lstat(Array(name.utf8)).0 else { continue }
            // A dangling link SQLite would not follow reads as absent, as SQLite sees it.
            if info.isSymlink { continue }
            guard info.isRegular else { throw .cannotOpen(path: catalog, kind: kind, reason: "\(name) is not a regular file") }
        }
    }

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
        guard let info = FileOps.statFollowingLinks(Array(other.utf8)) else { throw .missing(path: other, kind: kind) }
        guard info.isRegular else { throw .cannotOpen(path: path, kind: kind, reason: "\(other) is not a regular file") }
        try Self.checkCompanions(of: other, catalog: path, kind: kind)
        do {
            try db.execute("ATTACH DATABASE ? AS \(name)", [.text(Self.uri(other))])
        } catch {
            throw Self.failure(error, path: other, kind: kind, limits: limits)
        }
        attached.append(("\(name)", other))
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

    /// The slots that carry each tag, read by `sql` (which selects `image, tag`) for the images of
    /// `images`; more than four rows per ``CatalogLimits/maxRows`` is a catalog too large (`what`
    /// names those rows in the error about the catalog at `path`).
    func taggings(_ sql: String, of images: [Int64: CatalogRead.Slot], path: String, kind: CatalogKind,
                  naming what: String) throws(CatalogError) -> [Int64: [CatalogRead.Slot]] {
        var wanted: [Int64: [CatalogRead.Slot]] = [:]
        var count = 0
        try rows(sql, [], TaggingColumns.self) { row, column in
            count += 1
            guard count <= limits.maxRows * 4 else {
                throw CatalogError.tooLarge(path: path, kind: kind, reason: "more than \(limits.maxRows * 4) \(what)")
            }
            guard let slot = images[row.int64(column.image)] else { return }
            wanted[row.int64(column.tag), default: []].append(slot)
        }
        return wanted
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
    /// With ``verify``, SQLite's `quick_check` of every file first, in the same transaction: a damaged
    /// page can read without an error and lose the rows on it (a rating that protected a photo).
    func snapshot<T>(_ body: () throws(CatalogError) -> T) throws(CatalogError) -> T {
        do { try db.execute("BEGIN") } catch { throw Self.failure(error, path: path, kind: kind, limits: limits) }
        defer { try? db.execute("COMMIT") }
        if verify {
            for (schema, file) in [("main", path)] + attached {
                // The schema name is this connection's own ("main" or an `attach` name), never input.
                let answer = try text("PRAGMA \(schema).quick_check(1)")
                guard answer == "ok" else {
                    throw .damaged(path: path, kind: kind, reason: "\(file) fails SQLite's integrity check (\(answer ?? "no answer"))")
                }
            }
        }
        return try body()
    }

    /// The bytes of a TEXT or BLOB column: a path from a catalog need not be UTF-8.
    static func bytes(_ row: Row, _ column: Row.Column) -> [UInt8]? {
        row.isNull(column) ? nil : row.bytes(column)
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

/// Interrupts the connection at the read's deadline, from another thread (`sqlite3_interrupt` is the
/// one call that may), unless the connection is gone by then.
private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var handle: OpaquePointer?

    init(_ handle: OpaquePointer) { self.handle = handle }

    func fire() {
        lock.lock()
        defer { lock.unlock() }
        if let handle { sqlite3_interrupt(handle) }
    }

    func disarm() {
        lock.lock()
        handle = nil
        lock.unlock()
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLite

/// Cheap health checks of an existing index, right after SQLite opens it and before any statement
/// runs: the file's size and header (only the first 100 bytes are read) and Cull's
/// `schema_migrations` table. A deep `PRAGMA quick_check` reads every page, too slow for every
/// command; damage it would find surfaces later as ``DatabaseError/isDamage``, reported the same way.
///
/// The header is read through SQLite's own file handle, never with a descriptor of our own:
/// closing any descriptor of the file would drop the POSIX locks SQLite holds on it for other
/// connections of this process.
enum IndexFile {
    static let magic = Array("SQLite format 3\0".utf8)

    /// Throws ``IndexError/damaged(path:problem:)`` before SQLite would treat a missing or empty
    /// file as a new, empty database. Only `stat` (a FIFO or other non-regular file is refused
    /// unopened; a symlink to an index elsewhere is followed, as SQLite follows it).
    static func checkExists(_ path: String) throws(IndexError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let failure = errno
            if failure == ENOENT { throw IndexError.damaged(path: path, problem: .missing) }
            throw IndexError.system(path: path, call: "stat", errno: failure)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw IndexError.damaged(path: path, problem: .notSQLite) }
        if info.st_size == 0 { throw IndexError.damaged(path: path, problem: .empty) }
    }

    /// Throws ``IndexError/damaged(path:problem:)`` when the open file is not SQLite or is shorter
    /// than its header says.
    static func checkHeader(_ db: Database) throws(IndexError) {
        var file: UnsafeMutablePointer<sqlite3_file>?
        _ = withUnsafeMutablePointer(to: &file) { sqlite3_file_control(db.handle, "main", SQLITE_FCNTL_FILE_POINTER, $0) }
        guard let file, let methods = file.pointee.pMethods, let read = methods.pointee.xRead,
              let fileSize = methods.pointee.xFileSize else { return }
        var size: sqlite3_int64 = 0
        guard fileSize(file, &size) == SQLITE_OK else { return }
        var header = [UInt8](repeating: 0, count: 100)
        let code = header.withUnsafeMutableBytes { read(file, $0.baseAddress, 100, 0) }
        guard code == SQLITE_OK || code == SQLITE_IOERR | (2 << 8) else { return }   // SHORT_READ: zero-filled; other I/O errors speak for themselves later
        guard size >= Int64(magic.count), Array(header[0..<magic.count]) == magic else {
            throw IndexError.damaged(path: db.path, problem: .notSQLite)
        }
        guard size >= 100 else { throw IndexError.damaged(path: db.path, problem: .truncated(bytes: size, expected: 100)) }
        func word(_ offset: Int) -> Int64 { header[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int64($1) } }
        let rawPageSize = Int64(header[16]) << 8 | Int64(header[17])
        let pageSize = rawPageSize == 1 ? 65536 : rawPageSize
        guard pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else {
            throw IndexError.damaged(path: db.path, problem: .notSQLite)
        }
        // A write-ahead log with frames in it is not checkpointed yet: a checkpoint cut short (a
        // full disk) can leave page 1 saying more pages than the file holds, and SQLite finishes
        // it from the log. The file's size says nothing then.
        if walHasFrames(db.path) { return }
        // The page count is trustworthy only when written by a SQLite that also wrote the change
        // counter beside it (3.7.0 and later); then the file holds at least that many pages.
        let pages = word(28)
        if pages > 0, word(92) == word(24), size < pages * pageSize {
            throw IndexError.damaged(path: db.path, problem: .truncated(bytes: size, expected: pages * pageSize))
        }
        if size % pageSize != 0 {
            throw IndexError.damaged(path: db.path, problem: .truncated(bytes: size, expected: (size / pageSize + 1) * pageSize))
        }
    }

    /// True when `PATH-wal` exists and holds more than its 32-byte header.
    private static func walHasFrames(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) == 0 && info.st_size > 32
    }

    /// Throws ``IndexError/damaged(path:problem:)`` when the database is not a Cull index: no
    /// `schema_migrations` table recording Cull's first migration. Reading the schema also makes
    /// SQLite parse it, which finds a damaged first page.
    static func checkSchema(_ db: Database) throws {
        let ours = try db.scalar("""
            SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'
            AND EXISTS (SELECT 1 FROM pragma_table_info('schema_migrations') WHERE name = 'id')
            """) != nil
        guard ours, try db.scalar("SELECT 1 FROM schema_migrations WHERE id = ?", [.text(Migration.m0001Assets.id)]) != nil else {
            throw IndexError.damaged(path: db.path, problem: .foreign)
        }
    }
}

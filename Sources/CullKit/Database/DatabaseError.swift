#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLite

/// An SQLite failure: the extended result code, SQLite's message, the SQL that failed, and the
/// database file and OS error where SQLite knows them. Bound values are never printed (they may
/// be paths of the user's photos).
///
/// `description` is the one line a user sees: what failed, where, and what to do. The SQL is in
/// `debugDescription` only: a full disk must not print a block of PRAGMAs.
public struct DatabaseError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    public let code: Int32
    public let message: String
    public let sql: String?
    /// The database file ("" or nil when unknown or in memory).
    public let path: String?
    /// The `errno` of the system call that failed under SQLite (0 when none).
    public let systemErrno: Int32

    public init(code: Int32, message: String, sql: String?, path: String? = nil, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.sql = sql
        self.path = path
        self.systemErrno = systemErrno
    }

    /// The error SQLite reports now on `connection`.
    init(connection: OpaquePointer, sql: String?, message: String? = nil) {
        let file = sqlite3_db_filename(connection, "main").map { String(cString: $0) }
        self.init(code: sqlite3_extended_errcode(connection), message: message ?? String(cString: sqlite3_errmsg(connection)),
                  sql: sql, path: file, systemErrno: sqlite3_system_errno(connection))
    }

    /// The primary result codes Cull tells apart (SQLite's extended code without its detail byte).
    public enum ResultCode: Sendable, Equatable {
        case busy, locked, full, readOnly, cannotOpen, ioError, corrupt, notADatabase, interrupted, tooBig
        case permission, authorization
        case other(Int32)

        init(extended code: Int32) {
            switch code & 0xFF {
            case SQLITE_BUSY: self = .busy
            case SQLITE_LOCKED: self = .locked
            case SQLITE_FULL: self = .full
            case SQLITE_READONLY: self = .readOnly
            case SQLITE_CANTOPEN: self = .cannotOpen
            case SQLITE_IOERR: self = .ioError
            case SQLITE_CORRUPT: self = .corrupt
            case SQLITE_NOTADB: self = .notADatabase
            case SQLITE_INTERRUPT: self = .interrupted
            case SQLITE_TOOBIG: self = .tooBig
            case SQLITE_PERM: self = .permission
            case SQLITE_AUTH: self = .authorization
            case let primary: self = .other(primary)
            }
        }
    }

    /// What kind of failure this is (``code`` keeps SQLite's extended code).
    public var result: ResultCode { ResultCode(extended: code) }

    public var description: String {
        let place = (path?.isEmpty == false) ? path! : "the index"
        if isDiskFull {
            return "cannot write \(place): the disk is full; free some space and run the command again"
        }
        if systemErrno == EROFS {
            return "cannot write \(place): its file system is mounted read-only (\(Errno.message(EROFS))); "
                + "mount it read-write and run the command again"
        }
        if result == .readOnly || (result == .cannotOpen && systemErrno == EACCES) {
            return "cannot write \(place): it is read-only; make .cull/ and its files writable "
                + "(or mount the file system read-write) and run the command again"
        }
        if isDamage {
            return "\(place) is damaged (\(message)); restore .cull/index.sqlite from a backup, "
                + "or move .cull aside and run 'cull init' (keeps and undo history are lost)"
        }
        if isBusy { return "\(place) is busy: another program holds it locked; try again when it is done" }
        if result == .ioError || result == .cannotOpen {
            let cause = systemErrno != 0 ? Errno.message(systemErrno) : message
            return "cannot use \(place): \(cause); check the disk and run the command again"
        }
        return "\(place): SQLite error \(code): \(message)"
    }

    /// With the SQL that failed, for debugging.
    public var debugDescription: String {
        var text = description + " [SQLite error \(code): \(message)]"
        if let sql { text += " while executing `\(sql)`" }
        return text
    }

    /// True when the file system has no room left (or the user's quota is used up).
    public var isDiskFull: Bool { result == .full || systemErrno == ENOSPC || systemErrno == EDQUOT }

    /// True when another connection holds a lock we needed (SQLITE_BUSY / SQLITE_LOCKED).
    public var isBusy: Bool { result == .busy || result == .locked }

    /// True when SQLite refused a statement as written (SQLITE_ERROR: a syntax, schema or limit
    /// error such as too many columns or too deep an expression; SQLITE_TOOBIG), not a failure to run it.
    public var isRefusal: Bool { result == .other(SQLITE_ERROR) || result == .tooBig }

    /// True when SQLite found the file malformed or not a database at all.
    public var isDamage: Bool { result == .corrupt || result == .notADatabase }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A photo library: a folder tree with a `.cull/` folder holding the index and the lock.
public struct Library: Sendable {
    /// Absolute path of the library root, without a trailing slash.
    public let root: String

    public var controlDirectory: String { root + "/.cull" }
    public var indexPath: String { controlDirectory + "/index.sqlite" }
    public var lockPath: String { controlDirectory + "/lock" }

    public init(root: String) { self.root = root }

    /// Makes `directory` a library: creates `.cull/`, the index and the lock file. They are built in
    /// a hidden folder beside it and renamed into place whole: an init cut short (a full disk, a
    /// kill) leaves no `.cull/` that every later command would take for a damaged index.
    @discardableResult
    public static func initialize(at directory: String) throws -> Library {
        let root: String
        do {
            root = try absolute(directory)
        } catch IndexError.system(_, _, ENOENT), IndexError.system(_, _, ENOTDIR) {
            throw IndexError.noSuchFolder(path: directory, namedBy: nil)
        }
        var info = stat()
        guard stat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw IndexError.notADirectory(path: directory)
        }
        let library = Library(root: root)
        if library.hasControlDirectory {
            // Whatever is there (a healthy index, a damaged one, none) is never replaced.
            _ = try library.openIndex()
            throw IndexError.alreadyALibrary(path: root)
        }
        var template = Array((root == "/" ? "" : root).utf8CString.dropLast()) + Array("/.cull-init-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else {
            throw IndexError.initFailed(path: root, reason: Errno.message(errno))
        }
        let staging = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            let fd = open(staging + "/lock", O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw IndexError.system(path: staging + "/lock", call: "open", errno: errno) }
            close(fd)
            // Closed before the rename: SQLite checkpoints its log into the file and removes it.
            _ = try openIndex(at: staging + "/index.sqlite", creating: true)
            guard chmod(staging, 0o755) == 0 else { throw IndexError.system(path: staging, call: "chmod", errno: errno) }
            let code = FileOps.renameNoReplace(Array(staging.utf8), Array(library.controlDirectory.utf8))
            if code == EEXIST || code == ENOTEMPTY { throw IndexError.alreadyALibrary(path: root) }
            if code != 0 { throw IndexError.system(path: library.controlDirectory, call: "rename", errno: code) }
            _ = FileOps.syncDirectory(Array(root.utf8))
        } catch {
            for name in ["lock", "index.sqlite", "index.sqlite-wal", "index.sqlite-shm", "index.sqlite-journal"] {
                unlink(staging + "/" + name)
            }
            rmdir(staging)
            if case IndexError.alreadyALibrary = error { throw error }
            throw IndexError.initFailed(path: root, reason: Self.reason(error))
        }
        return library
    }

    /// What stopped `cull init`, in the words the user needs.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError, error.isDiskFull { return "the disk is full" }
        if case let IndexError.system(_, _, code) = error { return Errno.message(code) }
        return String(describing: error)
    }

    /// Finds the library like git finds a repository: `explicit` (`--library`), else
    /// `CULL_LIBRARY`, else the working directory and its parents.
    public static func locate(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                              workingDirectory: String = FileManager.default.currentDirectoryPath) throws -> Library {
        if let given = explicit ?? environment["CULL_LIBRARY"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let root: String
            do {
                root = try absolute(given, relativeTo: workingDirectory)
            } catch IndexError.system(_, _, ENOENT), IndexError.system(_, _, ENOTDIR) {
                throw IndexError.noSuchFolder(path: given, namedBy: explicit == nil ? "CULL_LIBRARY" : "--library")
            }
            let library = Library(root: root)
            guard library.hasControlDirectory else { throw IndexError.notALibrary(searchedFrom: root) }
            return library
        }
        var candidate = try absolute(workingDirectory)
        while true {
            let library = Library(root: candidate)
            if library.hasControlDirectory { return library }
            if candidate == "/" || candidate.isEmpty { break }
            candidate = parent(of: candidate)
        }
        throw IndexError.notALibrary(searchedFrom: workingDirectory)
    }

    /// True when `.cull/` exists (as a folder): the mark of a library, whatever state its index is in.
    var hasControlDirectory: Bool {
        var info = stat()
        return stat(controlDirectory, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Opens the index, applying pending migrations. WAL mode, so readers never block the writer.
    ///
    /// An index that is missing, empty, truncated, not SQLite or not Cull's throws
    /// ``IndexError/damaged(path:problem:)`` (with a recovery hint): it is never silently replaced
    /// by a fresh one. `creating` is for `cull init` only.
    public func openIndex(creating: Bool = false) throws -> Database {
        try Self.openIndex(at: indexPath, creating: creating)
    }

    private static func openIndex(at indexPath: String, creating: Bool) throws -> Database {
        if !creating { try IndexFile.checkExists(indexPath) }
        do {
            let db = try Database(path: indexPath, create: creating)
            // Before any PRAGMA: switching a foreign database to WAL would already rewrite its header.
            if !creating {
                try IndexFile.checkHeader(db)
                try IndexFile.checkSchema(db)
            }
            try db.execute("""
                PRAGMA journal_mode = WAL;
                PRAGMA synchronous = NORMAL;
                PRAGMA foreign_keys = ON;
                PRAGMA temp_store = MEMORY;
                PRAGMA cache_size = -65536;
                """)
            try Migrator.migrate(db)
            return db
        } catch let error as DatabaseError where error.isDamage {
            throw IndexError.damaged(path: indexPath, problem: .malformed(error.message))
        } catch let error as DatabaseError where error.systemErrno != EROFS && FileOps.isOnReadOnlyFileSystem(Array(PathBytes.parent(Array(indexPath.utf8)))) {
            // On a read-only mount SQLite fails to create the index's -wal and -shm files and says
            // ENOENT (the last open it tried); what is true is the mount.
            throw DatabaseError(code: error.code, message: error.message, sql: error.sql, path: error.path ?? indexPath, systemErrno: EROFS)
        }
    }

    /// The absolute path of a library-relative path.
    public func absolutePath(of relative: String) -> String { root == "/" ? "/" + relative : root + "/" + relative }

    static func absolute(_ path: String, relativeTo base: String = FileManager.default.currentDirectoryPath) throws -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        guard let resolved = realpath(joined, nil) else {
            throw IndexError.system(path: path, call: "realpath", errno: errno)
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "/" }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}

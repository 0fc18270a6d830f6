/// Failures finding, creating or opening a library and its index.
public enum IndexError: Error, Sendable, CustomStringConvertible, LinedError {
    /// No `.cull/` folder in the given directory or any parent.
    case notALibrary(searchedFrom: String)
    /// The folder named by `--library`, `CULL_LIBRARY` (`namedBy` says which) or `cull init` does not exist.
    case noSuchFolder(path: String, namedBy: String?)
    /// `cull init` on a folder that already is a library.
    case alreadyALibrary(path: String)
    /// The directory given does not exist or is not a directory.
    case notADirectory(path: String)
    /// The index was written by a newer Cull.
    case newerSchema(path: String, migration: String)
    /// Another Cull run holds the library lock.
    case locked(path: String)
    /// A file-system call failed.
    case system(path: String, call: String, errno: Int32)
    /// The library's `.cull/` exists but its index cannot be used as it is: never replaced by a
    /// fresh one, which would forget every keep and the commits undo needs.
    case damaged(path: String, problem: IndexDamage)
    /// `cull init` could not make `path` a library; nothing of it was left behind.
    case initFailed(path: String, reason: String)

    public var description: String { lines.joined(separator: "\n") }

    /// The error and, for some, a hint on a line of its own.
    public var lines: [String] {
        switch self {
        case let .notALibrary(from):
            ["not a Cull library (or any parent up to /): \(from)", "hint: run 'cull init' there, or pass --library DIR or set CULL_LIBRARY"]
        case let .noSuchFolder(path, source): ["no such folder: \(path)" + (source.map { " (given by \($0))" } ?? "")]
        case let .alreadyALibrary(path): ["already a Cull library: \(path)"]
        case let .notADirectory(path): ["not a directory: \(path)"]
        case let .newerSchema(path, migration):
            ["\(path): index was written by a newer Cull (unknown migration \(migration)); upgrade Cull"]
        case let .locked(path): ["library is locked by another cull run: \(path)"]
        case let .system(path, call, code): ["\(path): \(call) failed: \(Errno.message(code))"]
        case let .damaged(path, .empty):
            ["\(path): \(IndexDamage.empty)", "hint: an older Cull's 'cull init' cut short (a full disk) left this, with nothing indexed yet: "
                + "then move the .cull folder aside (mv .cull .cull.damaged) and run 'cull init'; if the library held keeps or "
                + "undo history, restore .cull/index.sqlite from a backup instead"]
        case let .damaged(path, problem):
            ["\(path): \(problem)", "hint: restore .cull/index.sqlite from a backup; or move the .cull folder aside "
                + "(mv .cull .cull.damaged) and run 'cull init' to start a new index (keeps and undo history are lost)"]
        case let .initFailed(path, reason):
            ["cannot make \(path) a library: \(reason); nothing was left behind: run 'cull init' again once that is fixed"]
        }
    }
}

/// What is wrong with an existing index file.
public enum IndexDamage: Sendable, Equatable, CustomStringConvertible {
    case missing
    case empty
    case notSQLite
    case truncated(bytes: Int64, expected: Int64)
    /// SQLite found it malformed (its message).
    case malformed(String)
    /// An SQLite database, but not a Cull index (no `schema_migrations` with Cull's first migration).
    case foreign
    /// A migration that rebuilt a table left a reference dangling (rolled back).
    case brokenReferences(migration: String)

    public var description: String {
        switch self {
        case .missing: "the index is missing, but .cull/ exists"
        case .empty: "the index is empty (0 bytes)"
        case .notSQLite: "the index is not an SQLite database"
        case let .truncated(bytes, expected): "the index is truncated (\(bytes) of \(expected) bytes)"
        case let .malformed(message): "the index is damaged (\(message))"
        case .foreign: "not a Cull index (an SQLite database written by another program)"
        case let .brokenReferences(migration): "migration \(migration) would break references; nothing was changed"
        }
    }
}

/// Failures finding, creating or opening a library and its index.
public enum IndexError: Error, Sendable, CustomStringConvertible {
    /// No `.cull/` folder in the given directory or any parent.
    case notALibrary(searchedFrom: String)
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

    public var description: String {
        switch self {
        case let .notALibrary(from):
            "not a Cull library (or any parent up to /): \(from)\nhint: run 'cull init' there, or pass --library DIR or set CULL_LIBRARY"
        case let .alreadyALibrary(path): "already a Cull library: \(path)"
        case let .notADirectory(path): "not a directory: \(path)"
        case let .newerSchema(path, migration):
            "\(path): index was written by a newer Cull (unknown migration \(migration)); upgrade Cull"
        case let .locked(path): "library is locked by another cull run: \(path)"
        case let .system(path, call, code): "\(path): \(call) failed: \(Errno.message(code))"
        }
    }
}

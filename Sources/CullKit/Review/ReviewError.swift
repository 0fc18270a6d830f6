/// Failures of `cull review`: the server, the report folder.
public enum ReviewError: Error, Sendable, CustomStringConvertible {
    /// The HTTP server could not start.
    case server(String)
    /// The server's library (libmicrohttpd) cannot be opened on this machine.
    case missingLibrary(LibraryUnavailable)
    /// The static report could not be written at `path`.
    case report(path: String, reason: String)

    public var description: String {
        switch self {
        case let .server(reason): "review server: \(reason)"
        case let .missingLibrary(missing): "review server: \(missing)"
        case let .report(path, reason): "\(path): cannot write the review report: \(reason)"
        }
    }
}

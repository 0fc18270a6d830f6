/// Why an image could not be decoded, with the path it happened to. A feature refresh records
/// the problem as the photo's reason and goes on; it never stops a run.
public struct DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// The file could not be opened or read, or is not a regular file (says nothing about its content).
        case unreadable(String)
        /// A format Cull reads headers of but does not decode (RAW, TIFF, GIF, video), or a
        /// feature of one it does (animated WebP).
        case unsupported(String)
        /// Beyond ``DecodeLimits`` (dimensions, pixel count, file size, progressive scans).
        case tooLarge(String)
        /// The data ends before the image does.
        case truncated(String)
        /// The codec refused the data.
        case corrupt(String)
        /// The library that decodes this format cannot be opened on this machine (says nothing about the file).
        case missingLibrary(LibraryUnavailable)

        public var description: String {
            switch self {
            case let .unreadable(why): "unreadable: \(why)"
            case let .unsupported(what): "not decoded: \(what)"
            case let .tooLarge(what): "too large to decode: \(what)"
            case let .truncated(what): "truncated: \(what)"
            case let .corrupt(what): "corrupt image data: \(what)"
            case let .missingLibrary(missing): "not decoded: \(missing)"
            }
        }
    }

    public let path: String
    public let problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "\(path): \(problem)" }
}

extension Result where Failure == LibraryUnavailable {
    /// The library's table for decoding `path`, or the decode error that says it is missing.
    func forDecoding(_ path: String) throws(DecodeError) -> Success {
        try mapError { DecodeError(path: path, problem: .missingLibrary($0)) }.get()
    }
}

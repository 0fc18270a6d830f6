/// Why a file's metadata could not be read. The scan records it as the `broken` reason.
public enum MetadataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file ended before a structure that must be there.
    case truncated(offset: Int, needed: Int)
    /// A structure is present but violates its format.
    case malformed(String, offset: Int)
    /// The magic bytes match no format Cull reads.
    case unrecognized
    /// The file could not be opened or read (or is not a regular file): it is *unreadable*,
    /// which says nothing about its content, so the scanner never indexes it as broken.
    case io(String)
    /// The file ends before its structure does (no JPEG EOI, no PNG IEND, a box past the end).
    case incomplete(String)
    /// A library Cull reads the format through (LibRaw) refused the file, in its own words.
    case refused(String)

    public var description: String {
        switch self {
        case let .truncated(offset, needed): "truncated: needed \(needed) bytes at offset \(offset)"
        case let .malformed(what, offset): "malformed at offset \(offset): \(what)"
        case .unrecognized: "not a recognised image or video format"
        case let .io(message): message
        case let .incomplete(what): "truncated: \(what)"
        case let .refused(why): why
        }
    }
}

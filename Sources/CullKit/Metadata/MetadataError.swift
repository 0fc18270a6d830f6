/// Why a file's metadata could not be read, or what stands against the file once it was.
///
/// Three kinds, which the scan keeps apart: ``io(_:)`` (the file could not be read: *unreadable*),
/// ``declined(_:)`` (a decoder Cull relies on declined it: *declined*), and every other case, which is
/// evidence of damage found by Cull's own readers (*broken*). Only damage ever makes a file `broken`.
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
    /// A decoder Cull relies on (LibRaw) declined a file Cull's own readers found no damage in: a
    /// layout or compression newer than the installed decoder, or one it never read. Never damage.
    case declined(String)

    /// Whether this is evidence of damage (a `broken` file): neither a failed read nor a decoder's refusal.
    public var isDamage: Bool {
        switch self {
        case .io, .declined: false
        case .truncated, .malformed, .unrecognized, .incomplete: true
        }
    }

    public var description: String {
        switch self {
        case let .truncated(offset, needed): "truncated: needed \(needed) bytes at offset \(offset)"
        case let .malformed(what, offset): "malformed at offset \(offset): \(what)"
        case .unrecognized: "not a recognised image or video format"
        case let .io(message): message
        case let .incomplete(what): "truncated: \(what)"
        case let .declined(why): why
        }
    }
}

/// What reading one file gave: the metadata Cull's readers found, and what stands against the file.
///
/// A reader that meets damage after reading a file's metadata keeps what it read: a RAW cut in its
/// image data, or a JPEG without its end, still has the date and camera of its header. A file
/// declined by a decoder keeps what Cull's own readers read of it.
public struct MetadataReading: Sendable, Equatable {
    /// What was read (empty when nothing could be).
    public var metadata: MediaMetadata
    /// Nil when the file read whole; otherwise damage, a decoder's refusal or a failed read (see
    /// ``MetadataError``).
    public var problem: MetadataError?

    public init(_ metadata: MediaMetadata, problem: MetadataError? = nil) {
        self.metadata = metadata
        self.problem = problem
    }

    /// Nothing read, for `problem`.
    init(failed problem: MetadataError) {
        self.init(MediaMetadata(), problem: problem)
    }

    /// The metadata of a file with no problem, or the problem.
    public func get() throws(MetadataError) -> MediaMetadata {
        if let problem { throw problem }
        return metadata
    }
}

extension MetadataError {
    /// Whether a decoder declined the file (``declined(_:)``).
    var isDeclined: Bool {
        if case .declined = self { return true }
        return false
    }
}

import Foundation

/// Bounds on reading one catalog, so a hostile or huge one costs bounded time, memory and index space:
/// rows past ``maxRows`` or folder and tag text past ``maxTextBytes`` make it too large (fail closed: a
/// partial read could miss the one rating that protects a photo); hierarchies deeper than ``maxDepth``
/// (or cyclic) stop there. What one file keeps is bounded too, so the index grows with the library and
/// not with a catalog's padding: tags longer than ``maxTagBytes`` are not tags anyone typed, and a
/// file keeps its tags up to ``tagBytesPerFile`` and its people up to ``peopleBytesPerFile`` (the rest
/// is counted as cut, and `plan --explain` says so).
public struct CatalogLimits: Sendable {
    /// How long a busy catalog (the application is writing) is retried before it counts as locked.
    public var busyTimeout: Double
    /// How long one catalog may take to read at all.
    public var deadline: Double
    public var maxRows = 5_000_000
    public var maxDepth = 32
    /// The folders and tag names one read keeps in memory, in bytes.
    public var maxTextBytes = 64 << 20
    /// The longest tag or name kept, in bytes of UTF-8.
    public var maxTagBytes = 128
    /// The tags one file keeps from one catalog (bytes of UTF-8, with one separator each).
    public var tagBytesPerFile = 256
    /// The people one file keeps from one catalog.
    public var peopleBytesPerFile = 128

    /// `CULL_CATALOG_BUSY_TIMEOUT` (seconds) shortens the busy wait, for tests and impatient crons.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        busyTimeout = environment["CULL_CATALOG_BUSY_TIMEOUT"].flatMap(Double.init).map { max(0, min($0, 600)) } ?? 5
        deadline = environment["CULL_CATALOG_DEADLINE"].flatMap(Double.init).map { max(0.1, min($0, 3600)) } ?? 120
    }
}

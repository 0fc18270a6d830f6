import Foundation

/// Bounds on reading one catalog, so a hostile or huge one costs bounded time and memory: rows past
/// ``maxRows`` make it too large (fail closed: a partial read could miss the one rating that protects
/// a photo), tags past ``maxTagsPerFile`` are dropped (counted), names past ``CatalogText/maxLength``
/// are not tags, hierarchies deeper than ``maxDepth`` (or cyclic) stop there.
public struct CatalogLimits: Sendable {
    /// How long a busy catalog (the application is writing) is retried before it counts as locked.
    public var busyTimeout: Double
    /// How long one catalog may take to read at all.
    public var deadline: Double
    public var maxRows = 5_000_000
    public var maxTagsPerFile = 512
    public var maxDepth = 32

    /// `CULL_CATALOG_BUSY_TIMEOUT` (seconds) shortens the busy wait, for tests and impatient crons.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        busyTimeout = environment["CULL_CATALOG_BUSY_TIMEOUT"].flatMap(Double.init).map { max(0, min($0, 600)) } ?? 5
        deadline = environment["CULL_CATALOG_DEADLINE"].flatMap(Double.init).map { max(0.1, min($0, 3600)) } ?? 120
    }
}

/// Orders a group's members by a rule's `keep:` ranking, then by path bytes (so the same index
/// always gives the same keeper), and says which key decided.
public struct KeeperRanking: Sendable {
    public let keys: [KeeperKey]
    /// Capture times after this (the run's clock) are implausible and never win.
    public let now: Int64
    /// 1990-01-01T00:00:00Z: earlier capture times are implausible (unset clocks) and never win.
    public static let earliestPlausible: Int64 = 631_152_000

    /// The name given when no ranking key tells the best two apart.
    public static let pathOrder = "path order"

    public init(keys: [KeeperKey], now: Int64) {
        self.keys = keys
        self.now = now
    }

    /// The score of `member` under `key`: higher ranks first.
    func score(_ key: KeeperKey, _ member: GroupMember) -> Int64 {
        let plausible = member.taken.flatMap { $0 >= Self.earliestPlausible && $0 <= now ? $0 : nil }
        switch key {
        case .favorite: return member.favorite ? 1 : 0
        // XMP writes 0 for "unrated" and −1 for "rejected": a copy the user rejected ranks below
        // an unrated one, never above it.
        case .rating: return member.rating.map { max($0, -1) } ?? 0
        case .oldest: return plausible.map { -$0 } ?? Int64.min
        case .newest: return plausible ?? Int64.min
        case .original: return member.cameraOriginal && !member.turnedCopy ? 1 : 0
        // A PNG of a camera's JPEG is larger and holds nothing more: re-encodes rank below every
        // file in a camera format (sizes are far below 2^62).
        case .largest: return (member.reencoded ? 0 : 1 << 62) + member.size
        case .smallest: return -member.size
        case .highestResolution: return member.pixels ?? -1
        case .mostMetadata: return Int64(member.metadataCount)
        // Thousandths: finer than any measured difference that matters, and exact in an Int64.
        case .sharpest: return member.sharpness.map { Int64(($0 * 1000).rounded()) } ?? -1
        case .firstWritten: return member.indexed.map { -$0.mtimeNs } ?? Int64.min
        case .shortestPath: return -Int64(member.path.count)
        case .longestPath: return Int64(member.path.count)
        case .first: return member.burstIndex.map { -Int64($0) } ?? Int64.min
        case .last: return member.burstIndex.map(Int64.init) ?? Int64.min
        case let .path(glob): return Self.matches(glob, member.path) ? 1 : 0
        case let .notPath(glob): return Self.matches(glob, member.path) ? 0 : 1
        }
    }

    private static func matches(_ glob: String, _ path: [UInt8]) -> Bool {
        GlobMatcher.matches(glob, String(decoding: path, as: UTF8.self))
    }

    /// True when `a` ranks before `b`.
    public func precedes(_ a: GroupMember, _ b: GroupMember) -> Bool {
        for key in keys {
            let (x, y) = (score(key, a), score(key, b))
            if x != y { return x > y }
        }
        return PathBytes.precedes(a.path, b.path)
    }

    /// The best of `candidates` and what decided it against the runner-up (nil when empty).
    public func choose(_ candidates: [GroupMember]) -> (keeper: GroupMember, decidedBy: String)? {
        choose(candidates, where: { _ in true })
    }

    /// The best of the `candidates` that are `eligible`, and what decided it against the eligible
    /// runner-up (nil when none is). Eligibility is asked in rank order, only as far as needed.
    func choose(_ candidates: [GroupMember], where eligible: (GroupMember) -> Bool) -> (keeper: GroupMember, decidedBy: String)? {
        var ordered = candidates.sorted(by: precedes)[...]
        while let first = ordered.first, !eligible(first) { ordered = ordered.dropFirst() }
        guard let best = ordered.first else { return nil }
        guard let second = ordered.dropFirst().first(where: eligible) else { return (best, "the only copy left unstaged") }
        let key = keys.first { score($0, best) != score($0, second) }
        return (best, key?.description ?? Self.pathOrder)
    }
}

/// What a compilation depends on besides the rule text: one clock per run and library settings.
public struct CompileContext: Sendable {
    /// "Now" in seconds since 1970 (UTC), fixed once per run; `--now` pins it.
    public let now: Int64
    /// The local time zone's offset from UTC at `now`, in seconds: relative dates over the
    /// local capture time `taken` are measured from the local wall clock.
    public let localOffset: Int
    /// The library's `favorite_threshold` setting: a rating at or above it counts as favorite.
    public let favoriteThreshold: Int

    public init(now: Int64, localOffset: Int = 0, favoriteThreshold: Int = 4) {
        self.now = now
        self.localOffset = localOffset
        self.favoriteThreshold = favoriteThreshold
    }

    /// `now` on the local wall clock, as seconds since 1970 as if UTC (the frame of `taken`).
    public var localNow: Int64 { now + Int64(localOffset) }
}

import Foundation

/// The one clock of a run: relative dates (`older_than: 30d`) all resolve against it.
public struct RunClock: Sendable, Equatable {
    /// Seconds since 1970, UTC.
    public let now: Int64
    /// Offset of the local time zone from UTC at `now`, in seconds.
    public let localOffset: Int

    public init(now: Int64, localOffset: Int) {
        self.now = now
        self.localOffset = localOffset
    }

    /// The system clock and time zone.
    public static func system() -> RunClock {
        let date = Date()
        return RunClock(now: Int64(date.timeIntervalSince1970), localOffset: TimeZone.current.secondsFromGMT(for: date))
    }

    /// Parses `--now`: an ISO 8601 date or date-time; its offset (UTC when absent) is the local offset.
    public static func parse(_ text: String) -> RunClock? {
        guard let date = RuleDate.parse(text) else { return nil }
        return RunClock(now: date.instant, localOffset: date.offset ?? 0)
    }
}

/// Sorting by date, the same rule in every command that sorts by it (`find --sort`, `trash --sort`,
/// the review page): by when the photo was taken, as the camera wrote it (`taken`, the local wall
/// clock every dated file has, with or without a time-zone offset), and files without a capture
/// time last in either direction, in the order they came. A file's modification time is when it was
/// copied, not when it was taken: it never stands in for a capture time.
public enum DateOrder: Sendable {
    case oldest, newest

    /// Whether a file taken at `first` comes before one taken at `second` (`nil`: no capture time);
    /// `nil` when neither comes first, so the caller's own order breaks the tie.
    public func precedes(_ first: Int64?, _ second: Int64?) -> Bool? {
        switch (first, second) {
        case (nil, nil): return nil
        case (nil, _): return false
        case (_, nil): return true
        case let (first?, second?):
            guard first != second else { return nil }
            return self == .oldest ? first < second : first > second
        }
    }

    /// `items` sorted by capture time (`taken` of each), stable: ties keep their order. The times
    /// are sorted with the places, then each item moved once.
    public func sorted<Item>(_ items: [Item], taken: (Item) -> Int64?) -> [Item] {
        let times = items.map(taken)
        return items.indices.sorted { precedes(times[$0], times[$1]) ?? ($0 < $1) }.map { items[$0] }
    }
}

/// What stands against an indexed file, as the index recorded it: damage Cull's own readers found
/// (`broken`), a decoder's refusal (`declined`) or a read that failed (`unreadable`). `plan --explain`
/// says it, so a RAW LibRaw declines reads as exactly that, never as damage.
public enum ReadState: Sendable, Equatable {
    case broken(String)
    case declined(String)
    case unreadable(String)

    /// The state of asset `id`, or nil when it read whole.
    public static func of(_ db: Database, assetID id: Int64) throws -> ReadState? {
        var state: ReadState?
        try db.forEachRow("SELECT broken, broken_reason, unreadable_reason, declined_reason FROM assets WHERE id = ?", [.integer(id)]) { row in
            if let reason = row.string("unreadable_reason") {
                state = .unreadable(reason)
            } else if row.int64("broken") != 0 {
                state = .broken(row.string("broken_reason") ?? "damaged")
            } else if let reason = row.string("declined_reason") {
                state = .declined(reason)
            }
        }
        return state
    }

    /// "broken: truncated: the 'mdat' box …", "declined (not broken): LibRaw 0.20.2 declines …".
    public var line: String {
        switch self {
        case let .broken(reason): "broken: " + reason
        case let .declined(reason): "declined (not broken): " + reason
        case let .unreadable(reason): "unreadable (not broken): " + reason
        }
    }
}

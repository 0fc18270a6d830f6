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
            state = ReadState(broken: row.int64("broken") != 0 ? row.string("broken_reason") ?? "damaged" : nil,
                              unreadable: row.string("unreadable_reason"), declined: row.string("declined_reason"))
        }
        return state
    }

    /// What stands against the file, by the reasons a read recorded (nil: it read whole); the same
    /// precedence everywhere: a failed read first, then damage, then a decoder's refusal.
    init?(broken: String?, unreadable: String?, declined: String?) {
        if let unreadable { self = .unreadable(unreadable) }
        else if let broken { self = .broken(broken) }
        else if let declined { self = .declined(declined) }
        else { return nil }
    }

    /// `broken`, `declined` or `unreadable`: the rule field that finds such files.
    public var word: String {
        switch self {
        case .broken: "broken"
        case .declined: "declined"
        case .unreadable: "unreadable"
        }
    }

    /// Why, as the reader said it.
    public var reason: String {
        switch self {
        case let .broken(reason), let .declined(reason), let .unreadable(reason): reason
        }
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

/// The words the index stores as TEXT (the states and roles of the commit and undo journals, the
/// review states, the kinds of skip): each is an enum, bound to and read from SQL as these words only. The CHECK
/// constraints of migrations `0001-assets` (reviews), `0002-commits`, `0006-undo-journal` and
/// `0016-skip-reasons` list the same words.
protocol StoredWord: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// What an unknown or NULL value reads as: the direction that does not lose a file.
    static var unknown: Self { get }

    /// Reads a stored value (a requirement, so that a word with its own reading, as ``StagingStatus``'s NULL
    /// meaning `new`, keeps it when read through ``Row/word(_:as:)``).
    init(stored: String?)
}

extension StoredWord {
    /// The value to bind.
    var sql: SQLValue { .text(rawValue) }

    /// Reads a stored value; an unknown one reads as ``unknown``.
    init(stored: String?) { self = stored.flatMap(Self.init(rawValue:)) ?? Self.unknown }

    /// `?, ?` and the values to bind, for `IN (…)` over several of them.
    static func placeholders(_ words: [Self]) -> (sql: String, values: [SQLValue]) {
        (words.map { _ in "?" }.joined(separator: ", "), words.map(\.sql))
    }
}

extension Row {
    /// The stored word in column `name`, as its enum: an unknown or NULL value reads as ``StoredWord/unknown``
    /// (as GRDB reads any `DatabaseValueConvertible` from a row).
    func word<Word: StoredWord>(_ name: String, as: Word.Type = Word.self) -> Word { Word(stored: string(name)) }

    /// The stored word in `column`, as its enum.
    func word<Word: StoredWord>(_ column: Column, as: Word.Type = Word.self) -> Word { Word(stored: string(column)) }

    /// The text in column `name` as any enum of words, nil when NULL or not one of them (the caller
    /// decides what an unknown word means: a catalog of an unknown kind is passed over, a media kind is
    /// unknown).
    func enumValue<Value: RawRepresentable>(_ name: String, as: Value.Type = Value.self) -> Value? where Value.RawValue == String {
        string(name).flatMap(Value.init(rawValue:))
    }

    /// The text in `column` as any enum of words, nil when NULL or not one of them.
    func enumValue<Value: RawRepresentable>(_ column: Column, as: Value.Type = Value.self) -> Value? where Value.RawValue == String {
        string(column).flatMap(Value.init(rawValue:))
    }
}

/// `reviews.status`, the review state of one asset: `kept` or `trashed` (staged) are stored; no
/// row means never reviewed (`new`, never written); anything unreadable reads as kept.
public enum StagingStatus: String, StoredWord {
    case new, kept, trashed

    static let unknown = StagingStatus.kept

    /// Maps a `reviews.status` value: no row is `new`, an unknown value `kept` (the safe direction).
    public init(stored: String?) {
        switch stored {
        case nil: self = .new
        case "trashed": self = .trashed
        default: self = .kept
        }
    }
}

/// `commits.state`.
public enum CommitState: String, StoredWord {
    /// Journaled, not finished: a crash left it (recovery rolls it forward).
    case open
    case done
    /// Stopped by Ctrl-C or SIGTERM: what moved is booked, the rest is still staged.
    case cancelled
    /// Every moved file came back.
    case undone

    static let unknown = CommitState.open
}

/// `commits.mode`: how a batch leaves (the destination without its folder).
public enum CommitMode: String, StoredWord {
    case trash, quarantine
    case permanent

    static let unknown = CommitMode.trash
}

/// `commit_items.role`: what an item is to its entry.
public enum JournalRole: String, StoredWord {
    /// A staged asset.
    case primary
    /// A sidecar travelling with its owner.
    case sidecar
    /// The other half of a Live Photo.
    case live

    static let unknown = JournalRole.primary
}

/// `commit_items.state`.
enum ItemState: String, StoredWord {
    case pending, moved, gone, skipped, restored

    static let unknown = ItemState.pending
}

/// `commit_items.skip`: which kind of ``SkipReason`` a skipped item stayed for (its sentence is in
/// `reason`). Rows skipped before migration `0016-skip-reasons` have none.
public enum SkipWord: String, StoredWord {
    /// A twin's keeper is gone or changed: unstaged.
    case keeperChanged = "keeper-changed"
    case keeperStaged = "keeper-staged"
    case twinChanged = "twin-changed"
    case sidecarChanged = "sidecar-changed"
    case catalogHold = "catalog-hold"
    /// A Live Photo half whose other half stays (or is not staged).
    case livePair = "live-pair"
    /// A Live Photo half whose other half the commit unstages: unstaged with it.
    case livePairUnstaged = "live-pair-unstaged"
    case primarySkipped = "primary-skipped"
    case noFreeName = "no-free-name"
    /// The file system or the trash refused.
    case refused

    /// An unknown word: a refusal, which leaves the file staged (the next commit looks again).
    static let unknown = SkipWord.refused

    /// Whether the commit unstages an item skipped for this.
    var unstages: Bool { self == .keeperChanged || self == .livePairUnstaged }
}

/// `undos.state`.
enum UndoState: String, StoredWord {
    case open, done, cancelled

    static let unknown = UndoState.open
}

/// `undo_items.state`.
enum UndoItemState: String, StoredWord {
    case pending, restored, refused

    static let unknown = UndoItemState.pending
}

/// `returns.evidence`: how a file was recognised as one a commit took, come back.
public enum ReturnEvidence: String, StoredWord {
    /// The same bytes (size and content hash).
    case bytes
    /// The same picture (perceptual hash and shape), re-encoded or resized.
    case picture

    /// An unknown word reads as the weaker evidence.
    static let unknown = ReturnEvidence.picture

    /// How the plan, the review and the log say it, with how far apart the pictures measured.
    public func phrase(distance: Int) -> String {
        switch self {
        case .bytes: "the same bytes"
        case .picture: "the same picture, \(distance) bits of 64 apart"
        }
    }
}

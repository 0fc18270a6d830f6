/// Why a staged file stays where it is: what `cull trash` and the commit prompt hold back, and what
/// the commit skips. Each case carries its data and renders the sentence the receipt, the listing
/// and the JSON show; the journal keeps that sentence in `commit_items.reason` and the case's
/// ``SkipWord`` in `commit_items.skip` (migration `0016-skip-reasons`).
public enum SkipReason: Sendable, Equatable, CustomStringConvertible {
    /// The keeper a staged twin was grouped against is gone or changed: the commit unstages the twin,
    /// and the next plan decides its group again.
    case keeperChanged(KeeperChange)
    /// The twin's keeper is staged too, and no unstaged copy stands in for it (`keeper` is its name).
    case keeperStaged(keeper: String)
    /// The twin itself changed since it was hashed.
    case changedSinceHashed
    /// A sidecar differs from what the scan recorded when the file was staged.
    case sidecarChanged
    /// Decided in a photo manager since it was staged, in ``CatalogSync``'s words.
    case catalogHold(String)
    /// The other half of its Live Photo (`partner`, its name) is not staged.
    case livePairNotStaged(partner: String)
    /// The other half of its Live Photo stays for a reason of its own; `unstaged` when the commit
    /// unstages that half (this one is unstaged with it).
    case livePairStays(partner: String, unstaged: Bool)
    /// A sidecar or Live Photo half whose primary was skipped.
    case primarySkipped
    /// Every name at the destination is taken.
    case noFreeName
    /// The file system or the trash refused the move, in their words.
    case refused(String)
    /// Read back from the journal: the kind it was written as and its sentence.
    case journaled(SkipWord, String)
    /// A journal row from before `0016-skip-reasons`, which kept the sentence alone.
    case legacy(String)

    /// How a twin's keeper changed.
    public enum KeeperChange: Sendable, Equatable {
        case notIndexed
        /// `keeper` (its name) is no longer on disk.
        case gone(keeper: String)
        /// `keeper` is not the file that was hashed any more.
        case modified(keeper: String)
        /// An exact twin's bytes differ from `keeper`'s.
        case contentDiffers(keeper: String)
    }

    /// The kind, as `commit_items.skip` stores it; nil for a row from before the column.
    public var word: SkipWord? {
        switch self {
        case .keeperChanged: .keeperChanged
        case .keeperStaged: .keeperStaged
        case .changedSinceHashed: .twinChanged
        case .sidecarChanged: .sidecarChanged
        case .catalogHold: .catalogHold
        case .livePairNotStaged: .livePair
        case let .livePairStays(_, unstaged): unstaged ? .livePairUnstaged : .livePair
        case .primarySkipped: .primarySkipped
        case .noFreeName: .noFreeName
        case .refused: .refused
        case let .journaled(word, _): word
        case .legacy: nil
        }
    }

    /// Whether the commit unstages the file it skips (a twin whose keeper changed, and its Live Photo
    /// half): the next plan decides its group again.
    public var unstages: Bool { word?.unstages ?? false }

    /// The sentence shown for it.
    public var description: String {
        let changed = "its keeper changed"
        let cleared = "; unstaged, its group is decided again at the next plan"
        switch self {
        case .keeperChanged(.notIndexed): return "\(changed): it is no longer in the index" + cleared
        case let .keeperChanged(.gone(keeper)): return "\(changed): \(keeper) is gone" + cleared
        case let .keeperChanged(.modified(keeper)): return "\(changed): \(keeper) was modified since it was grouped" + cleared
        case let .keeperChanged(.contentDiffers(keeper)): return "\(changed): \(keeper) no longer has the same content" + cleared
        case let .keeperStaged(keeper): return "\(changed): \(keeper) is staged too"
        case .changedSinceHashed: return "it changed since it was hashed"
        case .sidecarChanged: return "sidecar changed since staging"
        case let .catalogHold(text): return text
        case let .livePairNotStaged(partner): return "its Live Photo pair \(partner) is not staged"
        case let .livePairStays(partner, unstaged): return "its Live Photo pair \(partner) stays" + (unstaged ? cleared : "")
        case .primarySkipped: return "its primary was skipped"
        case .noFreeName: return "no free name at the destination"
        case let .refused(text), let .journaled(_, text), let .legacy(text): return text
        }
    }

    /// A reason as the journal stored it: `word` from `commit_items.skip`, `text` from `reason`. A
    /// row without a word predates the column and reads as ``legacy(_:)``.
    init(journaled word: String?, text: String) {
        self = word.map { .journaled(SkipWord(stored: $0), text) } ?? .legacy(text)
    }
}

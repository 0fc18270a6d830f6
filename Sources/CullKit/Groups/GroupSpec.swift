/// A kind of group, with what a group rule's match sets for it: which files belong together.
///
/// Every kind of group goes through one engine (``GroupSet``, ``GroupGuard``): a group rule keeps
/// one member of each group of its spec and stages the others, and no group of any kind ever has
/// all its present members staged.
public enum GroupSpec: Hashable, Sendable, CustomStringConvertible {
    /// Byte-identical files (`duplicate: true`).
    case exact
    /// The same image data with other metadata (`duplicate: image`).
    case image
    /// Perceptually similar photos within a Hamming distance (`similar: {distance: N}`).
    case similar(distance: Int)
    /// Frames of one burst (`burst: true`).
    case burst
    /// A RAW file and the JPEG or HEIC shot with it (`raw_pair: …`).
    case rawPair
    /// An exposure bracket, an HDR set, a focus stack or a panorama (`bracket: true`): one
    /// intention, never redundant frames. No rule keeps one of them and stages the rest
    /// (``decidesRedundancy``); bursts and look-alikes never hold two of its frames (``BracketGroups``).
    case bracket

    /// A stable name, used as the key of the membership table and in JSON (`similar:6`).
    public var key: String {
        switch self {
        case .exact: "exact"
        case .image: "image"
        case let .similar(distance): "similar:\(distance)"
        case .burst: "burst"
        case .rawPair: "raw_pair"
        case .bracket: "bracket"
        }
    }

    /// What one group is called in plans and explanations.
    public var noun: String {
        switch self {
        case .exact: "duplicate group"
        case .image: "same-picture group"
        case .similar: "similar group"
        case .burst: "burst"
        case .rawPair: "RAW+JPEG pair"
        case .bracket: "bracket set"
        }
    }

    /// What a member staged against its keeper is called (`2 twins to stage`).
    public var stagedNoun: String {
        switch self {
        case .exact, .image: "twin"
        case .similar, .burst: "look-alike"
        case .rawPair: "half"
        case .bracket: "frame"
        }
    }

    public var description: String { key }

    /// True for the kinds whose members are copies of one shot (byte for byte, the same picture,
    /// a RAW and the JPEG made from it); false for look-alikes (similar photos, burst frames), which
    /// are different pictures. A twin staged because a copy of it stays may take a Live Photo half
    /// along only when that half has a copy too; a look-alike is judged as a whole Live Photo.
    public var holdsCopies: Bool {
        switch self {
        case .exact, .image, .rawPair: true
        case .similar, .burst, .bracket: false
        }
    }

    /// True for the kinds whose rules keep one member of each group and stage the rest as redundant;
    /// false for a bracket set, which is one intention: `bracket: true` only says a photo is in one.
    public var decidesRedundancy: Bool { self != .bracket }

    /// True for the kinds that must never hold two frames of one bracket set: a burst's extras and
    /// a look-alike are staged as redundant with the frame that stays.
    var respectsBrackets: Bool {
        switch self {
        case .burst, .similar: true
        case .exact, .image, .rawPair, .bracket: false
        }
    }

    /// True for the kinds found from the image features (``GroupSet/load(_:specs:root:features:progress:)``
    /// refreshes them first): similar photos, and same pictures turned (``TurnedDuplicates``).
    var readsFeatures: Bool {
        switch self {
        case .similar, .image: true
        case .exact, .burst, .rawPair, .bracket: false
        }
    }

    /// Within how many bits of 64 a member turned or mirrored is near another in a group of this
    /// kind (``SimilarGroups/turnedMembers(_:of:distance:)``): what `--explain` and the review say
    /// of a turned copy. Nil for kinds that never hold one.
    public var turnedDistance: Int? {
        switch self {
        case let .similar(distance): distance
        case .image: TurnedDuplicates.printDistance
        case .exact, .burst, .rawPair, .bracket: nil
        }
    }

    /// The kinds every plan and every hand staging loads, whatever its rules read: the plan says when
    /// every copy of a file, or both halves of a RAW+JPEG pair, would leave, and twins staged by a
    /// group rule of the run record the copy they leave against. Both are known without decoding
    /// (content hashes of files that share a size, names and dates). Plain rules are not guarded
    /// by them: a plain rule's match is the user's decision about each file.
    public static let alwaysLoaded: Set<GroupSpec> = [.exact, .rawPair]

    /// The order in which a staged member's groups are asked for the keeper it leaves against.
    var recordPriority: Int {
        switch self {
        case .exact: 0
        case .image: 1
        case .rawPair: 2
        case .burst: 3
        case .similar: 4
        case .bracket: 5
        }
    }

    /// The ranking a group rule of this kind uses when it has no `keep:`: a camera original
    /// before a derived copy, then the same picture keeps the copy with the most metadata (else the
    /// file written first: a copy a viewer rotated or retagged is written later), a burst
    /// its first frame; other kinds go by path order.
    public var defaultRanking: [KeeperKey] {
        switch self {
        case .image: [.original, .mostMetadata, .firstWritten]
        case .burst: [.original, .first]
        case .exact, .similar, .rawPair, .bracket: [.original]
        }
    }
}

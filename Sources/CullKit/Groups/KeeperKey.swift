/// One step of a group rule's `keep:` ranking: which member of a group is the keeper. Steps apply
/// in order as tie-breakers; the ranking always ends in path byte order, so the same index always
/// gives the same keeper.
public enum KeeperKey: Sendable, Equatable, CustomStringConvertible {
    /// A favorite (flag, or rated at/above the library's threshold) first.
    case favorite
    /// The highest rating first; unrated (0) next, rejected (−1) last.
    case rating
    /// A camera original first, a derived copy (a re-encode, an export, an edit, a copy turned
    /// from a member written before it) after it (see ``CameraOriginal``).
    case original
    /// The earliest capture time first; a date before 1990 or in the future never wins.
    case oldest
    /// The latest plausible capture time first.
    case newest
    case largest
    case smallest
    /// The most pixels first.
    case highestResolution
    /// The most metadata fields present first (capture time, camera, lens, GPS, rating, …).
    case mostMetadata
    /// The sharpest photo first (see ``Sharpness``; not analysed or featureless last).
    case sharpest
    /// The file written first (the earliest modification time): a copy whose metadata was edited
    /// since (rotated by a viewer, retagged) ranks after the file the camera wrote.
    case firstWritten
    case shortestPath
    case longestPath
    /// The first frame of a burst first (burst order: capture time, SubSecTime, path).
    case first
    /// The last frame of a burst first.
    case last
    /// A member whose path matches the glob first.
    case path(String)
    /// A member whose path does not match the glob first.
    case notPath(String)

    /// The words a ranking may name.
    public static let words: [String] = ["favorite", "rating", "original", "oldest", "newest", "largest", "smallest",
                                         "highest_resolution", "most_metadata", "sharpest", "first_written", "shortest_path", "longest_path",
                                         "first", "last"]
    /// The mapping forms (`{path: GLOB}`, `{not_path: GLOB}`).
    public static let globKeys: [String] = ["path", "not_path"]

    /// The key named `word`, if any.
    public init?(word: String) {
        switch word {
        case "favorite": self = .favorite
        case "rating": self = .rating
        case "original": self = .original
        case "oldest": self = .oldest
        case "newest": self = .newest
        case "largest": self = .largest
        case "smallest": self = .smallest
        case "highest_resolution": self = .highestResolution
        case "most_metadata": self = .mostMetadata
        case "sharpest": self = .sharpest
        case "first_written": self = .firstWritten
        case "shortest_path": self = .shortestPath
        case "longest_path": self = .longestPath
        case "first": self = .first
        case "last": self = .last
        default: return nil
        }
    }

    /// As written in a rule file (`oldest`, `{path: "Originals/**"}`).
    public var description: String {
        switch self {
        case .favorite: "favorite"
        case .rating: "rating"
        case .original: "original"
        case .oldest: "oldest"
        case .newest: "newest"
        case .largest: "largest"
        case .smallest: "smallest"
        case .highestResolution: "highest_resolution"
        case .mostMetadata: "most_metadata"
        case .sharpest: "sharpest"
        case .firstWritten: "first_written"
        case .shortestPath: "shortest_path"
        case .longestPath: "longest_path"
        case .first: "first"
        case .last: "last"
        case let .path(glob): "{path: \"\(glob)\"}"
        case let .notPath(glob): "{not_path: \"\(glob)\"}"
        }
    }
}

extension KeeperKey {
    /// Every ranking step as written, with its meaning (for `docs/rules.md`).
    public static let reference: [(written: String, meaning: String)] = [
        ("favorite", "A favorite (flagged, or rated at/above the library's favorite_threshold; XMP sidecars count) first."),
        ("rating", "The highest rating first; unrated next, rejected (-1) last."),
        ("original", "A camera original first: camera make or model and a capture date in its own metadata (not from its name), a format cameras write (JPEG, HEIC, RAW and DNG, MOV/MP4), and no folder or file name with export(ed/s), edit(ed/s), copy or resized as a word. A PNG re-encode, an export with stripped metadata or an Edited/ copy is a derived copy, and so is, in a similar group, a copy turned or mirrored from a member written before it (the upright camera file stays). First in every group kind's default ranking."),
        ("oldest", "The earliest capture time first; a date before 1990 or in the future never wins."),
        ("newest", "The latest capture time first; a date before 1990 or in the future never wins."),
        ("largest", "The largest file first; in a group holding a camera original, a file in a format cameras do not write (PNG, WebP, TIFF, GIF, AVIF: a re-encode) comes after every file in one they do, whatever its size."),
        ("smallest", "The smallest file first."),
        ("highest_resolution", "The most pixels (width × height) first."),
        ("most_metadata", "The most metadata present first (capture time, camera, lens, software, GPS, rating, size); an orientation tag a viewer adds when it rotates a copy does not count."),
        ("sharpest", "The sharpest photo first (its sharpness field; photos not analysed, or featureless, last), e.g. the steadiest frame of a burst."),
        ("first_written", "The file written first (the earliest modification time): a copy whose metadata was edited since (rotated, retagged) ranks after the file the camera wrote. After `original` and `most_metadata` in the same picture's default ranking."),
        ("shortest_path", "The shortest library-relative path first."),
        ("longest_path", "The longest library-relative path first."),
        ("first", "The first frame of a burst first (burst order: capture time, SubSecTimeOriginal, then path)."),
        ("last", "The last frame of a burst first."),
        ("{path: GLOB}", "A member whose path matches the glob first (a preferred place, e.g. \"Originals/**\")."),
        ("{not_path: GLOB}", "A member whose path does not match the glob first (e.g. \"Downloads/**\")."),
    ]
}

/// A folder (or part of one) that another application manages, which the walk leaves alone:
/// deleting files inside it would corrupt that application's library.
public struct ManagedFolder: Sendable, Equatable {
    /// Library-relative path of what is reported: the package, or the folder holding the managed parts.
    public var relativePath: [UInt8]
    /// The application that owns it ("Apple Photos").
    public var application: String
    /// What is skipped when only part of the folder is managed.
    public var note: String?
}

/// What the walk leaves out besides managed folders, counted for the scan summary.
public struct IgnoredEntries: Sendable, Equatable {
    public var symlinks = 0
    public var hidden = 0
    /// Files of no picture or video format.
    public var nonMedia = 0
    /// Pictures and videos of a format Cull does not read (``TreeWalker/unsupportedExtensions``, a
    /// `.raw` that is no camera's).
    public var unsupported = 0
    /// FIFOs, sockets and devices.
    public var special = 0
    /// The entries counted above, library-relative: once the walk is done, the first ``listed`` in
    /// path order (a home folder of millions of other files is counted, not held in memory).
    public var entries: [IgnoredEntry] = []
    /// The entries counted above past the first ``listed``.
    public var unlisted = 0

    /// The most entries ``entries`` lists.
    public static let listed = 10_000

    public init() {}

    mutating func add(_ other: IgnoredEntries) {
        symlinks += other.symlinks
        hidden += other.hidden
        nonMedia += other.nonMedia
        unsupported += other.unsupported
        special += other.special
        entries += other.entries
        unlisted += other.unlisted
        if entries.count >= 2 * Self.listed { settle() }
    }

    /// Puts ``entries`` in path order and keeps the first ``listed``, counting the rest: what the
    /// walk's workers each hold grows to twice that at most before it is settled.
    mutating func settle() {
        entries.sort { PathBytes.precedes($0.path, $1.path) }
        guard entries.count > Self.listed else { return }
        unlisted += entries.count - Self.listed
        entries.removeLast(entries.count - Self.listed)
    }

    /// Counts `path` as ignored for `reason`.
    mutating func record(_ path: [UInt8], _ reason: IgnoredReason) {
        switch reason {
        case .symlink: symlinks += 1
        case .hidden: hidden += 1
        case .notMedia: nonMedia += 1
        case .unsupported: unsupported += 1
        case .special: special += 1
        }
        entries.append(IgnoredEntry(path: path, reason: reason))
        if entries.count >= 2 * Self.listed { settle() }
    }
}

/// One entry the walk left out, and why.
public struct IgnoredEntry: Sendable, Equatable {
    /// Library-relative path bytes.
    public var path: [UInt8]
    public var reason: IgnoredReason
}

/// Why the walk left an entry out.
public enum IgnoredReason: String, Sendable, CaseIterable {
    /// A symbolic link: never followed.
    case symlink
    /// A name that begins with a dot (a hidden folder is not walked).
    case hidden
    /// A file of no picture or video format.
    case notMedia = "not_media"
    /// A picture or video of a format Cull does not read.
    case unsupported
    /// A FIFO, socket or device.
    case special

    /// The reason in words, for `cull scan -v`.
    public var words: String {
        switch self {
        case .symlink: "symlink, not followed"
        case .hidden: "hidden"
        case .notMedia: "not media"
        case .unsupported: "unsupported format"
        case .special: "not a regular file"
        }
    }
}

/// One application's managed storage, recognised from one folder's listing by marker names
/// (and, only where a name alone is ambiguous, one `fstatat` of a marker inside).
///
/// Decisions about what is managed:
/// - Apple Photos (`*.photoslibrary`), iPhoto (`*.photolibrary`, `iPhoto Library` holding
///   `AlbumData.xml`) and Aperture (`*.aplibrary`) packages: the whole package.
/// - Lightroom: the `*.lrdata` preview caches only. A catalog (`*.lrcat`) *refers* to photos the
///   user keeps in ordinary folders; Lightroom shows a deleted one as missing but its catalog is
///   not damaged, so those photos are the user's to clean and are still scanned.
/// - Immich: its storage folders (`upload`, `library`, `thumbs`, `encoded-video`, `profile`,
///   `backups`, each marked by an `.immich` file); Immich's database points into them.
/// - PhotoPrism: its storage folder (`cache/thumbnails`, `sidecar`, …). Originals are the user's.
/// - digiKam: its databases (`digikam4.db`, `thumbnails-digikam.db`, …) and `.dtrash`; the
///   collection's photos are the user's (digiKam picks up deletions on its next scan).
struct ManagedLibraryKind: Sendable {
    let application: String
    let recognize: @Sendable (ManagedListing) -> ManagedMatch?

    /// The registry: one entry per application.
    static let all: [ManagedLibraryKind] = [
        package("Apple Photos", suffixes: [".photoslibrary"]),
        package("iPhoto", suffixes: [".photolibrary"], names: ["iphoto library"], marker: "AlbumData.xml"),
        package("Aperture", suffixes: [".aplibrary"]),
        ManagedLibraryKind(application: "Adobe Lightroom") { listing in
            let previews = listing.directories.filter { ManagedListing.lowercase($0).hasSuffix(".lrdata") }
            guard !previews.isEmpty else { return nil }
            let catalogs = listing.files.filter { ManagedListing.lowercase($0).hasSuffix(".lrcat") }
            let note = catalogs.first.map { "previews of catalog \(String(decoding: listing.path(of: $0), as: UTF8.self))" }
            return ManagedMatch(skipped: Set(previews), reportEach: true, note: note)
        },
        ManagedLibraryKind(application: "Immich") { listing in
            let parts: Set<String> = ["upload", "library", "thumbs", "encoded-video", "profile", "backups"]
            let marked = listing.directories.filter { parts.contains(ManagedListing.lowercase($0)) && listing.exists($0 + Array("/.immich".utf8)) }
            guard !marked.isEmpty else { return nil }
            let names = marked.map { String(decoding: $0, as: UTF8.self) }.sorted().joined(separator: ", ")
            return ManagedMatch(skipped: Set(marked), reportEach: false, note: "its storage folders \(names)")
        },
        ManagedLibraryKind(application: "PhotoPrism") { listing in
            let names = Set(listing.directories.map(ManagedListing.lowercase))
            guard names.contains("sidecar"), names.contains("cache"), listing.exists(Array("cache/thumbnails".utf8)) else { return nil }
            return ManagedMatch(skipped: nil, reportEach: false, note: nil)
        },
        ManagedLibraryKind(application: "digiKam") { listing in
            let databases: Set<String> = ["digikam4.db", "thumbnails-digikam.db", "recognition.db", "similarity.db"]
            let found = listing.files.filter { databases.contains(ManagedListing.lowercase($0)) }
            guard found.contains(where: { ManagedListing.lowercase($0).contains("digikam") }) else { return nil }
            let trash = listing.directories.filter { $0 == Array(".dtrash".utf8) }
            return ManagedMatch(skipped: Set(found + trash), reportEach: false,
                                note: "its databases and .dtrash; the photos are scanned")
        },
    ]

    /// A package recognised by its name's suffix (or exact name plus a marker file inside).
    static func package(_ application: String, suffixes: [String], names: Set<String> = [],
                        marker: String? = nil) -> ManagedLibraryKind {
        ManagedLibraryKind(application: application) { listing in
            let matched = listing.directories.filter { name in
                let lower = ManagedListing.lowercase(name)
                if suffixes.contains(where: lower.hasSuffix) { return true }
                guard names.contains(lower) else { return false }
                return marker.map { listing.exists(name + [UInt8(ascii: "/")] + Array($0.utf8)) } ?? true
            }
            return matched.isEmpty ? nil : ManagedMatch(skipped: Set(matched), reportEach: true, note: nil)
        }
    }

    /// The managed entries of one folder and what to report, over every application.
    static func recognize(_ listing: ManagedListing) -> (skipAll: Bool, skipped: Set<[UInt8]>, reports: [ManagedFolder]) {
        var skipped = Set<[UInt8]>()
        var reports: [ManagedFolder] = []
        for kind in all {
            guard let match = kind.recognize(listing) else { continue }
            guard let entries = match.skipped else {
                return (true, [], [ManagedFolder(relativePath: listing.relative, application: kind.application, note: match.note)])
            }
            skipped.formUnion(entries)
            if match.reportEach {
                for entry in entries.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                    reports.append(ManagedFolder(relativePath: listing.path(of: entry), application: kind.application, note: match.note))
                }
            } else {
                reports.append(ManagedFolder(relativePath: listing.relative, application: kind.application, note: match.note))
            }
        }
        return (false, skipped, reports)
    }
}

/// What one recogniser found in a folder: the entries to skip (`nil`: the whole folder).
struct ManagedMatch {
    var skipped: Set<[UInt8]>?
    /// Report each skipped entry on its own line (packages), or the folder once (parts of it).
    var reportEach: Bool
    var note: String?
}

/// One folder's entries as the recognisers see them.
struct ManagedListing {
    /// Library-relative path of the folder ("" for the root).
    let relative: [UInt8]
    let directories: [[UInt8]]
    let files: [[UInt8]]
    /// Whether a path relative to the folder exists (one `fstatat`, never following symlinks).
    let exists: ([UInt8]) -> Bool

    func path(of name: [UInt8]) -> [UInt8] { relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name }

    static func lowercase(_ name: [UInt8]) -> String {
        String(decoding: name.map { ($0 >= 65 && $0 <= 90) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}

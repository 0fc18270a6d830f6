/// `cull catalog add --map FROM=TO`: the catalog writes `FROM…` for what is at `TO…` here (a library
/// mounted elsewhere, a NAS, a Lightroom catalog written on Windows: `C:/Users/me/Pictures=/photos`).
public struct PathMap: Sendable, Equatable {
    public let from: String
    public let to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// `FROM=TO` as written on the command line; nil when either side is empty.
    public init?(argument: String) {
        guard let equals = argument.lastIndex(of: "="), equals != argument.startIndex else { return nil }
        let from = String(argument[..<equals]), to = String(argument[argument.index(after: equals)...])
        guard !from.isEmpty, to.hasPrefix("/") else { return nil }
        self.init(from: from, to: to)
    }

    /// A Windows path (`C:/…`, `C:\…`): its drive letter and names compare without case, as Windows does.
    var isWindows: Bool {
        let scalars = Array(from.unicodeScalars.prefix(3))
        return scalars.count >= 2 && scalars[1] == ":" && (scalars[0].properties.isAlphabetic)
    }
}

/// Where a catalog's absolute paths land in the library: the one place that decides whether a row is
/// a library file (mapped by `--map`, inside the root, no `.`/`..`, NUL or control characters), and
/// gives it the key it is matched by: the library-relative path in NFC, so a catalog written on a Mac
/// (NFD names) finds the files a Linux scan indexed, and the other way round.
struct CatalogPaths: Sendable {
    /// The library root in NFC, with a trailing slash.
    let root: String
    let maps: [PathMap]

    init(root: String, maps: [PathMap]) {
        let normal = UnicodeForm.nfc(root)
        self.root = normal.hasSuffix("/") ? normal : normal + "/"
        self.maps = maps
    }

    /// The library-relative key of `path`, or nil when it is not a file of this library.
    func key(_ path: String) -> String? {
        guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        var mapped = path
        for map in maps {
            if let rest = Self.strip(map.from, from: path, ignoringCase: map.isWindows) {
                mapped = map.to + (map.to.hasSuffix("/") || rest.isEmpty || rest.hasPrefix("/") ? "" : "/") + rest
                break
            }
        }
        if Self.isWindowsPath(mapped) { mapped = mapped.replacingOccurrences(of: "\\", with: "/") }
        let normal = UnicodeForm.nfc(mapped)
        guard normal.hasPrefix(root) else { return nil }
        let parts = normal.dropFirst(root.count).split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.isEmpty, !parts.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        return parts.joined(separator: "/")
    }

    /// The key of an indexed path (library-relative bytes).
    static func key(indexed path: [UInt8]) -> String {
        UnicodeForm.nfc(String(decoding: path, as: UTF8.self))
    }

    /// `path` without the prefix `from` (at a folder boundary), or nil.
    private static func strip(_ from: String, from path: String, ignoringCase: Bool) -> String? {
        let prefix = from.hasSuffix("/") || from.hasSuffix("\\") ? String(from.dropLast()) : from
        let head = String(path.prefix(prefix.count))
        let same = ignoringCase ? head.lowercased() == prefix.lowercased() : head == prefix
        guard same else { return nil }
        let rest = path.dropFirst(prefix.count)
        guard rest.isEmpty || rest.hasPrefix("/") || rest.hasPrefix("\\") else { return nil }
        return String(rest.drop { $0 == "/" || $0 == "\\" })
    }

    private static func isWindowsPath(_ path: String) -> Bool {
        let scalars = Array(path.unicodeScalars.prefix(3))
        return scalars.count == 3 && scalars[1] == ":" && (scalars[2] == "\\" || scalars[2] == "/")
    }
}

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

/// Where a catalog's paths land in the library: the one place that decides whether a row is a library
/// file, for every kind of catalog. A catalog's path is bytes (a name need not be UTF-8, and may hold
/// a newline): it is matched as bytes, and the only folding is between Unicode's composed and
/// decomposed forms, only for valid UTF-8 (a catalog written on a Mac finds the files a Linux scan
/// indexed). Its folder is first mapped (`--map`, Windows separators), then resolved through the file
/// system when it exists here (``CatalogFolders``: symlinks, bind mounts); what stays is lexical:
/// inside the root, no empty, `.` or `..` component, no NUL.
struct CatalogPaths: Sendable {
    /// The library root as the file system spells it (absolute, real), without a trailing slash.
    let root: [UInt8]
    /// The same in NFC, for a catalog that spelled it in the other form.
    let normalRoot: [UInt8]
    let maps: [PathMap]

    init(root: String, maps: [PathMap]) {
        var bytes = Array(root.utf8)
        while bytes.count > 1, bytes.last == PathBytes.slash { bytes.removeLast() }
        self.root = bytes
        normalRoot = Self.normal(bytes)
        self.maps = maps
    }

    /// `bytes` in NFC when they are valid UTF-8, else as they are.
    static func normal(_ bytes: some Collection<UInt8>) -> [UInt8] {
        if bytes.allSatisfy({ $0 < 0x80 }) { return Array(bytes) }
        guard let text = String(validating: bytes, as: UTF8.self) else { return Array(bytes) }
        return Array(UnicodeForm.nfc(text).utf8)
    }

    /// The key an indexed (library-relative) path is matched by.
    static func key(indexed path: [UInt8]) -> [UInt8] { normal(path) }

    /// The catalog's folder as it would read on this machine: `--map` applied, Windows separators made `/`.
    func mapped(_ folder: [UInt8]) -> [UInt8] {
        var result = folder
        for map in maps {
            if let rest = Self.strip(map, from: folder) {
                let to = Array(map.to.utf8)
                result = to + (to.last == PathBytes.slash || rest.isEmpty ? [] : [PathBytes.slash]) + rest
                break
            }
        }
        if Self.isWindowsPath(result) { result = result.map { $0 == UInt8(ascii: "\\") ? PathBytes.slash : $0 } }
        return result
    }

    /// The library-relative key of the folder at absolute `path` ("" for the root), or nil when it is
    /// not inside the library or a component could leave it.
    func relative(_ path: [UInt8]) -> [UInt8]? {
        for (root, candidate) in [(root, path), (normalRoot, Self.normal(path))] {
            if let rest = Self.under(root, candidate) { return Self.components(rest) }
        }
        return nil
    }

    /// The key of `name` in the folder whose key is `folder`; nil when the name could leave it.
    static func key(folder: [UInt8], name: [UInt8]) -> [UInt8]? {
        guard let name = components(name), !name.isEmpty else { return nil }
        return folder.isEmpty ? name : folder + [PathBytes.slash] + name
    }

    /// `path` without the folder `root` and its slash (empty for the root itself), or nil.
    private static func under(_ root: [UInt8], _ path: [UInt8]) -> ArraySlice<UInt8>? {
        guard path.count >= root.count, path.starts(with: root) else { return nil }
        let rest = path[root.count...]
        if root == [PathBytes.slash] { return rest }
        guard rest.isEmpty || rest.first == PathBytes.slash else { return nil }
        return rest.dropFirst()
    }

    /// The components of `path` joined by one slash each, in NFC where UTF-8; nil when one is `.`,
    /// `..` or holds a NUL (no file name does).
    static func components(_ path: some Collection<UInt8>) -> [UInt8]? {
        var result: [UInt8] = []
        for part in path.split(separator: PathBytes.slash, omittingEmptySubsequences: true) {
            guard !part.contains(0), !part.elementsEqual([46]), !part.elementsEqual([46, 46]) else { return nil }
            if !result.isEmpty { result.append(PathBytes.slash) }
            result += normal(part)
        }
        return result
    }

    /// `path` after the prefix `map.from` (at a folder boundary), without its leading separators; nil
    /// when it does not start there. A Windows prefix compares without case.
    private static func strip(_ map: PathMap, from path: [UInt8]) -> [UInt8]? {
        var prefix = Array(map.from.utf8)
        while prefix.count > 1, prefix.last == PathBytes.slash || prefix.last == UInt8(ascii: "\\") { prefix.removeLast() }
        guard path.count >= prefix.count else { return nil }
        let head = path.prefix(prefix.count)
        let same: Bool
        if map.isWindows, let text = String(validating: head, as: UTF8.self) {
            same = text.lowercased() == String(decoding: prefix, as: UTF8.self).lowercased()
        } else {
            same = head.elementsEqual(prefix)
        }
        guard same else { return nil }
        let rest = path.dropFirst(prefix.count)
        guard rest.isEmpty || rest.first == PathBytes.slash || rest.first == UInt8(ascii: "\\") else { return nil }
        return Array(rest.drop { $0 == PathBytes.slash || $0 == UInt8(ascii: "\\") })
    }

    /// `C:\…` or `C:/…`.
    static func isWindowsPath(_ path: [UInt8]) -> Bool {
        path.count >= 3 && path[1] == UInt8(ascii: ":") && (path[2] == UInt8(ascii: "\\") || path[2] == PathBytes.slash)
            && ((65...90).contains(path[0]) || (97...122).contains(path[0]))
    }
}

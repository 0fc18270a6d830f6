#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One trash directory of the FreeDesktop.org Trash specification: `files/` and `info/`.
public struct TrashLocation: Sendable, Equatable {
    /// The trash directory (`~/.local/share/Trash`, `$topdir/.Trash/$uid` or `$topdir/.Trash-$uid`).
    public let directory: [UInt8]
    /// The mount point for a top-directory trash (its `Path=` keys are relative to it); nil for the home trash.
    public let topdir: [UInt8]?

    /// `files/` and `info/` in it, joined once: a commit names a destination in each for every file.
    public let filesDirectory: [UInt8]
    public let infoDirectory: [UInt8]

    public init(directory: [UInt8], topdir: [UInt8]?) {
        self.directory = directory
        self.topdir = topdir
        filesDirectory = PathBytes.join(directory, Array("files".utf8))
        infoDirectory = PathBytes.join(directory, Array("info".utf8))
    }

    /// The location of an existing trash directory, its top directory inferred from its name
    /// (`$topdir/.Trash-$uid`, `$topdir/.Trash/$uid`, else a home trash).
    init(inferringFrom directory: [UInt8]) {
        let parent = PathBytes.parent(directory)
        if PathBytes.basename(directory).starts(with: Array(".Trash-".utf8)) {
            self.init(directory: directory, topdir: parent)
        } else if PathBytes.basename(parent) == Array(".Trash".utf8) {
            self.init(directory: directory, topdir: PathBytes.parent(parent))
        } else {
            self.init(directory: directory, topdir: nil)
        }
    }

    public func filePath(_ name: [UInt8]) -> [UInt8] { PathBytes.join(filesDirectory, name) }
    public func infoPath(_ name: [UInt8]) -> [UInt8] { PathBytes.join(infoDirectory, name + Self.infoSuffix) }

    private static let infoSuffix = Array(".trashinfo".utf8)
}

/// Picks the trash for a file as the specification says: the home trash when the file is on
/// the same device, else `$topdir/.Trash/$uid` when `$topdir/.Trash` is a sticky directory and not
/// a symlink, else `$topdir/.Trash-$uid` (created 0700).
public struct FreeDesktopTrash {
    let homeTrash: [UInt8]
    let uid: uid_t
    private var byDevice: [Int64: TrashLocation] = [:]

    /// `environment` supplies `XDG_DATA_HOME` (default `$HOME/.local/share`).
    public init(environment: [String: String]) {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "/") + "/.local/share"
        homeTrash = Array((dataHome + "/Trash").utf8)
        uid = getuid()
    }

    /// The trash for a file at `path` on `device`, creating its directories when needed.
    public mutating func location(for path: [UInt8], device: Int64) throws(CommitError) -> TrashLocation {
        if let known = byDevice[device] { return known }
        let location: TrashLocation
        if deviceOfNearestExisting(homeTrash) == device {
            location = TrashLocation(directory: homeTrash, topdir: nil)
        } else {
            location = try topdirTrash(for: path, device: device)
        }
        for directory in [location.directory, location.filesDirectory, location.infoDirectory] {
            let code = FileOps.makeDirectories(directory, mode: 0o700)
            if code != 0 { throw CommitError.system(path: PathBytes.display(directory), call: "mkdir", errno: code) }
        }
        byDevice[device] = location
        return location
    }

    private func deviceOfNearestExisting(_ path: [UInt8]) -> Int64? {
        var candidate = path
        while !candidate.isEmpty {
            if let info = FileOps.lstat(candidate).0 { return info.device }
            let parent = PathBytes.parent(candidate)
            if parent == candidate { break }
            candidate = parent
        }
        return nil
    }

    private func topdirTrash(for path: [UInt8], device: Int64) throws(CommitError) -> TrashLocation {
        var topdir = PathBytes.parent(path)
        while topdir != [PathBytes.slash] {
            let parent = PathBytes.parent(topdir)
            guard let info = FileOps.lstat(parent).0, info.device == device else { break }
            topdir = parent
        }
        let uidText = Array(String(uid).utf8)
        let shared = PathBytes.join(topdir, Array(".Trash".utf8))
        if let info = FileOps.lstat(shared).0, info.isDirectory, !info.isSymlink, info.mode & UInt32(S_ISVTX) != 0 {
            return TrashLocation(directory: PathBytes.join(shared, uidText), topdir: topdir)
        }
        let own = PathBytes.join(topdir, Array(".Trash-".utf8) + uidText)
        if let info = FileOps.lstat(own).0, !info.isDirectory {
            throw CommitError.unsafeTrash(path: PathBytes.display(own))
        }
        return TrashLocation(directory: own, topdir: topdir)
    }

    /// The `.trashinfo` text for a file originally at `absolutePath`, deleted at `date` (local time).
    public static func infoContents(originalPath absolutePath: [UInt8], location: TrashLocation, date: time_t) -> [UInt8] {
        infoContents(originalPath: absolutePath, location: location, deletionDate: Array(deletionDate(date).utf8))
    }

    /// The same with the date already formatted (a commit formats it once for all its files).
    static func infoContents(originalPath absolutePath: [UInt8], location: TrashLocation, deletionDate: [UInt8]) -> [UInt8] {
        var path = absolutePath[...]
        if let topdir = location.topdir, topdir != [PathBytes.slash], path.starts(with: topdir + [PathBytes.slash]) {
            path = path[(path.startIndex + topdir.count + 1)...]
        }
        var contents: [UInt8] = []
        contents.reserveCapacity(infoHead.count + path.count * 3 + dateKey.count + deletionDate.count + 1)
        contents += infoHead
        percentEncode(path, into: &contents)
        contents += dateKey
        contents += deletionDate
        contents.append(10)
        return contents
    }

    /// RFC 2396 escaping as the spec asks: unreserved characters and `/` stay, every other byte is `%XX`.
    public static func percentEncode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        percentEncode(bytes[...], into: &out)
        return out
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
    /// The fixed parts of a `.trashinfo`, made once for all of a commit's files.
    private static let infoHead = Array("[Trash Info]\nPath=".utf8), dateKey = Array("\nDeletionDate=".utf8)

    private static func percentEncode(_ bytes: ArraySlice<UInt8>, into out: inout [UInt8]) {
        let hex = hexDigits
        for byte in bytes {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 15)])
            }
        }
    }

    /// The inverse of ``percentEncode(_:)`` (malformed escapes are kept as is).
    public static func percentDecode(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let bytes = Array(bytes)
        var out: [UInt8] = []
        var index = 0
        func value(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            case 0x61...0x66: byte - 0x61 + 10
            default: nil
            }
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = value(bytes[index + 1]), let low = value(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    /// The absolute original path a `.trashinfo` records, or nil when it is not one.
    public static func originalPath(ofInfo contents: [UInt8], location: TrashLocation) -> [UInt8]? {
        for line in contents.split(separator: 10) where line.starts(with: Array("Path=".utf8)) {
            let path = percentDecode(line.dropFirst(5))
            if path.first == PathBytes.slash { return path }
            guard let topdir = location.topdir else { return nil }
            return PathBytes.join(topdir, path)
        }
        return nil
    }

    static func deletionDate(_ date: time_t) -> String {
        var time = date
        var parts = tm()
        localtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}

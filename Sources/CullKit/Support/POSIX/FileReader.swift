#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens indexed files from the library root by descriptor, one folder handle kept at a time.
final class FileReader {
    private let library: DirectoryHandle?
    /// The folders walked to lately, by library-relative path (nil where the walk failed): files
    /// of a group or a pair live in a few folders, visited by turns. At most `keptFolders` open.
    private var folders: [[UInt8]: DirectoryHandle?] = [:]
    private static let keptFolders = 32

    init(root: [UInt8]) {
        library = DirectoryHandle.open(root).0
    }

    /// The folder of the library-relative `path`, walked by descriptor (never through a symlink).
    /// The caller has checked that `path` does not escape the library.
    private func folder(of path: [UInt8]) -> DirectoryHandle? {
        guard let library else { return nil }
        let parent = PathBytes.parent(path)
        if let known = folders[parent] { return known }
        if folders.count >= Self.keptFolders { folders.removeAll(keepingCapacity: true) }
        let handle = library.walk(parent).0
        folders[parent] = handle
        return handle
    }

    /// Opens the library-relative `path` (every folder on the way by descriptor, never a symlink).
    func open(_ path: [UInt8]) -> (ReadOnlyFile?, Int32) {
        guard library != nil, !PathBytes.escapes(path) else { return (nil, EINVAL) }
        guard let handle = folder(of: path) else { return (nil, ENOENT) }
        return ReadOnlyFile.open(PathBytes.basename(path), in: handle)
    }

    /// Opens the library-relative `path` when it is still the file `recorded` says (else nil: it
    /// is gone, or changed since it was recorded).
    func openUnchanged(_ path: [UInt8], as recorded: some RecordedIdentity) -> ReadOnlyFile? {
        guard let opened = open(path).0, opened.identity.isUnchanged(since: recorded) else { return nil }
        return opened
    }

    /// True when ``openUnchanged(_:as:)`` would open the library-relative `path`, mostly told
    /// without opening it: `fstatat` (never following a symlink) says whether the name is the
    /// regular file `recorded` says, and a file of ours its owner may read opens; any other is
    /// opened to know (another owner's, or one whose mode denies us, where only the open can tell).
    func isUnchanged(_ path: [UInt8], as recorded: some RecordedIdentity) -> Bool {
        guard library != nil, !PathBytes.escapes(path), let handle = folder(of: path) else { return false }
        let name = PathBytes.basename(path)
        guard let found = handle.stat(name).0, found.isRegular, found.isUnchanged(since: recorded) else { return false }
        if found.owner == Self.user && found.mode & UInt32(S_IRUSR) != 0 { return true }
        return ReadOnlyFile.open(name, in: handle).0?.identity.isUnchanged(since: recorded) ?? false
    }

    /// The effective uid, whose own files open when their owner may read them.
    private static let user = UInt32(geteuid())
}

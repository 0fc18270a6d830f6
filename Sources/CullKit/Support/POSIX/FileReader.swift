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
        let trimmed = root.count > 1 && root.last == PathBytes.slash ? Array(root.dropLast()) : root
        library = DirectoryHandle.open(trimmed).0
    }

    /// The folder of the library-relative `path`, walked by descriptor (never through a symlink).
    private func folder(of path: [UInt8]) -> DirectoryHandle? {
        guard let library, !PathBytes.escapes(path) else { return nil }
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
}

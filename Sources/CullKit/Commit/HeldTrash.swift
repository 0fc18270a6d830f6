#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One trash directory held open for a whole commit: its root, `files/` and `info/` by descriptor,
/// verified once (each a real directory, not a symlink, owned by us; a shared `$topdir/.Trash`
/// sticky). Every rename into the trash and every `.trashinfo` is relative to these descriptors,
/// so swapping `files/` for a symlink mid-commit cannot send a file anywhere else.
final class HeldTrash: Sendable {
    let location: TrashLocation
    let root: DirectoryHandle
    let files: DirectoryHandle
    let info: DirectoryHandle
    private let filesIdentity: FileIdentity
    private let infoIdentity: FileIdentity

    private init(location: TrashLocation, root: DirectoryHandle, files: DirectoryHandle, info: DirectoryHandle,
                 filesIdentity: FileIdentity, infoIdentity: FileIdentity) {
        self.location = location
        self.root = root
        self.files = files
        self.info = info
        self.filesIdentity = filesIdentity
        self.infoIdentity = infoIdentity
    }

    /// Why a trash directory is not used (the reason its items are skipped with).
    struct Refusal: Error {
        let reason: String
    }

    /// Opens and verifies `location`; the refusal says why it is not safe to use.
    static func open(_ location: TrashLocation) -> Result<HeldTrash, Refusal> {
        let unsafe = { (why: String) in
            Result<HeldTrash, Refusal>.failure(Refusal(reason: "unsafe trash \(PathBytes.display(location.directory)): \(why)"))
        }
        let uid = UInt32(getuid())
        let root: DirectoryHandle
        if let topdir = location.topdir, PathBytes.basename(PathBytes.parent(location.directory)) == Array(".Trash".utf8) {
            // `$topdir/.Trash/$uid`: the shared `.Trash` must be a sticky directory, not a symlink.
            guard let top = DirectoryHandle.open(topdir).0 else { return unsafe("cannot open its top directory") }
            guard let shared = top.openDirectory(Array(".Trash".utf8)).0, shared.identity()?.isSticky == true else {
                return unsafe("$topdir/.Trash is not a sticky directory")
            }
            guard let own = shared.openDirectory(PathBytes.basename(location.directory)).0 else { return unsafe("cannot open it") }
            root = own
        } else {
            let (opened, code) = DirectoryHandle.open(location.directory)
            guard let opened else { return unsafe(code == ELOOP ? "a symbolic link" : Errno.message(code)) }
            root = opened
        }
        guard let rootIdentity = root.identity(), rootIdentity.owner == uid else { return unsafe("not owned by you") }
        guard let files = root.openDirectory(Array("files".utf8)).0, let filesIdentity = files.identity(),
              let info = root.openDirectory(Array("info".utf8)).0, let infoIdentity = info.identity() else {
            return unsafe("its files/ or info/ is missing or a symbolic link")
        }
        guard filesIdentity.owner == uid, infoIdentity.owner == uid else { return unsafe("files/ or info/ is not owned by you") }
        return .success(HeldTrash(location: location, root: root, files: files, info: info,
                                  filesIdentity: filesIdentity, infoIdentity: infoIdentity))
    }

    /// True while `files/` and `info/` under the trash root are still the directories held:
    /// after a swap, the journaled destinations no longer name where the held descriptors point.
    var isIntact: Bool {
        guard let files = root.stat(Self.filesName).0, let info = root.stat(Self.infoName).0 else { return false }
        return files.isSameFile(as: filesIdentity) && files.isDirectory && info.isSameFile(as: infoIdentity) && info.isDirectory
    }

    /// The names ``isIntact`` looks up, made once.
    private static let filesName = Array("files".utf8), infoName = Array("info".utf8)
    private static let filesPrefix = Array("files/".utf8)

    /// `fstatat(AT_SYMLINK_NOFOLLOW)` of `files/NAME` looked up from the trash root, not from the
    /// held `files/`: what the journaled destination names now. After a file is renamed into the
    /// held `files/`, it is the file only while `files/` is still that folder.
    func stat(inFiles name: [UInt8]) -> (FileIdentity?, Int32) {
        root.stat(Self.filesPrefix + name)
    }

    /// The temporary name a `.trashinfo` is written under before it is renamed into place: not
    /// ending in `.trashinfo`, so trash tools ignore it; with our pid, so two commits never share one.
    static func temporaryName(for infoName: [UInt8]) -> [UInt8] {
        var name: [UInt8] = []
        name.reserveCapacity(temporaryPrefix.count + infoName.count + temporarySuffix.count)
        name += temporaryPrefix
        name += infoName
        name += temporarySuffix
        return name
    }

    private static let temporarySuffix = Array(".tmp".utf8)

    /// `.cull-PID-`, made once: a commit names 10,000 temporaries, and Cull never forks.
    private static let temporaryPrefix = Array(".cull-\(getpid())-".utf8)

    /// Writes `contents` under the temporary name of `info/NAME` (fsynced when `sync`); 0 or the
    /// errno, and nothing left behind on a failure (a full disk leaves no empty file).
    func writeTemporaryInfo(_ name: [UInt8], contents: [UInt8], sync: Bool) -> Int32 {
        let temporary = Self.temporaryName(for: name)
        let code = info.createExclusive(temporary, contents: contents, sync: sync)
        guard code == EEXIST else { return code }
        // Only this process writes names with its pid: a leftover of an earlier process that had it.
        _ = info.unlink(temporary)
        return info.createExclusive(temporary, contents: contents, sync: sync)
    }

    /// Renames the temporary info written for `from` into place as `info/NAME`, never replacing
    /// (EEXIST when the name is taken; the temporary stays for another try).
    func placeInfo(writtenFor from: [UInt8], as name: [UInt8]) -> Int32 {
        info.move(Self.temporaryName(for: from), to: info, as: name)
    }

    /// Writes `contents` to `info/NAME` without ever leaving a partial or empty file under that
    /// name: written to a temporary name and fsynced, then renamed into place without replacing
    /// (EEXIST when taken). On any failure nothing is left behind.
    func writeInfo(_ name: [UInt8], contents: [UInt8]) -> Int32 {
        var code = writeTemporaryInfo(name, contents: contents, sync: true)
        guard code == 0 else { return code }
        code = placeInfo(writtenFor: name, as: name)
        if code != 0 { _ = info.unlink(Self.temporaryName(for: name)) }
        return code
    }

    /// Removes temporary `.trashinfo` files left by Cull processes that no longer run (killed
    /// between writing one and renaming it into place). Names of live processes are left alone.
    func removeStaleTemporaries() {
        let prefix = Array(".cull-".utf8)
        for name in info.list() ?? [] where name.starts(with: prefix) && name.suffix(4).elementsEqual(".tmp".utf8) {
            let digits = name.dropFirst(prefix.count).prefix { $0 >= 48 && $0 <= 57 }
            guard let pid = Int32(String(decoding: digits, as: UTF8.self)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { _ = info.unlink(name) }
        }
    }
}

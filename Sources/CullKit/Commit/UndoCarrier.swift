#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// The file-system half of `cull undo`: brings journaled items back from the trash (or the
/// quarantine folder), or finds them back already. Never touches the index.
///
/// Moves back only the file it trashed: what sits at the journaled trash name must be a regular
/// file with the journaled device, inode, size and mtime (another program may have emptied the
/// trash and put a stranger's file under the same name). Everything is relative to directory
/// descriptors (``DirectoryHandle``): the trash folders are held as opened, and the original folder
/// is reached from the library root one component at a time with `O_NOFOLLOW`: a missing folder is
/// created, a symbolic link or a file in the way is refused, so nothing is written outside the
/// library. Removes only a `.trashinfo` whose `Path=` is the item's own original path.
// @unchecked Sendable: a carrier is handed to the one carrier thread of an undo and used only there
// (its cached folder handles are that thread's); it is never shared between threads at once.
final class UndoCarrier: @unchecked Sendable {
    /// What became of one item.
    enum Outcome: Sendable {
        /// Back at its original path, with the identity it has there now (nil if it cannot be read).
        case restored(FileIdentity?)
        case refused(String)
    }

    /// One item of a chunk with its outcome.
    struct Carried: Sendable {
        let item: JournalItem
        let outcome: Outcome
    }

    private let root: [UInt8]
    private let library: DirectoryHandle
    private let crash: CrashHook
    /// Library folders by relative path, and trash (or quarantine) folders by absolute path.
    private var folders: [PathKey: DirectoryHandle] = [:]
    private var trashFolders: [PathKey: DirectoryHandle] = [:]
    private var touched: [ObjectIdentifier: DirectoryHandle] = [:]

    init(library: Library, crash: CrashHook) throws(CommitError) {
        root = Array(library.absolutePath(of: "").utf8)
        let (handle, code) = DirectoryHandle.open(Array(library.root.utf8))
        guard let handle else { throw CommitError.system(path: library.root, call: "open", errno: code) }
        self.library = handle
        self.crash = crash
    }

    /// Brings one item back (or finds it back).
    func carry(_ item: JournalItem) -> Outcome {
        guard let source = item.destination else { return .refused("no trash location journaled") }
        if PathBytes.escapes(item.path) { return .refused("path escapes the library") }
        let folder = PathBytes.parent(item.path)
        let name = PathBytes.basename(item.path)
        let sourceName = PathBytes.basename(source)
        let trash = trashFolder(PathBytes.parent(source))
        // The file as Cull trashed it, looked at first: a file back already is found when it is not
        // there (or when the move back finds its name taken), as it would be if looked at first.
        let (there, missing) = trash?.stat(sourceName) ?? (nil, ENOENT)
        guard let there, there.isRegular, item.matches(there) else {
            // Its .trashinfo stays when the trash folder is gone too, or holds another file by its name.
            if let back = backAlready(item, folder: folder, name: name, keepingInfo: there != nil || trash == nil) { return back }
            guard trash != nil else { return .refused("no longer in the trash (its trash folder is gone)") }
            guard there != nil else {
                return .refused(missing == ENOENT ? "no longer in the trash" : "cannot stat it in the trash: " + Errno.message(missing))
            }
            return .refused("not the file Cull trashed (another file has its name in the trash)")
        }
        guard let trash else { return .refused("no longer in the trash (its trash folder is gone)") }
        let target: DirectoryHandle
        switch openFolder(folder, create: true) {
        case let .failure(refusal): return .refused(refusal.reason)
        case let .success(handle):
            guard let handle else { return .refused("cannot create its folder") }
            target = handle
        }
        let code = trash.move(sourceName, to: target, as: name)
        if code == EEXIST {
            return backAlready(item, folder: folder, name: name, keepingInfo: true) ?? .refused("a file exists at the original path")
        }
        if code != 0 { return .refused("cannot move back: " + Errno.message(code)) }
        touch(target)
        touch(trash)
        crash.step()
        removeOwnInfo(item)
        crash.step()
        return .restored(target.stat(name).0)
    }

    /// The item when it is back at its original path already (an interrupted undo, or the user
    /// restored it with another tool): restored, its `.trashinfo` removed unless `keepingInfo`.
    /// A refusal when its folder cannot be walked to; nil when it is not back.
    private func backAlready(_ item: JournalItem, folder: [UInt8], name: [UInt8], keepingInfo: Bool) -> Outcome? {
        switch openFolder(folder, create: false) {
        case let .failure(refusal): return .refused(refusal.reason)
        case let .success(handle):
            guard let handle, let here = handle.stat(name).0, here.isRegular, item.matches(here) else { return nil }
            if !keepingInfo { removeOwnInfo(item) }
            return .restored(here)
        }
    }

    /// fsyncs every folder that gained or lost an entry since the last call, so a booked
    /// restore is durable.
    func syncTouched() {
        // Concurrently: a chunk touches up to one folder per file, and on a journaling file system
        // simultaneous fsyncs share one journal commit instead of waiting for one each.
        let handles = Array(touched.values)
        DispatchQueue.concurrentPerform(iterations: handles.count) { _ = handles[$0].sync() }
        touched.removeAll(keepingCapacity: true)
        // Bounded descriptors: a library of many folders must not exhaust them.
        if folders.count > 256 { folders.removeAll() }
    }

    private func touch(_ handle: DirectoryHandle) { touched[ObjectIdentifier(handle)] = handle }

    /// Removes the item's `.trashinfo` when it records the item's own original path (ours).
    private func removeOwnInfo(_ item: JournalItem) {
        guard let info = item.info, let folder = trashFolder(PathBytes.parent(info)) else { return }
        let name = PathBytes.basename(info)
        guard let contents = folder.readRegularFile(name, limit: 1 << 16).0,
              FreeDesktopTrash.originalPath(ofInfo: contents, location: FileCarrier.location(of: item)) == root + item.path
        else { return }
        if folder.unlink(name) == 0 { touch(folder) }
    }

    /// A trash (or quarantine) folder, opened once by its journaled absolute path.
    private func trashFolder(_ path: [UInt8]) -> DirectoryHandle? {
        if let known = trashFolders[PathKey(path)] { return known }
        guard let handle = DirectoryHandle.open(path).0 else { return nil }
        trashFolders[PathKey(path)] = handle
        return handle
    }

    private struct Refusal: Error { let reason: String }

    /// Library-relative `folder`, opened one component at a time from the root without following
    /// a symlink; nil when a component is missing and `create` is false.
    private func openFolder(_ folder: [UInt8], create: Bool) -> Result<DirectoryHandle?, Refusal> {
        if folder.isEmpty { return .success(library) }
        if let known = folders[PathKey(folder)] { return .success(known) }
        let parent: DirectoryHandle
        switch openFolder(PathBytes.parent(folder), create: create) {
        case let .failure(refusal): return .failure(refusal)
        case let .success(handle):
            guard let handle else { return .success(nil) }
            parent = handle
        }
        let name = PathBytes.basename(folder)
        var (opened, code) = parent.openDirectory(name)
        if opened == nil, code == ENOENT {
            guard create else { return .success(nil) }
            let made = parent.makeDirectory(name, mode: 0o755)
            if made != 0 && made != EEXIST {
                return .failure(Refusal(reason: "cannot create its folder \(PathBytes.display(folder)): " + Errno.message(made)))
            }
            touch(parent)
            (opened, code) = parent.openDirectory(name)
        }
        guard let opened else {
            if code == ELOOP || code == ENOTDIR {
                let link = parent.stat(name).0?.isSymlink == true
                return .failure(Refusal(reason: "its folder \(PathBytes.display(folder)) is "
                                        + (link ? "a symbolic link" : "not a folder") + " now"))
            }
            return .failure(Refusal(reason: "cannot open its folder \(PathBytes.display(folder)): " + Errno.message(code)))
        }
        folders[PathKey(folder)] = opened
        return .success(opened)
    }
}

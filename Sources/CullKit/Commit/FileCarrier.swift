#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system half of a commit: carries journaled items to their journaled destinations,
/// or finds them there already. Never touches the index, so it can run on its own thread while
/// the ``Mover`` books the chunk before; a name collision at the destination, which needs a new
/// journaled name, is handed back as ``Outcome/collided`` for the Mover to settle.
///
/// Never follows a symlink, never overwrites and never loses a source. Each source folder is
/// opened from the library root one component at a time (`O_NOFOLLOW`), the file is checked with
/// `fstatat` and moved with a no-replace rename between held descriptors (library folder →
/// trash `files/`), and what arrived is checked again, at its journaled path from the trash root:
/// if it is not the journaled file there (another swapped in between the check and the rename, or
/// `files/` replaced since the chunk began), it is moved back and the item skipped. A `.trashinfo` is
/// written under a temporary name and renamed into place without replacing, so no other
/// program's entry is ever taken over, and a full disk leaves no empty info file.
// @unchecked Sendable: a carrier is handed to one carrier thread and used only there (its cached folder
// handles are that thread's); it is never shared between threads at once.
final class FileCarrier: @unchecked Sendable {
    /// What became of one item.
    enum Outcome: Sendable {
        case moved
        case gone
        case skipped(SkipReason)
        /// Its destination (or `.trashinfo`) name is taken: it needs a new name in the journal first.
        /// Later items of its entry are handed back unattempted with the same outcome.
        case collided
    }

    /// One item of a chunk with its outcome (its destination as the carrier last used it).
    struct Carried: Sendable {
        var item: JournalItem
        var outcome: Outcome
    }

    let root: [UInt8]
    let destination: CommitDestination
    let crash: CrashHook
    /// True when rolling a crashed batch forward: a destination may already hold the file, and an
    /// empty or own `.trashinfo` at a journaled name may be a crashed run's.
    let resuming: Bool
    private let context: CarrierContext
    /// The source folder of the last item (items come in path order, so mostly the same folder).
    private var sourceFolder: (key: PathKey, handle: DirectoryHandle?, code: Int32)?
    /// The quarantine folder of the last item.
    private var quarantineFolder: (key: PathKey, handle: DirectoryHandle?, code: Int32)?
    private var touchedDirectories: [DirectoryHandle] = []
    /// The trash of the last item asked about, with the folder of its destination and a `/`.
    private var lastTrash: (folder: [UInt8], trash: Result<HeldTrash, HeldTrash.Refusal>)?
    /// The `.trashinfo` of each item of the current chunk, written ahead under a temporary name.
    private var infos: TrashInfoBatch
    /// Whether each trash used in the current chunk was intact when the chunk first used it
    /// (``HeldTrash/isIntact``: asked once a chunk, not once a file).
    private var intact: [ObjectIdentifier: Bool] = [:]

    /// Used by one thread at a time (`@unchecked Sendable` so it can be handed to that thread).
    init(root: [UInt8], context: CarrierContext, destination: CommitDestination, deletionTime: time_t,
         crash: CrashHook, resuming: Bool) {
        self.root = root
        self.context = context
        self.destination = destination
        self.crash = crash
        self.resuming = resuming
        self.infos = TrashInfoBatch(root: root, deletionDate: Array(FreeDesktopTrash.deletionDate(deletionTime).utf8))
    }

    /// Carries a chunk of whole entries, then makes what moved durable (``syncTouchedDirectories()``).
    /// An entry is its primaries (several when they share a sidecar), then their sidecars: when any
    /// primary of an entry is skipped, its sidecars stay, so a shared sidecar never leaves a file
    /// that stays.
    func carry(_ chunk: ArraySlice<JournalItem>) -> Result<[Carried], CommitError> {
        beginChunk()
        infos.prepare(chunk, trashOf: heldTrash(of:))
        defer { infos.discard() }
        var carried: [Carried] = []
        carried.reserveCapacity(chunk.count)
        var entry: Int64?
        var primarySkipped = false
        var entryCollided = false
        do {
            for item in chunk {
                if item.entry != entry { entry = item.entry; primarySkipped = false; entryCollided = false }
                let outcome: Outcome
                if entryCollided {
                    outcome = .collided
                } else if primarySkipped && item.role != .primary {
                    outcome = .skipped(.primarySkipped)
                } else {
                    outcome = try carry(item)
                }
                switch outcome {
                case .collided: entryCollided = true
                case .skipped where item.role == .primary: primarySkipped = true
                default: break
                }
                carried.append(Carried(item: item, outcome: outcome))
            }
        } catch {
            return .failure(error)
        }
        syncTouchedDirectories()
        return .success(carried)
    }

    /// Moves one item (or finds it moved already).
    func carry(_ item: JournalItem) throws(CommitError) -> Outcome {
        if PathBytes.escapes(item.path) { return .skipped(.refused("path escapes the library")) }
        let name = PathBytes.basename(item.path)
        let trash = heldTrash(of: item)
        if resuming, let found = try foundAtDestination(item, trash: trash) { return found }
        let (folder, folderCode) = openSourceFolder(PathBytes.parent(item.path))
        guard let folder else {
            removeOwnInfo(item, trash: trash)
            switch folderCode {
            case ENOENT, ENOTDIR: return .gone
            case ELOOP: return .skipped(.refused("its folder is reached through a symbolic link"))
            default: return .skipped(.refused("cannot open its folder: " + Errno.message(folderCode)))
            }
        }
        let (found, failure) = folder.stat(name)
        guard let found else {
            if resuming, destination == .permanently, failure == ENOENT, finishDeletion(item, in: folder) { return .moved }
            removeOwnInfo(item, trash: trash)
            if failure == ENOENT || failure == ENOTDIR { return .gone }
            return .skipped(.refused("cannot stat: " + Errno.message(failure)))
        }
        let refusal: String? = if found.isSymlink {
            "now a symbolic link"
        } else if !found.isRegular {
            "no longer a regular file"
        } else if !item.matches(found, orOwnCtime: context.ownCtime(of: found)) {
            item.difference(found)
        } else {
            nil
        }
        if let refusal {
            removeOwnInfo(item, trash: trash)
            return .skipped(.refused(refusal))
        }
        switch destination {
        case .permanently:
            return delete(item, in: folder, name: name)
        case .quarantine, .trash:
            return move(item, from: folder, name: name, trash: trash)
        }
    }

    /// The trash an item goes to, held by the context (nil in quarantine and permanent mode).
    private func heldTrash(of item: JournalItem) -> Result<HeldTrash, HeldTrash.Refusal>? {
        guard item.info != nil else { return nil }
        let destination = item.destination ?? []
        // Directly in the last destination's folder (`TRASH/files/`): the same trash, found without
        // making its path again (asked twice of every item).
        if let last = lastTrash, destination.count > last.folder.count, destination.starts(with: last.folder),
           !destination[last.folder.count...].contains(PathBytes.slash) {
            return last.trash
        }
        let trash = context.trashes[PathKey(Self.trashDirectory(of: item))]
            ?? .failure(HeldTrash.Refusal(reason: "its trash directory was not opened"))
        let folder = PathBytes.parent(destination)
        if !folder.isEmpty { lastTrash = (folder + [PathBytes.slash], trash) }
        return trash
    }

    /// Resuming: the journaled destination already holds the journaled file (the crash came after
    /// the rename). Nil when it does not.
    private func foundAtDestination(_ item: JournalItem, trash: Result<HeldTrash, HeldTrash.Refusal>?) throws(CommitError) -> Outcome? {
        guard let target = item.destination else { return nil }
        let folder: DirectoryHandle?
        switch trash {
        case let .success(held)?: folder = held.files
        case .failure?: folder = nil
        case nil: folder = openQuarantineFolder(for: target, creating: false).0
        }
        guard let there = folder?.stat(PathBytes.basename(target)).0, item.isSameFile(there) else { return nil }
        if case let .success(held)? = trash { try ensureInfo(item, trash: held) }
        // The link + unlink fallback killed between its two steps leaves the file under both names:
        // the source name is a second link to the same inode, and goes now.
        if let source = openSourceFolder(PathBytes.parent(item.path)).0, let here = source.stat(PathBytes.basename(item.path)).0,
           here.isSameFile(as: there), there.isRegular {
            _ = source.unlink(PathBytes.basename(item.path))
        }
        return .moved
    }

    /// The hidden name a file is renamed to before it is deleted: by inode, so a resumed commit
    /// finds it again (the scanner skips hidden names).
    private static func asideName(_ item: JournalItem) -> [UInt8] { Array(".cull-delete-\(item.inode)".utf8) }

    /// Resuming `--permanently`: a crash came between renaming the file aside and unlinking it.
    private func finishDeletion(_ item: JournalItem, in folder: DirectoryHandle) -> Bool {
        let aside = Self.asideName(item)
        guard let there = folder.stat(aside).0, item.isSameFile(there) else { return false }
        return folder.unlink(aside) == 0
    }

    /// `--permanently`: renamed aside within its folder first, checked there, then unlinked, so a
    /// file swapped in at the name after the check is put back instead of deleted.
    private func delete(_ item: JournalItem, in folder: DirectoryHandle, name: [UInt8]) -> Outcome {
        let aside = Self.asideName(item)
        crash.pause("before-move")
        let code = folder.move(name, to: folder, as: aside)
        guard code == 0 else { return .skipped(.refused("cannot delete: " + Errno.message(code))) }
        crash.step()
        guard let moved = folder.stat(aside).0, item.isSameFile(moved), moved.mtimeNs == item.mtimeNs else {
            _ = folder.move(aside, to: folder, as: name)
            return .skipped(.refused("replaced while it was being deleted"))
        }
        // A file with other names lives on after this unlink: held open, it tells the ctime the
        // unlink gave it, which its other names staged in this batch will show.
        let survivor = moved.links > 1 ? ReadOnlyFile.open(aside, in: folder).0 : nil
        let unlinked = folder.unlink(aside)
        crash.step()
        if unlinked != 0 {
            _ = folder.move(aside, to: folder, as: name)
            return .skipped(.refused("cannot delete: " + Errno.message(unlinked)))
        }
        if let after = survivor?.currentIdentity(), after.isSameFile(as: moved) { context.noteOwnChange(after) }
        return .moved
    }

    private func move(_ item: JournalItem, from folder: DirectoryHandle, name: [UInt8],
                      trash: Result<HeldTrash, HeldTrash.Refusal>?) -> Outcome {
        guard let target = item.destination else { return .skipped(item.reason ?? .refused("no destination journaled")) }
        let targetName = PathBytes.basename(target)
        let into: DirectoryHandle
        var held: HeldTrash?
        switch trash {
        case let .failure(refusal)?:
            return .skipped(.refused(refusal.reason))
        case let .success(trash)?:
            guard isIntact(trash) else { return .skipped(.refused(Self.trashReplaced)) }
            let infoName = PathBytes.basename(item.info ?? [])
            var code = infos.place(item, trash: trash, as: infoName)
            if code == EEXIST {
                guard isOwnOrphan(item, trash: trash) else { return .collided }
                _ = trash.info.unlink(infoName)     // ours from a killed run, maybe empty: write it again
                code = infos.place(item, trash: trash, as: infoName)
            }
            if code == EEXIST { return .collided }
            if code != 0 { return .skipped(.refused("cannot write trash info: " + Errno.message(code))) }
            touch(trash.info)
            crash.step()
            into = trash.files
            held = trash
        case nil:
            let (opened, code) = openQuarantineFolder(for: target, creating: true)
            guard let opened else {
                if code == ELOOP { return .skipped(.refused("its quarantine folder is reached through a symbolic link")) }
                return .skipped(.refused("cannot create the quarantine folder: " + Errno.message(code)))
            }
            into = opened
        }
        crash.pause("before-move")
        let code = folder.move(name, to: into, as: targetName)
        if code == 0 {
            touch(into)
            // Into the trash, looked up from its root: `files/` replaced since the chunk's check
            // (``isIntact(_:)``) shows here, as the journaled path no longer holding the file.
            if let arrived = (held.map { $0.stat(inFiles: targetName) } ?? into.stat(targetName)).0, item.isSameFile(arrived) {
                if arrived.links > 1 { context.noteOwnChange(arrived) }
                crash.step()
                return .moved
            }
            // Not the journaled file at its journaled path: the trash folder was replaced, or another
            // file was swapped in at the source name after the check.
            let trashReplaced = held != nil && into.stat(targetName).0.map(item.isSameFile) == true
            if into.move(targetName, to: folder, as: name) == 0 {
                if let held { _ = held.info.unlink(PathBytes.basename(item.info ?? [])) }
                return .skipped(.refused(trashReplaced ? Self.trashReplaced : "replaced while it was being moved"))
            }
            // It cannot go back (the name is taken again): it stays where it is, with its .trashinfo.
            return .skipped(.refused("replaced while it was being moved; what arrived stays at \(PathBytes.display(target))"))
        }
        if let held { _ = held.info.unlink(PathBytes.basename(item.info ?? [])) }
        if code == EEXIST { return .collided }
        if code == EXDEV { return .skipped(.refused("on another file system than its destination")) }
        return .skipped(.refused("cannot move: " + Errno.message(code)))
    }

    private static let trashReplaced = "the trash folder was replaced during the commit"

    /// Forgets which trashes were intact: the next item of a trash asks again (``isIntact(_:)``).
    /// Called for each chunk, whether carried whole or item by item (the Mover's collision retries).
    func beginChunk() {
        intact.removeAll(keepingCapacity: true)
    }

    /// ``HeldTrash/isIntact``, asked once a chunk per trash: a replaced `files/` later in the chunk
    /// is caught by the arrival check from the trash root, which moves the file back.
    private func isIntact(_ trash: HeldTrash) -> Bool {
        if let known = intact[ObjectIdentifier(trash)] { return known }
        let now = trash.isIntact
        intact[ObjectIdentifier(trash)] = now
        return now
    }

    /// The source folder `relative` (library-relative), walked from the library root by descriptor.
    private func openSourceFolder(_ relative: [UInt8]) -> (DirectoryHandle?, Int32) {
        let key = PathKey(relative)
        if let known = sourceFolder, known.key == key { return (known.handle, known.code) }
        let (handle, code) = context.library.walk(relative)
        sourceFolder = (key, handle, code)
        return (handle, code)
    }

    /// The folder of a quarantine destination, walked (and with `creating`, made) from the held
    /// quarantine root with `mkdirat`; a symlink on the way is refused (ELOOP).
    private func openQuarantineFolder(for target: [UInt8], creating: Bool) -> (DirectoryHandle?, Int32) {
        guard let quarantine = context.quarantine else { return (nil, EINVAL) }
        guard let handle = quarantine.handle else { return (nil, ENOENT) }
        let prefix = quarantine.path + [PathBytes.slash]
        guard target.starts(with: prefix) else { return (nil, EINVAL) }
        let relative = PathBytes.parent(Array(target.dropFirst(prefix.count)))
        let key = PathKey(relative)
        if let known = quarantineFolder, known.key == key, known.handle != nil || !creating { return (known.handle, known.code) }
        let (folder, code) = handle.walk(relative, creating: creating ? 0o755 : nil)
        quarantineFolder = (key, folder, code)
        if folder != nil, creating { touch(handle) }
        return (folder, code)
    }

    private func touch(_ directory: DirectoryHandle) {
        if !touchedDirectories.contains(where: { $0 === directory }) { touchedDirectories.append(directory) }
    }

    /// fsyncs each folder that gained entries (`files/`, `info/`, quarantine folders) since the last
    /// call, so a booked move is durable (the `.trashinfo` contents were flushed before they were
    /// renamed into place, see ``TrashInfoBatch/prepare(_:trashOf:)``).
    func syncTouchedDirectories() {
        for directory in touchedDirectories { _ = directory.sync() }
        touchedDirectories.removeAll(keepingCapacity: true)
    }

    /// The trash an item goes to, from its journaled destination (`TRASH/files/NAME`).
    static func location(of item: JournalItem) -> TrashLocation {
        TrashLocation(inferringFrom: trashDirectory(of: item))
    }

    /// The directory of that trash (`TRASH`), the key the context holds it by.
    static func trashDirectory(of item: JournalItem) -> [UInt8] {
        PathBytes.parent(PathBytes.parent(item.destination ?? []))
    }

    /// Resuming only: the `.trashinfo` at this item's journaled name, with no file beside it, records
    /// this item's source or nothing (a run killed between creating and writing it): ours, left by a
    /// crash. A fresh commit never claims one: an empty info file there is another program's
    /// reservation (trash-cli and gio create it with O_EXCL before they rename their file in).
    /// Anything but a regular file is never ours, and is never opened.
    private func isOwnOrphan(_ item: JournalItem, trash: HeldTrash) -> Bool {
        guard resuming, let info = item.info, let target = item.destination else { return false }
        guard trash.files.stat(PathBytes.basename(target)).1 == ENOENT else { return false }
        guard let contents = trash.info.readRegularFile(PathBytes.basename(info)).0 else { return false }
        guard let recorded = FreeDesktopTrash.originalPath(ofInfo: contents, location: trash.location) else { return contents.isEmpty }
        return recorded == root + item.path
    }

    /// After a crash between the move and the info (or a lost info write), writes the `.trashinfo`
    /// again, replacing only an empty one (an older release could leave that); a `.trashinfo` that
    /// records something else, or is not a regular file, is not ours and stays.
    private func ensureInfo(_ item: JournalItem, trash: HeldTrash) throws(CommitError) {
        guard let info = item.info else { return }
        let name = PathBytes.basename(info)
        let (contents, code) = trash.info.readRegularFile(name)
        if let contents {
            guard contents.isEmpty else { return }
            _ = trash.info.unlink(name)
        } else if code != ENOENT {
            return
        }
        let written = trash.writeInfo(name, contents: infos.contents(item, trash: trash))
        if written != 0 && written != EEXIST {
            throw CommitError.system(path: PathBytes.display(info), call: "open", errno: written)
        }
        touch(trash.info)
    }

    /// Removes a `.trashinfo` a crashed run wrote for an item that is not going to move.
    private func removeOwnInfo(_ item: JournalItem, trash: Result<HeldTrash, HeldTrash.Refusal>?) {
        guard resuming, case let .success(held)? = trash, let info = item.info, isOwnOrphan(item, trash: held) else { return }
        _ = held.info.unlink(PathBytes.basename(info))
    }
}

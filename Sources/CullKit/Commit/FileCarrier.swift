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
/// Never overwrites and never loses a source: `.trashinfo` files are created with `O_EXCL`
/// before the rename, and renames use `RENAME_NOREPLACE`.
final class FileCarrier: @unchecked Sendable {
    /// What became of one item.
    enum Outcome: Sendable {
        case moved
        case gone
        case skipped(String)
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
    /// True when rolling a crashed batch forward: a destination may already hold the file.
    let resuming: Bool
    private let deletionDate: [UInt8]
    private var canonicalFolders: [PathKey: Bool] = [:]
    private var touchedDirectories: Set<PathKey> = []

    /// Used by one thread at a time (`@unchecked Sendable` so it can be handed to that thread).
    init(root: [UInt8], destination: CommitDestination, deletionTime: time_t, crash: CrashHook, resuming: Bool) {
        self.root = root
        self.destination = destination
        self.crash = crash
        self.resuming = resuming
        self.deletionDate = Array(FreeDesktopTrash.deletionDate(deletionTime).utf8)
    }

    /// Carries a chunk of whole entries, then makes what moved durable (``syncTouchedDirectories()``).
    /// When an entry's primary is skipped, its companions stay too.
    func carry(_ chunk: [JournalItem]) -> Result<[Carried], CommitError> {
        var carried: [Carried] = []
        carried.reserveCapacity(chunk.count)
        var primarySkipped = false
        var entryCollided = false
        do {
            for item in chunk {
                if item.role == "primary" { primarySkipped = false; entryCollided = false }
                let outcome: Outcome
                if entryCollided {
                    outcome = .collided
                } else if primarySkipped {
                    outcome = .skipped("its primary was skipped")
                } else {
                    outcome = try carry(item)
                }
                switch outcome {
                case .collided: entryCollided = true
                case .skipped where item.role == "primary": primarySkipped = true
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
        let source = root + item.path
        if PathBytes.escapes(item.path) { return .skipped("path escapes the library") }
        if resuming, let target = item.destination, let there = FileOps.lstat(target).0,
           there.inode == item.inode && there.device == item.device {
            try ensureInfo(item, source: source)
            return .moved
        }
        let (found, failure) = FileOps.lstat(source)
        guard let found else {
            removeOwnInfo(item, source: source)
            if failure == ENOENT || failure == ENOTDIR { return .gone }
            return .skipped("cannot stat: " + Errno.message(failure))
        }
        let refusal: String? = if found.isSymlink {
            "now a symbolic link"
        } else if !found.isRegular {
            "no longer a regular file"
        } else if !item.matches(found) {
            item.difference(found)
        } else if !isCanonicalFolder(PathBytes.parent(source)) {
            "its folder is reached through a symbolic link"
        } else {
            nil
        }
        if let refusal {
            removeOwnInfo(item, source: source)
            return .skipped(refusal)
        }
        switch destination {
        case .permanently:
            let code = FileOps.unlink(source)
            crash.step()
            return code == 0 ? .moved : .skipped("cannot delete: " + Errno.message(code))
        case .quarantine, .trash:
            return move(item, source: source)
        }
    }

    private func move(_ item: JournalItem, source: [UInt8]) -> Outcome {
        guard let target = item.destination else { return .skipped(item.reason ?? "no destination journaled") }
        if let info = item.info {
            let contents = FreeDesktopTrash.infoContents(originalPath: source, location: Self.location(of: item),
                                                         deletionDate: deletionDate)
            var code = FileOps.createExclusive(info, contents: contents)
            if code == EEXIST {
                guard isOwnOrphan(info, source: source, target: target) else { return .collided }
                _ = FileOps.unlink(info)     // ours from a killed run, maybe empty: write it again
                code = FileOps.createExclusive(info, contents: contents)
            }
            if code != 0 { return .skipped("cannot write trash info: " + Errno.message(code)) }
            touchedDirectories.insert(PathKey(PathBytes.parent(info)))
            crash.step()
        } else {
            let code = FileOps.makeDirectories(PathBytes.parent(target))
            if code != 0 { return .skipped("cannot create the quarantine folder: " + Errno.message(code)) }
        }
        let code = FileOps.renameNoReplace(source, target)
        if code == 0 {
            touchedDirectories.insert(PathKey(PathBytes.parent(target)))
            crash.step()
            return .moved
        }
        if let info = item.info { _ = FileOps.unlink(info) }
        if code == EEXIST { return .collided }
        if code == EXDEV { return .skipped("on another file system than its destination") }
        return .skipped("cannot move: " + Errno.message(code))
    }

    /// fsyncs each folder that gained entries (`files/`, `info/`, quarantine folders) since the last
    /// call, so a booked move is durable. The `.trashinfo` contents are not fsynced one by one (that,
    /// or a syncfs, cost more than the whole commit on a busy disk): after a power cut a booked file
    /// could sit in `Trash/files` with an empty `.trashinfo`, but it is never lost: the journal keeps
    /// its destination and `cull undo` does not need the `.trashinfo`.
    func syncTouchedDirectories() {
        for directory in touchedDirectories { _ = FileOps.syncDirectory(directory.bytes) }
        touchedDirectories.removeAll(keepingCapacity: true)
    }

    /// The trash an item goes to, from its journaled destination (`TRASH/files/NAME`).
    static func location(of item: JournalItem) -> TrashLocation {
        TrashLocation(inferringFrom: PathBytes.parent(PathBytes.parent(item.destination ?? [])))
    }

    /// A `.trashinfo` at our journaled name with no file beside it that records our source, or
    /// records nothing (a run killed between creating and writing it): ours, left by a crash.
    private func isOwnOrphan(_ info: [UInt8], source: [UInt8], target: [UInt8]) -> Bool {
        guard !FileOps.exists(target), let contents = FileOps.read(info) else { return false }
        let location = TrashLocation(inferringFrom: PathBytes.parent(PathBytes.parent(info)))
        guard let recorded = FreeDesktopTrash.originalPath(ofInfo: contents, location: location) else { return true }
        return recorded == source
    }

    /// After a crash between the move and the info (or a lost info write), rewrites the `.trashinfo`.
    private func ensureInfo(_ item: JournalItem, source: [UInt8]) throws(CommitError) {
        guard let info = item.info else { return }
        let location = Self.location(of: item)
        if let contents = FileOps.read(info), FreeDesktopTrash.originalPath(ofInfo: contents, location: location) == source {
            return
        }
        _ = FileOps.unlink(info)
        let code = FileOps.createExclusive(info, contents: FreeDesktopTrash.infoContents(
            originalPath: source, location: location, deletionDate: deletionDate))
        if code != 0 { throw CommitError.system(path: PathBytes.display(info), call: "open", errno: code) }
        touchedDirectories.insert(PathKey(PathBytes.parent(info)))
    }

    /// Removes a `.trashinfo` a crashed run wrote for an item that is not going to move.
    private func removeOwnInfo(_ item: JournalItem, source: [UInt8]) {
        guard resuming, let info = item.info, let target = item.destination,
              isOwnOrphan(info, source: source, target: target) else { return }
        _ = FileOps.unlink(info)
    }

    private func isCanonicalFolder(_ folder: [UInt8]) -> Bool {
        if let known = canonicalFolders[PathKey(folder)] { return known }
        let canonical = FileOps.realPath(folder) == folder
        canonicalFolders[PathKey(folder)] = canonical
        return canonical
    }
}

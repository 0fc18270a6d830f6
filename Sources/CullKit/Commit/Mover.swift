#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Carries journaled items to their destination, chunk by chunk, and books each chunk.
///
/// The same code runs a fresh commit and rolls a crashed one forward: for each pending item it
/// looks at the file system (destination already holding our inode → the move happened; source
/// gone → already gone; source changed → skipped) and does only what is left. Item states are
/// booked once per chunk in one transaction after the chunk's directories are synced, so the
/// journal never says `moved` for a move that is not durable; a crash between the move and the
/// booking leaves the item `pending`, and the next run sees where the file is.
final class Mover {
    enum Outcome {
        case moved
        case gone
        case skipped(String)
    }

    let library: Library
    let db: Database
    let commit: Int64
    let destination: CommitDestination
    let crash: CrashHook
    let root: [UInt8]
    let deletionTime = time(nil)
    private var canonicalFolders: [[UInt8]: Bool] = [:]
    private var touchedDirectories: Set<[UInt8]> = []

    /// Items per booking transaction (and per directory sync); `CULL_COMMIT_CHUNK` overrides it (tests).
    let chunkSize: Int

    init(library: Library, db: Database, commit: Int64, destination: CommitDestination, crash: CrashHook) {
        self.library = library
        self.db = db
        self.commit = commit
        self.destination = destination
        self.crash = crash
        self.root = Array(library.absolutePath(of: "").utf8)
        self.chunkSize = crash.chunkSize
    }

    /// Processes the `pending` items of the batch, whole entries per chunk.
    func run(progress: ((Int, Int) -> Void)? = nil) throws {
        let pending = try Journal.items(db, commit: commit, states: ["pending"])
        var chunk: [JournalItem] = []
        var done = 0
        for (index, item) in pending.enumerated() {
            chunk.append(item)
            let entryEnds = index + 1 == pending.count || pending[index + 1].entry != item.entry
            if entryEnds && chunk.count >= chunkSize {
                try process(chunk)
                done += chunk.count
                progress?(done, pending.count)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if !chunk.isEmpty { try process(chunk) }
        progress?(pending.count, pending.count)
    }

    private func process(_ chunk: [JournalItem]) throws {
        var outcomes: [(JournalItem, Outcome)] = []
        var primarySkipped = false
        for var item in chunk {
            if item.role == "primary" { primarySkipped = false }
            let outcome: Outcome
            if primarySkipped {
                outcome = .skipped("its primary was skipped")
            } else {
                outcome = try carry(&item)
            }
            if item.role == "primary", case .skipped = outcome { primarySkipped = true }
            outcomes.append((item, outcome))
        }
        // Durability before booking: fsync each folder that gained entries (files/, info/, quarantine
        // folders) once per chunk. The .trashinfo contents are not fsynced one by one (that, or a
        // syncfs, cost more than the whole commit on a busy disk): after a power cut a booked file
        // could sit in Trash/files with an empty .trashinfo, but it is never lost: the journal keeps
        // its destination and `cull undo` does not need the .trashinfo.
        for directory in touchedDirectories { _ = FileOps.syncDirectory(directory) }
        touchedDirectories.removeAll()
        try db.transaction {
            for (item, outcome) in outcomes {
                switch outcome {
                case .moved: try Journal.setState(db, commit: commit, seq: item.seq, state: "moved")
                case .gone: try Journal.setState(db, commit: commit, seq: item.seq, state: "gone")
                case let .skipped(reason): try Journal.setState(db, commit: commit, seq: item.seq, state: "skipped", reason: reason)
                }
                if case .skipped = outcome { continue }
                if let id = item.assetID {
                    try db.execute("DELETE FROM assets WHERE id = ?", [.integer(id)])
                }
            }
        }
        crash.step()
    }

    /// Moves one item (or finds it moved already); never overwrites, never loses the source.
    private func carry(_ item: inout JournalItem) throws -> Outcome {
        let source = root + item.path
        if PathBytes.escapes(item.path) { return .skipped("path escapes the library") }
        if let target = item.destination, let there = FileOps.lstat(target).0,
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
        if found.isSymlink { removeOwnInfo(item, source: source); return .skipped("now a symbolic link") }
        if !found.isRegular { removeOwnInfo(item, source: source); return .skipped("no longer a regular file") }
        if !item.matches(found) { removeOwnInfo(item, source: source); return .skipped(item.difference(found)) }
        if !isCanonicalFolder(PathBytes.parent(source)) {
            removeOwnInfo(item, source: source)
            return .skipped("its folder is reached through a symbolic link")
        }
        switch destination {
        case .permanently:
            let code = FileOps.unlink(source)
            crash.step()
            return code == 0 ? .moved : .skipped("cannot delete: " + Errno.message(code))
        case .quarantine, .trash:
            return try move(&item, source: source)
        }
    }

    private func move(_ item: inout JournalItem, source: [UInt8]) throws -> Outcome {
        for _ in 0..<1000 {
            guard let target = item.destination else { return .skipped(item.reason ?? "no destination journaled") }
            if let info = item.info {
                let contents = FreeDesktopTrash.infoContents(originalPath: source, location: location(of: item), date: deletionTime)
                var code = FileOps.createExclusive(info, contents: contents)
                if code == EEXIST {
                    guard isOwnOrphan(info, source: source, target: target) else {
                        try renameDestination(&item)
                        continue
                    }
                    _ = FileOps.unlink(info)     // ours from a killed run, maybe empty: write it again
                    code = FileOps.createExclusive(info, contents: contents)
                }
                if code != 0 { return .skipped("cannot write trash info: " + Errno.message(code)) }
                touchedDirectories.insert(PathBytes.parent(info))
                crash.step()
            } else {
                let code = FileOps.makeDirectories(PathBytes.parent(target))
                if code != 0 { return .skipped("cannot create the quarantine folder: " + Errno.message(code)) }
            }
            let code = FileOps.renameNoReplace(source, target)
            if code == 0 {
                touchedDirectories.insert(PathBytes.parent(target))
                crash.step()
                return .moved
            }
            if let info = item.info { _ = FileOps.unlink(info) }
            if code == EEXIST { try renameDestination(&item); continue }
            if code == EXDEV { return .skipped("on another file system than its destination") }
            return .skipped("cannot move: " + Errno.message(code))
        }
        return .skipped("no free name at the destination")
    }

    /// Picks a new destination name after a collision and journals it before it is used.
    private func renameDestination(_ item: inout JournalItem) throws {
        guard let target = item.destination else { return }
        let folder = PathBytes.parent(target)
        var pool: TrashNames
        if item.info != nil {
            pool = TrashNames(location: location(of: item))
        } else {
            pool = TrashNames(taken: Set(FileOps.listDirectory(folder) ?? []))
        }
        pool.reserve(PathBytes.basename(target))
        let name = pool.allocate(PathBytes.basename(item.path))
        item.destination = PathBytes.join(folder, name)
        if item.info != nil { item.info = location(of: item).infoPath(name) }
        try Journal.setDestination(db, commit: commit, item: item)
    }

    private func location(of item: JournalItem) -> TrashLocation {
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

    private func trashInfoRecords(_ contents: [UInt8], source: [UInt8], info: [UInt8]) -> Bool {
        let location = TrashLocation(inferringFrom: PathBytes.parent(PathBytes.parent(info)))
        return FreeDesktopTrash.originalPath(ofInfo: contents, location: location) == source
    }

    /// After a crash between the move and the info (or a lost info write), rewrites the `.trashinfo`.
    private func ensureInfo(_ item: JournalItem, source: [UInt8]) throws {
        guard let info = item.info else { return }
        if let contents = FileOps.read(info), trashInfoRecords(contents, source: source, info: info) { return }
        _ = FileOps.unlink(info)
        let code = FileOps.createExclusive(info, contents: FreeDesktopTrash.infoContents(
            originalPath: source, location: location(of: item), date: deletionTime))
        if code != 0 { throw CommitError.system(path: PathBytes.display(info), call: "open", errno: code) }
        touchedDirectories.insert(PathBytes.parent(info))
    }

    /// Removes a `.trashinfo` a crashed run wrote for an item that is not going to move.
    private func removeOwnInfo(_ item: JournalItem, source: [UInt8]) {
        guard let info = item.info, let target = item.destination, isOwnOrphan(info, source: source, target: target) else { return }
        _ = FileOps.unlink(info)
    }

    private func isCanonicalFolder(_ folder: [UInt8]) -> Bool {
        if let known = canonicalFolders[folder] { return known }
        let canonical = FileOps.realPath(folder) == folder
        canonicalFolders[folder] = canonical
        return canonical
    }
}

/// Test hook: `CULL_TEST_CRASH_AFTER=N` kills the process with SIGKILL at the N-th step of a
/// commit (0 = right after journaling; steps are info written, file moved, chunk booked).
final class CrashHook {
    private let limit: Int?
    private var count = 0
    let chunkSize: Int

    init(environment: [String: String]) {
        limit = environment["CULL_TEST_CRASH_AFTER"].flatMap(Int.init)
        chunkSize = environment["CULL_COMMIT_CHUNK"].flatMap(Int.init).map { max(1, $0) } ?? 1000
    }

    func step() {
        guard let limit else { return }
        if count == limit { kill(getpid(), SIGKILL) }
        count += 1
    }
}

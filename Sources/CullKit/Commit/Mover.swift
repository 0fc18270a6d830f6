import Dispatch
import Foundation

/// Carries the pending items of a journaled batch to their destinations, chunk by chunk, and books
/// each chunk.
///
/// The same code runs a fresh commit and rolls a crashed one forward: for each pending item the
/// ``FileCarrier`` looks at the file system (destination already holding our inode → the move
/// happened; source gone → already gone; source changed → skipped) and does only what is left.
///
/// One carrier thread per core (up to four) takes whole chunks while this thread books finished
/// chunks in order. A chunk is booked in one transaction only after its carrier has synced the folders its
/// moves touched, so the journal never says `moved` for a move that is not durable; a crash between
/// a move and its booking leaves the item `pending`, and the next run sees where the file is.
final class Mover {
    let db: Database
    let commit: Int64
    let destination: CommitDestination
    let crash: CrashHook
    /// Items per booking transaction (and per directory sync); `CULL_COMMIT_CHUNK` overrides it (tests).
    let chunkSize: Int
    private let root: [UInt8]
    private let resuming: Bool
    private let deletionTime = time(nil)

    /// `resuming`: rolling forward a batch a crash left open (its destinations may hold files already).
    init(library: Library, db: Database, commit: Int64, destination: CommitDestination, crash: CrashHook, resuming: Bool) {
        self.db = db
        self.commit = commit
        self.destination = destination
        self.crash = crash
        self.chunkSize = crash.chunkSize
        self.root = Array(library.absolutePath(of: "").utf8)
        self.resuming = resuming
    }

    /// Processes the `pending` items of the batch, whole entries per chunk: `journaled` when the
    /// caller just wrote them (a fresh commit), else as the journal has them.
    ///
    /// Returns false when an ``Interruption`` stopped it: the chunks already taken were finished
    /// and booked, the rest is still `pending` (the caller closes the batch as cancelled).
    @discardableResult
    func run(journaled: [JournalItem]? = nil, progress: ((Int, Int) -> Void)? = nil) throws -> Bool {
        let pending = try journaled ?? Journal.items(db, commit: commit, states: [.pending])
        let chunks = Self.chunks(of: pending, size: chunkSize)
        guard !chunks.isEmpty else { return true }
        let context = try openDestinations(for: pending)
        let conveyor = Conveyor<[FileCarrier.Carried]>(count: chunks.count, interruption: .shared)
        let carrying = DispatchGroup()
        // Every rename and .trashinfo lands in the same two folders, whose locks serialize them in
        // the kernel: more than a few carriers would only wait on each other.
        let carriers = min(chunks.count, max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)))
        for _ in 0 ..< carriers {
            let carrier = makeCarrier(context)
            DispatchQueue.global(qos: .userInitiated).async(group: carrying) {
                while let index = conveyor.claim() {
                    conveyor.put(carrier.carry(pending[chunks[index]]), at: index)
                }
            }
        }
        // Whatever happens here, the carrier threads stop before this returns (they never
        // outlive the lock the caller holds).
        defer {
            conveyor.cancel()
            carrying.wait()
        }
        let settler = makeCarrier(context)
        let booking = try Booking(db: db, commit: commit, snapshots: destination != .permanently)
        var done = 0
        return try booking.session {
            for index in chunks.indices {
                guard var carried = try conveyor.take(index)?.get() else { return false }
                try settle(&carried, with: settler)
                try booking.book(carried)
                crash.step()
                done += carried.count
                progress?(done, pending.count)
            }
            return true
        }
    }

    private func makeCarrier(_ context: CarrierContext) -> FileCarrier {
        FileCarrier(root: root, context: context, destination: destination, deletionTime: deletionTime, crash: crash,
                    resuming: resuming)
    }

    /// Opens, once for the whole batch, the library root, every trash directory the items go to
    /// and the quarantine folder, by descriptor (each trash verified by ``HeldTrash/open(_:)``).
    /// Rolling forward, also clears the temporary `.trashinfo` files a killed run left.
    private func openDestinations(for items: [JournalItem]) throws -> CarrierContext {
        let rootPath = root.count > 1 && root.last == PathBytes.slash ? Array(root.dropLast()) : root
        let (library, code) = DirectoryHandle.open(rootPath)
        guard let library else { throw CommitError.system(path: PathBytes.display(rootPath), call: "open", errno: code) }
        var trashes: [PathKey: Result<HeldTrash, HeldTrash.Refusal>] = [:]
        var lastTrash: [UInt8]?
        for item in items where item.info != nil {
            let directory = FileCarrier.trashDirectory(of: item)
            if directory == lastTrash { continue }
            lastTrash = directory
            let key = PathKey(directory)
            guard trashes[key] == nil else { continue }
            let held = HeldTrash.open(FileCarrier.location(of: item))
            if resuming, case let .success(trash) = held { trash.removeStaleTemporaries() }
            trashes[key] = held
        }
        var quarantine: (path: [UInt8], handle: DirectoryHandle?)?
        if case let .quarantine(directory) = destination {
            let path = Array(directory.utf8)
            quarantine = (path, DirectoryHandle.open(path).0)
        }
        return CarrierContext(library: library, trashes: trashes, quarantine: quarantine)
    }

    /// Splits items into chunks of about `size`, never splitting an entry (a primary and its
    /// companions): the ranges of `items` they cover, so no item is copied to make them.
    static func chunks(of items: [JournalItem], size: Int) -> [Range<Int>] {
        var chunks: [Range<Int>] = []
        var start = items.startIndex
        for index in items.indices {
            let entryEnds = index + 1 == items.endIndex || items[index + 1].entry != items[index].entry
            if entryEnds && index + 1 - start >= size {
                chunks.append(start ..< index + 1)
                start = index + 1
            }
        }
        if start < items.endIndex { chunks.append(start ..< items.endIndex) }
        return chunks
    }

    /// Finishes, on this thread, the items the carrier handed back because their destination name
    /// was taken: each gets a new name, journaled before it is used, and is carried again.
    private func settle(_ carried: inout [FileCarrier.Carried], with carrier: FileCarrier) throws {
        guard carried.contains(where: { if case .collided = $0.outcome { true } else { false } }) else { return }
        carrier.beginChunk()
        var entry: Int64?
        var primarySkipped = false
        for index in carried.indices {
            let item = carried[index].item
            if item.entry != entry { entry = item.entry; primarySkipped = false }
            if case .collided = carried[index].outcome {
                carried[index].outcome = primarySkipped && item.role != .primary
                    ? .skipped(.primarySkipped) : try retry(&carried[index].item, with: carrier)
            }
            if carried[index].item.role == .primary, case .skipped = carried[index].outcome { primarySkipped = true }
        }
        carrier.syncTouchedDirectories()
    }

    private func retry(_ item: inout JournalItem, with carrier: FileCarrier) throws -> FileCarrier.Outcome {
        for _ in 0..<1000 {
            let outcome = try carrier.carry(item)
            guard case .collided = outcome else { return outcome }
            try renameDestination(&item)
        }
        return .skipped(.noFreeName)
    }

    /// Picks a new destination name after a collision and journals it before it is used.
    private func renameDestination(_ item: inout JournalItem) throws {
        guard let target = item.destination else { return }
        let folder = PathBytes.parent(target)
        var pool = item.info != nil ? TrashNames(location: FileCarrier.location(of: item))
                                    : TrashNames(taken: FileOps.listDirectory(folder) ?? [])
        pool.reserve(PathBytes.basename(target))
        let name = pool.allocate(PathBytes.basename(item.path))
        if item.info != nil { item.info = FileCarrier.location(of: item).infoPath(name) }
        item.destination = PathBytes.join(folder, name)
        try Journal.setDestination(db, commit: commit, item: item)
    }
}

/// Books carried chunks, each in one transaction: item states, copies of the moved assets' index
/// rows (for undo), then the deletion of the rows of files that moved or were gone.
///
/// Set-based, and with foreign keys off for the whole ``session(_:)``: SQLite's cascade costs as much as the
/// delete itself, so the rows of every table that cascades from `assets` (read from the schema,
/// so a new one is not forgotten) are deleted explicitly first. The ids of a chunk's leaving
/// assets are gathered once into a temporary table those deletions look up, instead of each
/// building them again from the journal. A copy or deletion whose table has no row at all is not run
/// (asked in the booking's transaction): over a chunk's items it would only look each one up.
///
/// Triggers are off too when the only ones its statements would fire are the change counters of
/// the tables it deletes from and the log of changed assets (``ChangeCounts/deletionBookings(_:writing:deletingFrom:)``):
/// it moves each counter on once a chunk instead (a trigger per deleted `assets` row was a third of
/// the cost of deleting them) and logs the chunk's leaving assets in one statement.
private struct Booking {
    /// A statement over the rows of `table`, run only when the table has any.
    private struct OverTable {
        let anyRow: Statement
        let statement: Statement

        init(_ db: Database, table: String, _ statement: Statement) throws {
            // Table names from the schema or the cache registry, never from input.
            anyRow = try db.prepare("SELECT 1 FROM \"\(table)\" LIMIT 1")
            self.statement = statement
        }

        /// Runs the statement unless the table is empty: whether it ran.
        @discardableResult
        func execute(_ values: [SQLValue] = []) throws -> Bool {
            var any = false
            try anyRow.forEachRow { _ in any = true }
            if any { try statement.execute(values) }
            return any
        }
    }


    let db: Database
    let commit: Int64
    private let markOne: Statement
    private let markMoved: Statement
    private let snapshots: [OverTable]
    private let clearLeaving: Statement
    private let gatherLeaving: Statement
    private let deletions: [(table: String, statement: OverTable)]
    /// What the booking does for each deletion's table in its triggers' stead (counters, the log),
    /// when it runs with triggers off; nil when it keeps them.
    private let counters: [String: [ChangeCounts.DeletionBooking]]?

    init(db: Database, commit: Int64, snapshots: Bool) throws {
        self.db = db
        self.commit = commit
        markOne = try db.prepare("UPDATE commit_items SET state = ?, reason = ?, skip = ? WHERE commit_id = ? AND seq = ?")
        // Every item of a chunk is booked, and a chunk holds every pending item of its seq range.
        markMoved = try db.prepare("""
            UPDATE commit_items SET state = ?4 WHERE commit_id = ?1 AND seq BETWEEN ?2 AND ?3 AND state = ?5
            """)
        let captures = snapshots ? try AssetSnapshot.captureStatements(db) : []
        self.snapshots = try captures.map { try OverTable(db, table: $0.source, $0.statement) }
        try db.execute("CREATE TEMP TABLE IF NOT EXISTS leaving_assets (id INTEGER PRIMARY KEY)")
        clearLeaving = try db.prepare("DELETE FROM temp.leaving_assets")
        gatherLeaving = try db.prepare("""
            INSERT OR IGNORE INTO temp.leaving_assets (id) SELECT asset_id FROM commit_items
            WHERE commit_id = ?1 AND seq BETWEEN ?2 AND ?3 AND state IN (?4, ?5) AND asset_id IS NOT NULL
            """)
        var deletions: [(table: String, statement: OverTable)] = []
        try db.forEachRow("""
            SELECT m.name AS "table", f."from" AS "column" FROM sqlite_schema m, pragma_foreign_key_list(m.name) f
            WHERE m.type = 'table' AND f."table" = 'assets' AND f.on_delete = 'CASCADE' ORDER BY m.name
            """) { row in
            // Table and column names from the schema, never from input.
            let table = row.string("table") ?? ""
            deletions.append((table, try OverTable(db, table: table, db.prepare(
                "DELETE FROM \"\(table)\" WHERE \"\(row.string("column") ?? "")\" IN temp.leaving_assets"))))
        }
        deletions.append(("assets", try OverTable(db, table: "assets", db.prepare("DELETE FROM assets WHERE id IN temp.leaving_assets"))))
        self.deletions = deletions
        counters = try ChangeCounts.deletionBookings(db, writing: Set(["commit_items", "leaving_assets"] + captures.map(\.target)),
                                                     deletingFrom: Set(deletions.map(\.table)))
    }

    /// Runs `body`, which books the chunks (and settles their collisions), with foreign keys off and,
    /// when the booking moves the counters on itself, triggers off: switched once for all chunks,
    /// since each switch makes SQLite prepare every statement again. Call it outside a transaction.
    func session<T>(_ body: () throws -> T) throws -> T {
        try db.withoutForeignKeys {
            counters == nil ? try body() : try db.withoutTriggers(body)
        }
    }

    /// Books one carried chunk in one transaction; inside ``session(_:)``.
    func book(_ carried: [FileCarrier.Carried]) throws {
        guard let first = carried.first?.item.seq, let last = carried.last?.item.seq else { return }
        let range: [SQLValue] = [.integer(commit), .integer(first), .integer(last)]
        try db.transaction {
            for entry in carried {
                let (state, reason): (ItemState, SkipReason?)
                switch entry.outcome {
                case .moved: continue
                case .gone: (state, reason) = (.gone, nil)
                case let .skipped(why): (state, reason) = (.skipped, why)
                case .collided: (state, reason) = (.skipped, .noFreeName)  // settled before booking
                }
                try markOne.execute([state.sql] + Journal.values(reason) + [.integer(commit), .integer(entry.item.seq)])
            }
            try markMoved.execute(range + [ItemState.moved.sql, ItemState.pending.sql])
            for statement in snapshots { try statement.execute(range + [ItemState.moved.sql]) }
            try clearLeaving.execute()
            try gatherLeaving.execute(range + [ItemState.moved.sql, ItemState.gone.sql])
            if counters?["assets"]?.contains(.logged) == true { try AssetChanges.logLeaving(db) }
            for (table, statement) in deletions where try statement.execute() && db.changes > 0 {
                for case let .counter(counter) in counters?[table] ?? [] { try ChangeCounts.bump(db, id: counter) }
            }
        }
    }
}

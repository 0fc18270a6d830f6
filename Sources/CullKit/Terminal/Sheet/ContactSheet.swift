/// What a terminal contact sheet shows: the review's sections (one per rule), in each its groups
/// (the keeper first, marked) and then its loose files, each tile a file with what its caption
/// says — name, size, date, state and reason. Made from the same ``ReviewScope`` as the review
/// page, so the terminal and the browser say the same thing about every file.
struct ContactSheet {
    struct Tile {
        let record: AssetFile.Record
        let size: Int64
        /// Capture time, else the file's mtime (seconds since 1970, local wall clock for `taken`).
        let date: Int64
        let reason: TerminalText
        let isKeeper: Bool
        let state: ReviewModel.State
    }

    /// A group (with its title) or a section's loose files (no title).
    struct Block {
        let title: TerminalText?
        var tiles: [Tile]
    }

    struct Section {
        let title: TerminalText
        var blocks: [Block]
    }

    private(set) var sections: [Section] = []
    /// Files not drawn because the sheet holds `limit` tiles already.
    private(set) var omitted = 0
    /// How many tiles there are.
    private(set) var count = 0

    /// The most tiles one sheet draws: a terminal is no place for a whole library (`cull review`
    /// shows every file), and the time to draw stays bounded.
    static let defaultLimit = 120

    /// The sheet of `scope`: its sections, groups and reasons, and each file's state now; `only`
    /// those files (and the keepers of their groups) when given.
    init(_ scope: ReviewScope, only: Set<Int64>? = nil, db: Database, limit: Int = ContactSheet.defaultLimit) throws {
        let reader = try TileReader(db: db, proposed: scope.proposed)
        for section in scope.sections {
            var blocks: [Block] = []
            var grouped = Set<Int64>()
            for group in section.groups {
                let title: TerminalText = "group of \(English.count(group.members.count, "file")), keeper chosen by \(group.decidedBy)"
                var block = Block(title: title, tiles: [])
                if let only, !group.members.contains(where: { $0 != group.keeper && only.contains($0) }) { continue }
                for id in group.members where !grouped.contains(id) && (id == group.keeper || only?.contains(id) ?? true) {
                    grouped.insert(id)
                    let reason = scope.entries[id]?.reason ?? (id == group.keeper ? "keeper of its group" : "in its group")
                    if let tile = try take(reader, id: id, reason: reason, isKeeper: id == group.keeper, limit: limit) { block.tiles.append(tile) }
                }
                if !block.tiles.isEmpty { blocks.append(block) }
            }
            var loose = Block(title: nil, tiles: [])
            for id in section.assets where !grouped.contains(id) && only?.contains(id) ?? true {
                guard let entry = scope.entries[id] else { continue }
                if let tile = try take(reader, id: id, reason: entry.reason, isKeeper: false, limit: limit) { loose.tiles.append(tile) }
            }
            if !loose.tiles.isEmpty { blocks.append(loose) }
            let tiles = blocks.flatMap(\.tiles)
            guard !tiles.isEmpty else { continue }
            let file: TerminalText = section.ruleFile.isEmpty ? "" : " (\(section.ruleFile))"
            let title: TerminalText = "\(section.rule)\(file): \(English.count(tiles.count, "file")), \(ByteCount.format(tiles.reduce(0) { $0 + $1.size }))"
            sections.append(Section(title: title, blocks: blocks))
        }
    }

    /// One section titled `title` of the files `ids`, in that order (`cull find`).
    init(title: TerminalText, ids: [Int64], db: Database, limit: Int = ContactSheet.defaultLimit) throws {
        let reader = try TileReader(db: db, proposed: [])
        var block = Block(title: nil, tiles: [])
        for id in ids {
            if let tile = try take(reader, id: id, reason: "", isKeeper: false, limit: limit) { block.tiles.append(tile) }
        }
        guard !block.tiles.isEmpty else { return }
        let bytes = block.tiles.reduce(0) { $0 + $1.size }
        sections = [Section(title: "\(title): \(English.count(block.tiles.count, "file")), \(ByteCount.format(bytes))", blocks: [block])]
    }

    private mutating func take(_ reader: TileReader, id: Int64, reason: String, isKeeper: Bool, limit: Int) throws -> Tile? {
        guard count < limit else { omitted += 1; return nil }
        guard let tile = try reader.tile(id, reason: reason, isKeeper: isKeeper) else { return nil }
        count += 1
        return tile
    }

    /// Reads one tile's facts from the index (the thumbnail's record, the date, the state).
    private struct TileReader {
        let db: Database
        let proposed: Set<Int64>
        let store: StagingStore
        let dates: Statement

        init(db: Database, proposed: Set<Int64>) throws {
            self.db = db
            self.proposed = proposed
            store = StagingStore(db: db)
            dates = try db.cached("SELECT taken, mtime_ns FROM assets WHERE id = ?")
        }

        func tile(_ id: Int64, reason: String, isKeeper: Bool) throws -> Tile? {
            guard let record = try AssetFile.record(db, id: id) else { return nil }
            var date = record.mtimeNs / 1_000_000_000
            try dates.forEachRow([.integer(id)]) { row in date = row.optionalInt64("taken") ?? row.int64("mtime_ns") / 1_000_000_000 }
            let state: ReviewModel.State
            switch try store.status(of: id) {
            case .trashed: state = .staged
            case .kept: state = .kept
            case .new: state = proposed.contains(id) ? .proposed : .new
            }
            return Tile(record: record, size: record.size, date: date, reason: TerminalText(reason), isKeeper: isKeeper, state: state)
        }
    }
}

/// The document the review page renders: every asset of the ``ReviewScope`` with what the index
/// says about it now, the sections and groups, and the staged set a commit would take (count,
/// bytes, fingerprint). The live page fetches it as JSON; the static report embeds it.
public struct ReviewModel {
    /// The state of one shown asset, as the index has it now.
    public enum State: String, Sendable {
        /// Staged: a commit would take it.
        case staged
        /// Marked kept by the user.
        case kept
        /// In the plan of the rules, not staged yet.
        case proposed
        /// Neither staged nor kept (unstaged, or a group's keeper).
        case new

        /// What a tile's badge and the large view's caption say.
        var label: String {
            switch self {
            case .staged: "staged"
            case .kept: "kept"
            case .proposed: "proposed"
            case .new: "not staged"
            }
        }
    }

    /// Library-relative names of the assets, for reasons ("duplicate of …").
    public static func names(_ db: Database, ids: some Sequence<Int64>) throws -> [Int64: String] {
        var result: [Int64: String] = [:]
        let statement = try db.cached("SELECT path FROM assets WHERE id = ?")
        for id in ids {
            try statement.forEachRow([.integer(id)]) { row in result[id] = PathBytes.display(row.bytes("path") ?? []) }
        }
        return result
    }

    /// One shown asset as the page shows it: the index row now, its state, its section and group.
    struct Item {
        let id: Int64
        let path: [UInt8]
        let size: Int64
        /// Capture time, else the file's mtime (epoch seconds); `dated` says which.
        let date: Int64
        let dated: Bool
        let kind: MediaKind?
        /// The kind as the page names it (`other` for none).
        var kindWord: String { kind?.rawValue ?? "other" }
        let ext: String
        let orientation: Int
        let state: State
        let section: Int
        let reason: String
        let duration: Double?
        let pixels: (width: Int64, height: Int64)?
        let broken: String?
        let group: Int?
        let keeper: Bool

        var name: String { PathBytes.display(PathBytes.basename(path)) }
        var folder: String { PathBytes.display(PathBytes.parent(path)) }
        /// What the badge says: a keeper neither staged nor kept "stays".
        var label: String { keeper && state == .new ? "stays" : state.label }
    }

    /// Every shown asset with what the index says about it now, in one pass over the index (not one
    /// query per asset: a page of 20,000 files is one scan), in the order rows come.
    static func forEachItem(_ scope: ReviewScope, db: Database, listing: TrashListing, _ body: (Item) -> Void) throws {
        let status = try StagingStore(db: db).statuses()
        try db.forEachRow("""
            SELECT id, path, size, taken, mtime_ns, kind, orientation, duration, width, height, broken, broken_reason FROM assets
            """, [], ItemColumns.self) { row, column in
            let id = row.int64(column.id)
            guard let entry = scope.entries[id] else { return }
            let state: State
            switch status[id] ?? .new {
            case .trashed: state = .staged
            case .kept: state = .kept
            case .new: state = scope.proposed.contains(id) ? .proposed : .new
            }
            let path = row.bytes(column.path) ?? []
            let width = row.optionalInt64(column.width), height = row.optionalInt64(column.height)
            let taken = row.optionalInt64(column.taken)
            body(Item(id: id, path: path, size: row.int64(column.size), date: taken ?? row.int64(column.mtimeNs) / 1_000_000_000,
                      dated: taken != nil, kind: row.enumValue(column.kind, as: MediaKind.self),
                      ext: PathBytes.display(Self.extensionOf(path)).lowercased(), orientation: row.optionalInt(column.orientation) ?? 1, state: state,
                      section: entry.section, reason: entry.reason + (listing.heldBack[id].map { "; a commit would skip it now: \($0)" } ?? ""),
                      duration: row.optionalDouble(column.duration), pixels: width.flatMap { w in height.map { (w, $0) } },
                      broken: row.int64(column.broken) != 0 ? row.string(column.brokenReason) ?? "damaged" : nil, group: entry.group,
                      keeper: entry.group.map { scope.sections[entry.section].groups[$0].keeper == id } ?? false))
        }
    }

    /// The columns ``forEachItem(_:db:listing:_:)`` reads of every asset, by name.
    private struct ItemColumns: RowColumns {
        let id, path, size, taken, mtimeNs, kind, orientation, duration, width, height, broken, brokenReason: Row.Column

        init(_ row: Row) {
            (id, path, size, taken, mtimeNs) = (row.index("id"), row.index("path"), row.index("size"), row.index("taken"), row.index("mtime_ns"))
            (kind, orientation, duration) = (row.index("kind"), row.index("orientation"), row.index("duration"))
            (width, height, broken, brokenReason) = (row.index("width"), row.index("height"), row.index("broken"), row.index("broken_reason"))
        }
    }

    /// The page's document as compact JSON bytes; `thumbnail` names where the page finds each
    /// asset's thumbnail. Written straight into bytes (see ``ReviewJSON``): its text is what a
    /// `JSONValue` of the same fields renders to.
    /// `receipt`: the last commit's receipt as `cull commit --format json` prints it (the page shows it).
    public static func document(_ scope: ReviewScope, db: Database, interactive: Bool, receipt: String? = nil,
                                thumbnail: (Int64) -> String) throws -> [UInt8] {
        let listing = try TrashListing(db: db, order: .path)
        // Each item is written into one buffer as its row comes; `spans` puts them in page order.
        var rows = ReviewJSON(capacity: scope.entries.count * 320)
        var spans: [Int64: Range<Int>] = [:]
        spans.reserveCapacity(scope.entries.count)
        try forEachItem(scope, db: db, listing: listing) { item in
            let begin = rows.bytes.count
            rows.raw("{\"id\":"); rows.integer(item.id)
            rows.raw(",\"name\":"); rows.string(item.name)
            rows.raw(",\"folder\":"); rows.string(item.folder)
            rows.raw(",\"size\":"); rows.integer(item.size)
            rows.raw(",\"date\":"); rows.integer(item.date)
            rows.raw(",\"dated\":"); rows.bool(item.dated)
            rows.raw(",\"kind\":"); rows.string(item.kindWord)
            rows.raw(",\"ext\":"); rows.string(item.ext)
            rows.raw(",\"orientation\":"); rows.integer(Int64(item.orientation))
            rows.raw(",\"state\":"); rows.string(item.state.rawValue)
            rows.raw(",\"section\":"); rows.integer(Int64(item.section))
            rows.raw(",\"reason\":"); rows.shown(item.reason)
            rows.raw(",\"thumb\":"); rows.string(thumbnail(item.id))
            if let duration = item.duration { rows.raw(",\"duration\":"); rows.number(duration) }
            if let (width, height) = item.pixels {
                rows.raw(",\"width\":"); rows.integer(width)
                rows.raw(",\"height\":"); rows.integer(height)
            }
            if let broken = item.broken { rows.raw(",\"broken\":"); rows.shown(broken) }
            if let group = item.group {
                rows.raw(",\"group\":"); rows.integer(Int64(group))
                rows.raw(",\"keeper\":"); rows.bool(item.keeper)
            }
            rows.raw("}")
            spans[item.id] = begin ..< rows.bytes.count
        }
        let staged = listing.staged.filter { listing.heldBack[$0.id] == nil }
        var out = ReviewJSON(capacity: rows.bytes.count + 4096)
        out.raw("{\"origin\":"); out.string(scope.origin == .plan ? "plan" : "staged")
        out.raw(",\"interactive\":"); out.bool(interactive)
        out.raw(",\"receipt\":")
        if let receipt { receipt.utf8.withContiguousStorageIfAvailable { out.raw($0) } ?? out.raw("null") } else { out.raw("null") }
        out.raw(",\"fingerprint\":"); out.string(listing.fingerprint)
        out.raw(",\"planFingerprint\":")
        if let plan = scope.plan { out.string(plan.fingerprint) } else { out.raw("null") }
        out.raw(",\"staged\":{\"count\":"); out.integer(Int64(listing.staged.count))
        out.raw(",\"bytes\":"); out.integer(listing.staged.reduce(0) { $0 + $1.size })
        out.raw(",\"movable\":"); out.integer(Int64(staged.count))
        out.raw("},\"sections\":")
        out.raw("[")
        for (index, section) in scope.sections.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw("{\"rule\":"); out.shown(section.rule)
            out.raw(",\"ruleFile\":"); out.shown(section.ruleFile)
            out.raw(",\"groups\":[")
            for (number, group) in section.groups.enumerated() {
                if number > 0 { out.raw(",") }
                out.raw("{\"keeper\":")
                if let keeper = group.keeper { out.integer(keeper) } else { out.raw("null") }
                out.raw(",\"kind\":")
                if let kind = group.kind { out.string(kind.key) } else { out.raw("null") }
                out.raw(",\"title\":"); out.shown(group.title)
                out.raw(",\"decidedBy\":"); out.shown(group.decided)
                out.raw(",\"members\":[")
                for (place, member) in group.members.enumerated() {
                    if place > 0 { out.raw(",") }
                    out.integer(member)
                }
                out.raw("]}")
            }
            out.raw("]}")
        }
        out.raw("]")
        out.raw(",\"items\":[")
        var first = true
        for id in scope.assetIDs {
            guard let span = spans[id] else { continue }
            if !first { out.raw(",") }
            first = false
            rows.bytes.withUnsafeBufferPointer { out.raw(UnsafeBufferPointer(rebasing: $0[span])) }
        }
        out.raw("]}")
        return out.bytes
    }

    static func extensionOf(_ path: [UInt8]) -> [UInt8] {
        let name = PathBytes.basename(path)
        guard let dot = name.lastIndex(of: 46) else { return [] }
        return Array(name[(dot + 1)...])
    }
}

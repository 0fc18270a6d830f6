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
    }

    /// Library-relative names of the assets, for reasons ("duplicate of …").
    public static func names(_ db: Database, ids: some Sequence<Int64>) throws -> [Int64: String] {
        var result: [Int64: String] = [:]
        let statement = try db.cached("SELECT path FROM assets WHERE id = ?")
        for id in ids {
            try statement.forEachRow([.integer(id)]) { row in result[id] = PathBytes.display(row.bytes(0) ?? []) }
        }
        return result
    }

    /// The page's document as compact JSON bytes; `thumbnail` names where the page finds each
    /// asset's thumbnail. Written straight into bytes (see ``ReviewJSON``): its text is what a
    /// `JSONValue` of the same fields renders to.
    public static func document(_ scope: ReviewScope, db: Database, interactive: Bool,
                                thumbnail: (Int64) -> String) throws -> [UInt8] {
        let listing = try TrashListing(db: db, order: .path)
        var status: [Int64: ReviewStatus] = [:]
        try db.forEachRow("SELECT asset_id, status FROM reviews") { row in status[row.int64(0)] = ReviewStatus(stored: row.string(1)) }
        // One pass over the index (not one query per asset): a page of 20,000 files is one scan.
        // Each item is written into one buffer as its row comes; `spans` puts them in page order.
        var rows = ReviewJSON(capacity: scope.entries.count * 320)
        var spans: [Int64: Range<Int>] = [:]
        spans.reserveCapacity(scope.entries.count)
        try db.forEachRow("""
            SELECT id, path, size, taken, mtime_ns, kind, orientation, duration, width, height, broken, broken_reason FROM assets
            """) { row in
            let id = row.int64(0)
            guard let entry = scope.entries[id] else { return }
            let state: State
            switch status[id] ?? .new {
            case .trashed: state = .staged
            case .kept: state = .kept
            case .new: state = scope.proposed.contains(id) ? .proposed : .new
            }
            let path = row.bytes(1) ?? []
            let begin = rows.bytes.count
            rows.raw("{\"id\":"); rows.integer(id)
            rows.raw(",\"name\":"); rows.string(PathBytes.display(PathBytes.basename(path)))
            rows.raw(",\"folder\":"); rows.string(PathBytes.display(PathBytes.parent(path)))
            rows.raw(",\"size\":"); rows.integer(row.int64(2))
            rows.raw(",\"date\":"); rows.integer(row.optionalInt64(3) ?? row.int64(4) / 1_000_000_000)
            rows.raw(",\"dated\":"); rows.bool(row.optionalInt64(3) != nil)
            rows.raw(",\"kind\":"); rows.string(row.string(5) ?? "other")
            rows.raw(",\"ext\":"); rows.string(PathBytes.display(Self.extensionOf(path)).lowercased())
            rows.raw(",\"orientation\":"); rows.integer(Int64(row.optionalInt(6) ?? 1))
            rows.raw(",\"state\":"); rows.string(state.rawValue)
            rows.raw(",\"section\":"); rows.integer(Int64(entry.section))
            rows.raw(",\"reason\":"); rows.string(entry.reason + (listing.heldBack[id].map { "; a commit would skip it now: \($0)" } ?? ""))
            rows.raw(",\"thumb\":"); rows.string(thumbnail(id))
            if let duration = row.optionalDouble(7) { rows.raw(",\"duration\":"); rows.number(duration) }
            if let width = row.optionalInt64(8), let height = row.optionalInt64(9) {
                rows.raw(",\"width\":"); rows.integer(width)
                rows.raw(",\"height\":"); rows.integer(height)
            }
            if row.int64(10) != 0 { rows.raw(",\"broken\":"); rows.string(row.string(11) ?? "damaged") }
            if let index = entry.group {
                rows.raw(",\"group\":"); rows.integer(Int64(index))
                rows.raw(",\"keeper\":"); rows.bool(scope.sections[entry.section].groups[index].keeper == id)
            }
            rows.raw("}")
            spans[id] = begin ..< rows.bytes.count
        }
        let staged = listing.staged.filter { listing.heldBack[$0.id] == nil }
        var out = ReviewJSON(capacity: rows.bytes.count + 4096)
        out.raw("{\"origin\":"); out.string(scope.origin == .plan ? "plan" : "staged")
        out.raw(",\"interactive\":"); out.bool(interactive)
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
            out.raw("{\"rule\":"); out.string(section.rule)
            out.raw(",\"ruleFile\":"); out.string(section.ruleFile)
            out.raw(",\"groups\":[")
            for (number, group) in section.groups.enumerated() {
                if number > 0 { out.raw(",") }
                out.raw("{\"keeper\":")
                if let keeper = group.keeper { out.integer(keeper) } else { out.raw("null") }
                out.raw(",\"decidedBy\":"); out.string(group.decidedBy)
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

    private static func extensionOf(_ path: [UInt8]) -> [UInt8] {
        let name = PathBytes.basename(path)
        guard let dot = name.lastIndex(of: 46) else { return [] }
        return Array(name[(dot + 1)...])
    }
}

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

    /// The page's document; `thumbnail` names where the page finds each asset's thumbnail.
    public static func document(_ scope: ReviewScope, db: Database, interactive: Bool,
                                thumbnail: (Int64) -> String) throws -> JSONValue {
        let listing = try TrashListing(db: db, order: .path)
        var status: [Int64: ReviewStatus] = [:]
        try db.forEachRow("SELECT asset_id, status FROM reviews") { row in status[row.int64(0)] = ReviewStatus(stored: row.string(1)) }
        // One pass over the index (not one query per asset): a page of 20,000 files is one scan.
        var rows: [Int64: JSONValue] = [:]
        rows.reserveCapacity(scope.entries.count)
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
            var fields: [(String, JSONValue)] = [
                ("id", .integer(id)),
                ("name", .string(PathBytes.display(PathBytes.basename(path)))),
                ("folder", .string(PathBytes.display(PathBytes.parent(path)))),
                ("size", .integer(row.int64(2))),
                ("date", .integer(row.optionalInt64(3) ?? row.int64(4) / 1_000_000_000)),
                ("dated", .bool(row.optionalInt64(3) != nil)),
                ("kind", .string(row.string(5) ?? "other")),
                ("ext", .string(PathBytes.display(Self.extensionOf(path)).lowercased())),
                ("orientation", .integer(Int64(row.optionalInt(6) ?? 1))),
                ("state", .string(state.rawValue)),
                ("section", .integer(Int64(entry.section))),
                ("reason", .string(entry.reason + (listing.heldBack[id].map { "; a commit would skip it now: \($0)" } ?? ""))),
                ("thumb", .string(thumbnail(id))),
            ]
            if let duration = row.optionalDouble(7) { fields.append(("duration", .number(duration))) }
            if let width = row.optionalInt64(8), let height = row.optionalInt64(9) {
                fields.append(("width", .integer(width)))
                fields.append(("height", .integer(height)))
            }
            if row.int64(10) != 0 { fields.append(("broken", .string(row.string(11) ?? "damaged"))) }
            if let index = entry.group {
                fields.append(("group", .integer(Int64(index))))
                fields.append(("keeper", .bool(scope.sections[entry.section].groups[index].keeper == id)))
            }
            rows[id] = .object(fields)
        }
        let items = scope.assetIDs.compactMap { rows[$0] }
        let sections: [JSONValue] = scope.sections.map { section in
            .object([
                ("rule", .string(section.rule)),
                ("ruleFile", .string(section.ruleFile)),
                ("groups", .array(section.groups.map { group in
                    .object([("keeper", group.keeper.map { .integer($0) } ?? .null), ("decidedBy", .string(group.decidedBy)),
                             ("members", .array(group.members.map { .integer($0) }))])
                })),
            ])
        }
        let staged = listing.staged.filter { listing.heldBack[$0.id] == nil }
        return .object([
            ("origin", .string(scope.origin == .plan ? "plan" : "staged")),
            ("interactive", .bool(interactive)),
            ("fingerprint", .string(listing.fingerprint)),
            ("planFingerprint", scope.plan.map { .string($0.fingerprint) } ?? .null),
            ("staged", .object([("count", .integer(Int64(listing.staged.count))),
                                ("bytes", .integer(listing.staged.reduce(0) { $0 + $1.size })),
                                ("movable", .integer(Int64(staged.count)))])),
            ("sections", .array(sections)),
            ("items", .array(items)),
        ])
    }

    private static func extensionOf(_ path: [UInt8]) -> [UInt8] {
        let name = PathBytes.basename(path)
        guard let dot = name.lastIndex(of: 46) else { return [] }
        return Array(name[(dot + 1)...])
    }
}

/// What one review shows: which assets, under which rule's section, in which duplicate group, and
/// why each is there. Fixed when the review opens (the plan of the rules, or the staged set then);
/// the state of each asset (staged, kept, neither) is read fresh from the index on every request,
/// so the page always says what the CLI would.
public struct ReviewScope: Sendable {
    /// Where the review's assets came from.
    public enum Origin: Sendable, Equatable {
        /// The plan of rules: nothing is staged until the user acts.
        case plan
        /// What is staged now.
        case staged
    }

    /// One group inside a section: a group rule's (with its kind), the twins staged against one
    /// keeper (kind unknown: the index records the keeper, not the kind), or a RAW+JPEG pair shown
    /// whole because one half is in the review.
    public struct Group: Sendable {
        public let keeper: Int64?
        public let kind: GroupSpec?
        /// The ranking key that chose the keeper (or why it had to be kept), as the plan says it.
        public let decidedBy: String
        /// Every member, keeper first.
        public var members: [Int64]

        /// What the page calls the group.
        public var title: String { ReviewWords.title(kind) }
        /// Why the keeper stays, in the page's words.
        public var decided: String { ReviewWords.decided(decidedBy) }
    }

    /// One rule's section.
    public struct Section: Sendable {
        public let rule: String
        public let ruleFile: String
        /// Assets of the section in plan order (group members inside `groups` too).
        public var assets: [Int64]
        public var groups: [Group]
    }

    /// Why one asset is shown.
    public struct Entry: Sendable {
        public let section: Int
        public let group: Int?
        public let reason: String
    }

    /// The section of assets staged without a rule.
    static let byHand = "(by hand)"

    public let origin: Origin
    public private(set) var sections: [Section]
    public private(set) var entries: [Int64: Entry]
    /// The plan of the rules (origin `.plan`), for staging a section the way `cull stage` would.
    public let plan: Plan?
    /// What the plan would stage (its net-new assets).
    public let proposed: Set<Int64>
    /// Which file each id named when the page first showed it. SQLite gives a freed id to the next
    /// new row, so after a scan elsewhere the same id may name another file: see ``refresh(_:)``.
    private(set) var shown: [Int64: Shown] = [:]
    /// Ids dropped because they name another file now (or none): the page's tile is stale.
    private(set) var changed: Set<Int64> = []

    /// A file as the index described it: where it was and which inode, at which size and mtime.
    struct Shown: Sendable, Equatable {
        let path: [UInt8]
        let device: Int64, inode: Int64, size: Int64, mtimeNs: Int64
    }

    /// The plan of rules: each rule's net-new assets, and for a group rule its groups with keepers;
    /// each file with the reason the CLI gives for it, and for a match on what Cull measured (the
    /// pixels, text, codes, a return) what `measured` says was measured of it; a member of a similar
    /// group that is its keeper turned or mirrored says which way (`turned`).
    public init(plan: Plan, names: [Int64: String], measured: [Int64: String] = [:], turned: [Int64: String] = [:]) {
        origin = .plan
        self.plan = plan
        proposed = Set(plan.rules.flatMap(\.netNewIDs))
        sections = []
        entries = [:]
        for line in plan.rules {
            let index = sections.count
            var section = Section(rule: line.rule, ruleFile: line.ruleFile, assets: [], groups: [])
            var grouped = Set<Int64>()
            // A group is shown when the rule stages one of its members now, or did before.
            for outcome in line.groups where !outcome.staged.isEmpty
                || outcome.members.contains(where: { line.reasonOf[$0.id] == .stagedAlready }) {
                let members = (outcome.keeper.map { [$0.id] } ?? []) + outcome.members.map(\.id).filter { $0 != outcome.keeper?.id }
                let group = section.groups.count
                let spec = outcome.group.spec
                section.groups.append(Group(keeper: outcome.keeper?.id, kind: spec, decidedBy: outcome.decidedBy, members: members))
                let keeperName = outcome.keeper.flatMap { names[$0.id] } ?? "its keeper"
                for id in members where entries[id] == nil {
                    let reason: String
                    if id == outcome.keeper?.id {
                        reason = "the keeper of its \(spec.noun) (\(ReviewWords.decided(outcome.decidedBy)))"
                    } else if outcome.staged.contains(id) {
                        reason = "\(spec.stagedNoun) of \(keeperName) in its \(spec.noun) (rule \(line.rule))" + (turned[id].map { ": " + $0 } ?? "")
                    } else if line.reasonOf[id] == .stagedAlready {
                        reason = "\(spec.stagedNoun) of \(keeperName) in its \(spec.noun), staged already" + (turned[id].map { ": " + $0 } ?? "")
                    } else {
                        reason = line.reasonOf[id].map { ReviewWords.decided($0.description) } ?? "in the \(spec.noun) of \(keeperName); rule \(line.rule) does not match it"
                    }
                    entries[id] = Entry(section: index, group: group, reason: reason)
                    section.assets.append(id)
                    grouped.insert(id)
                }
            }
            for id in line.netNewIDs where !grouped.contains(id) && entries[id] == nil {
                let reason = line.livePairOf[id].map { "the other half of Live Photo \(names[$0] ?? "")" }
                    ?? "matched rule \(line.rule) (\(line.ruleFile))" + (measured[id].map { "; " + $0 } ?? "")
                entries[id] = Entry(section: index, group: nil, reason: reason)
                section.assets.append(id)
            }
            sections.append(section)
        }
    }

    /// What is staged now, by the rule that staged it; assets staged against a keeper are grouped
    /// with that keeper.
    public init(staged: [StagedAsset], keeperOf: [Int64: Int64], names: [Int64: String]) {
        origin = .staged
        plan = nil
        proposed = []
        sections = []
        entries = [:]
        for asset in staged { include(asset, keeper: keeperOf[asset.id], names: names) }
    }

    /// What is staged now, read from the index (`reviews.keeper_id` groups duplicates with their keeper).
    public static func staged(db: Database) throws -> ReviewScope {
        let keeperOf = try keepers(db)
        return ReviewScope(staged: try StagedSet.load(db), keeperOf: keeperOf, names: try ReviewModel.names(db, ids: Set(keeperOf.values)))
    }

    /// Each staged twin's keeper (`reviews.keeper_id`).
    static func keepers(_ db: Database) throws -> [Int64: Int64] {
        var keeperOf: [Int64: Int64] = [:]
        try db.forEachRow("SELECT asset_id, keeper_id FROM reviews WHERE status = ? AND keeper_id IS NOT NULL",
                          [StagingStatus.trashed.sql]) { row in
            keeperOf[row.int64("asset_id")] = row.int64("keeper_id")
        }
        return keeperOf
    }

    /// Every asset shown.
    public var assetIDs: [Int64] { sections.flatMap(\.assets) }

    /// Adds a staged asset (what was staged before or since the review opened, by another terminal
    /// or the page itself), so the page shows every file a commit would take: under its rule's
    /// section, and with the keeper it was staged against, if any.
    mutating func include(_ asset: StagedAsset, keeper: Int64? = nil, names: [Int64: String] = [:]) {
        guard entries[asset.id] == nil else { return }
        let rule = asset.rule ?? ReviewScope.byHand
        let index = sectionIndex(rule: rule, ruleFile: asset.ruleFile)
        var reason = asset.rule.map { "staged by rule \($0)" + (asset.ruleFile.map { " (\($0))" } ?? "") } ?? "staged by hand"
        var group: Int?
        if let keeper {
            if let shown = entries[keeper], shown.section == index, let known = shown.group, sections[index].groups[known].keeper == keeper {
                group = known
            } else if entries[keeper] == nil {
                group = sections[index].groups.count
                sections[index].groups.append(Group(keeper: keeper, kind: nil, decidedBy: "the rule's keeper ranking", members: [keeper]))
                entries[keeper] = Entry(section: index, group: group, reason: "the keeper its copies were staged against")
                sections[index].assets.append(keeper)
            }
            if let group { sections[index].groups[group].members.append(asset.id) }
            reason = "staged against its keeper \(names[keeper] ?? "(another file)"), " + reason
        }
        entries[asset.id] = Entry(section: index, group: group, reason: reason)
        sections[index].assets.append(asset.id)
    }

    /// Brings the scope up to the index before a decision: an id that names another file than the
    /// one shown (or none) leaves the review, what is staged now joins it, and every new entry is
    /// pinned to the file it names now (the page shows that one next).
    mutating func refresh(_ db: Database) throws {
        var current: [Int64: Shown] = [:]
        current.reserveCapacity(entries.count)
        try db.forEachRow("SELECT id, path, device, inode, size, mtime_ns FROM assets", [], Shown.Columns.self) { row, column in
            let id = row.int64(column.id)
            guard entries[id] != nil else { return }
            current[id] = Shown(row: row, column)
        }
        for (id, pinned) in shown where current[id] != pinned { drop(id) }
        let staged = try StagedSet.load(db).filter { entries[$0.id] == nil }
        if !staged.isEmpty {
            let keeperOf = try Self.keepers(db)
            let names = try ReviewModel.names(db, ids: Set(staged.compactMap { keeperOf[$0.id] }))
            for asset in staged { include(asset, keeper: keeperOf[asset.id], names: names) }
        }
        try db.forEachRow("SELECT id, path, device, inode, size, mtime_ns FROM assets", [], Shown.Columns.self) { row, column in
            let id = row.int64(column.id)
            guard entries[id] != nil, shown[id] == nil else { return }
            shown[id] = Shown(row: row, column)
            changed.remove(id)
        }
    }

    /// Shows the other half of each RAW+JPEG pair one half of which is in the review outside any
    /// group: the JPEG a plain rule stages is seen beside the RAW that stays (and the other way round).
    mutating func showPairs(_ db: Database) throws {
        let pairs = try RawPairs.candidates(db).filter { $0.ids.contains { entries[$0] != nil } }
        guard !pairs.isEmpty else { return }
        let isRaw = try db.cached("SELECT raw FROM assets WHERE id = ?")
        for pair in pairs {
            guard let first = pair.ids.first(where: { entries[$0] != nil && entries[$0]?.group == nil }), let section = entries[first]?.section else { continue }
            let shown = pair.ids.filter { entries[$0]?.section == section && entries[$0]?.group == nil }
            let others = pair.ids.filter { entries[$0] == nil }
            guard shown.count + others.count >= 2 else { continue }
            // The half that is not in the review stays as far as the review knows: it leads the pair.
            let keeper = others.first
            let group = sections[section].groups.count
            sections[section].groups.append(Group(keeper: keeper, kind: .rawPair, decidedBy: "not in this review", members: others + shown))
            for id in shown {
                let old = entries[id]!
                entries[id] = Entry(section: section, group: group, reason: old.reason)
            }
            for id in others {
                var raw = false
                try isRaw.forEachRow([.integer(id)]) { raw = $0.int64("raw") != 0 }
                entries[id] = Entry(section: section, group: group,
                                    reason: "the \(raw ? "RAW" : "JPEG") half of this RAW+JPEG pair; not in this review")
                sections[section].assets.append(id)
            }
        }
    }

    /// Whether `id` still names the file the page showed (`now`: its index row now).
    func stillShows(_ id: Int64, as now: Shown?) -> Bool {
        guard entries[id] != nil, let pinned = shown[id] else { return false }
        return pinned == now
    }

    private mutating func drop(_ id: Int64) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        shown[id] = nil
        changed.insert(id)
        sections[entry.section].assets.removeAll { $0 == id }
    }

    /// Whether `id` is shown as the keeper of its duplicate group.
    func isKeeper(_ id: Int64) -> Bool {
        guard let entry = entries[id], let group = entry.group else { return false }
        return sections[entry.section].groups[group].keeper == id
    }

    /// The section of `rule`, added when there is none yet.
    private mutating func sectionIndex(rule: String, ruleFile: String?) -> Int {
        if let index = sections.firstIndex(where: { $0.rule == rule }) { return index }
        sections.append(Section(rule: rule, ruleFile: ruleFile ?? "", assets: [], groups: []))
        return sections.count - 1
    }
}

extension ReviewScope.Shown {
    /// The `assets` columns a shown file is read from, with its `id`, by name: ``ReviewScope/refresh(_:)``
    /// reads every asset before each decision.
    struct Columns: RowColumns {
        let id, path, device, inode, size, mtimeNs: Row.Column

        init(_ row: Row) {
            (id, path, device) = (row.index("id"), row.index("path"), row.index("device"))
            (inode, size, mtimeNs) = (row.index("inode"), row.index("size"), row.index("mtime_ns"))
        }
    }

    init(row: Row, _ column: Columns) {
        self.init(path: row.bytes(column.path) ?? [], device: row.int64(column.device), inode: row.int64(column.inode),
                  size: row.int64(column.size), mtimeNs: row.int64(column.mtimeNs))
    }
}

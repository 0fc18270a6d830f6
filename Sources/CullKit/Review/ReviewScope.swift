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

    /// One duplicate group inside a group rule's section.
    public struct Group: Sendable {
        public let keeper: Int64?
        /// The ranking key that chose the keeper (or why it had to be kept).
        public let decidedBy: String
        /// Every member, keeper first.
        public let members: [Int64]
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

    /// The plan of rules: each rule's net-new assets, and for a group rule its groups with keepers.
    public init(plan: Plan, names: [Int64: String]) {
        origin = .plan
        self.plan = plan
        proposed = Set(plan.rules.flatMap(\.netNewIDs))
        sections = []
        entries = [:]
        for line in plan.rules {
            let index = sections.count
            var section = Section(rule: line.rule, ruleFile: line.ruleFile, assets: [], groups: [])
            var grouped = Set<Int64>()
            for outcome in line.groups where !outcome.staged.isEmpty {
                let members = (outcome.keeper.map { [$0.id] } ?? []) + outcome.members.map(\.id).filter { $0 != outcome.keeper?.id }
                let group = section.groups.count
                section.groups.append(Group(keeper: outcome.keeper?.id, decidedBy: outcome.decidedBy, members: members))
                for id in members where entries[id] == nil {
                    let reason: String
                    if id == outcome.keeper?.id {
                        reason = "keeper of its duplicate group, chosen by \(outcome.decidedBy)"
                    } else if outcome.staged.contains(id) {
                        reason = "duplicate of \(outcome.keeper.flatMap { names[$0.id] } ?? "its keeper") (rule \(line.rule))"
                    } else {
                        reason = "copy in its duplicate group, not staged by this rule"
                    }
                    entries[id] = Entry(section: index, group: group, reason: reason)
                    section.assets.append(id)
                    grouped.insert(id)
                }
            }
            for id in line.netNewIDs where !grouped.contains(id) && entries[id] == nil {
                let reason = line.livePairOf[id].map { "the other half of Live Photo \(names[$0] ?? "")" }
                    ?? "matched rule \(line.rule) (\(line.ruleFile))"
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
        var groupOf: [Int64: (section: Int, group: Int)] = [:]
        for asset in staged {
            let rule = asset.rule ?? ReviewScope.byHand
            let index = sectionIndex(rule: rule, ruleFile: asset.ruleFile)
            var group: Int?
            var reason = asset.rule.map { "staged by rule \($0)" + (asset.ruleFile.map { " (\($0))" } ?? "") } ?? "staged by hand"
            if let keeper = keeperOf[asset.id] {
                if let known = groupOf[keeper], known.section == index {
                    group = known.group
                } else {
                    group = sections[index].groups.count
                    sections[index].groups.append(Group(keeper: keeper, decidedBy: "the rule's keeper ranking", members: [keeper]))
                    groupOf[keeper] = (index, group!)
                    if entries[keeper] == nil {
                        entries[keeper] = Entry(section: index, group: group, reason: "keeper of its duplicate group")
                        sections[index].assets.append(keeper)
                    }
                }
                let current = sections[index].groups[group!]
                sections[index].groups[group!] = Group(keeper: keeper, decidedBy: current.decidedBy, members: current.members + [asset.id])
                reason = "duplicate of \(names[keeper] ?? "its keeper"), " + reason
            }
            guard entries[asset.id] == nil else { continue }
            entries[asset.id] = Entry(section: index, group: group, reason: reason)
            sections[index].assets.append(asset.id)
        }
    }

    /// What is staged now, read from the index (`reviews.keeper_id` groups duplicates with their keeper).
    public static func staged(db: Database) throws -> ReviewScope {
        let staged = try StagedSet.load(db)
        var keeperOf: [Int64: Int64] = [:]
        try db.forEachRow("SELECT asset_id, keeper_id FROM reviews WHERE status = 'trashed' AND keeper_id IS NOT NULL") { row in
            keeperOf[row.int64(0)] = row.int64(1)
        }
        return ReviewScope(staged: staged, keeperOf: keeperOf, names: try ReviewModel.names(db, ids: Set(keeperOf.values)))
    }

    /// Every asset shown.
    public var assetIDs: [Int64] { sections.flatMap(\.assets) }

    /// Adds what was staged since the review opened (another terminal, or the page itself), so
    /// the page shows every file a commit would take.
    mutating func include(_ asset: StagedAsset) {
        guard entries[asset.id] == nil else { return }
        let rule = asset.rule ?? ReviewScope.byHand
        let index = sectionIndex(rule: rule, ruleFile: asset.ruleFile)
        entries[asset.id] = Entry(section: index, group: nil, reason: asset.rule.map { "staged by rule \($0)" } ?? "staged by hand")
        sections[index].assets.append(asset.id)
    }

    /// Brings the scope up to the index before a decision: an id that names another file than the
    /// one shown (or none) leaves the review, what is staged now joins it, and every new entry is
    /// pinned to the file it names now (the page shows that one next).
    mutating func refresh(_ db: Database) throws {
        var current: [Int64: Shown] = [:]
        current.reserveCapacity(entries.count)
        try db.forEachRow("SELECT id, path, device, inode, size, mtime_ns FROM assets") { row in
            let id = row.int64(0)
            guard entries[id] != nil else { return }
            current[id] = Shown(path: row.bytes(1) ?? [], device: row.int64(2), inode: row.int64(3), size: row.int64(4), mtimeNs: row.int64(5))
        }
        for (id, pinned) in shown where current[id] != pinned { drop(id) }
        for asset in try StagedSet.load(db) { include(asset) }
        try db.forEachRow("SELECT id, path, device, inode, size, mtime_ns FROM assets") { row in
            let id = row.int64(0)
            guard entries[id] != nil, shown[id] == nil else { return }
            shown[id] = Shown(path: row.bytes(1) ?? [], device: row.int64(2), inode: row.int64(3), size: row.int64(4), mtimeNs: row.int64(5))
            changed.remove(id)
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

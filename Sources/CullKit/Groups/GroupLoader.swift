extension GroupSet {
    /// The table the rule SQL of group fields reads: which assets are members of a group of which
    /// spec (``GroupSpec/key``). A TEMP table, so it is per connection and never part of the index;
    /// ``prepareMembership(_:)`` creates it empty, ``load(_:specs:root:features:progress:)`` fills it.
    static let membershipTable = "temp.group_members"

    /// SQL true when asset `a` is a member of a group of `spec` (as last loaded on this connection).
    static func memberSQL(_ spec: GroupSpec) -> SQLFragment {
        "a.id IN (SELECT asset_id FROM \(sql: membershipTable) WHERE spec = \(spec.key))"
    }

    /// SQL true when asset `a` is a member of any loaded group.
    static let anyMemberSQL: SQLFragment = "a.id IN (SELECT asset_id FROM \(sql: membershipTable))"

    /// Creates the membership table on `db` when it has none, so group fields compile on any connection.
    static func prepareMembership(_ db: Database) throws {
        try db.execute(createMembershipSQL)
    }

    /// The statement that creates the membership table (``prepareMembership(_:)``).
    public static let createMembershipSQL = """
        CREATE TEMP TABLE IF NOT EXISTS group_members (spec TEXT NOT NULL, asset_id INTEGER NOT NULL,
            PRIMARY KEY (spec, asset_id)) WITHOUT ROWID
        """

    /// The statements that make the membership table hold the members of this set's groups of
    /// `specs` (all of them when nil): create it when missing, empty it, then one insert per spec.
    /// How ``load(_:specs:root:features:progress:)`` fills it, and what `cull explain --evaluate` shows, so
    /// the same rule SQL can be run elsewhere (`benchmarks/rules` runs it in the sqlite3 shell).
    public func membershipSQL(of specs: Set<GroupSpec>? = nil) -> [SQLFragment] {
        let empty: SQLFragment = "DELETE FROM \(sql: Self.membershipTable)"
        return [SQLFragment(sql: Self.createMembershipSQL), empty] + memberIDs(of: specs).map { spec, ids in
            "INSERT OR IGNORE INTO \(sql: Self.membershipTable) (spec, asset_id) SELECT \(spec), value FROM json_each(\(JSONValue.list(ids)))"
        }
    }

    /// The members of this set's groups of `specs` (all of them when nil), by spec (``GroupSpec/key``,
    /// in order), each list sorted: what the membership table holds once loaded.
    func memberIDs(of specs: Set<GroupSpec>? = nil) -> [(spec: String, ids: [Int64])] {
        var members: [GroupSpec: Set<Int64>] = [:]
        for group in groups where specs?.contains(group.spec) ?? true {
            members[group.spec, default: []].formUnion(group.members.map(\.id))
        }
        return members.sorted { $0.key.key < $1.key.key }.map { ($0.key.key, $0.value.sorted()) }
    }

    /// Loads the groups of `specs` over the whole index and records their members for rule SQL.
    /// With `root`, what each kind needs (hashes, image features) is brought up to date first;
    /// without it, only what is cached counts. `features` says the caller's rules read the image
    /// features too: they are refreshed once, first, for the rules and the similar groups alike.
    /// Bursts and similar groups never hold two frames of one bracket set: with either, the bracket
    /// sets are loaded too, so the plan and `--explain` can say why those frames stay apart.
    public static func load(_ db: Database, specs: Set<GroupSpec>, root: String? = nil, features: Bool = false,
                            progress: HashProgress? = nil) throws -> GroupSet {
        try prepareMembership(db)
        if let root, features || specs.contains(where: \.readsFeatures) { try FeatureCache(db: db, root: root).refresh() }
        var specs = specs
        if specs.contains(where: \.respectsBrackets) { specs.insert(.bracket) }
        // The bracket sets, the panoramas among the bursts and the bursts read one scan between
        // them, while nothing was written since: each memo records the counts it saw before it computed.
        var scanned: CameraFrames?
        func frames() throws -> CameraFrames {
            if let scanned, try scanned.isCurrent(db) { return scanned }
            let frames = try CameraFrames.scan(db)
            scanned = frames
            return frames
        }
        let brackets = specs.contains(.bracket) ? try bracketSets(db, root: root, frames: frames) : []
        let bursts = specs.contains(.burst) ? try burstCandidates(db, brackets: brackets, frames: frames) : []
        // No other kind reads the frames: they are not held (a photo each) while the others are found.
        scanned = nil
        var groups: [MediaGroup] = []
        for spec in specs.sorted(by: { $0.key < $1.key }) {
            groups += try GroupMembers.read(db, spec: spec, candidates: candidates(db, spec: spec, root: root, progress: progress,
                                                                                brackets: brackets, bursts: bursts))
        }
        let set = GroupSet(groups: groups)
        // A savepoint, not BEGIN IMMEDIATE: only the connection's temp table is written, so no
        // lock on the index is taken, and it nests inside a caller's transaction.
        try db.execute("SAVEPOINT group_members")
        do {
            for statement in set.membershipSQL() { try db.execute(statement.sql, statement.arguments) }
            try db.execute("RELEASE group_members")
        } catch {
            try? db.execute("ROLLBACK TO group_members")
            try? db.execute("RELEASE group_members")
            throw error
        }
        return set
    }

    /// The bracket sets of the index, from the capture settings (``BracketGroups``) and the pixels
    /// (``PanoramaSets``, whose frames are measured first with `root`), remembered (``IndexMemo``).
    private static func bracketSets(_ db: Database, root: String?, frames: () throws -> CameraFrames) throws -> [BracketGroups.BracketSet] {
        try IndexMemo.value(db, name: "bracket_sets", version: GroupMemo.version, key: GroupMemo.key(root: root),
                            write: BracketGroups.BracketSet.write, read: BracketGroups.BracketSet.read) {
            let scanned = try frames()
            let brackets = BracketGroups.sets(scanned)
            return try brackets + PanoramaSets.sets(db, root: root, frames: scanned, excluding: Set(brackets.flatMap { $0.pictures.joined() }))
        }
    }

    /// The bursts of the index (``BurstGroups``), none holding a frame of `brackets`, remembered (``IndexMemo``).
    private static func burstCandidates(_ db: Database, brackets: [BracketGroups.BracketSet],
                                        frames: () throws -> CameraFrames) throws -> [GroupCandidate] {
        let excluding = Set(brackets.flatMap { $0.pictures.joined() })
        var key = MemoWriter()
        key.append(list: excluding.sorted())
        return try GroupCandidate.remembered(db, name: "burst_groups", key: key.bytes) {
            BurstGroups.candidates(try frames(), excluding: excluding)
        }
    }

    /// What each kind's loader finds: the one place a new kind of group is added (the bracket sets
    /// and the bursts are found first, from one scan: ``load(_:specs:root:features:progress:)``).
    private static func candidates(_ db: Database, spec: GroupSpec, root: String?, progress: HashProgress?,
                                   brackets: [BracketGroups.BracketSet], bursts: [GroupCandidate]) throws -> [GroupCandidate] {
        switch spec {
        case .exact:
            return try ExactGroups.candidates(db, root: root, progress: progress)
        case .image:
            if let root { try ImageHashCache(db: db, root: root).refresh(progress: progress) }
            return try IndexMemo.value(db, watch: ImageGroups.watch(db), key: GroupMemo.key(root: root), write: GroupCandidate.write,
                                       read: GroupCandidate.read, holds: { try ImageGroups.holdAfterDeletions($0, db) }) {
                try ImageGroups.candidates(db, root: root)
            }
        case .burst:
            return bursts
        case .rawPair:
            return try GroupCandidate.remembered(db, name: "raw_pairs") { try RawPairs.candidates(db) }
        case let .similar(distance):
            return try SimilarGroups.candidates(db, distance: distance, root: root,
                                                apart: brackets.map { SimilarGroups.DistinctSet(pictures: $0.pictures) })
        case .bracket:
            return brackets.map(\.candidate)
        }
    }
}

/// The columns every evaluation query starts with: the asset's id and size, and its review status.
struct EvaluationColumns {
    let id, size, status: Row.Column

    init(_ statement: Statement) { (id, size, status) = (statement.column("id"), statement.column("size"), statement.column("status")) }
}

/// One rule's matches sorted into their buckets: the user's keeps, then the first protect
/// guard, then the first keep rule, else net (see ``RuleEvaluation``).
struct RuleBuckets {
    var matched: [Int64] = [], userKept: [Int64] = [], net: [Int64] = [], staged: [Int64] = []
    var protected: [[Int64]]
    var kept: [[Int64]]
    /// The size of each file of `net`, in its order.
    var netSizes: [Int64] = []
    var bytes: Int64 = 0

    init(guards: Int, keepRules: Int) {
        protected = Array(repeating: [], count: guards)
        kept = Array(repeating: [], count: keepRules)
    }

    /// The rule matches `row` (id and size in `fixed`'s columns, review status `status`);
    /// `guardColumns` and `keepColumns` hold the rule's guards and keep rules, in order.
    mutating func add(_ row: Row, _ fixed: EvaluationColumns, status: StagingStatus, guardColumns: [Row.Column], keepColumns: [Row.Column]) {
        let id = row.int64(fixed.id)
        matched.append(id)
        if status == .kept { userKept.append(id); return }
        if let index = guardColumns.firstIndex(where: { row.int64($0) != 0 }) { protected[index].append(id); return }
        if let index = keepColumns.firstIndex(where: { row.int64($0) != 0 }) { kept[index].append(id); return }
        net.append(id)
        let size = row.int64(fixed.size)
        netSizes.append(size)
        bytes += size
        if status == .trashed { staged.append(id) }
    }

    func evaluation(of compiled: CompiledRule, libraryCount: Int) -> RuleEvaluation {
        let limit = compiled.rule.action == .trash ? compiled.rule.limit.map {
            LimitCheck(limit: $0, libraryCount: libraryCount, actual: net.count)
        } : nil
        return RuleEvaluation(
            rule: compiled.rule, file: compiled.file, matched: matched.sorted(), userKept: userKept.sorted(),
            protected: zip(compiled.guards, protected).filter { !$0.1.isEmpty }.map { ($0.0, $0.1.sorted()) },
            keptByRules: zip(compiled.keepRules, kept).filter { !$0.1.isEmpty }.map { ($0.0.file, $0.0.name, $0.1.sorted()) },
            net: net.sorted(), netBytes: bytes, alreadyStaged: staged.sorted(), limit: limit)
    }
}

extension RuleBuckets {
    /// Drops the assets of `ids` from every bucket (they are evaluated again), then takes in what
    /// `other` found of them.
    mutating func merge(replacing ids: Set<Int64>, with other: RuleBuckets) {
        func keep(_ list: inout [Int64]) { list.removeAll { ids.contains($0) } }
        keep(&userKept)
        keep(&staged)
        for index in protected.indices { keep(&protected[index]) }
        for index in kept.indices { keep(&kept[index]) }
        var (stayingNet, stayingSizes): ([Int64], [Int64]) = ([], [])
        for (id, size) in zip(net, netSizes) where !ids.contains(id) {
            stayingNet.append(id)
            stayingSizes.append(size)
        }
        userKept += other.userKept
        staged += other.staged
        for index in protected.indices { protected[index] += other.protected[index] }
        for index in kept.indices { kept[index] += other.kept[index] }
        (net, netSizes) = (stayingNet + other.net, stayingSizes + other.netSizes)
        bytes = netSizes.reduce(0, +)
        matched = userKept + protected.joined() + kept.joined() + net
    }

    /// The buckets as a memo holds them (``EvaluationMemo``): every match is in exactly one of
    /// them, so `matched` is not written twice.
    func write(to writer: inout MemoWriter) {
        for list in [userKept, net, netSizes, staged] { writer.append(list: list) }
        writer.append(Int64(protected.count))
        for list in protected { writer.append(list: list) }
        writer.append(Int64(kept.count))
        for list in kept { writer.append(list: list) }
    }

    /// Buckets ``write(to:)`` wrote for a rule with `guards` guards and `keepRules` keep rules; nil
    /// for anything else.
    init?(from reader: inout MemoReader, guards: Int, keepRules: Int) {
        self.init(guards: guards, keepRules: keepRules)
        guard let userKept = reader.list(), let net = reader.list(), let netSizes = reader.list(), netSizes.count == net.count,
              let staged = reader.list(), reader.next() == Int64(guards) else { return nil }
        (self.userKept, self.net, self.netSizes, self.staged) = (userKept, net, netSizes, staged)
        bytes = netSizes.reduce(0, +)
        for index in 0 ..< guards {
            guard let list = reader.list() else { return nil }
            protected[index] = list
        }
        guard reader.next() == Int64(keepRules) else { return nil }
        for index in 0 ..< keepRules {
            guard let list = reader.list() else { return nil }
            kept[index] = list
        }
        matched = userKept + protected.joined() + kept.joined() + net
    }
}

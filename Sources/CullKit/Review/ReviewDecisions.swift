import Foundation

/// What the review page may change, each through the engine call the CLI makes: keep is
/// ``StagingStore/keep(assetIDs:at:)`` (`cull keep`), unstage is ``StagingStore/restore(_:)``
/// (`cull restore PATH`), stage is ``StagingStore/stage(_:runID:at:)`` with the plan line of the
/// rule that proposed the asset (`cull stage`) or else ``HandStaging`` (`cull stage --path`), and commit is ``CommitSession``, the journaled commit
/// `cull commit --fingerprint` runs. Each takes the library lock for its transaction only, as the
/// CLI commands do, so the page and a terminal can take turns.
struct ReviewDecisions {
    let library: Library
    let db: Database
    /// The plan of the review's rules made again, on the index as it is now: what the page stages
    /// is what `cull stage` would stage now. Nil for a review of the staged set.
    var replan: (() throws -> Plan)? = nil

    enum Decision: String, Sendable {
        case keep, unstage, stage
    }

    /// A decision that cannot be made now; the page shows the text.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    func apply(_ decision: Decision, to id: Int64, scope: ReviewScope) throws {
        try locked {
            let store = StagingStore(db: db)
            switch decision {
            case .keep: try store.keep(assetIDs: [id])
            case .unstage: try store.restore(.assets([id]))
            case .stage: try stage(id, scope: scope, store: store)
            }
        }
    }

    /// Stages what the section proposes and is neither staged nor kept now.
    func stageSection(_ index: Int, scope: ReviewScope) throws {
        try locked {
            let section = scope.sections[index]
            if let plan = scope.plan {
                // The line of the same rule in a fresh plan: guards, keeps and groups judged as they are now.
                let fresh = try replan?() ?? plan
                guard let line = fresh.rules.firstIndex(where: { $0.rule == section.rule && $0.ruleFile == section.ruleFile }) else { return }
                try StagingStore(db: db).stage(narrowed(fresh, line: line, to: nil, shown: scope), runID: Self.runID())
            } else {
                let status = StagingStore(db: db)
                // A group's keeper stays out: "stage these" means the copies.
                try stageByHand(try section.assets.filter { try !scope.isKeeper($0) && status.status(of: $0) == .new })
            }
        }
    }

    /// Stages everything the review proposes, as `cull stage` of its rules would now (their limits
    /// and the library-wide ceiling included: a tripped one stages nothing); for a review of the
    /// staged set, what was unstaged on the page, by hand.
    func stageAll(scope: ReviewScope) throws {
        try locked {
            if let plan = scope.plan {
                let fresh = try replan?() ?? plan
                let lines = try fresh.rules.indices.map { try narrowed(fresh, line: $0, to: nil, shown: scope).rules[0] }
                let count = lines.reduce(0) { $0 + $1.netNewIDs.count }
                try StagingStore(db: db).stage(Plan(rules: lines, stagedBefore: fresh.stagedBefore, netNew: (count, 0), fingerprint: fresh.fingerprint,
                                                   ceiling: fresh.ceiling, companions: CompanionPlan()), runID: Self.runID())
            } else {
                let status = StagingStore(db: db)
                try stageByHand(try scope.assetIDs.filter { try !scope.isKeeper($0) && status.status(of: $0) == .new })
            }
        }
    }

    /// Commits the staged set if it still has `fingerprint` (what the page showed), to the trash.
    func commit(fingerprint: String) throws -> CommitReceipt {
        let started = Date()
        let lock = try takeLock()
        defer { lock.release() }
        try CommitRecovery.recover(library: library, db: db, holding: lock)
        let session = try CommitSession(library: library, db: db)
        guard !session.isEmpty else { throw Refusal(description: "nothing is staged") }
        let receipt: CommitReceipt
        do {
            receipt = try session.commit(expectedFingerprint: fingerprint, destination: .trash, holding: lock)
        } catch let CommitError.fingerprintMismatch(_, actual) {
            throw Refusal(description: "the staged set changed since the page showed it (fingerprint \(actual), "
                          + "not \(fingerprint)); nothing was moved: look again")
        }
        var fields = receipt.logFields()
        fields["command"] = .string("review")
        fields["ms"] = .int(Int64(Date().timeIntervalSince(started) * 1000))
        RunLog.append(library: library, fields)
        return receipt
    }

    private func stage(_ id: Int64, scope: ReviewScope, store: StagingStore) throws {
        guard let entry = scope.entries[id] else { return }
        // A keep is the user's own word; staging it from the page replaces it, as `cull restore` then
        // staging would. If staging is refused, the keep is put back: a refusal changes nothing.
        let wasKept = try store.status(of: id) == .kept
        if wasKept { try store.restore(.assets([id])) }
        do {
            // Sections past the plan's rules hold what was staged since the review opened (``ReviewScope/include(_:)``).
            if let plan = scope.plan, plan.rules.indices.contains(entry.section), plan.rules[entry.section].netNewIDs.contains(id) {
                // Proposed by a rule when the page opened: staged only if the rule proposes it now,
                // with the row its `cull stage` writes (its name, its keeper).
                let old = plan.rules[entry.section]
                let fresh = try replan?() ?? plan
                guard let line = fresh.rules.firstIndex(where: { $0.rule == old.rule && $0.ruleFile == old.ruleFile }),
                      fresh.rules[line].netNewIDs.contains(id) else {
                    throw Refusal(description: "not staged: rule \(old.rule) does not propose it any more (a protect guard, a keep "
                                  + "or a change since the page opened); restart cull review to see the plan as it is now")
                }
                let single = try narrowed(fresh, line: line, to: id, shown: scope)
                guard !single.rules[0].netNewIDs.isEmpty else {
                    throw Refusal(description: "not staged: the keeper of its duplicate group is staged now; unstage the keeper first")
                }
                try store.stage(single, runID: Self.runID())
            } else {
                try stageByHand([id])
            }
        } catch {
            if wasKept { _ = try store.keep(assetIDs: [id]) }
            throw error
        }
    }

    /// `cull stage --path`: a keep wins, a Live Photo goes whole; what is refused is said, not
    /// silently skipped.
    private func stageByHand(_ ids: [Int64]) throws {
        let (plan, result) = try HandStaging(db: db, root: library.root).stage(ids, runID: Self.runID())
        guard result.total == 0, let line = plan.rules.first, line.alreadyStaged == 0, !ids.isEmpty else { return }
        let reasons = line.excluded.map(\.reason.description)
        throw Refusal(description: "not staged: " + (reasons.isEmpty ? "the rules' guards keep it" : reasons.joined(separator: "; ")))
    }

    /// One line of `plan`, narrowed to one asset (and the Live Photo half that goes with it), or
    /// whole: staged the way `cull stage` stages it (its rule, its keepers, its Live pairs).
    ///
    /// The plan was made when the review opened; since then a keeper may have been staged (by hand,
    /// from the page or a terminal). A twin whose keeper is staged now is left out: no group is
    /// ever staged whole on the word of a stale plan. Nor is an id the review no longer shows (it
    /// names another file now: ``ReviewScope/refresh(_:)``).
    func narrowed(_ plan: Plan, line index: Int, to id: Int64?, shown scope: ReviewScope) throws -> Plan {
        let line = plan.rules[index]
        let keeperOf = line.keeperOf
        let store = StagingStore(db: db)
        let ids = try (id.map { id in line.netNewIDs.filter { $0 == id || line.livePairOf[$0] == id } } ?? line.netNewIDs)
            .filter { scope.entries[$0] != nil }
            .filter { twin in try keeperOf[twin].map { try store.status(of: $0) != .trashed } ?? true }
        var narrowed = Plan.RuleLine(
            rule: line.rule, ruleFile: line.ruleFile, matched: line.matched, stagedEarlier: line.stagedEarlier, stagedEarlierAt: line.stagedEarlierAt,
            claimedEarlier: line.claimedEarlier, excluded: line.excluded,
            netNewIDs: ids, netNewBytes: 0, samplePaths: [], limit: id == nil ? line.limit : nil,
            selected: id == nil ? line.selected : ids.count, livePairOf: line.livePairOf)
        narrowed.groups = line.groups
        narrowed.keeperOf = line.keeperOf
        narrowed.measured = line.measured
        return Plan(rules: [narrowed], stagedBefore: plan.stagedBefore, netNew: (ids.count, 0), fingerprint: plan.fingerprint,
                    ceiling: nil, companions: CompanionPlan())
    }

    private static func runID() -> String { "review-\(Int64(Date().timeIntervalSince1970))-\(getpid())" }

    private func takeLock() throws -> LibraryLock {
        do {
            return try LibraryLock(library: library)
        } catch {
            throw Refusal(description: "another cull run holds the library right now; try again in a moment")
        }
    }

    private func locked(_ body: () throws -> Void) throws {
        let lock = try takeLock()
        defer { lock.release() }
        try CommitRecovery.recover(library: library, db: db, holding: lock)
        try body()
    }
}

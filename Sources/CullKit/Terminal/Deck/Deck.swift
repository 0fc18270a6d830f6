import Foundation

/// The terminal deck's decisions, one photo at a time (Swept's way): → keep, ← stage, ↓ skip,
/// `u` undo, `g` the whole group, `c` commit, `q` quit. Every decision goes through
/// ``ReviewDecisions`` — the rows `cull keep`, `cull stage` (`--path`) and `cull restore` write,
/// every guard they obey — and what a guard refuses is said on screen, not skipped silently.
///
/// Drawing and the terminal are elsewhere (``DeckScreen``, ``TerminalSession``): this type only
/// turns keys into decisions, so its rules can be read (and tested) on their own.
final class Deck {
    /// What the key asked of the loop.
    enum Effect: Equatable {
        case redraw
        case suspend
        case quit(interrupted: Bool)
    }

    /// A commit asked for and not confirmed yet: what it would take.
    struct PendingCommit: Equatable {
        let count: Int
        let bytes: Int64
        let fingerprint: String
    }

    /// One decision, as the rows it changed: undo puts each back as it was.
    private struct Step {
        let position: Int
        let label: String
        let before: [Int64: StagingStatus]
        /// What it added to ``counts``, taken off again by undo.
        var kept = 0, staged = 0
    }

    let db: Database
    private let decisions: ReviewDecisions
    private(set) var scope: ReviewScope
    /// The assets shown, one card each, in the review's order (a group's keeper first).
    private(set) var cards: [Int64]
    private(set) var position = 0
    private(set) var message = ""
    private(set) var pending: PendingCommit?
    private(set) var counts = (kept: 0, staged: 0, skipped: 0)
    private var history: [Step] = []

    init(library: Library, db: Database, scope: ReviewScope, replan: (() throws -> Plan)?) throws {
        self.db = db
        decisions = ReviewDecisions(library: library, db: db, replan: replan)
        var scope = scope
        try scope.refresh(db)
        self.scope = scope
        cards = scope.assetIDs
    }

    /// The card shown, if any is left.
    var current: Int64? { cards.indices.contains(position) ? cards[position] : nil }

    /// Whether every card has been seen.
    var isFinished: Bool { position >= cards.count }

    func handle(_ key: DeckKey) -> Effect {
        if let commit = pending {
            pending = nil
            if key == .character("y") || key == .character("Y") { confirm(commit) } else { message = "Commit cancelled: nothing moved." }
            return .redraw
        }
        switch key {
        // k and t as on the review page; space skips as ↓ does.
        case .right, .character("k"): decide("kept", .keep)
        case .left, .character("t"): decide("staged", .stage)
        case .down, .character(" "):
            if let id = current {
                counts.skipped += 1
                message = "Skipped \(name(id))."
            }
            advance()
        case .up: if position > 0 { position -= 1; message = "" }
        case .character("u"): undo()
        case .character("g"): wholeGroup()
        case .character("c"): askCommit()
        case .character("q"), .end: return .quit(interrupted: false)
        case .interrupt: return .quit(interrupted: true)
        case .suspend: return .suspend
        default: message = "Keys: → keep, ← stage, ↓ skip, u undo, g whole group, c commit, q quit."
        }
        return .redraw
    }

    /// The current card's decision, recorded for undo, then the next card. A refusal stays on the card.
    private func decide(_ verb: String, _ decision: ReviewDecisions.Decision) {
        guard let id = current else { message = "No card left: c commits, q quits."; return }
        let steps = history.count
        let done = change("\(verb) \(name(id))") { try decisions.apply(decision, to: id, scope: scope) }
        guard done else { return }
        let now = (try? StagingStore(db: db).status(of: id)) ?? .new
        let wanted: StagingStatus = decision == .keep ? .kept : .trashed
        guard now == wanted else {
            message = "Not \(verb): \(name(id)) is \(now == .trashed ? "staged" : now == .kept ? "kept" : "not staged") (a guard decided)."
            return
        }
        if history.count > steps { decision == .keep ? count(kept: 1) : count(staged: 1) }
        message = verb.prefix(1).uppercased() + verb.dropFirst() + " \(name(id))."
        // Staging a keeper sends its twins back to unstaged (a twin leaves only while its keeper stays).
        let unstaged = history.count > steps ? history[history.count - 1].before.count(where: { $0.key != id && $0.value == .trashed }) : 0
        if unstaged > 0 { message += " \(English.count(unstaged, "staged twin")) of it went back to unstaged: its keeper leaves now." }
        advance()
    }

    /// `g`: the group of the current card decided as its rule would — the keeper stays, every other
    /// member is staged — as one decision (one `u` takes it all back).
    private func wholeGroup() {
        guard let id = current, let entry = scope.entries[id], let index = entry.group else {
            message = "Not in a group: g decides a whole group (its keeper stays, the others are staged)."
            return
        }
        let group = scope.sections[entry.section].groups[index]
        var refused: [String] = []
        var staged = 0
        let steps = history.count
        let done = change("the group of \(name(id))") {
            for member in group.members where member != group.keeper {
                guard try StagingStore(db: db).status(of: member) != .trashed else { continue }
                do {
                    try decisions.apply(.stage, to: member, scope: scope)
                    if try StagingStore(db: db).status(of: member) == .trashed { staged += 1 }
                } catch let refusal as ReviewDecisions.Refusal {
                    refused.append("\(name(member)): \(refusal.description)")
                }
            }
        }
        guard done else { return }
        if history.count > steps { count(staged: staged) }
        let keeper = group.keeper.map { "; keeper \(name($0)) stays" } ?? ""
        message = "Staged \(English.count(staged, "file")) of the group\(keeper)." + (refused.isEmpty ? "" : " " + refused.joined(separator: "; "))
        let members = Set(group.members)
        while let next = current, members.contains(next) { position += 1 }
    }

    /// Runs `body` (decisions) and records the statuses it changed, for undo. False (and the
    /// message says why) when it failed; a failure part-way is recorded too, so it can be undone.
    private func change(_ label: String, _ body: () throws -> Void) -> Bool {
        do {
            try scope.refresh(db)
            if let id = current, scope.entries[id] == nil {
                message = "\(name(id)) changed since the deck opened (a scan elsewhere): skipped; restart to see it as it is."
                advance()
                return false
            }
        } catch {
            message = "Cannot read the index: \(error)"
            return false
        }
        let before = (try? statuses()) ?? [:]
        var failure: String?
        do { try body() } catch let refusal as ReviewDecisions.Refusal { failure = refusal.description } catch { failure = "\(error)" }
        let after = (try? statuses()) ?? before
        var changed: [Int64: StagingStatus] = [:]
        for id in Set(before.keys).union(after.keys) where before[id] != after[id] { changed[id] = before[id] ?? .new }
        if !changed.isEmpty { history.append(Step(position: position, label: label, before: changed)) }
        if let failure {
            message = failure.prefix(1).uppercased() + failure.dropFirst()
            return false
        }
        return true
    }

    /// Counts the decision just recorded as the last step, so that undo can take it off again.
    private func count(kept: Int = 0, staged: Int = 0) {
        counts.kept += kept
        counts.staged += staged
        history[history.count - 1].kept += kept
        history[history.count - 1].staged += staged
    }

    /// `u`: the last decision taken back, each row as it was (unstaged, kept again, or staged
    /// again — by hand when it was staged in an earlier run), and its card shown again.
    private func undo() {
        guard let step = history.popLast() else { message = "Nothing to undo."; return }
        var problems: [String] = []
        for (id, status) in step.before.sorted(by: { $0.key < $1.key }) {
            do {
                switch status {
                case .new: try decisions.apply(.unstage, to: id, scope: scope)
                case .kept: try decisions.apply(.keep, to: id, scope: scope)
                case .trashed: try decisions.apply(.stage, to: id, scope: scope)
                }
            } catch {
                problems.append("\(name(id)): \(error)")
            }
        }
        counts.kept -= step.kept
        counts.staged -= step.staged
        position = step.position
        message = "Undone: \(step.label)." + (problems.isEmpty ? "" : " Not undone: " + problems.joined(separator: "; "))
    }

    /// `c`: what a commit would take, to confirm.
    private func askCommit() {
        do {
            let listing = try TrashListing(db: db, order: .path)
            let leaving = listing.leaving
            guard !leaving.isEmpty else { message = "Nothing is staged: nothing to commit."; return }
            pending = PendingCommit(count: leaving.count, bytes: leaving.reduce(0) { $0 + $1.size } + listing.companions.bytes,
                                    fingerprint: listing.fingerprint)
            message = ""
        } catch {
            message = "Cannot read the staged set: \(error)"
        }
    }

    private func confirm(_ commit: PendingCommit) {
        do {
            let receipt = try decisions.commit(fingerprint: commit.fingerprint)
            var text = "Moved \(English.count(receipt.moved, "file")) to the trash (\(ByteCount.format(receipt.bytes)))"
            if receipt.isPartial { text += "; skipped \(receipt.skipped.count)" }
            message = text + ". Undo with: cull undo \(receipt.commit)"
            // What left the library has no card any more, and its decisions cannot be undone here.
            history = []
            try scope.refresh(db)
            let current = self.current
            cards = cards.filter { scope.entries[$0] != nil }
            position = current.flatMap { cards.firstIndex(of: $0) } ?? min(position, cards.count)
        } catch let refusal as ReviewDecisions.Refusal {
            message = "Not committed: \(refusal.description)"
        } catch {
            message = "Not committed: \(error)"
        }
    }

    private func advance() {
        if position < cards.count { position += 1 }
        if isFinished { message += (message.isEmpty ? "" : " ") + "That was the last card: c commits, ↑ goes back, q quits." }
    }

    private func statuses() throws -> [Int64: StagingStatus] { try StagingStore(db: db).statuses() }

    /// A card's file name, as shown.
    func name(_ id: Int64) -> String {
        (try? AssetFile.record(db, id: id)).flatMap { $0?.name } ?? "file \(id)"
    }
}

/// The lines `cull plan --explain PATH` gives of a member of a similar group that is another member
/// turned or mirrored: which way, and how many bits apart turned back.
public enum TurnedExplanation {
    /// One line per member of `assetID`'s similar groups in `plan` it is near only turned or mirrored.
    public static func lines(db: Database, plan: Plan, assetID: Int64) throws -> [TerminalText] {
        var lines: [TerminalText] = []
        for line in plan.rules {
            for outcome in line.groups where outcome.members.contains(where: { $0.id == assetID }) {
                guard case let .similar(distance) = outcome.group.spec else { continue }
                let others = outcome.members.map(\.id).filter { $0 != assetID }
                for turned in try SimilarGroups.turned(db, assetID: assetID, among: others, distance: distance) {
                    lines.append("  turned: \(path: turned.path) \(turned.turn), \(turned.distance) bits of 64 apart turned back")
                }
            }
        }
        return lines
    }
}

/// The lines `cull plan --explain PATH` gives of a member of a similar or same-picture group that is another member
/// turned or mirrored: which way, and how many bits apart turned back.
public enum TurnedExplanation {
    /// One line per member of `assetID`'s similar and same-picture groups in `plan` it is near only turned or mirrored.
    public static func lines(db: Database, plan: Plan, assetID: Int64) throws -> [TerminalText] {
        var lines: [TerminalText] = []
        for line in plan.rules {
            for outcome in line.groups where outcome.members.contains(where: { $0.id == assetID }) {
                guard let distance = outcome.group.spec.turnedDistance else { continue }
                for turned in try SimilarGroups.turnedMembers(db, of: outcome.members.map(\.id), distance: distance) where turned.id == assetID {
                    lines.append("  turned: \(path: turned.fromPath) \(turned.turn), \(turned.distance) bits of 64 apart turned back")
                }
            }
        }
        return lines
    }
}

import Foundation
import Testing
@testable import CullKit

/// A tripped limit says how to look at what tripped it and how to let it through for one run, and
/// `--lift-limit RULE` does that for that rule only; the ceiling still holds.
@Suite struct LiftLimitTests {
    @Test func aTrippedLimitSaysWhatToDoAndLiftLimitLetsItThrough() throws {
        let box = try Sandbox("lift-limit")
        for index in 0..<4 { box.write("shot\(index).png", "png \(index)") }
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("r.yaml", "version: 1\nrules:\n  - name: pngs\n    match: {extension: png}\n    limit: {count: 2}\n")

        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.stdout.contains("LIMIT TRIPPED: would stage 4 new, limit 2"), "\(plan.stdout)")
        #expect(plan.stdout.contains("--preview or --format paths") && plan.stdout.contains("--lift-limit pngs"), "\(plan.stdout)")
        let stage = try box.cull(["stage", rules, "--ceiling", "100"])
        #expect(stage.status == 4 && stage.stderr.contains("'--lift-limit pngs'"), "\(stage.stdout)\(stage.stderr)")
        #expect(try StagedSet.load(box.db).isEmpty)

        let typo = try box.cull(["stage", rules, "--ceiling", "100", "--lift-limit", "png"])
        #expect(typo.status == 2 && typo.stderr.contains("no trash rule named 'png'") && typo.stderr.contains("pngs"), "\(typo.stderr)")
        let lifted = try box.cull(["stage", rules, "--ceiling", "100", "--lift-limit", "pngs"])
        #expect(lifted.status == 0, "\(lifted.stdout)\(lifted.stderr)")
        #expect(try StagedSet.load(box.db).count == 4)

        // The next run stages nothing new: the limit counts what would be new, and does not trip.
        let again = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(again.status == 0 && !again.stdout.contains("TRIPPED"), "\(again.stdout)")
    }

    @Test func theCeilingSaysHowToRaiseIt() throws {
        let box = try Sandbox("lift-ceiling")
        for index in 0..<4 { box.write("shot\(index).png", "png \(index)") }
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("r.yaml", "version: 1\nrules:\n  - name: pngs\n    match: {extension: png}\n")
        let plan = try box.cull(["plan", rules, "--ceiling", "50", "--lift-limit", "pngs"])
        #expect(plan.stdout.contains("CEILING TRIPPED") && plan.stdout.contains("--ceiling PERCENT raises it for this run"), "\(plan.stdout)")
    }
}

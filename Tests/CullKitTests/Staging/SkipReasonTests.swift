import Testing
@testable import CullKit

/// Each skip reason renders the sentence Cull has always shown for it: the receipt, `cull trash`,
/// the commit prompt and the JSON are byte-identical to the texts before the reasons were typed.
@Suite struct SkipReasonTests {
    static let cleared = "; unstaged, its group is decided again at the next plan"

    @Test func theSentencesAreTheOnesShownBefore() {
        let expected: [(SkipReason, String)] = [
            (.keeperChanged(.notIndexed), "its keeper changed: it is no longer in the index" + Self.cleared),
            (.keeperChanged(.gone(keeper: "a/k.jpg")), "its keeper changed: a/k.jpg is gone" + Self.cleared),
            (.keeperChanged(.modified(keeper: "k.jpg")), "its keeper changed: k.jpg was modified since it was grouped" + Self.cleared),
            (.keeperChanged(.contentDiffers(keeper: "k.jpg")), "its keeper changed: k.jpg no longer has the same content" + Self.cleared),
            (.keeperStaged(keeper: "k.jpg"), "its keeper changed: k.jpg is staged too"),
            (.changedSinceHashed, "it changed since it was hashed"),
            (.sidecarChanged, "sidecar changed since staging"),
            (.catalogHold("picked in digiKam (d.db) since it was staged"), "picked in digiKam (d.db) since it was staged"),
            (.livePairNotStaged(partner: "IMG_1.MOV"), "its Live Photo pair IMG_1.MOV is not staged"),
            (.livePairStays(partner: "IMG_1.MOV", unstaged: false), "its Live Photo pair IMG_1.MOV stays"),
            (.livePairStays(partner: "IMG_1.MOV", unstaged: true), "its Live Photo pair IMG_1.MOV stays" + Self.cleared),
            (.primarySkipped, "its primary was skipped"),
            (.noFreeName, "no free name at the destination"),
            (.refused("cannot move: Permission denied"), "cannot move: Permission denied"),
            (.journaled(.sidecarChanged, "sidecar changed since staging"), "sidecar changed since staging"),
            (.legacy("anything at all"), "anything at all"),
        ]
        for (reason, text) in expected { #expect(reason.description == text) }
    }

    @Test func onlyAChangedKeeperUnstages() {
        #expect(SkipReason.keeperChanged(.notIndexed).unstages && SkipReason.livePairStays(partner: "m", unstaged: true).unstages)
        #expect(!SkipReason.keeperStaged(keeper: "k").unstages && !SkipReason.livePairStays(partner: "m", unstaged: false).unstages)
        #expect(!SkipReason.legacy("its keeper changed: k is gone" + Self.cleared).unstages, "a legacy sentence is never parsed")
        #expect(SkipReason(journaled: nil, text: "x") == .legacy("x"))
        #expect(SkipReason(journaled: "keeper-changed", text: "x") == .journaled(.keeperChanged, "x"))
    }
}

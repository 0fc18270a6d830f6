@testable import CullKit
import Testing

/// ``ClockCrossings``: a run's memos read where their relative dates next cross a file once, and
/// never a value the index no longer holds.
@Suite struct ClockCrossingsTests {
    @Test func crossingsAreReadAgainOnceTheIndexMoves() throws {
        let index = try TestIndex([TestAsset(path: "a.jpg", taken: 100), TestAsset(path: "b.jpg", taken: 500)])
        let db = index.database
        let crossings = ClockCrossings()
        let bounds = [ClockedKey.ClockBound(subject: "a.taken", bound: 200), ClockedKey.ClockBound(subject: "a.taken", bound: 600)]
        #expect(try crossings.nexts(bounds, db) == [500, nil])
        // Asked again at the same counts: the same, whatever was asked first.
        #expect(try crossings.nexts(Array(bounds.reversed()), db) == [nil, 500])
        // A file taken between the bound and the old first value: the crossing is nearer now.
        try db.execute("UPDATE assets SET taken = 300 WHERE path = 'a.jpg'")
        #expect(try crossings.nexts(bounds, db) == [300, nil])
        try db.execute("DELETE FROM assets WHERE path = 'a.jpg'")
        try db.execute("UPDATE assets SET taken = 700 WHERE path = 'b.jpg'")
        #expect(try crossings.nexts(bounds, db) == [700, 700])
    }
}

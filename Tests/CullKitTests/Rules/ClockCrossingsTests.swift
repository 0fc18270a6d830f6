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

    /// Whether a subject is read from an index (capture times) or in the one pass (the rest), the
    /// first value at or past each bound is the one a look at every asset finds.
    @Test(arguments: [3, 17] as [UInt64])
    func everySubjectsCrossingIsTheSmallestValueAtOrPastItsBound(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        let index = try TestIndex((0 ..< 200).map { number in
            TestAsset(path: "IMG_\(number).jpg", taken: random.below(5) == 0 ? nil : Int64(random.below(10_000)),
                      added: Int64(random.below(10_000)))
        })
        let db = index.database
        var rows: [(taken: Int64?, added: Int64)] = []
        try db.forEachRow("SELECT taken, added FROM assets") { rows.append(($0.optionalInt64("taken"), $0.int64("added"))) }
        let subjects: [(sql: SQLFragment, value: ((taken: Int64?, added: Int64)) -> Int64?)] = [
            ("a.taken", { $0.taken }), ("a.added", { $0.added }), ("COALESCE(a.taken, a.added)", { $0.taken ?? $0.added }),
        ]
        var bounds: [ClockedKey.ClockBound] = [], expected: [Int64?] = []
        for _ in 0 ..< 12 {
            let subject = subjects[random.below(subjects.count)], bound = Int64(random.below(11_000))
            bounds.append(ClockedKey.ClockBound(subject: subject.sql, bound: bound))
            expected.append(rows.compactMap(subject.value).filter { $0 >= bound }.min())
        }
        #expect(try ClockCrossings().nexts(bounds, db) == expected)
    }

    /// The relative dates the stock rules use (capture, index and modification times) each find
    /// their next crossing by one seek, not a pass over the library.
    @Test func theStockSubjectsAreReadByASeek() throws {
        let index = try TestIndex([TestAsset(path: "a.jpg", taken: 100)])
        for subject in ["a.taken", "a.added", "a.modified"] as [SQLFragment] {
            #expect(try ClockCrossings.seeks(ClockCrossings.first(ClockedKey.ClockBound(subject: subject, bound: 50)), index.database),
                    "\(subject.sql)")
        }
        #expect(try !ClockCrossings.seeks(ClockCrossings.first(ClockedKey.ClockBound(subject: "a.added + 1", bound: 50)), index.database))
    }
}


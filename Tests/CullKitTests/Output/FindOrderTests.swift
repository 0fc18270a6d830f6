@testable import CullKit
import Testing

/// A limited `cull find` is sorted and cut by SQLite: what it lists is the first files of the whole
/// sorted list, ties in path order and files without a capture time last.
@Suite struct FindOrderTests {
    @Test(arguments: [31, 32] as [UInt64])
    func aLimitedListIsTheHeadOfTheWholeOne(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        let index = try TestIndex.ofTies(40, &random)
        let library = Library(root: index.directory)
        let clock = RunClock(now: EvaluationMemoTests.start, localOffset: 0)
        for order in FindQuery.Order.allCases {
            var query = FindQuery(fragments: ["kind: photo"], clock: clock)
            query.order = order
            let whole = try query.run(library: library, db: index.database).found.map(\.path)
            #expect(whole.count == 40)
            for limit in [1, 2, 7, 25, 40, 60] {
                query.limit = limit
                #expect(try query.run(library: library, db: index.database).found.map(\.path) == Array(whole.prefix(limit)), "\(order) \(limit)")
            }
        }
    }

    /// The largest, newest or oldest photos of a library are read through an index of their order,
    /// from its end, never by a pass over every file in path order.
    @Test(arguments: [(FindQuery.Order.largest, "assets_size"), (.newest, "assets_taken"), (.oldest, "assets_taken")])
    func theFirstAreFoundByAnIndexOfTheOrder(order: FindQuery.Order, index name: String) throws {
        let index = try TestIndex((0 ..< 3).map { TestAsset(path: "p/\($0).jpg") })
        let evaluator = try RuleEvaluator(database: index.database, clock: RunClock(now: EvaluationMemoTests.start, localOffset: 0))
        let (predicate, _) = RuleLoader.predicate(fragment: "kind: photo", label: "<test>")
        let query = RuleCompiler.findQuery(try #require(predicate), columns: "a.id", evaluator.context, order: order.keys, limit: 20)
        let plan = try index.database.queryPlan(query.sql, query.arguments).joined(separator: "\n")
        #expect(plan.contains("USING INDEX \(name)") && !plan.contains("sqlite_autoindex_assets_1"), "\(plan)")
    }
}

@testable import CullKit
import Testing

/// What the walk leaves out is counted whole, and listed only as far as ``IgnoredEntries/listed``:
/// a library inside a home folder of millions of other files must not hold every path in memory.
@Suite struct IgnoredEntriesTests {
    @Test func theFirstInPathOrderAreListedAndTheRestCounted() {
        var random = SystemRandomNumberGenerator()
        let names = (0 ..< 25_000).map { "dir\($0 % 7)/file-\($0).txt" }.shuffled(using: &random)
        // Two workers of the walk, merged as the walk merges them.
        var first = IgnoredEntries(), second = IgnoredEntries()
        for (index, name) in names.enumerated() {
            if index % 3 == 0 { first.record(Array(name.utf8), .notMedia) } else { second.record(Array(name.utf8), .hidden) }
        }
        var merged = IgnoredEntries()
        merged.add(first)
        merged.add(second)
        merged.settle()
        #expect(merged.nonMedia + merged.hidden == names.count)
        #expect(merged.entries.count == IgnoredEntries.listed && merged.unlisted == names.count - IgnoredEntries.listed)
        let expected = names.map { Array($0.utf8) }.sorted(by: PathBytes.precedes).prefix(IgnoredEntries.listed)
        #expect(merged.entries.map(\.path) == Array(expected))
        // Below the limit every entry is listed, in path order.
        var few = IgnoredEntries()
        for name in names.prefix(50) { few.record(Array(name.utf8), .symlink) }
        few.settle()
        #expect(few.unlisted == 0 && few.entries.map(\.path) == names.prefix(50).map { Array($0.utf8) }.sorted(by: PathBytes.precedes))
    }
}

import Testing
@testable import CullKit

/// A fragment's SQL text rewritten in place, its arguments kept where their `?` are.
@Suite struct SQLFragmentTests {
    @Test func replacingRewritesEveryOccurrenceAndKeepsTheArguments() {
        let fragment: SQLFragment = "(SELECT x) = \(7) AND ((SELECT x)) OR name = \("é")(SELECT x)"
        let replaced = fragment.replacing(sql: "(SELECT x)", with: "f.x")
        #expect(replaced.sql == "f.x = ? AND (f.x) OR name = ?f.x")
        #expect(replaced.arguments == fragment.arguments)
    }

    @Test func occurrencesDoNotOverlapAndAbsentTextChangesNothing() {
        let fragment = SQLFragment(sql: "aaaa b aa")
        #expect(fragment.replacing(sql: "aa", with: "c").sql == "cc b c")
        #expect(fragment.replacing(sql: "aaa", with: "").sql == "a b aa")
        #expect(fragment.replacing(sql: "zz", with: "c") == fragment)
        #expect(fragment.replacing(sql: "aaaa b aaa", with: "c") == fragment)
        #expect(fragment.replacing(sql: "", with: "c") == fragment)
    }

    @Test func nonASCIITextIsComparedByteForByte() {
        // SQLite reads bytes; a match may end before a combining mark, where characters would not.
        let fragment = SQLFragment(sql: "'e\u{301}' || \"é\"")
        #expect(fragment.replacing(sql: "e", with: "x").sql == "'x\u{301}' || \"é\"")
        #expect(fragment.replacing(sql: "é", with: "E").sql == "'e\u{301}' || \"E\"")
    }
}

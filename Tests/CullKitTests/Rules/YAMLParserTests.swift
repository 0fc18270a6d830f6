@testable import CullKit
import Testing

@Suite struct YAMLParserTests {
    @Test func keepsMarksAndScalarStyles() throws {
        let root = try #require(try YAMLParser.parse("a: 5\nb:\n  - \"5\"\n  - 'x'\n"))
        guard case let .mapping(pairs) = root.kind else { Issue.record("not a mapping"); return }
        #expect(pairs.map { "\($0.key.mark)" } == ["1:1", "2:1"])
        #expect(pairs[0].value.isPlainScalar && pairs[0].value.describedType == "a number")
        guard case let .sequence(items) = pairs[1].value.kind else { Issue.record("not a sequence"); return }
        #expect(items.map { "\($0.mark)" } == ["3:5", "4:5"])
        #expect(items[0].describedType == "the string \"5\"")
        if case let .scalar(_, style) = items[1].kind { #expect(style == .singleQuoted) }
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let root = try #require(try YAMLParser.parse("é: {ü: 1}\n"))
        guard case let .mapping(pairs) = root.kind, case let .mapping(inner) = pairs[0].value.kind else {
            Issue.record("shape"); return
        }
        #expect("\(inner[0].key.mark)" == "1:5")
    }

    @Test func rejectsAliasesSoNothingExpands() {
        let laughs = "a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n"
        #expect(throws: YAMLError.self) { try YAMLParser.parse(laughs) }
    }

    @Test func capsNesting() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect { try YAMLParser.parse(deep) } throws: { ($0 as? YAMLError)?.reason == .tooDeep }
    }

    @Test func emptyStreamIsNil() throws {
        #expect(try YAMLParser.parse("# only a comment\n") == nil)
    }
}

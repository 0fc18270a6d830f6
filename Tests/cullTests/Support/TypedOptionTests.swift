import Testing

/// Issue 39 item 2: an option's value is converted in one place (its `ArgumentConvertible` type), so a
/// bad value reads the same for every option: `invalid value 'x' for '--option'; expected …`, exit 2,
/// before anything is opened or changed.
@Suite struct TypedOptionTests {
    static let cases: [(arguments: [String], expected: String)] = [
        (["find", "--limit", "0"], "invalid value '0' for '--limit'; expected a positive whole number"),
        (["find", "--now", "yesterday"], "invalid value 'yesterday' for '--now'; expected an ISO 8601 date or date-time"),
        (["plan", "r.yaml", "--ceiling", "150"], "invalid value '150' for '--ceiling'; expected a percentage from 0 to 100"),
        (["commit", "--yes", "--staged-before", "7"], "invalid value '7' for '--staged-before'; expected an age with its unit, like 7d, 2w or 1mo"),
        (["catalog", "add", "x.db", "--map", "/a=relative"], "invalid value '/a=relative' for '--map'; expected FROM=TO with an absolute TO"),
    ]

    @Test(arguments: cases.indices) func aBadValueIsOneErrorForm(_ index: Int) throws {
        let (arguments, expected) = Self.cases[index]
        let box = try Sandbox("typed-option-\(index)")
        let result = try box.cull(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("cull: error: \(expected)\n"), "\(result.stderr)")
    }
}

@testable import CullKit
import Testing

/// A date that is one in shape but not in the calendar says why, and a year or a month is a date.
@Suite struct DateLiteralTests {
    func message(_ fragment: String) -> String {
        let parsed = RuleLoader.predicate(fragment: fragment, label: "<argument 1>")
        return parsed.load.diagnostics.map(\.message).joined(separator: "\n")
    }

    @Test func aDayTheMonthDoesNotHaveIsNamed() {
        #expect(message("taken: {before: 2020-02-30}").contains("not an ISO 8601 date or date-time (e.g. 2020-01-01, 2020-03, 2005, "))
        #expect(message("taken: {before: 2020-02-30}").hasSuffix(": February 2020 has 29 days"))
        #expect(message("taken: {before: 2021-02-29}").hasSuffix(": February 2021 has 28 days"))
        #expect(message("taken: {before: 2021-13-01}").hasSuffix(": there is no month 13"))
    }

    @Test func aYearAndAMonthAreTheWholeOfThem() throws {
        #expect(message("taken: {before: 2005}").isEmpty)
        let year = try #require(RuleDate.parse("2024"))
        #expect(year.isDateOnly && year.period == 366 * 86_400)
        let month = try #require(RuleDate.parse("2023-02"))
        #expect(month.period == 28 * 86_400 && month.wallClock == RuleDate.parse("2023-02-01")?.wallClock)
        #expect(RuleDate.parse("2023-2") == nil && RuleDate.parse("20") == nil)
    }
}

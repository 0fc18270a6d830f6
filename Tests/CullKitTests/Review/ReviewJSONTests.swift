import Testing
@testable import CullKit

/// The review document is written straight into bytes; the page (and `--html` reports) rely on
/// it being the text a `JSONValue` of the same fields renders to.
@Suite struct ReviewJSONTests {
    static let texts = ["", "plain.jpg", "quote \" and \\ back", "line\nfeed\r\ttab", "\u{1}\u{1f}\u{7f}", "</script>",
                        "caf\u{e9} \u{65e5}\u{672c} \u{1f4f7}", "a/b/c"]
    static let numbers: [Double] = [0, 1, -1, 1.5, 2.0, 1e15, 1e20, 123456.789, -0.25, .nan, .infinity, 3e-7]
    static let integers: [Int64] = [0, 9, 10, -1, -10, Int64.max, Int64.min, 1_700_000_000]

    @Test func writesWhatJSONValueRenders() {
        var json = ReviewJSON()
        json.raw("[")
        var values: [JSONValue] = []
        for text in Self.texts {
            json.string(text); json.raw(",")
            values.append(.string(text))
        }
        for number in Self.numbers {
            json.number(number); json.raw(",")
            values.append(.number(number))
        }
        for integer in Self.integers {
            json.integer(integer); json.raw(",")
            values.append(.integer(integer))
        }
        json.bool(true); json.raw(","); json.bool(false)
        values += [.bool(true), .bool(false)]
        json.raw("]")
        #expect(String(decoding: json.bytes, as: UTF8.self) == JSONValue.array(values).rendered(pretty: false))
    }
}

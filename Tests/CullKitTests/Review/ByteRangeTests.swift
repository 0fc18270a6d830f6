import Testing
@testable import CullKit

/// The single byte range of RFC 9110 §14.1.2, and everything else answered whole.
struct ByteRangeTests {
    @Test(arguments: [
        ("bytes=0-9", ByteRange.part(first: 0, last: 9)),
        ("bytes=10-", .part(first: 10, last: 99)),
        ("bytes=-5", .part(first: 95, last: 99)),
        ("bytes=-500", .part(first: 0, last: 99)),
        ("bytes=90-500", .part(first: 90, last: 99)),
        ("bytes=99-99", .part(first: 99, last: 99)),
        (" Bytes = 3-4 ", .whole),
        ("BYTES=3-4", .part(first: 3, last: 4)),
        ("bytes= 3-4", .part(first: 3, last: 4)),
        ("bytes=100-", .unsatisfiable),
        ("bytes=100-200", .unsatisfiable),
        ("bytes=-0", .unsatisfiable),
        ("bytes=0-1,5-6", .whole),
        ("bytes=5-2", .whole),
        ("bytes=abc", .whole),
        ("bytes=-", .whole),
        ("bytes=1-2-3", .whole),
        ("bytes=+1-2", .whole),
        ("bytes=99999999999999999999-", .whole),
        ("items=0-9", .whole),
        ("", .whole),
    ])
    func rangesOfAHundredBytes(_ header: String, _ expected: ByteRange) {
        #expect(ByteRange.of(header, size: 100) == expected, "\(header)")
    }

    @Test func noHeaderAnIfRangeOrAnEmptyFileIsWholeOrRefused() {
        #expect(ByteRange.of(nil, size: 100) == .whole)
        #expect(ByteRange.of("bytes=0-9", ifRange: "\"etag\"", size: 100) == .whole)
        #expect(ByteRange.of("bytes=0-", size: 0) == .unsatisfiable)
        #expect(ByteRange.of("bytes=-5", size: 0) == .unsatisfiable)
    }
}

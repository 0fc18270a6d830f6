import Testing
@testable import CullKit

@Suite struct FilenameDateTests {
    static let cases: [(String, String?)] = [
        ("IMG_20230115_123456.jpg", "2023-01-15T12:34:56"),
        ("PXL_20230115_123456789.jpg", "2023-01-15T12:34:56"),
        ("Screenshot_20230115-101010.png", "2023-01-15T10:10:10"),
        ("Screenshot 2023-01-15 at 12.34.56.png", "2023-01-15T12:34:56"),
        ("2019-12-31 23.59.59.jpg", "2019-12-31T23:59:59"),
        ("IMG-20230115-WA0001.jpg", "2023-01-15T00:00:00"),
        ("VID_20200229_000000.mp4", "2020-02-29T00:00:00"),
        ("IMG_20230230_101010.jpg", nil), // 30 February
        ("IMG_1234.JPG", nil),
        ("DSC120230115.jpg", nil),         // digits inside a longer counter
        ("photo_18991231.jpg", nil),       // implausible year
    ]

    @Test(arguments: cases)
    func parses(_ name: String, _ expected: String?) {
        let date = FilenameDate.parse(Array(name.utf8))
        #expect(date.map { CivilDate.iso8601($0.local) } == expected)
        #expect(date?.offsetMinutes == nil)
    }

    @Test func civilRoundTrip() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let seconds = Int64(days) * 86_400 + 3_723
            let c = CivilDate.components(seconds)
            #expect(CivilDate.seconds(year: c.year, month: c.month, day: c.day, hour: c.hour, minute: c.minute, second: c.second) == seconds)
        }
    }
}

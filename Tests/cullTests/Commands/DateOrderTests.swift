import Foundation
import Testing
@testable import CullKit

/// Sorting by date is by capture time in every command, whether or not the date has a time-zone
/// offset, and files without a capture time come last either way: a modification time is when a
/// file was copied, not when it was taken.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "needs ImageMagick and exiftool"))
struct DateOrderTests {
    /// 1998 without an offset (an old camera), 2009 with one (a phone), 2015 without one, and two
    /// files without a capture time whose modification times are older than every capture.
    func library() throws -> Sandbox {
        let box = try Sandbox("date-order")
        let files: [(String, [String])] = [
            ("a-1998.jpg", ["-DateTimeOriginal=1998:07:01 12:00:00"]),
            ("b-2009.jpg", ["-DateTimeOriginal=2009:03:01 12:00:00", "-OffsetTimeOriginal=+02:00"]),
            ("c-2015.jpg", ["-DateTimeOriginal=2015:01:01 09:00:00"]),
            ("d-undated.jpg", []),
            ("e-undated.jpg", []),
        ]
        for (index, (name, tags)) in files.enumerated() {
            try box.tool(["convert", "-size", "16x16", "xc:gray\(20 + index * 10)", name])
            if !tags.isEmpty { try box.tool(["exiftool", "-q", "-overwrite_original"] + tags + [name]) }
            // Copied long ago, all of them: the copy times must not decide the order.
            try box.tool(["touch", "-d", "198\(index)-01-01 00:00:00", name])
        }
        #expect(try box.cull(["scan"]).status == 0)
        return box
    }

    @Test func findSortsByCaptureTimeAndUndatedLast() throws {
        let box = try library()
        let oldest = try box.cull(["find", "--sort", "oldest", "--format", "paths"])
        #expect(oldest.stdout == "a-1998.jpg\nb-2009.jpg\nc-2015.jpg\nd-undated.jpg\ne-undated.jpg\n", "\(oldest.stdout)\(oldest.stderr)")
        let newest = try box.cull(["find", "--sort", "newest", "--format", "paths"])
        #expect(newest.stdout == "c-2015.jpg\nb-2009.jpg\na-1998.jpg\nd-undated.jpg\ne-undated.jpg\n", "\(newest.stdout)\(newest.stderr)")
    }

    @Test func trashSortsTheSameWay() throws {
        let box = try library()
        let rules = try box.rules("all.yaml", "version: 1\nrules:\n  - name: all\n    match: {kind: photo}\n")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        let oldest = try box.cull(["trash", "--sort", "oldest", "--format", "paths"])
        #expect(oldest.stdout == "a-1998.jpg\nb-2009.jpg\nc-2015.jpg\nd-undated.jpg\ne-undated.jpg\n", "\(oldest.stdout)\(oldest.stderr)")
        let newest = try box.cull(["trash", "--sort", "newest", "--format", "paths"])
        #expect(newest.stdout == "c-2015.jpg\nb-2009.jpg\na-1998.jpg\nd-undated.jpg\ne-undated.jpg\n", "\(newest.stdout)\(newest.stderr)")
    }

    @Test func theOrderIsOneRule() {
        #expect(DateOrder.oldest.sorted([3, nil, 1, nil, 2] as [Int64?], taken: { $0 }) == [1, 2, 3, nil, nil])
        #expect(DateOrder.newest.sorted([3, nil, 1, nil, 2] as [Int64?], taken: { $0 }) == [3, 2, 1, nil, nil])
    }
}

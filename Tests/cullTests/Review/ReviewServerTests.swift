import Foundation
import Testing
@testable import CullKit

/// `cull review`'s server without a browser: who may talk to it, what it serves, what a decision writes.
@Suite struct ReviewServerTests {
    /// A library of two photos with EXIF thumbnails, one without, and a movie; a rule that matches all.
    static func library() throws -> (Sandbox, rules: String) {
        let box = try Sandbox("review")
        if ReviewMedia.hasImageMagick {
            box.write("trip/a.jpg", bytes: try ReviewMedia.photo("red", thumbnail: "orange"))
            box.write("trip/b.jpg", bytes: try ReviewMedia.photo("blue", thumbnail: "navy", orientation: 6))
            box.write("trip/big.jpg", bytes: try ReviewMedia.photo("green", width: 1024, height: 768))
        } else {
            box.write("trip/a.jpg", bytes: Media.jpeg(taken: "2015:07:01 10:00:00"))
            box.write("trip/b.jpg", bytes: Media.jpeg(taken: "2015:07:02 10:00:00"))
        }
        box.write("trip/c.jpg", bytes: Media.jpeg(taken: "2015:07:03 10:00:00"))
        box.write("trip/clip.mov", bytes: Media.movie(seconds: 7, created: Media.utc("2015-07-01T10:00:00Z")))
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("trip.yaml", """
            version: 1
            rules:
              - name: trip
                match:
                  path: {matches: "^trip/"}
                limit: {count: 10}
            """)
        return (box, rules)
    }

    /// Where the thumbnail of `path` is cached: named by its identity now.
    static func cached(_ box: Sandbox, _ path: String) throws -> String {
        let info = try #require(FileOps.lstat(box.root + Array(path.utf8)).0)
        return box.library.controlDirectory + "/thumbs/\(info.device)-\(info.inode)-\(info.size)-\(info.mtimeNs).jpg"
    }

    static func id(_ box: Sandbox, _ path: String) throws -> Int64 {
        try #require(try StagingStore(db: box.db).assetID(path: Array(path.utf8)))
    }

    @Test func everyRequestNeedsTheTokenAndOurHost() throws {
        let (box, rules) = try Self.library()
        let review = try ReviewProcess(box, ["--ceiling", "100", rules])
        #expect(try review.request("/").status == 403)
        #expect(try review.request("/?token=0000").status == 403)
        #expect(try review.request("/api/items").status == 403)
        #expect(try review.request("/thumb/1").status == 403)
        let page = try review.request("/?token=\(review.token)")
        #expect(page.status == 200 && page.body.contains("<title>Cull review</title>"))
        #expect(try review.request("/?token=\(review.token)", host: "localhost:\(review.port)").status == 200)
        // DNS rebinding: a page on evil.example resolving to 127.0.0.1 sends its own Host.
        #expect(try review.request("/?token=\(review.token)", host: "evil.example:\(review.port)").status == 421)
        #expect(try review.request("/api/items?token=\(review.token)", host: "127.0.0.1").status == 421)
        // No cookie: a browser sends 127.0.0.1's cookies to every port of it, so any other local
        // server the user visits would learn the token. Subresources carry it in their URL.
        let served = try review.fetch("/?token=\(review.token)", headers: [:])
        #expect(served.status == 200 && served.headers["set-cookie"] == nil, "\(served.headers)")
        #expect(try review.request("/api/items", headers: ["Cookie": "cull_token=\(review.token)"]).status == 403)
        let items = try review.request("/api/items", headers: ["X-Cull-Token": review.token])
        let thumb = try #require(items.body.range(of: #"/thumb/[0-9]+\?token=[0-9a-f]+"#, options: .regularExpression).map { String(items.body[$0]) },
                                 "\(items.body.prefix(300))")
        #expect(try review.request(thumb).status == 200)
        let stopped = review.interrupt()
        #expect(stopped.status == 0 && stopped.stderr.contains("Stopped."), "\(stopped)")
    }

    @Test func stateChangesOnlyByPostWithTheTokenHeader() throws {
        let (box, rules) = try Self.library()
        let review = try ReviewProcess(box, ["--ceiling", "100", rules])
        let a = try Self.id(box, "trip/a.jpg")
        // A cross-site form can send the cookie and the query, not a header: refused, nothing written.
        #expect(try review.request("/api/decide?id=\(a)&to=keep&token=\(review.token)", method: "POST",
                                   headers: ["Cookie": "cull_token=\(review.token)"]).status == 403)
        #expect(try review.request("/api/decide?id=\(a)&to=keep", headers: ["X-Cull-Token": review.token]).status == 405)
        #expect(try StagingStore(db: box.db).status(of: a) == .new)
        let kept = try review.request("/api/decide?id=\(a)&to=keep", method: "POST", headers: ["X-Cull-Token": review.token])
        #expect(kept.status == 200 && kept.body.contains(#""state":"kept""#), "\(kept)")
        #expect(try StagingStore(db: box.db).status(of: a) == .kept)
        let staged = try review.request("/api/decide?id=\(a)&to=stage", method: "POST", headers: ["X-Cull-Token": review.token])
        #expect(staged.status == 200)
        #expect(try StagingStore(db: box.db).status(of: a) == .trashed)
        #expect(try box.cull(["trash", "--format", "paths"]).stdout == "trip/a.jpg\n")
        #expect(try review.request("/api/decide?id=\(a)&to=unstage", method: "POST", headers: ["X-Cull-Token": review.token]).status == 200)
        #expect(try StagingStore(db: box.db).status(of: a) == .new)
        // A stale fingerprint commits nothing.
        _ = try review.request("/api/decide?id=\(a)&to=stage", method: "POST", headers: ["X-Cull-Token": review.token])
        let stale = try review.request("/api/commit?fingerprint=000000000000", method: "POST", headers: ["X-Cull-Token": review.token])
        #expect(stale.status == 409 && stale.body.contains("changed"), "\(stale)")
        #expect(box.exists("trip/a.jpg"))
        _ = review.interrupt()
    }

    @Test func assetsAreServedByIndexIDOnly() throws {
        let (box, rules) = try Self.library()
        let review = try ReviewProcess(box, ["--ceiling", "100", rules])
        let token = ["X-Cull-Token": review.token]
        for path in ["/original/../../../../etc/passwd", "/thumb/..%2f..%2fetc%2fpasswd", "/original/1x", "/original/-1",
                     "/original/999999", "/original/", "/thumb/99999999999999999999", "/etc/passwd"] {
            let answer = try review.request(path, headers: token)
            #expect(answer.status == 404, "\(path): \(answer.status)")
            #expect(!answer.body.contains("root:"), "\(path)")
        }
        let c = try Self.id(box, "trip/c.jpg")
        let original = try review.request("/original/\(c)", headers: token)
        #expect(original.status == 200)
        // A file swapped for a symlink after the scan is not followed.
        _ = FileOps.unlink(box.root + Array("trip/c.jpg".utf8))
        #expect(symlink("/etc/passwd", box.library.root + "/trip/c.jpg") == 0)
        let swapped = try review.request("/original/\(c)", headers: token)
        #expect(swapped.status == 410 && !swapped.body.contains("root:"), "\(swapped)")
        _ = review.interrupt()
    }

    /// A browser seeks in a video by asking for one byte range: 206 with Content-Range, 416 past
    /// the end, the whole file (200) for what is not one plain range.
    @Test func originalsAnswerByteRanges() throws {
        let (box, rules) = try Self.library()
        let review = try ReviewProcess(box, ["--ceiling", "100", rules])
        var token = ["X-Cull-Token": review.token]
        let clip = try Self.id(box, "trip/clip.mov")
        let file = Array(try #require(FileManager.default.contents(atPath: box.library.root + "/trip/clip.mov")))
        let size = file.count
        let whole = try review.fetch("/original/\(clip)", headers: token)
        #expect(whole.status == 200 && whole.body == file && whole.headers["accept-ranges"] == "bytes", "\(whole.headers)")
        for (range, first, last) in [("bytes=0-9", 0, 9), ("bytes=10-", 10, size - 1), ("bytes=-5", size - 5, size - 1),
                                     ("bytes=4-99999999", 4, size - 1)] {
            token["Range"] = range
            let part = try review.fetch("/original/\(clip)", headers: token)
            #expect(part.status == 206, "\(range): \(part.status)")
            #expect(part.headers["content-range"] == "bytes \(first)-\(last)/\(size)", "\(range): \(part.headers)")
            #expect(part.body == Array(file[first ... last]), "\(range): \(part.body.count) bytes")
            #expect(part.headers["accept-ranges"] == "bytes")
        }
        token["Range"] = "bytes=\(size)-"
        let outside = try review.fetch("/original/\(clip)", headers: token)
        #expect(outside.status == 416 && outside.headers["content-range"] == "bytes */\(size)", "\(outside.status) \(outside.headers)")
        for range in ["bytes=0-1,4-5", "bytes=9-2", "lines=1-2"] {
            token["Range"] = range
            let answered = try review.fetch("/original/\(clip)", headers: token)
            #expect(answered.status == 200 && answered.body == file, "\(range): \(answered.status)")
        }
        // Still only by id, with the token.
        #expect(try review.fetch("/original/\(clip)", headers: ["Range": "bytes=0-9"]).status == 403)
        #expect(try review.fetch("/original/../trip/clip.mov", headers: token).status == 404)
        _ = review.interrupt()
    }

    @Test(.enabled(if: ReviewMedia.hasImageMagick, "ImageMagick (convert) is not installed"))
    func thumbnailsComeFromTheEmbeddedPreviewAndAreCachedByIdentity() throws {
        let (box, rules) = try Self.library()
        let review = try ReviewProcess(box, ["--ceiling", "100", rules])
        let token = ["X-Cull-Token": review.token]
        let a = try Self.id(box, "trip/a.jpg")
        #expect(try review.request("/thumb/\(a)", headers: token).status == 200)
        let cached = try Self.cached(box, "trip/a.jpg")
        let bytes = try #require(FileManager.default.contents(atPath: cached))
        let expected = try ReviewMedia.convert(["-size", "160x120", "xc:orange", "-strip", "jpg:-"])
        #expect(Array(bytes) == expected, "the cached thumbnail is the embedded one")
        let clip = try Self.id(box, "trip/clip.mov")
        let placeholder = try review.request("/thumb/\(clip)", headers: token)
        #expect(placeholder.status == 200 && placeholder.body.contains("0:07"), "\(placeholder.body)")
        // This JPEG has no pixels to decode: a placeholder that says why, not a failed request.
        let c = try Self.id(box, "trip/c.jpg")
        let none = try review.request("/thumb/\(c)", headers: token)
        #expect(none.status == 200 && none.body.contains("<svg"))
        // b.jpg says "turn 90°": its 160×120 embedded preview is served turned, 120×160.
        let b = try Self.id(box, "trip/b.jpg")
        #expect(try review.request("/thumb/\(b)", headers: token).status == 200)
        let turned = try #require(FileManager.default.contents(atPath: Self.cached(box, "trip/b.jpg")))
        let upright = try JPEGDecoder.decode(Array(turned), path: "b", maxSide: 1000, grey: false)
        #expect(upright.width == 120 && upright.height == 160, "\(upright.width)×\(upright.height)")
        // No embedded preview: a small decode, 256 on the long side.
        let big = try Self.id(box, "trip/big.jpg")
        #expect(try review.request("/thumb/\(big)", headers: token).status == 200)
        let small = try JPEGDecoder.decode(Array(try #require(FileManager.default.contents(atPath: Self.cached(box, "trip/big.jpg")))),
                                           path: "big", maxSide: 1000, grey: false)
        #expect(small.width == 256 && small.height == 192, "\(small.width)×\(small.height)")
        _ = review.interrupt()
    }

    /// A real video's thumbnail is its first frame, cached by identity like a photo's; a video
    /// FFmpeg cannot read keeps the placeholder with its duration.
    @Test(.enabled(if: ReviewMedia.hasImageMagick, "ImageMagick (convert) is not installed"),
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "ffmpeg is not installed"))
    func videoThumbnailsAreTheirFirstFrame() throws {
        let (box, rules) = try Self.library()
        let made = box.base + "/real.mp4"
        let ffmpeg = try Subprocess.run(["/usr/bin/ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=320x240:d=1",
                                         "-pix_fmt", "yuv420p", made], environment: ProcessInfo.processInfo.environment)
        try #require(ffmpeg.status == 0, "\(ffmpeg.stderr)")
        box.write("trip/real.mp4", bytes: Array(try #require(FileManager.default.contents(atPath: made))))
        #expect(try box.cull(["scan"]).status == 0)
        let review = try ReviewProcess(box, ["--ceiling", "100", rules])
        let token = ["X-Cull-Token": review.token]
        let real = try Self.id(box, "trip/real.mp4")
        let served = try review.fetch("/thumb/\(real)", headers: token)
        #expect(served.status == 200 && served.headers["content-type"] == "image/jpeg", "\(served.headers)")
        let cached = try #require(FileManager.default.contents(atPath: try Self.cached(box, "trip/real.mp4")))
        #expect(Array(cached) == served.body)
        let frame = try JPEGDecoder.decode(served.body, path: "real", maxSide: 1000, grey: false)
        #expect(frame.width == 256 && frame.height == 192 && frame.pixels[0] > 200 && frame.pixels[1] < 60, "\(frame.width)×\(frame.height)")
        let clip = try Self.id(box, "trip/clip.mov")
        let placeholder = try review.request("/thumb/\(clip)", headers: token)
        #expect(placeholder.status == 200 && placeholder.body.contains("0:07"), "\(placeholder.body)")
        _ = review.interrupt()
    }

    /// Staging a duplicate group's keeper from the page is the user's decision about it: the twin
    /// staged against it goes back to unstaged (a twin leaves only while its keeper stays), so the
    /// group keeps a copy, and a stale plan never stages that twin again while its keeper is staged.
    @Test func stagingTheKeeperFromThePageSendsItsTwinBack() throws {
        let box = try Sandbox("reviewgroups")
        box.write("a/one.jpg", bytes: Media.jpeg(taken: "2015:07:01 10:00:00"))
        box.write("b/one-copy.jpg", bytes: Media.jpeg(taken: "2015:07:01 10:00:00"))
        box.write("b/other.jpg", bytes: Media.jpeg(taken: "2016:07:01 10:00:00"))
        #expect(try box.cull(["scan", "--hash"]).status == 0)
        let rules = try box.rules("dups.yaml", """
            version: 1
            rules:
              - name: dups
                match: {duplicate: true}
                keep: [shortest_path]
            """)
        let review = try ReviewProcess(box, ["--ceiling", "100", rules])
        let token = ["X-Cull-Token": review.token]
        let items = try review.request("/api/items", headers: token).body
        #expect(items.contains(#""keeper":true"#) && items.contains("shortest_path"), "\(items)")
        #expect(try review.request("/api/stage-section?section=0", method: "POST", headers: token).status == 200)
        let keeper = try Self.id(box, "a/one.jpg"), copy = try Self.id(box, "b/one-copy.jpg")
        #expect(try StagingStore(db: box.db).status(of: copy) == .trashed)
        let swapped = try review.request("/api/decide?id=\(keeper)&to=stage", method: "POST", headers: token)
        #expect(swapped.status == 200, "\(swapped)")
        #expect(try StagingStore(db: box.db).status(of: keeper) == .trashed)
        #expect(try StagingStore(db: box.db).status(of: copy) == .new, "the twin went back: its keeper leaves")
        // The plan made when the page opened no longer stages the copy against its staged keeper.
        let stale = try review.request("/api/decide?id=\(copy)&to=stage", method: "POST", headers: token)
        #expect(stale.status == 409, "\(stale)")
        #expect(try review.request("/api/stage-section?section=0", method: "POST", headers: token).status == 200)
        #expect(try StagingStore(db: box.db).status(of: copy) == .new, "the group keeps a copy")
        _ = review.interrupt()
    }

    /// A file name or rule file path is text: in the static report's HTML it cannot close the
    /// script element or become markup (a file name cannot hold `/`, a path can).
    @Test func hostileNamesStayText() throws {
        let box = try Sandbox("reviewxss")
        box.write("trip/<img src=x onerror=alert(1)>.jpg", bytes: Media.jpeg(taken: "2015:07:01 10:00:00"))
        #expect(try box.cull(["scan"]).status == 0)
        // The rule file's path is shown too: `…/</script><img src=y …>.yaml`.
        try FileManager.default.createDirectory(atPath: box.base + "/<", withIntermediateDirectories: true)
        let rules = try box.rules("</script><img src=y onerror=alert(2)>.yaml", """
            version: 1
            rules:
              - name: trip
                match: {path: {matches: "^trip/"}}
            """)
        let folder = box.base + "/report"
        let wrote = try box.cull(["review", "--ceiling", "100", "--html", folder, rules])
        #expect(wrote.status == 0, "\(wrote.stderr)")
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(!html.contains("<img src=x") && !html.contains("<img src=y"), "a name is never markup")
        #expect(html.components(separatedBy: "</script>").count == 2, "only the page's own script element closes")
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;.jpg") && html.contains("&lt;/script&gt;&lt;img src=y"))
    }

    /// An empty cache entry (a full disk, a truncating tool) is made again, not served or kept for good.
    @Test(.enabled(if: ReviewMedia.hasImageMagick, "ImageMagick (convert) is not installed"))
    func anEmptyCachedThumbnailIsMadeAgain() throws {
        let (box, rules) = try Self.library()
        var review = try ReviewProcess(box, ["--ceiling", "100", rules])
        let a = try Self.id(box, "trip/a.jpg")
        #expect(try review.request("/thumb/\(a)", headers: ["X-Cull-Token": review.token]).status == 200)
        _ = review.interrupt()
        let cached = try Self.cached(box, "trip/a.jpg")
        #expect(truncate(cached, 0) == 0)
        review = try ReviewProcess(box, ["--ceiling", "100", rules])
        let served = try review.request("/thumb/\(a)", headers: ["X-Cull-Token": review.token])
        #expect(served.status == 200 && !served.body.contains("<svg"))
        let bytes = try #require(FileManager.default.contents(atPath: cached))
        #expect(Array(bytes) == (try ReviewMedia.convert(["-size", "160x120", "xc:orange", "-strip", "jpg:-"])), "made again: \(bytes.count) bytes")
        _ = review.interrupt()
    }

    /// A changed file gets a new thumbnail (its identity is the cache key); the old one goes with the next review.
    @Test(.enabled(if: ReviewMedia.hasImageMagick, "ImageMagick (convert) is not installed"))
    func aChangedFileGetsANewThumbnail() throws {
        let (box, rules) = try Self.library()
        var review = try ReviewProcess(box, ["--ceiling", "100", rules])
        let a = try Self.id(box, "trip/a.jpg")
        #expect(try review.request("/thumb/\(a)", headers: ["X-Cull-Token": review.token]).status == 200)
        let before = try Self.cached(box, "trip/a.jpg")
        _ = review.interrupt()
        box.write("trip/a.jpg", bytes: try ReviewMedia.photo("red", width: 330, thumbnail: "purple"))
        #expect(try box.cull(["scan"]).status == 0)
        review = try ReviewProcess(box, ["--ceiling", "100", rules])
        #expect(!FileManager.default.fileExists(atPath: before), "the old thumbnail left with the old file")
        #expect(try review.request("/thumb/\(a)", headers: ["X-Cull-Token": review.token]).status == 200)
        let after = try #require(FileManager.default.contents(atPath: try Self.cached(box, "trip/a.jpg")))
        #expect(Array(after) == (try ReviewMedia.convert(["-size", "160x120", "xc:purple", "-strip", "jpg:-"])))
        _ = review.interrupt()
    }
}

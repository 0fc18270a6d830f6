import Foundation
import Testing
@testable import CullKit

/// What any local process can throw at `cull review`'s server: connections that trickle a header
/// line at a time (slowloris), a slow decode, ids with bytes after the digits, oversized requests.
@Suite struct ReviewServerLimitsTests {
    /// A TCP connection to the server that sends a request's first lines and never finishes it.
    final class Trickler: @unchecked Sendable {
        let fd: Int32

        init?(port: Int) {
            #if canImport(Glibc)
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
            fd = socket(AF_INET, SOCK_STREAM, 0)
            #endif
            guard fd >= 0 else { return nil }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { close(fd); return nil }
            trickle("GET /api/items HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
        }

        deinit { close(fd) }

        func trickle(_ text: String) {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            _ = text.withCString { send(fd, $0, strlen($0), flags) }
        }

        /// Still open: the server has not closed it (nothing to read and no end of file).
        var isOpen: Bool {
            var byte: UInt8 = 0
            let read = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
            return read < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
        }
    }

    static func library() throws -> (Sandbox, rules: String) {
        let box = try Sandbox("limits")
        box.write("trip/a.jpg", bytes: Media.jpeg(taken: "2015:07:01 10:00:00"))
        box.write("trip/b.jpg", bytes: Media.jpeg(taken: "2015:07:02 10:00:00"))
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("trip.yaml", "version: 1\nrules:\n  - name: trip\n    match: {path: \"trip/**\"}\n")
        return (box, rules)
    }

    /// Issue 18 item 5: 200 connections trickling one header line a second (a 64-connection limit
    /// was full with 64): a request with the token is answered while they stay open.
    @Test func aTokenRequestIsAnsweredWhile200ConnectionsTrickle() throws {
        let (box, rules) = try Self.library()
        let review = try ReviewProcess(box, ["--ceiling", "100", rules])
        let tricklers = (0 ..< 200).compactMap { _ in Trickler(port: review.port) }
        #expect(tricklers.count == 200)
        let stop = DispatchSemaphore(value: 0)
        let trickling = Thread {
            var line = 0
            while stop.wait(timeout: .now() + 1) == .timedOut {
                line += 1
                for trickler in tricklers { trickler.trickle("X-Line-\(line): \(line)\r\n") }
            }
        }
        trickling.start()
        defer { stop.signal() }
        Thread.sleep(forTimeInterval: 1.5)
        var latencies: [Double] = []
        for _ in 0 ..< 5 {
            let started = Date()
            let answer = try review.request("/api/items", headers: ["X-Cull-Token": review.token], maxTime: 20)
            latencies.append(Date().timeIntervalSince(started))
            #expect(answer.status == 200, "answered while 200 connections trickle: \(answer.status)")
        }
        let held = tricklers.filter(\.isOpen).count
        print("slowloris: \(held) of 200 trickling connections held open; /api/items answered in "
              + latencies.map { String(format: "%.0f ms", $0 * 1000) }.joined(separator: ", "))
        #expect(held == 200, "the server keeps the trickling connections (it has room for them): \(held)")
        _ = review.interrupt()
    }

    /// Requests carry no body and small headers: a body is refused unread, a huge header by
    /// libmicrohttpd's own memory bound.
    @Test func bodiesAndHugeHeadersAreRefused() throws {
        let (box, rules) = try Self.library()
        let review = try ReviewProcess(box, ["--ceiling", "100", rules])
        let id = try #require(try StagingStore(db: box.db).assetID(path: Array("trip/a.jpg".utf8)))
        let withBody = try review.request("/api/decide?id=\(id)&to=keep", method: "POST",
                                          headers: ["X-Cull-Token": review.token], body: String(repeating: "x", count: 100_000))
        #expect(withBody.status == 413, "\(withBody)")
        #expect(try StagingStore(db: box.db).status(of: id) == .new)
        let huge = try review.request("/api/items", headers: ["X-Cull-Token": review.token, "X-Padding": String(repeating: "p", count: 40_000)])
        #expect([413, 414, 431].contains(huge.status), "\(huge.status)")
        #expect(try review.request("/api/items", headers: ["X-Cull-Token": review.token]).status == 200)
        _ = review.interrupt()
    }

    /// Issue 18 item 14: an id in a URL is digits and nothing else; `/original/2%00` served id 2.
    @Test func idsParseStrictly() throws {
        let (box, rules) = try Self.library()
        let review = try ReviewProcess(box, ["--ceiling", "100", rules])
        let token = ["X-Cull-Token": review.token]
        let id = try #require(try StagingStore(db: box.db).assetID(path: Array("trip/a.jpg".utf8)))
        #expect(try review.request("/original/\(id)", headers: token).status == 200)
        for path in ["/original/\(id)%00", "/original/\(id)%00.jpg", "/thumb/\(id)%00", "/preview/\(id)%00x", "/original/0\(id)",
                     "/original/%2B\(id)", "/original/\(id)%20", "/original/\(id)/"] {
            let answer = try review.request(path, headers: token)
            #expect(answer.status == 404, "\(path): \(answer.status)")
        }
        for query in ["id=\(id)%00", "id=%2B\(id)", "id=0\(id)", "id=\(id)%20", "id=\(id)x"] {
            let answer = try review.request("/api/decide?\(query)&to=keep", method: "POST", headers: token)
            #expect(answer.status == 404, "\(query): \(answer.status)")
        }
        #expect(try StagingStore(db: box.db).status(of: id) == .new, "nothing was kept")
        _ = review.interrupt()
    }

    /// Issue 18 item 6: a slow decode (a progressive JPEG of 100 scans) runs off the request
    /// threads: `/api/items` is answered while the preview is still being made, and the preview,
    /// once made, is cached like a thumbnail and served from the cache.
    @Test(.enabled(if: ReviewMedia.hasImageMagick, "ImageMagick (convert) is not installed"),
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/jpegtran"), "jpegtran (libjpeg-turbo-progs) is not installed"))
    func aSlowDecodeDoesNotStallThePage() throws {
        let (box, rules) = try Self.library()
        let plain = box.base + "/plain.jpg", slow = box.base + "/slow.jpg", script = box.base + "/scans.txt"
        #expect(try Subprocess.run(["/usr/bin/convert", "-size", "6000x5000", "gradient:red-blue", "-quality", "90", plain],
                                   environment: box.environment).status == 0)
        // 100 scans (jpegtran's most): every one walks the whole coefficient buffer again.
        var scans = ["0,1,2: 0-0, 0, 1;"] + (1 ... 47).map { "0: \($0)-\($0), 0, 1;" } + ["1: 1-63, 0, 1;", "2: 1-63, 0, 1;", "0,1,2: 0-0, 1, 0;"]
        scans += (1 ... 47).map { "0: \($0)-\($0), 1, 0;" } + ["0: 48-63, 0, 0;", "1: 1-63, 1, 0;"]
        try scans.joined(separator: "\n").write(toFile: script, atomically: true, encoding: .utf8)
        #expect(try Subprocess.run(["/usr/bin/jpegtran", "-scans", script, "-outfile", slow, plain], environment: box.environment).status == 0)
        box.write("trip/slow.jpg", bytes: Array(try #require(FileManager.default.contents(atPath: slow))))
        #expect(try box.cull(["scan"]).status == 0)
        let review = try ReviewProcess(box, ["--ceiling", "100", rules])
        let id = try #require(try StagingStore(db: box.db).assetID(path: Array("trip/slow.jpg".utf8)))
        let started = Date()
        let preview = try Subprocess.start(["/usr/bin/curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "X-Cull-Token: \(review.token)",
                                            "http://127.0.0.1:\(review.port)/preview/\(id)"], environment: box.environment)
        Thread.sleep(forTimeInterval: 0.3)
        let items = try review.request("/api/items", headers: ["X-Cull-Token": review.token])
        let itemsTime = Date().timeIntervalSince(started)
        let stillDecoding = preview.process.isRunning
        #expect(items.status == 200)
        #expect(stillDecoding, "/api/items waited for the preview's decode")
        preview.process.waitUntilExit()
        print("slow preview: /api/items answered \(Int(itemsTime * 1000)) ms after the preview was asked for, "
              + "the preview \(Int(Date().timeIntervalSince(started) * 1000)) ms")
        // Made once (or still being made past the deadline: 503, ask again), then from the cache.
        var served: (status: Int, headers: [String: String], body: [UInt8]) = (0, [:], [])
        for _ in 0 ..< 10 {
            served = try review.fetch("/preview/\(id)", headers: ["X-Cull-Token": review.token])
            if served.status != 503 { break }
            #expect(served.headers["retry-after"] != nil)
        }
        #expect(served.status == 200 && served.headers["content-type"] == "image/jpeg", "\(served.status) \(served.headers)")
        let info = try #require(FileOps.lstat(box.root + Array("trip/slow.jpg".utf8)).0)
        let cached = box.library.controlDirectory + "/thumbs/\(info.device)-\(info.inode)-\(info.size)-\(info.mtimeNs).preview1600.jpg"
        #expect(FileManager.default.contents(atPath: cached).map(Array.init) == served.body, "the preview is cached by identity")
        _ = review.interrupt()
        // A thumbnail prune keeps the cached preview while its file is in the index.
        let again = try ReviewProcess(box, ["--ceiling", "100", rules])
        #expect(FileManager.default.fileExists(atPath: cached))
        _ = again.interrupt()
    }
}

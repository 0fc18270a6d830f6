#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `cull review`'s server: the page, its JSON API, thumbnails and originals, on 127.0.0.1 only,
/// every request through the ``ReviewGate``. Assets are named by their index id, never by a path
/// from the request. Decisions go through ``ReviewDecisions`` (the rows `cull keep`, `cull restore`
/// and `cull stage` write); "Commit" through ``CommitSession`` (the journaled commit).
///
/// Routes: `GET /` (the page), `GET /api/items`, `GET /thumb/ID`, `GET /original/ID`, `GET /preview/ID`,
/// `POST /api/decide?id=ID&to=keep|unstage|stage`, `POST /api/stage-section?section=N`,
/// `POST /api/commit?fingerprint=F`.
public final class ReviewServer: @unchecked Sendable {
    public let library: Library
    private let db: Database
    private var scope: ReviewScope
    private let thumbnails: Thumbnails
    private var server: HTTPServer?
    private var gate = ReviewGate(port: 0)
    private let lock = NSLock()
    /// The plan of the review's rules made again on the index as it is now (nil: a review of the staged set).
    private let replan: (() throws -> Plan)?

    /// The URL to open (with the token).
    public var url: String { "http://127.0.0.1:\(gate.port)/?token=\(gate.token)" }
    public var port: UInt16 { gate.port }

    public init(library: Library, db: Database, scope: ReviewScope, replan: (() throws -> Plan)? = nil) {
        self.replan = replan
        self.library = library
        self.db = db
        self.scope = scope
        thumbnails = Thumbnails(library: library)
        _ = try? thumbnails.prune(db)
    }

    /// Starts listening on a free loopback port.
    public func start() throws {
        let server = try HTTPServer { [unowned self] request in
            lock.lock()
            defer { lock.unlock() }
            return handle(request)
        }
        gate = ReviewGate(port: server.port)
        lock.lock()
        defer { lock.unlock() }
        try scope.refresh(db)
        self.server = server
        // Thumbnails are made ahead, on every core, while the page loads; a request for one not
        // made yet makes it itself (the cache takes whichever comes first).
        let records = try scope.assetIDs.compactMap { try AssetFile.record(db, id: $0) }
        let thumbnails = thumbnails
        DispatchQueue.global(qos: .utility).async { thumbnails.warm(records) }
    }

    /// Stops listening (requests in flight finish first).
    public func stop() {
        server?.stop()
        server = nil
    }

    private static let statePaths: Set<String> = ["/api/decide", "/api/stage-section", "/api/commit"]

    private func handle(_ request: HTTPServer.Request) -> HTTPServer.Response {
        let changesState = Self.statePaths.contains(request.path)
        if let (status, message) = gate.refusal(method: request.method, host: request.header("Host"), queryToken: request.query("token"),
                                                headerToken: request.header(ReviewGate.headerName), changesState: changesState) {
            return .text(status, message)
        }
        do {
            switch request.path {
            case "/":
                let nonce = ReviewGate.makeToken()
                var response = HTTPServer.Response(status: 200, contentType: "text/html; charset=utf-8",
                                                   body: .bytes(Array(ReviewPage.html(token: gate.token, nonce: nonce, data: nil).utf8)))
                response.headers = [("Cache-Control", "no-store"),
                                    ("Content-Security-Policy", ReviewPage.contentSecurityPolicy(nonce: nonce))]
                return response
            case "/favicon.ico": return HTTPServer.Response(status: 204, contentType: "image/x-icon", body: .bytes([]))
            case "/api/items": return json(try document())
            case "/api/decide": return try decide(request)
            case "/api/stage-section": return try stageSection(request)
            case "/api/commit": return try commit(request)
            default: break
            }
            if let id = Self.id(request.path, prefix: "/thumb/") { return try thumbnail(id) }
            if let id = Self.id(request.path, prefix: "/original/") { return try original(id, request) }
            if let id = Self.id(request.path, prefix: "/preview/") { return try preview(id) }
            return .text(404, "no such page")
        } catch let error as ReviewDecisions.Refusal {
            return .text(409, error.description)
        } catch let error as StagingError {
            return .text(409, error.description)
        } catch {
            return .text(500, "\(error)")
        }
    }

    /// The asset id at the end of `/prefix/ID`: digits only, nothing else is ever looked up.
    static func id(_ path: String, prefix: String) -> Int64? {
        guard path.hasPrefix(prefix) else { return nil }
        let digits = path.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int64(digits)
    }

    func document() throws -> [UInt8] {
        try scope.refresh(db)
        let token = gate.token
        return try ReviewModel.document(scope, db: db, interactive: true) { "/thumb/\($0)?token=\(token)" }
    }

    private func json(_ document: [UInt8], status: Int = 200) -> HTTPServer.Response {
        HTTPServer.Response(status: status, contentType: "application/json", body: .bytes(document),
                            headers: [("Cache-Control", "no-store")])
    }

    private func decide(_ request: HTTPServer.Request) throws -> HTTPServer.Response {
        guard let id = request.query("id").flatMap(Int64.init) else { return .text(404, "no such asset in this review") }
        // The id must still name the file the page showed: SQLite reuses a freed id for the next new file.
        try scope.refresh(db)
        if scope.changed.contains(id) { return .text(409, Self.changedMessage) }
        guard scope.entries[id] != nil else { return .text(404, "no such asset in this review") }
        guard let decision = request.query("to").flatMap(ReviewDecisions.Decision.init(rawValue:)) else {
            return .text(400, "to= must be keep, unstage or stage")
        }
        try ReviewDecisions(library: library, db: db, replan: replan).apply(decision, to: id, scope: scope)
        return json(try document())
    }

    private func stageSection(_ request: HTTPServer.Request) throws -> HTTPServer.Response {
        guard let section = request.query("section").flatMap(Int.init), scope.sections.indices.contains(section) else {
            return .text(404, "no such section")
        }
        try scope.refresh(db)
        try ReviewDecisions(library: library, db: db, replan: replan).stageSection(section, scope: scope)
        return json(try document())
    }

    private func commit(_ request: HTTPServer.Request) throws -> HTTPServer.Response {
        guard let fingerprint = request.query("fingerprint"), !fingerprint.isEmpty else { return .text(400, "fingerprint= is required") }
        let receipt = try ReviewDecisions(library: library, db: db, replan: replan).commit(fingerprint: fingerprint)
        // The receipt exactly as `cull commit --format json` prints it.
        let receiptJSON = ReceiptRenderer.json(receipt).trimmingCharacters(in: .whitespacesAndNewlines)
        let body = Array(("{\"receipt\":" + receiptJSON + ",\"document\":").utf8) + (try document()) + Array("}".utf8)
        return HTTPServer.Response(status: 200, contentType: "application/json", body: .bytes(body),
                                   headers: [("Cache-Control", "no-store")])
    }

    private func thumbnail(_ id: Int64) throws -> HTTPServer.Response {
        let record: AssetFile.Record
        switch try shownRecord(id) {
        case let .success(found): record = found
        case let .failure(refused): return refused.response
        }
        let image = thumbnails.image(record)
        // Keyed by identity in the URL's asset: a changed file is a new thumbnail, so caching is safe per session.
        return HTTPServer.Response(status: 200, contentType: image.contentType, body: .bytes(image.bytes),
                                   headers: [("Cache-Control", "private, max-age=300")])
    }

    /// The large view of what a browser cannot show itself (HEIC, AVIF, RAW): 1600 pixels.
    private func preview(_ id: Int64) throws -> HTTPServer.Response {
        let record: AssetFile.Record
        switch try shownRecord(id) {
        case let .success(found): record = found
        case let .failure(refused): return refused.response
        }
        switch AssetFile.open(record, root: library.root) {
        case let .failure(refusal): return .text(410, "\(record.name): \(refusal)")
        case let .success(file):
            switch ThumbnailMaker.large(file, record: record, side: Self.previewSide) {
            case let .success(made):
                return HTTPServer.Response(status: 200, contentType: "image/jpeg", body: .bytes(made.jpeg), headers: [("Cache-Control", "private, max-age=300")])
            case let .failure(reason):
                return HTTPServer.Response(status: 200, contentType: "image/svg+xml", body: .bytes(Array(Placeholder.broken(record, reason: reason.text).utf8)))
            }
        }
    }

    static let previewSide = 1600

    static let changedMessage = "this file changed or left the index since the page showed it (another program or scan); "
        + "nothing was done: restart cull review to see it as it is now"

    /// Why an id gets no file.
    struct Refused: Error {
        let response: HTTPServer.Response
    }

    /// The index row of asset `id` if it is still the file the page showed, else 404 (never shown) or 410.
    private func shownRecord(_ id: Int64) throws -> Result<AssetFile.Record, Refused> {
        let record = try AssetFile.record(db, id: id)
        if scope.stillShows(id, as: record?.shown), let record { return .success(record) }
        if scope.entries[id] == nil && !scope.changed.contains(id) { return .failure(Refused(response: .text(404, "no such asset in this review"))) }
        return .failure(Refused(response: .text(410, Self.changedMessage)))
    }

    /// The file itself, or the one byte range asked for (``ByteRange``: seeking in a video).
    private func original(_ id: Int64, _ request: HTTPServer.Request) throws -> HTTPServer.Response {
        let record: AssetFile.Record
        switch try shownRecord(id) {
        case let .success(found): record = found
        case let .failure(refused): return refused.response
        }
        switch AssetFile.open(record, root: library.root) {
        case let .failure(refusal): return .text(410, "\(record.name): \(refusal)")
        case let .success(file):
            // libmicrohttpd closes what it is given; the ReadOnlyFile closes its own descriptor.
            let size = file.identity.size
            var headers = [("Cache-Control", "private, max-age=300"), ("Accept-Ranges", "bytes")]
            let status: Int, first: Int64, count: Int64
            switch ByteRange.of(request.header("Range"), ifRange: request.header("If-Range"), size: size) {
            case .whole:
                (status, first, count) = (200, 0, size)
            case let .part(start, last):
                (status, first, count) = (206, start, last - start + 1)
                headers.append(("Content-Range", "bytes \(start)-\(last)/\(size)"))
            case .unsatisfiable:
                var refused = HTTPServer.Response.text(416, "\(record.name): the range lies outside its \(size) bytes")
                refused.headers = headers + [("Content-Range", "bytes */\(size)")]
                return refused
            }
            let fd = dup(file.fd)
            guard fd >= 0 else { return .text(500, "cannot read \(record.name)") }
            return HTTPServer.Response(status: status, contentType: MediaType.of(record), body: .file(fd: fd, offset: first, size: count),
                                       headers: headers)
        }
    }
}

/// Content types of originals the browser can show itself.
enum MediaType {
    static func of(_ record: AssetFile.Record) -> String {
        switch record.lowercasedExtension {
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "heic", "heif": "image/heic"
        case "mp4", "m4v": "video/mp4"
        case "mov": "video/quicktime"
        default: "application/octet-stream"
        }
    }
}

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
/// Requests that read or write the index run one at a time on one queue (one SQLite connection);
/// decodes run on a ``DecodeQueue`` of their own, bounded, each answered by a deadline, so a slow
/// preview never holds up the page's other requests. libmicrohttpd's workers only parse and send.
///
/// Routes: `GET /` (the page), `GET /api/items`, `GET /thumb/ID`, `GET /original/ID`, `GET /preview/ID`,
/// `POST /api/decide?id=ID&to=keep|unstage|stage`, `POST /api/stage-section?section=N`,
/// `POST /api/stage-all`, `POST /api/commit?fingerprint=F`; `GET /favicon.ico` needs no token.
// @unchecked Sendable: requests arrive on libmicrohttpd's workers; the gate is read under `gateLock`, and
// the database, the scope and the decisions are used only on `indexQueue`, the one serial queue every
// request that reads or writes the index runs on (`server` is set before the first request, cleared after the last).
public final class ReviewServer: @unchecked Sendable {
    public let library: Library
    private let db: Database
    private var scope: ReviewScope
    private let thumbnails: Thumbnails
    private var server: HTTPServer?
    private let gateLock = NSLock()
    private var gateValue = ReviewGate(port: 0)
    private var gate: ReviewGate {
        gateLock.lock()
        defer { gateLock.unlock() }
        return gateValue
    }
    /// Every request that touches the index or the scope, in arrival order.
    private let indexQueue = DispatchQueue(label: "cull.review.index")
    private let decodes: DecodeQueue
    /// How long a request waits for a decode before it is answered without the image.
    private let decodeDeadline: Double
    /// The plan of the review's rules made again on the index as it is now (nil: a review of the staged set).
    private let replan: (() throws -> Plan)?
    /// The command that started this review, for the page to say how to start it again.
    private let command: String
    /// The receipt of the last commit made from the page (JSON as `cull commit` prints it): a reload still shows it.
    private var lastReceipt: String?

    /// The URL to open (with the token).
    public var url: String { "http://127.0.0.1:\(gate.port)/?token=\(gate.token)" }
    public var port: UInt16 { gate.port }

    /// `decodeWidth`: decodes at once (thumbnails and previews); `decodeDeadline`: seconds a request waits for one.
    public init(library: Library, db: Database, scope: ReviewScope, replan: (() throws -> Plan)? = nil, command: String = "cull review",
                decodeWidth: Int = ProcessInfo.processInfo.activeProcessorCount, decodeDeadline: Double = 5) {
        self.replan = replan
        self.library = library
        self.db = db
        self.scope = scope
        self.command = command
        self.decodeDeadline = decodeDeadline
        decodes = DecodeQueue(width: decodeWidth)
        thumbnails = Thumbnails(library: library)
        _ = try? thumbnails.prune(db)
    }

    /// Starts listening on a free loopback port.
    public func start() throws {
        let server = try HTTPServer { [unowned self] request in handle(request) }
        gateLock.lock()
        gateValue = ReviewGate(port: server.port)
        gateLock.unlock()
        let records = try indexQueue.sync { () throws -> [AssetFile.Record] in
            try scope.refresh(db)
            try scope.showPairs(db)
            try scope.refresh(db)
            return try scope.assetIDs.compactMap { try AssetFile.record(db, id: $0) }
        }
        self.server = server
        // Thumbnails are made ahead while the page loads, behind what a request waits for; a
        // request for one not made yet moves it to the front (the cache takes whichever comes first).
        let thumbnails = thumbnails
        for record in records where !thumbnails.isCached(record) {
            decodes.image(key: Self.decodeKey(record, previewSide: nil), urgent: false, deadline: nil,
                          make: { thumbnails.image(record) }, then: { _ in })
        }
    }

    /// Stops listening (requests still waiting are answered 503) and ends the decodes.
    public func stop() {
        server?.stop()
        server = nil
        decodes.close()
    }

    private static let statePaths: Set<String> = ["/api/decide", "/api/stage-section", "/api/stage-all", "/api/commit"]

    private func handle(_ request: HTTPServer.Request) -> HTTPServer.Reply {
        let gate = gate
        // A browser asks for the icon by itself, without the token: it gives nothing away.
        if request.path == "/favicon.ico", let host = request.header("Host"), gate.allowedHosts.contains(host.lowercased()) {
            return .now(HTTPServer.Response(status: 200, contentType: "image/svg+xml", body: .bytes(Array(ReviewPage.icon.utf8)),
                                            headers: [("Cache-Control", "max-age=86400")]))
        }
        let changesState = Self.statePaths.contains(request.path)
        if let (status, message) = gate.refusal(method: request.method, host: request.header("Host"), queryToken: request.query("token"),
                                                headerToken: request.header(ReviewGate.headerName), changesState: changesState) {
            return .now(.text(status, message))
        }
        switch request.path {
        case "/":
            let nonce = ReviewGate.makeToken()
            var response = HTTPServer.Response(status: 200, contentType: "text/html; charset=utf-8",
                                               body: .bytes(Array(ReviewPage.html(token: gate.token, nonce: nonce, command: command).utf8)))
            response.headers = [("Cache-Control", "no-store"),
                                ("Content-Security-Policy", ReviewPage.contentSecurityPolicy(nonce: nonce))]
            return .now(response)
        case "/api/items":
            return onIndex { [unowned self] in json(try document()) }
        case "/api/decide":
            let (id, to) = (request.query("id"), request.query("to"))
            return onIndex { [unowned self] in try decide(id: id, to: to) }
        case "/api/stage-section":
            let section = request.query("section")
            return onIndex { [unowned self] in try stageSection(section) }
        case "/api/stage-all":
            return onIndex { [unowned self] in try stageAll() }
        case "/api/commit":
            let fingerprint = request.query("fingerprint")
            return onIndex { [unowned self] in try commit(fingerprint: fingerprint) }
        default:
            break
        }
        if let id = Self.id(request.path, prefix: "/thumb/") { return image(id, previewSide: nil) }
        if let id = Self.id(request.path, prefix: "/preview/") { return image(id, previewSide: Self.previewSide) }
        if let id = Self.id(request.path, prefix: "/original/") {
            let (range, ifRange) = (request.header("Range"), request.header("If-Range"))
            return onIndex { [unowned self] in try original(id, range: range, ifRange: ifRange) }
        }
        return .now(.text(404, "no such page"))
    }

    /// Answers from the index queue, errors mapped to their status.
    private func onIndex(_ body: @escaping @Sendable () throws -> HTTPServer.Response) -> HTTPServer.Reply {
        .later { [indexQueue] responder in
            indexQueue.async { responder.send(Self.answer(body)) }
        }
    }

    private static func answer(_ body: () throws -> HTTPServer.Response) -> HTTPServer.Response {
        do {
            return try body()
        } catch let error as ReviewDecisions.Refusal {
            return .text(409, error.description)
        } catch let error as StagingError {
            return .text(409, error.description)
        } catch let error as CatalogsUnreadable {
            return Self.unavailable(error.errors)
        } catch let error as CatalogError {
            return Self.unavailable([error])
        } catch {
            return .text(500, "\(error)")
        }
    }

    /// A catalog in use cannot be read now (the photo manager is writing it, or it is damaged): the
    /// decision waits (fail closed), and the page shows why and when to try again.
    private static func unavailable(_ errors: [CatalogError]) -> HTTPServer.Response {
        var response = HTTPServer.Response.text(503, errors.map(\.briefly).joined(separator: "\n"))
        let transient = errors.allSatisfy { if case .locked = $0 { true } else { false } }
        response.headers = [("Cache-Control", "no-store")] + (transient ? [("Retry-After", "2")] : [])
        return response
    }

    /// The asset id at the end of `/prefix/ID` (see ``number(_:)``): nothing else is ever looked up.
    static func id(_ path: String, prefix: String) -> Int64? {
        guard path.hasPrefix(prefix) else { return nil }
        return number(path.dropFirst(prefix.count))
    }

    /// A number as the page writes it, parsed strictly: 1 to 18 ASCII digits without a leading
    /// zero, and nothing else — no sign, space, NUL or trailing byte (`2%00`, `+2`, `02` name nothing).
    static func number(_ text: some StringProtocol) -> Int64? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 18, bytes.allSatisfy({ (48 ... 57).contains($0) }),
              bytes.count == 1 || bytes[0] != 48 else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int64($1 - 48) }
    }

    func document() throws -> [UInt8] {
        try scope.refresh(db)
        let token = gate.token
        return try ReviewModel.document(scope, db: db, interactive: true, receipt: lastReceipt) { "/thumb/\($0)?token=\(token)" }
    }

    private func json(_ document: [UInt8], status: Int = 200) -> HTTPServer.Response {
        HTTPServer.Response(status: status, contentType: "application/json", body: .bytes(document),
                            headers: [("Cache-Control", "no-store")])
    }

    private func decide(id text: String?, to: String?) throws -> HTTPServer.Response {
        guard let id = text.flatMap(Self.number) else { return .text(404, "no such asset in this review") }
        // The id must still name the file the page showed: SQLite reuses a freed id for the next new file.
        try scope.refresh(db)
        if scope.changed.contains(id) { return .text(409, Self.changedMessage) }
        guard scope.entries[id] != nil else { return .text(404, "no such asset in this review") }
        guard let decision = to.flatMap(ReviewDecisions.Decision.init(rawValue:)) else {
            return .text(400, "to= must be keep, unstage or stage")
        }
        try ReviewDecisions(library: library, db: db, replan: replan).apply(decision, to: id, scope: scope)
        return json(try document())
    }

    private func stageSection(_ text: String?) throws -> HTTPServer.Response {
        guard let section = text.flatMap(Self.number).map(Int.init), scope.sections.indices.contains(section) else {
            return .text(404, "no such section")
        }
        try scope.refresh(db)
        try ReviewDecisions(library: library, db: db, replan: replan).stageSection(section, scope: scope)
        return json(try document())
    }

    /// Every section's proposed files, in one transaction (as `cull stage` of the review's rules).
    private func stageAll() throws -> HTTPServer.Response {
        try scope.refresh(db)
        try ReviewDecisions(library: library, db: db, replan: replan).stageAll(scope: scope)
        return json(try document())
    }

    private func commit(fingerprint: String?) throws -> HTTPServer.Response {
        guard let fingerprint, !fingerprint.isEmpty else { return .text(400, "fingerprint= is required") }
        let receipt = try ReviewDecisions(library: library, db: db, replan: replan).commit(fingerprint: fingerprint)
        // The receipt exactly as `cull commit --format json` prints it.
        let receiptJSON = ReceiptRenderer.json(receipt).trimmingCharacters(in: .whitespacesAndNewlines)
        lastReceipt = receiptJSON
        let body = Array(("{\"receipt\":" + receiptJSON + ",\"document\":").utf8) + (try document()) + Array("}".utf8)
        return HTTPServer.Response(status: 200, contentType: "application/json", body: .bytes(body),
                                   headers: [("Cache-Control", "no-store")])
    }

    /// A thumbnail (`previewSide` nil) or the large view of what a browser cannot show itself
    /// (HEIC, AVIF, RAW; ``previewSide`` pixels): from the cache at once, else decoded on the
    /// ``DecodeQueue``. Past the deadline the answer is 503 with `Retry-After` (the page asks
    /// again); the decode goes on into the cache.
    private func image(_ id: Int64, previewSide: Int?) -> HTTPServer.Reply {
        .later { [unowned self] responder in
            indexQueue.async { [self] in
                let record: AssetFile.Record
                do {
                    switch try shownRecord(id) {
                    case let .success(found): record = found
                    case let .failure(refused): return responder.send(refused.response)
                    }
                } catch {
                    return responder.send(.text(500, "\(error)"))
                }
                let thumbnails = thumbnails
                if let cached = thumbnails.cached(record, previewSide: previewSide) { return responder.send(Self.imageResponse(.jpeg(cached))) }
                decodes.image(key: Self.decodeKey(record, previewSide: previewSide), urgent: true, deadline: decodeDeadline, make: {
                    previewSide.map { thumbnails.preview(record, side: $0) } ?? thumbnails.image(record)
                }, then: { made in
                    guard let made else {
                        var busy = HTTPServer.Response.text(503, "\(record.name): still being decoded; ask again in a moment")
                        busy.headers = [("Retry-After", "2"), ("Cache-Control", "no-store")]
                        return responder.send(busy)
                    }
                    responder.send(Self.imageResponse(made))
                })
            }
        }
    }

    /// Keyed by identity in the URL's asset: a changed file is a new image, so caching is safe per session.
    private static func imageResponse(_ image: Thumbnails.Image) -> HTTPServer.Response {
        HTTPServer.Response(status: 200, contentType: image.contentType, body: .bytes(image.bytes),
                            headers: [("Cache-Control", "private, max-age=300")])
    }

    /// One decode per file identity and size, whoever asks.
    private static func decodeKey(_ record: AssetFile.Record, previewSide: Int?) -> String {
        String(decoding: Thumbnails.cacheName(record, previewSide: previewSide), as: UTF8.self)
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
    private func original(_ id: Int64, range: String?, ifRange: String?) throws -> HTTPServer.Response {
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
            switch ByteRange.of(range, ifRange: ifRange, size: size) {
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
        case "webm": "video/webm"
        default: "application/octet-stream"
        }
    }
}

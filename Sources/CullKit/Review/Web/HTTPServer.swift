#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import CMicroHTTPD
internal import CMicroHTTPDShim
internal import CLoader
import Foundation

/// A loopback-only HTTP server over GNU libmicrohttpd: the library parses requests, headers,
/// cookies and query strings; this type only hands each request to `handler` and queues what it
/// answers.
///
/// A small pool of libmicrohttpd's worker threads polls the connections, so idle or trickling
/// ones (slowloris) cost a socket each, not a thread, up to ``Limits/connections``. The handler
/// runs on a worker and must answer at once or say it answers ``Reply/later(_:)``: then the
/// connection is suspended (the worker goes on serving the others) until the answer is sent
/// from whichever thread made it. The handler may be called concurrently.
// @unchecked Sendable: libmicrohttpd calls in on its worker threads with this object as context;
// `suspended` and `stopped` are touched only with `lock` held, and `port` and `daemon` are written only
// by `start` and `stop` on the owner's thread, before the first worker call and after the last.
final class HTTPServer: @unchecked Sendable {
    enum Method: Sendable, Equatable {
        case get, head, post, other(String)

        init(_ text: String) {
            switch text {
            case "GET": self = .get
            case "HEAD": self = .head
            case "POST": self = .post
            default: self = .other(text)
            }
        }
    }

    /// What one server holds out against: every figure is one of libmicrohttpd's own options.
    struct Limits: Sendable {
        /// Worker threads polling the connections.
        var threads: Int
        /// Connections open at once (idle, trickling and suspended ones count); past it a new one waits in the backlog.
        var connections: Int
        /// Seconds without a byte after which a connection is closed.
        var timeoutSeconds: Int
        /// Memory per connection: the request line and headers must fit (else 431/414 from libmicrohttpd).
        var memoryPerConnection: Int

        /// The review server's: a page asks for a few dozen things at once; 200 idle or
        /// trickling connections of another local process leave most of the 512 free.
        static let review = Limits(threads: max(2, min(4, ProcessInfo.processInfo.activeProcessorCount)),
                                   connections: 512, timeoutSeconds: 10, memoryPerConnection: 16 * 1024)
    }

    /// One request, readable only while the handler runs (libmicrohttpd owns the connection).
    struct Request {
        let method: Method
        /// The URL path, without the query string.
        let path: String
        fileprivate let connection: OpaquePointer
        fileprivate let mhd: cull_microhttpd

        func header(_ name: String) -> String? { value(.HEADER_KIND, name) }
        func query(_ name: String) -> String? { value(.GET_ARGUMENT_KIND, name) }

        private func value(_ kind: MHD_ValueKind, _ name: String) -> String? {
            mhd.MHD_lookup_connection_value(connection, kind, name).map { String(cString: $0) }
        }
    }

    /// What a request gets back.
    struct Response: Sendable {
        enum Body: Sendable {
            case bytes([UInt8])
            /// `size` bytes from `offset` of an open regular file, handed to libmicrohttpd (which closes it).
            case file(fd: Int32, offset: Int64, size: Int64)
        }

        var status: Int
        var contentType: String
        var body: Body
        var headers: [(String, String)] = []

        static func text(_ status: Int, _ message: String) -> Response {
            Response(status: status, contentType: "text/plain; charset=utf-8", body: .bytes(Array((message + "\n").utf8)))
        }
    }

    /// How the handler answers.
    enum Reply {
        /// At once, on the worker.
        case now(Response)
        /// From another thread: `start` is called once the connection is suspended, and the answer
        /// goes through its ``Responder`` (the first one sent counts).
        case later(@Sendable (Responder) -> Void)
    }

    /// Sends the answer of a request answered ``Reply/later(_:)``.
    struct Responder: Sendable {
        fileprivate let exchange: Exchange

        func send(_ response: Response) { exchange.server?.finish(exchange, with: response) }
    }

    typealias Handler = @Sendable (Request) -> Reply

    private(set) var port: UInt16 = 0
    fileprivate let handler: Handler
    /// libmicrohttpd, opened when the first server starts (``Libraries``).
    fileprivate let mhd: cull_microhttpd
    private var daemon: OpaquePointer?
    /// Guards `suspended` and `stopped` (and each exchange's answer).
    fileprivate let lock = NSLock()
    /// Requests answered later, still waiting: resumed before the daemon stops (libmicrohttpd
    /// must not be stopped with a suspended connection).
    private var suspended: [ObjectIdentifier: Exchange] = [:]
    private var stopped = false

    /// Binds 127.0.0.1 on `port` (0: a free one) and starts serving.
    init(port: UInt16 = 0, limits: Limits = .review, handler: @escaping Handler) throws(ReviewError) {
        self.handler = handler
        mhd = try Libraries.microhttpd.mapError(ReviewError.missingLibrary).get()
        let context = Unmanaged.passUnretained(self).toOpaque()
        let options = cull_mhd_limits(threads: UInt32(limits.threads), connections: UInt32(limits.connections),
                                      timeout_seconds: UInt32(limits.timeoutSeconds), memory_per_connection: limits.memoryPerConnection)
        guard let started = cull_mhd_start_loopback(port, options, accessHandler, context, requestCompleted) else {
            throw .server("cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        daemon = started
        let bound = cull_mhd_bound_port(started)
        guard bound != 0 else {
            mhd.MHD_stop_daemon(started)
            daemon = nil
            throw .server("cannot tell which port the server listens on")
        }
        self.port = bound
    }

    /// Stops listening. Requests still being answered later get 503 first; their answers, when
    /// they come, are dropped.
    func stop() {
        lock.lock()
        stopped = true
        for exchange in suspended.values {
            exchange.answer = .text(503, "the review server is stopping")
            mhd.MHD_resume_connection(exchange.connection)
        }
        suspended.removeAll()
        lock.unlock()
        if let daemon { mhd.MHD_stop_daemon(daemon) }
        daemon = nil
    }

    deinit { stop() }

    /// Suspends the request's connection and starts its answer elsewhere (`start` must not send
    /// it before returning); false when the server is stopping and nothing was started.
    fileprivate func suspend(_ exchange: Exchange, _ start: @Sendable (Responder) -> Void) -> Bool {
        lock.lock()
        guard !stopped else {
            lock.unlock()
            return false
        }
        exchange.server = self
        suspended[ObjectIdentifier(exchange)] = exchange
        mhd.MHD_suspend_connection(exchange.connection)
        lock.unlock()
        start(Responder(exchange: exchange))
        return true
    }

    /// Records the answer and resumes the connection; libmicrohttpd then calls the access handler
    /// again, which queues it.
    fileprivate func finish(_ exchange: Exchange, with response: Response) {
        lock.lock()
        defer { lock.unlock() }
        guard suspended.removeValue(forKey: ObjectIdentifier(exchange)) != nil else {
            if case let .file(fd, _, _) = response.body { close(fd) }
            return
        }
        exchange.answer = response
        mhd.MHD_resume_connection(exchange.connection)
    }

    /// Queues `response` on the connection.
    fileprivate func queue(_ response: Response, method: Method, on connection: OpaquePointer) -> MHD_Result {
        var response = response
        if method == .head, case .bytes = response.body { response.body = .bytes([]) }
        let made: OpaquePointer?
        switch response.body {
        case let .bytes(bytes):
            made = bytes.withUnsafeBytes { raw in
                mhd.MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
            }
        case let .file(fd, offset, size):
            made = mhd.MHD_create_response_from_fd_at_offset64(UInt64(size), fd, UInt64(offset))
            if made == nil { close(fd) }
        }
        guard let made else { return .NO }
        defer { mhd.MHD_destroy_response(made) }
        _ = mhd.MHD_add_response_header(made, "Content-Type", response.contentType)
        // Nothing here is meant to be framed, sniffed or cached by anyone else.
        _ = mhd.MHD_add_response_header(made, "X-Content-Type-Options", "nosniff")
        _ = mhd.MHD_add_response_header(made, "X-Frame-Options", "DENY")
        _ = mhd.MHD_add_response_header(made, "Referrer-Policy", "no-referrer")
        for (name, value) in response.headers { _ = mhd.MHD_add_response_header(made, name, value) }
        return mhd.MHD_queue_response(connection, UInt32(response.status), made)
    }
}

/// One request from its headers to its answer: libmicrohttpd holds it (retained) as the
/// connection's per-request pointer and gives it back on every call, and when the request is done.
// @unchecked Sendable: libmicrohttpd hands an exchange to one worker at a time (calls for one connection
// never overlap), and the answer made elsewhere is stored under the server's `lock` before the resume.
private final class Exchange: @unchecked Sendable {
    let connection: OpaquePointer
    var method: HTTPServer.Method = .get
    /// The answer made later, waiting to be queued when the connection is resumed.
    var answer: HTTPServer.Response?
    /// Set while the answer is made elsewhere (weak: a late answer after the server went is dropped).
    weak var server: HTTPServer?

    init(connection: OpaquePointer) { self.connection = connection }
}

/// Requests carry their arguments in the query string: any body is refused before it is read.
private func hasBody(_ connection: OpaquePointer, _ mhd: cull_microhttpd) -> Bool {
    if mhd.MHD_lookup_connection_value(connection, .HEADER_KIND, "Transfer-Encoding") != nil { return true }
    guard let length = mhd.MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else { return false }
    return String(cString: length) != "0"
}

private func accessHandler(_ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
                           _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
                           _ uploadSize: UnsafeMutablePointer<Int>?, _ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> MHD_Result {
    guard let context, let connection, let url, let method, let state else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    let verb = HTTPServer.Method(String(cString: method))
    // First call: headers only. A body is refused unread (the answer is sent, the connection closed).
    guard let pointer = state.pointee else {
        let exchange = Exchange(connection: connection)
        exchange.method = verb
        state.pointee = Unmanaged.passRetained(exchange).toOpaque()
        if hasBody(connection, server.mhd) {
            return server.queue(.text(413, "requests carry no body here"), method: verb, on: connection)
        }
        return .YES
    }
    let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeUnretainedValue()
    if let uploadSize, uploadSize.pointee != 0 {
        uploadSize.pointee = 0
        return .YES
    }
    // Called again after a resume: the answer made elsewhere is ready.
    if let answer = exchange.answer {
        exchange.answer = nil
        return server.queue(answer, method: exchange.method, on: connection)
    }
    let request = HTTPServer.Request(method: verb, path: String(cString: url), connection: connection, mhd: server.mhd)
    switch server.handler(request) {
    case let .now(response):
        return server.queue(response, method: verb, on: connection)
    case let .later(start):
        guard server.suspend(exchange, start) else {
            return server.queue(.text(503, "the review server is stopping"), method: verb, on: connection)
        }
        return .YES
    }
}

/// The request is done (answered, or its connection closed): the exchange is released.
private func requestCompleted(_ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
                              _ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ reason: MHD_RequestTerminationCode) {
    guard let state, let pointer = state.pointee else { return }
    Unmanaged<Exchange>.fromOpaque(pointer).release()
    state.pointee = nil
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import CMicroHTTPD
internal import CMicroHTTPDShim
import Foundation

/// A loopback-only HTTP server over GNU libmicrohttpd: the library parses requests, headers,
/// cookies and query strings; this type only hands each request to `handler` and queues what it
/// answers. One internal polling thread, so `handler` is never called concurrently.
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

    /// One request, readable only while the handler runs (libmicrohttpd owns the connection).
    struct Request {
        let method: Method
        /// The URL path, without the query string.
        let path: String
        fileprivate let connection: OpaquePointer

        func header(_ name: String) -> String? { value(.HEADER_KIND, name) }
        func query(_ name: String) -> String? { value(.GET_ARGUMENT_KIND, name) }

        private func value(_ kind: MHD_ValueKind, _ name: String) -> String? {
            MHD_lookup_connection_value(connection, kind, name).map { String(cString: $0) }
        }
    }

    /// What a request gets back.
    struct Response {
        enum Body {
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

    typealias Handler = @Sendable (Request) -> Response

    private(set) var port: UInt16 = 0
    private let handler: Handler
    private var daemon: OpaquePointer?

    /// Binds 127.0.0.1 on `port` (0: a free one) and starts serving.
    init(port: UInt16 = 0, handler: @escaping Handler) throws(ReviewError) {
        self.handler = handler
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let started = cull_mhd_start_loopback(port, accessHandler, context) else {
            throw .server("cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        daemon = started
        let bound = cull_mhd_bound_port(started)
        guard bound != 0 else {
            MHD_stop_daemon(started)
            daemon = nil
            throw .server("cannot tell which port the server listens on")
        }
        self.port = bound
    }

    /// Stops listening; requests in flight finish first.
    func stop() {
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }

    deinit { stop() }

    fileprivate func respond(_ request: Request) -> MHD_Result {
        var response = handler(request)
        if request.method == .head, case .bytes = response.body { response.body = .bytes([]) }
        let made: OpaquePointer?
        switch response.body {
        case let .bytes(bytes):
            made = bytes.withUnsafeBytes { raw in
                MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
            }
        case let .file(fd, offset, size):
            made = MHD_create_response_from_fd_at_offset64(UInt64(size), fd, UInt64(offset))
            if made == nil { close(fd) }
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        MHD_add_response_header(made, "Content-Type", response.contentType)
        // Nothing here is meant to be framed, sniffed or cached by anyone else.
        MHD_add_response_header(made, "X-Content-Type-Options", "nosniff")
        MHD_add_response_header(made, "X-Frame-Options", "DENY")
        MHD_add_response_header(made, "Referrer-Policy", "no-referrer")
        for (name, value) in response.headers { MHD_add_response_header(made, name, value) }
        return MHD_queue_response(request.connection, UInt32(response.status), made)
    }
}

/// Marks a connection whose headers were seen; the request is answered once its body (if any) is
/// drained. Never freed: it is a constant.
nonisolated(unsafe) private var headersSeen: UInt8 = 1

private func accessHandler(_ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
                           _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
                           _ uploadSize: UnsafeMutablePointer<Int>?, _ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> MHD_Result {
    guard let context, let connection, let url, let method, let state else { return .NO }
    // First call: headers only. Bodies are never used (requests carry their arguments in the
    // query string), so any upload is drained unread; the answer comes on the last call.
    if state.pointee == nil {
        state.pointee = withUnsafeMutablePointer(to: &headersSeen) { UnsafeMutableRawPointer($0) }
        return .YES
    }
    if let uploadSize, uploadSize.pointee != 0 {
        uploadSize.pointee = 0
        return .YES
    }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    let request = HTTPServer.Request(method: .init(String(cString: method)), path: String(cString: url), connection: connection)
    return server.respond(request)
}

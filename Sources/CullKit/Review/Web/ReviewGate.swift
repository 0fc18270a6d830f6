/// Who may talk to the review server: the one browser tab that was given the secret.
///
/// A page on any web site can make the browser send requests to 127.0.0.1, so the server checks,
/// on every request: the `Host` header names 127.0.0.1 or localhost with our port (a DNS-rebinding
/// page sends its own host name), and the request carries the secret token, in the query (the URL
/// `cull review` prints, and every thumbnail and original the page asks for) or the `X-Cull-Token`
/// header. A state change also needs POST with the token in the header, which a cross-site form
/// cannot send. No cookie carries it: cookies are not isolated by port (RFC 6265 §8.5), so the
/// browser would hand it to every other server on 127.0.0.1 or localhost the user visits.
struct ReviewGate: Sendable {
    /// 32 bytes from the system's cryptographic generator, as hex.
    let token: String
    let port: UInt16

    static let headerName = "X-Cull-Token"

    init(port: UInt16, token: String = ReviewGate.makeToken()) {
        self.port = port
        self.token = token
    }

    /// A fresh secret: `SystemRandomNumberGenerator` reads the OS random source (getrandom, arc4random).
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0 ..< 32).map { _ in
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            return String(byte >> 4, radix: 16) + String(byte & 15, radix: 16)
        }.joined()
    }

    /// Why a request is refused (status and message), or nil when it may proceed.
    func refusal(method: HTTPServer.Method, host: String?, queryToken: String?,
                 headerToken: String?, changesState: Bool) -> (status: Int, message: String)? {
        guard let host, allowedHosts.contains(host.lowercased()) else {
            return (421, "wrong Host header: this server answers only 127.0.0.1:\(port)")
        }
        if changesState {
            guard method == .post else { return (405, "state changes need POST") }
            guard let headerToken, matches(headerToken) else { return (403, "missing or wrong \(Self.headerName) header") }
            return nil
        }
        guard method == .get || method == .head else { return (405, "only GET here") }
        let given = [queryToken, headerToken].compactMap { $0 }
        guard given.contains(where: matches) else { return (403, "missing or wrong token: open the URL cull review printed") }
        return nil
    }

    var allowedHosts: Set<String> { ["127.0.0.1:\(port)", "localhost:\(port)"] }

    /// Compares in time independent of where the first difference is.
    func matches(_ candidate: String) -> Bool {
        let a = Array(candidate.utf8), b = Array(token.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

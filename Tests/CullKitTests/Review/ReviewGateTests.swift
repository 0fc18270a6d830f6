import Testing
@testable import CullKit

/// Who the review server answers: our Host, the token, and POST with the header for changes.
@Suite struct ReviewGateTests {
    let gate = ReviewGate(port: 8123, token: String(repeating: "ab", count: 32))
    var token: String { gate.token }

    @Test func tokensAreFreshAndLong() {
        let tokens = Set((0 ..< 50).map { _ in ReviewGate.makeToken() })
        #expect(tokens.count == 50)
        #expect(tokens.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
    }

    @Test func readsNeedTheTokenSomewhere() {
        func status(query: String? = nil, header: String? = nil, host: String? = "127.0.0.1:8123") -> Int? {
            gate.refusal(method: .get, host: host, queryToken: query, headerToken: header, changesState: false)?.status
        }
        #expect(status() == 403)
        #expect(status(query: token) == nil)
        #expect(status(header: token) == nil)
        #expect(status(query: String(token.dropLast()) + "c") == 403)
        #expect(status(query: token + "0") == 403)
        #expect(status(query: token, host: "localhost:8123") == nil)
        #expect(status(query: token, host: "LOCALHOST:8123") == nil)
        for host in ["evil.example:8123", "127.0.0.1", "127.0.0.1:8124", "localhost", "127.0.0.1:8123.evil.example", ""] {
            #expect(status(query: token, host: host) == 421, "\(host)")
        }
        #expect(status(query: token, host: nil) == 421)
    }

    @Test func changesNeedPostAndTheHeader() {
        func status(_ method: HTTPServer.Method, query: String? = nil, header: String? = nil) -> Int? {
            gate.refusal(method: method, host: "127.0.0.1:8123", queryToken: query, headerToken: header,
                         changesState: true)?.status
        }
        #expect(status(.post, header: token) == nil)
        #expect(status(.post, query: token) == 403, "a cross-site form carries the query, not the header")
        #expect(status(.get, header: token) == 405)
        #expect(status(.other("PUT"), header: token) == 405)
        #expect(status(.post, header: "nope") == 403)
    }
}

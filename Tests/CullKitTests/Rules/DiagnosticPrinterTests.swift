@testable import CullKit
import Foundation
import Testing

/// Golden output of each diagnostic format for one file with an error and a warning.
@Suite struct DiagnosticPrinterTests {
    static let load = RuleLoader.load(source: """
        version: 1
        rules:
          - name: a
            match: {sise: 1MB}
          - name: b
            match: {kind: photo}
        """, path: "dir/my rules.yaml")

    @Test func text() {
        #expect(DiagnosticFormat.text.render([Self.load]) == """
            dir/my rules.yaml:4:13: error: unknown field 'sise'; did you mean 'size'? [unknown-field]
                match: {sise: 1MB}
                        ^
            dir/my rules.yaml:5:11: warning: rule 'b' matches broadly (kind eq "photo") and has no limit; \
            add 'limit: {percent: 5}' or narrow the match [unbounded-broad-rule]
              - name: b
                      ^

            """)
    }

    @Test func github() {
        let lines = GitHubDiagnosticPrinter.render([Self.load]).split(separator: "\n")
        #expect(lines.first.map(String.init) == "::error file=dir/my rules.yaml,line=4,col=13,title=cull unknown-field::"
                + "unknown field 'sise'; did you mean 'size'? [unknown-field]")
        #expect(lines.last?.hasPrefix("::warning file=dir/my rules.yaml,line=5,col=11,") == true)
    }

    @Test func json() throws {
        let data = Data(JSONDiagnosticPrinter.render([Self.load]).utf8)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(document["errors"] as? Int == 1)
        #expect(document["warnings"] as? Int == 1)
        let first = try #require((document["diagnostics"] as? [[String: Any]])?.first)
        #expect(first["code"] as? String == "unknown-field")
        #expect(first["line"] as? Int == 4 && first["column"] as? Int == 13)
    }

    @Test func sarif() throws {
        let data = Data(SARIFDiagnosticPrinter.render([Self.load]).utf8)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(document["version"] as? String == "2.1.0")
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["unknown-field", "unbounded-broad-rule"])
        #expect(results.map { $0["level"] as? String } == ["error", "warning"])
        let location = try #require((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "dir/my%20rules.yaml")
        #expect((location["region"] as? [String: Any])?["startColumn"] as? Int == 13)
    }
}

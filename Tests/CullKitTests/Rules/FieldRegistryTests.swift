@testable import CullKit
import Testing

/// The registry's examples double as tests: each one loads, and unsupported fields are rejected clearly.
@Suite struct FieldRegistryTests {
    @Test func everyExampleLoadsAndCompiles() {
        for field in FieldRegistry.all where field.isSupported {
            #expect(!field.examples.isEmpty, "\(field.name) has no example")
            for example in field.examples {
                let (predicate, load) = RuleLoader.predicate(fragment: example, label: field.name)
                #expect(predicate != nil, "\(example): \(load.diagnostics)")
                if let predicate {
                    let sql = PredicateCompiler.compile(predicate, CompileContext(now: 0)).sql
                    #expect(!sql.contains("NULL") || sql.contains("IS NOT NULL") || sql.contains("IS NULL"), "\(example): \(sql)")
                }
            }
        }
    }

    /// `similar` (once a placeholder) takes a distance: `{distance: N}` or the bare number; a bare
    /// `true` is the documented default distance.
    @Test func similarTakesADistance() throws {
        for fragment in ["similar: {distance: 6}", "similar: 6", "similar: true"] {
            let (predicate, load) = RuleLoader.predicate(fragment: fragment, label: "x")
            #expect(predicate != nil && load.diagnostics.isEmpty, "\(fragment): \(load.diagnostics)")
        }
        // `similar: true` is the very group rule `similar: {distance: 6}` is.
        let plain = try validRuleFile("version: 1\nrules:\n  - name: s\n    match: {similar: true, kind: photo}\n")
        #expect(plain.rules[0].groupSpec == .similar(distance: SimilarGroups.defaultDistance))
        #expect(SimilarGroups.defaultDistance == 6)
        #expect(FieldRegistry.field(named: "similar")?.doc.contains("similar: true") == true)
        for fragment in ["similar: false", "similar: {distance: true}", "similar: {distance: 65}", "similar: {gt: 3}"] {
            let (predicate, load) = RuleLoader.predicate(fragment: fragment, label: "x")
            #expect(predicate == nil && !load.diagnostics.isEmpty, "\(fragment)")
        }
    }

    @Test func unitsParseAtTheirBoundaries() throws {
        #expect(try ByteSize.parse("1MB").get().bytes == 1_000_000)
        #expect(try ByteSize.parse("1MiB").get().bytes == 1_048_576)
        #expect(try ByteSize.parse("1.5 GB").get().bytes == 1_500_000_000)
        #expect(ByteSize.parse("1mb") == .failure(.unknownUnit("mb", "MB")))
        #expect(ByteSize.parse("12") == .failure(.missingUnit))
        #expect(try TimeSpan.parse("90s").get().seconds == 90)
        #expect(try TimeSpan.parse("1y").get().months == 12)
        #expect(try TimeSpan.parse("1y").get().before(epoch("2024-02-29T12:00:00")) == epoch("2023-02-28T12:00:00"))
        #expect(try TimeSpan.parse("13mo").get().before(epoch("2024-01-31T00:00:00")) == epoch("2022-12-31T00:00:00"))
        #expect(TimeSpan.parse("1.5y") == .failure(.fraction("y")))
        #expect(RuleDate.parse("2024-02-29")?.wallClock == 1_709_164_800)
        #expect(RuleDate.parse("2023-02-29") == nil)
        #expect(RuleDate.parse("2020-01-01T10:00:00+02:00")?.instant == 1_577_865_600)
        #expect(RuleDate.parse("2020-01-01T10:00") != nil)
        #expect(RuleDate.parse("2020-01-01T25:00") == nil)
    }
}

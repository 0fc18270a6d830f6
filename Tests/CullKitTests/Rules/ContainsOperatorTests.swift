@testable import CullKit
import Foundation
import Testing

/// `contains:` (issue 40): a text found anywhere in a string field, ignoring letter case, compared in
/// NFC, every character taken literally; in the validator, the compiler and the JSON Schema.
@Suite struct ContainsOperatorTests {
    static let clock = RunClock(now: epoch("2026-08-31T12:00:00"), localOffset: 0)
    static let assets: [TestAsset] = [
        TestAsset(path: "Receipts/Scan_Total.JPG", make: "Canon", model: "PowerShot G7 X"),
        TestAsset(path: "a/total(1).jpg", software: "Adobe Lightroom"),
        TestAsset(path: "Vacances E\u{301}te\u{301}/plage.jpg"),
        TestAsset(path: "b/other.jpg"),
    ]

    @Test func containsIgnoresCaseOnEveryStringField() throws {
        let index = try TestIndex(Self.assets)
        #expect(try index.names("name: {contains: total}", clock: Self.clock) == ["Scan_Total.JPG", "total(1).jpg"])
        #expect(try index.names("path: {contains: RECEIPTS/}", clock: Self.clock) == ["Scan_Total.JPG"])
        #expect(try index.names("camera: {contains: powershot}", clock: Self.clock) == ["Scan_Total.JPG"])
        #expect(try index.names("software: {contains: \"LIGHTROOM\"}", clock: Self.clock) == ["total(1).jpg"])
        // Missing metadata never matches, not even under `not:`.
        #expect(try index.names("not: {software: {contains: lightroom}}", clock: Self.clock) == [])
    }

    @Test func containsTakesEveryCharacterLiterally() throws {
        let index = try TestIndex(Self.assets)
        // Neither a glob nor a regular expression: `(1)`, `*` and `.` are themselves.
        #expect(try index.names("name: {contains: \"(1).\"}", clock: Self.clock) == ["total(1).jpg"])
        #expect(try index.names("name: {contains: \"*\"}", clock: Self.clock) == [])
        #expect(try index.names("name: {contains: \"t.l\"}", clock: Self.clock) == [])
    }

    @Test func containsComparesInNFCAndFoldsAccentedLetters() throws {
        let index = try TestIndex(Self.assets)
        // Typed in NFC, upper case; the folder is synced in NFD.
        #expect(try index.names("folder: {contains: \"\u{C9}T\u{C9}\"}", clock: Self.clock) == ["plage.jpg"])
    }

    @Test func containsIsInTheValidatorAndTheSchema() throws {
        let refused = RuleLoader.predicate(fragment: "size: {contains: \"1\"}", label: "<argument 1>")
        #expect(refused.load.hasErrors, "a size field has no contains")
        let empty = RuleLoader.predicate(fragment: "name: {contains: \"\"}", label: "<argument 1>")
        #expect(empty.load.hasErrors, "an empty text would match everything")
        #expect(FieldRegistry.field(named: "name")?.operators.contains(.contains) == true)
        let schema = RuleSchema.document().rendered(pretty: false)
        #expect(schema.contains("\"contains\":{\"type\":\"string\",\"minLength\":1"))
    }
}

import Foundation
import Testing
@testable import CullKit

/// `code` and `code_text` from the command line on photographed codes: `cull find` reads the codes
/// its predicate needs (only of the photos its other conditions leave), prints them in JSON,
/// `plan --explain` and `show` give what was read, and a payload of control characters is shown escaped.
@Suite(.enabled(if: CodeFixtures.hasTools, CodeFixtures.toolsMissing))
struct CodeFieldsCommandTests {
    func library() throws -> Sandbox {
        let box = try Sandbox("codes")
        let made = try #require(CodeFixtures.made, "make-code-photos failed")
        for photo in made.photos { try box.tool(["cp", "\(made.folder)/\(photo.name)", photo.name]) }
        #expect(try box.cull(["scan"]).status == 0)
        return box
    }

    func paths(_ box: Sandbox, _ predicate: String) throws -> Set<String> {
        let found = try box.cull(["find", predicate, "--format", "paths"])
        #expect(found.status == 0, "\(found.stderr)")
        return Set(found.stdout.split(separator: "\n").map(String.init))
    }

    func rows(_ box: Sandbox) throws -> Int64 {
        try box.db.scalar("SELECT COUNT(*) FROM image_codes")?.int64 ?? -1
    }

    @Test func findMatchesTheKindsAndPayloads() throws {
        let box = try library()
        #expect(try paths(box, "code: qr") == ["qr-ticket.jpg", "qr-small.jpg"])
        #expect(try paths(box, "code: [ean13, code128]") == ["ean13-box.jpg", "code128-label.jpg"])
        #expect(try paths(box, "code_text: \"wifi:*\"") == ["qr-small.jpg"])
        #expect(try paths(box, "code_text: {matches: \"^M1[A-Z]+/\"}") == ["qr-ticket.jpg"])
        #expect(try paths(box, "code: {exists: false}") == ["no-code.jpg"])
        // A photo without a code has none: missing, it stays unknown under `not`, as all metadata does.
        #expect(try paths(box, "not: {code: qr}") == ["ean13-box.jpg", "code128-label.jpg"])
    }

    /// The other conditions narrow the photos whose codes are read.
    @Test func onlyThePhotosTheOtherConditionsLeaveAreRead() throws {
        let box = try library()
        #expect(try paths(box, "{name: \"qr-*\", code: qr}") == ["qr-ticket.jpg", "qr-small.jpg"])
        #expect(try rows(box) == 2)
        #expect(try paths(box, "code: code128") == ["code128-label.jpg"])
        #expect(try rows(box) == 5)
    }

    @Test func jsonExplainAndShowGiveWhatWasRead() throws {
        let box = try library()
        let found = try box.cull(["find", "code: {exists: true}", "--format", "json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]], "\(found.stdout)")
        let ticket = try #require(objects.first { $0["name"] as? String == "qr-ticket.jpg" })
        #expect(ticket["code"] as? [String] == ["qr"] && ticket["code_text"] as? [String] == ["M1DOE/JANE EABC123 FRALHRLH 0902 123Y012A0001 100"])
        let rules = try box.rules("r.yaml", "version: 1\nrules:\n  - name: tickets\n    match: {code: qr}\n")
        let explain = try box.cull(["plan", rules, "--explain", "ean13-box.jpg"])
        #expect(explain.stdout.contains("fails code eq") && explain.stdout.contains("[this file: code ean13]"), "\(explain.stdout)")
        #expect(explain.stdout.contains("codes: ean13; text \"4006381333931\""), "\(explain.stdout)")
        let show = try box.cull(["show", "code128-label.jpg"])
        #expect(show.stdout.contains("code: code128") && show.stdout.contains("code_text: PARCEL-7781-XZ"), "\(show.stdout)")
    }

    /// A QR code of 2,900 bytes of control characters (ESC among them): escaped in `show`, `find`,
    /// `--explain`, exact in JSON.
    @Test func aPayloadOfControlCharactersIsShownEscaped() throws {
        let box = try Sandbox("codes-hostile")
        let payload = String(decoding: (0 ..< 2900).map { UInt8(1 + $0 % 31) }.map { $0 == 0x1F ? 0x1B : $0 }, as: UTF8.self)
        let input = box.base + "/payload"
        try Data(payload.utf8).write(to: URL(fileURLWithPath: input))
        try box.tool(["qrencode", "-8", "-l", "L", "-s", "3", "-r", input, "-o", "code.png"])
        try box.tool(["convert", "code.png", "-bordercolor", "white", "-border", "40", "hostile.jpg"])
        #expect(try box.cull(["scan"]).status == 0)
        let json = try box.cull(["find", "code: qr", "--format", "json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json.stdout)")
        let text = try #require((objects.first?["code_text"] as? [String])?.first, "\(json.stdout)")
        #expect(text.unicodeScalars.count == 2900 && text.contains("\u{1B}"))
        #expect(!json.stdout.contains("\u{1B}"))
        let rules = try box.rules("r.yaml", "version: 1\nrules:\n  - name: tickets\n    match: {code: ean13}\n")
        for output in [try box.cull(["show", "hostile.jpg"]).stdout, try box.cull(["plan", rules, "--explain", "hostile.jpg"]).stdout] {
            #expect(output.contains("\\x1b\\x01\\x02"), "\(output.prefix(400))")
            #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(output.prefix(400))")
        }
    }
}

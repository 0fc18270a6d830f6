import Foundation
import Testing
@testable import CullKit

/// The one escape of each output kind (``Escape``), and ``TerminalText``, which funnels every
/// interpolated value through the terminal's.
struct EscapeTests {
    /// Every character that acts on a terminal, as text and in the form that shows it.
    static let shown: [(String, String)] = [
        ("\u{1B}]52;c;QlVSU1Q=\u{07}", #"\x1b]52;c;QlVSU1Q=\x07"#),
        ("a\nb\tc\rd", #"a\nb\tc\rd"#),
        ("\u{0}\u{7F}", #"\x00\x7f"#),
        ("\u{9B}31m\u{85}", #"\u{9b}31m\u{85}"#),
        ("gpj\u{202E}.exe\u{2066}\u{2069}\u{200E}\u{200F}\u{061C}\u{2028}\u{2029}", #"gpj\u{202e}.exe\u{2066}\u{2069}\u{200e}\u{200f}\u{61c}\u{2028}\u{2029}"#),
        ("##[error]x # [y] #[z]", #"##\x5berror]x # [y] #[z]"#),
        ("x ##vso[task.setvariable variable=a]b ##VSO[c] ###Vso[d] #vso[e] ##vs[f] ##v#so[g]",
         #"x ##vso\x5btask.setvariable variable=a]b ##VSO\x5bc] ###Vso\x5bd] #vso[e] ##vs[f] ##v#so[g]"#),
        ("写真 café ✓ \\d+", "写真 café ✓ \\d+"),
    ]

    @Test func terminalShowsEveryControlAndBidiCharacter() {
        for (text, expected) in Self.shown {
            #expect(Escape.terminal(text) == expected)
            #expect(Escape.terminal(Array(text.utf8)) == expected, "bytes and text are shown alike")
            #expect(Escape.terminal(Escape.terminal(text)) == expected, "idempotent")
        }
    }

    @Test func bytesThatAreNotUTF8AreShownByteByByte() {
        // A raw 8-bit CSI, Latin-1, a lone continuation byte, an overlong '/', a surrogate, a cut sequence.
        #expect(Escape.terminal([0x9B] + Array("2J".utf8)) == #"\x9b2J"#)
        #expect(Escape.terminal(Array("caf".utf8) + [0xE9]) == #"caf\xe9"#)
        #expect(Escape.terminal([0x80, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xE2, 0x80]) == #"\x80\xc0\xaf\xed\xa0\x80\xe2\x80"#)
        #expect(Escape.terminal([0xF4, 0x90, 0x80, 0x80]) == #"\xf4\x90\x80\x80"#, "above U+10FFFF")
        #expect(Escape.terminal([0xC2, 0x9B]) == #"\u{9b}"#, "C1 as UTF-8 is a scalar, not bytes")
        #expect(PathBytes.display([0x1B, 0xC2, 0x85, 0xFF]) == #"\x1b\u{85}\xff"#, "paths are shown the same way")
    }

    /// Whatever comes in, nothing the terminal acts on comes out.
    @Test func randomBytesNeverComeOutUnsafe() {
        var random = SplitMix64(state: 37)
        for _ in 0 ..< 2000 {
            let bytes = (0 ..< Int(random.next() % 24)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let shown = Escape.terminal(bytes)
            #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F ... 0x9F).contains($0.value) || (0x202A ... 0x202E).contains($0.value) })
            #expect(Escape.terminal(shown) == shown)
        }
    }

    @Test func githubMessagesAndPropertiesCannotEndTheCommand() {
        #expect(Escape.githubMessage("50% done\nline\r::error::x") == #"50%25 done\nline\r::error::x"#)
        #expect(Escape.githubMessage("a%0Ab") == "a%250Ab", "an escape written by the value stays text")
        #expect(Escape.githubProperty("dir/a:b,c=d.yaml") == "dir/a%3Ab%2Cc=d.yaml")
        #expect(!Escape.githubProperty("x\n::error::y").contains("\n"))
    }

    @Test func uriIsPercentEncodedAsRFC3986Says() {
        #expect(Escape.uri(Array("dir/my rules.yaml".utf8)) == "dir/my%20rules.yaml")
        #expect(Escape.uri(Array("a:b/100%/é\u{1B}\n~._-".utf8)) == "a%3Ab/100%25/%C3%A9%1B%0A~._-")
        #expect(Escape.uri([0xFF, 0x2F]) == "%FF/")
        let name = Array("bad\n::error::NAME \u{202E}.yaml".utf8)
        #expect(Escape.uri(name).removingPercentEncoding.map { Array($0.utf8) } == name)
    }

    @Test func htmlEntitiesOverTheVisibleForm() {
        #expect(Escape.html("<a href='x'>&\"</a>") == "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;")
        #expect(Escape.html("photo\u{202E}gpj.exe\u{1B}") == #"photo\u{202e}gpj.exe\x1b"#)
    }

    /// JSON stays exact: every string parses back to itself, yet no raw C1, bidi, DEL, `##[` or `##vso[` is in the text.
    @Test func jsonIsExactAndHoldsNothingThatActs() throws {
        for (text, _) in Self.shown + [("\u{2028}x\u{7F}##[warning]y", "")] {
            var json = ReviewJSON()
            json.string(text)
            let rendered = String(decoding: json.bytes, as: UTF8.self)
            let parsed = try JSONSerialization.jsonObject(with: Data(json.bytes), options: [.fragmentsAllowed]) as? String
            #expect(parsed == text, "\(rendered)")
            #expect(!rendered.unicodeScalars.contains { $0.value < 0x20 || (0x7F ... 0x9F).contains($0.value) || (0x2028 ... 0x202E).contains($0.value)
                || (0x2066 ... 0x2069).contains($0.value) || $0.value == 0x061C || $0.value == 0x200E || $0.value == 0x200F }, "\(rendered)")
            #expect(!rendered.contains("##[") && !rendered.lowercased().contains("##vso["))
        }
        #expect(JSONValue.string("\u{1B}\u{9B}\u{202E}").rendered(pretty: false) == #""\u001b\u009b\u202e""#)
    }

    @Test func interpolationEscapesValuesAndKeepsCullsOwnText() {
        let name = "x\n::error::y"
        let bytes: [UInt8] = [0x1B, 0x5D, 0x30, 0x3B, 0x9B]
        let error = IndexError.notADirectory(path: "\u{1B}[2J")
        let text: TerminalText = "\u{1B}[1mKept\u{1B}[0m \(name) \(path: bytes) \(3) \(error)\n"
        #expect(text.text == "\u{1B}[1mKept\u{1B}[0m " + #"x\n::error::y \x1b]0;\x9b 3 not a directory: \x1b[2J"# + "\n")
        let nested: TerminalText = "[\(text)]"
        #expect(nested.text == "[" + text.text + "]", "a TerminalText is not escaped twice")
        let outside = "\u{9B}\n"
        #expect(TerminalText(outside).text == #"\u{9b}\n"#)
        // A literal is Cull's own text even when spelled `TerminalText("…")` (Swift reads it as the literal).
        #expect(TerminalText("a\n").text == "a\n")
        #expect(["a", TerminalText(outside), "b"].joined(separator: "\n").text == "a\n" + #"\u{9b}\n"# + "\nb")
    }

    @Test func noLineStartsACommandAtTheSink() {
        #expect(TerminalText.withoutCommands("::error::x\n  ::warning::y\r::z\n\u{3000}::a") == #"\x3a:error::x"# + "\n  " + #"\x3a:warning::y"# + "\r" + #"\x3a:z"# + "\n\u{3000}" + #"\x3a:a"#)
        #expect(TerminalText.withoutCommands("a ##[error]b #[c] ## [d]") == #"a ##\x5berror]b #[c] ## [d]"#)
        #expect(TerminalText.withoutCommands("##vso[task.complete result=Failed]\nx ##vSo[y]\n##vso\n[z]")
                == #"##vso\x5btask.complete result=Failed]"# + "\n" + #"x ##vSo\x5by]"# + "\n##vso\n[z]")
        #expect(TerminalText.withoutCommands("file:1:2: error: x :: y\n: ok") == "file:1:2: error: x :: y\n: ok")
    }

    @Test func linedErrorsKeepTheirLinesApart() {
        let error = IndexError.notALibrary(searchedFrom: "/tmp/a\nb")
        #expect(error.lines.count == 2 && error.lines[1].hasPrefix("hint:"))
        #expect(error.lines[0].hasSuffix("/tmp/a\nb"), "the value is one line's, escaped when printed")
    }

    /// Inside tmux or screen the probe sends no APC string (tmux would make it the pane's title).
    @Test func theProbeAsksNoKittyQueryInAMultiplexer() {
        for environment in [["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "xterm-256color"], ["TERM": "screen-256color"], ["STY": "1.pts", "TERM": "xterm"],
                            ["TERM": "tmux-256color"]] {
            #expect(!TerminalAnswers.query(environment).contains("\u{1B}_"), "\(environment)")
            #expect(TerminalAnswers.query(environment).hasSuffix("\u{1B}[c"))
        }
        #expect(TerminalAnswers.query(["TERM": "xterm-kitty"]).hasPrefix("\u{1B}_G"))
    }
}

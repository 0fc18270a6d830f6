import Testing
@testable import CullKit

/// What comes back from a terminal, read byte by byte: its answers to the probe, and keys.
struct TerminalInputTests {
    @Test func answersOfTerminalsThatDrawPictures() {
        // kitty: the graphics query answered OK, its name, a 10×21 cell, then the device attributes.
        let kitty = TerminalAnswers.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;21;10t\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c".utf8))
        #expect(kitty == TerminalAnswers(kitty: true, sixel: false, name: "kitty(0.26.5)", cell: CellSize(width: 10, height: 21), complete: true))
        // xterm -ti vt340: no kitty answer, sixels (4) among the attributes.
        let xterm = TerminalAnswers.parse(Array("\u{1B}[?63;1;2;4;6;9;15;22c".utf8))
        #expect(xterm.sixel && !xterm.kitty && xterm.complete)
        // A kitty query refused (an error text), and "4" only as part of 14 or 42: neither.
        let neither = TerminalAnswers.parse(Array("\u{1B}_Gi=31;ENOTSUPPORTED\u{1B}\\\u{1B}[?62;14;42c".utf8))
        #expect(!neither.kitty && !neither.sixel && neither.complete)
    }

    @Test func partialAndHostileAnswers() {
        // Cut off before the attributes end: not complete, nothing invented.
        #expect(TerminalAnswers.parse(Array("\u{1B}[?62;4".utf8)) == TerminalAnswers())
        #expect(TerminalAnswers.parse(Array("\u{1B}P>|never ends".utf8)).name == nil)
        // A name with control characters comes back escaped, never as raw bytes for the screen.
        let name = TerminalAnswers.parse(Array("\u{1B}P>|evil\u{07}\u{9B}2J\u{1B}\\\u{1B}[?1c".utf8)).name
        #expect(name == "evil\\x07\\u{9b}2J")
        // A cell of zero pixels is no cell size.
        #expect(TerminalAnswers.parse(Array("\u{1B}[6;0;0t\u{1B}[?1c".utf8)).cell == nil)
    }

    @Test func keys() {
        let parsed = DeckKey.parse(Array("\u{1B}[C\u{1B}OD\u{1B}[B\u{1B}[1;5Aqé\u{03}\u{1A}\u{04}\r".utf8))
        #expect(parsed.keys == [.right, .left, .down, .up, .character("q"), .character("é"), .interrupt, .suspend, .end, .enter])
        #expect(parsed.rest.isEmpty)
        // A sequence or a character cut by the read waits for the rest.
        let cut = DeckKey.parse(Array("k\u{1B}[".utf8))
        #expect(cut.keys == [.character("k")])
        #expect(DeckKey.parse(cut.rest + Array("D".utf8)).keys == [.left])
        let half = DeckKey.parse(Array("q".utf8) + [0xC3])
        #expect(half.keys == [.character("q")] && half.rest == [0xC3])
        #expect(DeckKey.parse(half.rest + [0xA9]).keys == [.character("é")])
        #expect(DeckKey.parse([0x1B]).keys == [.escape])
    }

    @Test func captionsFitTheirCells() {
        #expect(CellText.width("IMG_0001.JPG") == 12)
        #expect(CellText.width("写真.jpg") == 8)
        #expect(CellText.fitted("abc", 5) == "abc  ")
        #expect(CellText.prefix("abcdefgh", 5) == "abcd…")
        // A name cut in the middle keeps its end: what tells burst frames apart.
        let name = CellText.name("IMG_20230412_184512_BURST0457.JPG", 20).text
        #expect(CellText.width(TerminalText(own: name)) <= 20 && name.hasSuffix("0457.JPG") && name.hasPrefix("IMG_") && name.contains("…"))
        #expect(CellText.name("写真写真写真写真写真.jpg", 10).text.hasSuffix(".jpg"))
        #expect(CellText.width(CellText.name("写真写真写真写真写真.jpg", 10)) <= 10)
        #expect(CellText.wrapped("duplicate of DCIM/IMG_0001.JPG (rule dupes)", width: 22, lines: 2)
                == ["duplicate of", "DCIM/IMG_0001.JPG (ru…"])
    }

    private func fit(width: Int, height: Int, columns: Int, rows: Int, cell: CellSize) -> [Int] {
        let fitted = TilePictures.fit(width: width, height: height, columns: columns, rows: rows, cell: cell)
        return [fitted.columns, fitted.rows]
    }

    @Test func picturesKeepTheirShape() {
        // 256×192 into 22×8 cells of 10×20: width-bound (213 px), 21 cells by 8.
        #expect(fit(width: 256, height: 192, columns: 22, rows: 8, cell: CellSize(width: 10, height: 20)) == [21, 8])
        // A tall picture is bound by its height.
        #expect(fit(width: 192, height: 256, columns: 22, rows: 8, cell: CellSize(width: 10, height: 20)) == [12, 8])
        // A panorama still takes at least one row.
        #expect(fit(width: 4000, height: 10, columns: 22, rows: 8, cell: CellSize(width: 10, height: 20)) == [22, 1])
    }
}

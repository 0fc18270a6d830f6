/// Prints a ``ContactSheet``: a title per section, a line per group, and the tiles in rows as wide
/// as the terminal — each a picture of `pictureRows` lines and four caption lines (name; size and
/// date; state and reason). With ``Drawing/text`` it prints one line of text per file and no
/// escape sequence at all.
///
/// Mosaics (symbols) are lines of text, printed side by side. Pixel pictures (kitty, iTerm2,
/// sixels) are placed one by one: the row's lines are made first (so no picture scrolls the
/// screen under the others), the cursor is saved at the row's start, and each picture is drawn
/// from there, moved right to its column.
struct SheetRenderer {
    static let tileColumns = 22
    static let pictureRows = 8
    static let gap = 2

    let screen: Screen

    /// Tiles per row: as many as fit the terminal's width, at least one.
    var perRow: Int { max(1, (screen.columns + Self.gap) / (Self.tileColumns + Self.gap)) }

    /// Prints `sheet` through `write`, a row at a time; `pictures` holds the sheet's tiles in order.
    func render(_ sheet: ContactSheet, pictures: TilePictures?, write: (TerminalText) -> Void) {
        var index = 0
        for section in sheet.sections {
            write(style(section.title, "1") + "\n")
            for block in section.blocks {
                if let title = block.title { write("  \(style(title, "2"))\n") }
                if screen.drawing == .text || pictures == nil {
                    for tile in block.tiles { write(textLine(tile) + "\n") }
                    index += block.tiles.count
                    continue
                }
                var start = 0
                while start < block.tiles.count {
                    let row = Array(block.tiles[start ..< min(block.tiles.count, start + perRow)])
                    let drawn = row.indices.map { pictures!.picture(index + $0) }
                    write(screen.drawing.isPixels ? pixelRow(drawn) : symbolRow(drawn))
                    write(captions(row))
                    index += row.count
                    start += row.count
                }
            }
            write("\n")
        }
        if sheet.omitted > 0 {
            write("… and \(English.count(sheet.omitted, "more file")) not drawn ('cull review' shows every one)\n")
        }
    }

    /// A row of mosaics: line by line, each tile's line padded to the tile's width.
    private func symbolRow(_ pictures: [TilePicture]) -> TerminalText {
        let blocks = pictures.map(lines)
        var out: TerminalText = ""
        for line in 0 ..< Self.pictureRows {
            out += blocks.map { $0[line] }.joined(separator: "\(own: String(repeating: " ", count: Self.gap))")
            out += "\n"
        }
        return out
    }

    /// A picture as exactly `pictureRows` lines of `tileColumns` cells.
    private func lines(_ picture: TilePicture) -> [TerminalText] {
        let blank = TerminalText(own: String(repeating: " ", count: Self.tileColumns))
        var out = Array(repeating: blank, count: Self.pictureRows)
        switch picture {
        case let .drawn(text, columns, rows):
            let reset = screen.drawing == .symbols(.monochrome) ? "" : "\u{1B}[0m"
            let drawnLines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for line in 0 ..< min(rows, Self.pictureRows, drawnLines.count) {
                // libchafa's symbols and colours, made from the pixels.
                out[line] = TerminalText(own: String(drawnLines[line]) + reset + String(repeating: " ", count: max(0, Self.tileColumns - columns)))
            }
        case let .placeholder(text):
            for (offset, line) in text.prefix(Self.pictureRows - 2).enumerated() {
                out[2 + offset] = CellText.fitted("  " + line, Self.tileColumns)
            }
        }
        return out
    }

    /// A row of pixel pictures, each drawn from the saved row start, then the cursor on the line
    /// below the pictures.
    private func pixelRow(_ pictures: [TilePicture]) -> TerminalText {
        let height = Self.pictureRows
        // One line more than the pictures: a terminal that moves below a picture's last line
        // must not scroll the row away from the saved cursor.
        var out: TerminalText = "\(own: String(repeating: "\n", count: height + 1))\u{1B}[\(height + 1)A\r\u{1B}7"
        for (slot, picture) in pictures.enumerated() {
            let right = slot * (Self.tileColumns + Self.gap)
            let column: TerminalText = right > 0 ? "\u{1B}[\(right)C" : ""
            switch picture {
            case let .drawn(text, _, _):
                // libchafa's picture: its escape sequences, made from the pixels.
                out += "\u{1B}8" + column + TerminalText(own: text)
            case let .placeholder(lines):
                for (offset, line) in lines.prefix(height - 2).enumerated() {
                    out += "\u{1B}8\u{1B}[\(2 + offset)B" + column + CellText.prefix("  " + line, Self.tileColumns)
                }
            }
        }
        return out + "\u{1B}8\u{1B}[\(height)B\r"
    }

    /// The four caption lines under a row of tiles, and a blank line.
    private func captions(_ tiles: [ContactSheet.Tile]) -> TerminalText {
        let width = Self.tileColumns
        let separator = TerminalText(own: String(repeating: " ", count: Self.gap))
        let columns: [[TerminalText]] = tiles.map { tile in
            let mark: TerminalText = tile.isKeeper ? "★ " : ""
            let name = mark + CellText.name(TerminalText(path: PathBytes.basename(tile.record.path)), width - CellText.width(mark))
            let facts: TerminalText = "\(ByteCount.format(tile.size)) · \(Self.day(tile.date))"
            let label = Self.label(tile)
            var reason = CellText.wrapped((label.isEmpty ? "" : "\(own: label) ") + tile.reason, width: width, lines: 2)
            while reason.count < 2 { reason.append("") }
            var lines = [CellText.fitted(name, width), CellText.fitted(facts, width)] + reason.map { CellText.fitted($0, width) }
            lines[0] = tile.isKeeper ? style(lines[0], "1;32") : style(lines[0], "1")
            if !label.isEmpty, lines[2].text.hasPrefix(label) {
                lines[2] = style("\(own: label)", Self.tone(tile)) + TerminalText(own: String(lines[2].text.dropFirst(label.count)))
            }
            return lines
        }
        var out: TerminalText = ""
        for line in 0 ..< 4 { out += columns.map { $0[line] }.joined(separator: separator) + "\n" }
        return out + "\n"
    }

    /// One file as one line of text: mark, state, path, size, date, reason.
    private func textLine(_ tile: ContactSheet.Tile) -> TerminalText {
        let label = Self.label(tile)
        var parts: [TerminalText] = [tile.isKeeper ? "   *" : "    ", TerminalText(path: tile.record.path), "\(ByteCount.format(tile.size))", "\(Self.day(tile.date))"]
        if !label.isEmpty { parts.append("\(own: label)") }
        if !tile.reason.isEmpty { parts.append(tile.reason) }
        return parts.joined(separator: "  ")
    }

    /// The state word a tile leads its reason with.
    static func label(_ tile: ContactSheet.Tile) -> String {
        if tile.isKeeper { return "KEEPER" }
        switch tile.state {
        case .staged: return "STAGED"
        case .proposed: return "PROPOSED"
        case .kept: return "KEPT"
        case .new: return tile.reason.isEmpty ? "" : "STAYS"
        }
    }

    private static func tone(_ tile: ContactSheet.Tile) -> String {
        if tile.isKeeper { return "1;32" }
        switch tile.state {
        case .staged: return "1;31"
        case .proposed: return "1;33"
        case .kept, .new: return "1;32"
        }
    }

    /// `2015-07-01`.
    static func day(_ seconds: Int64) -> String {
        let parts = CivilDate.components(seconds)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.year)-\(two(parts.month))-\(two(parts.day))"
    }

    private func style(_ text: TerminalText, _ code: String) -> TerminalText {
        screen.styled && screen.drawing != .text ? "\u{1B}[\(own: code)m\(text)\u{1B}[0m" : text
    }
}

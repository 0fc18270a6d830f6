/// Draws the deck's frame for the window it has now: the card's photo large (and beside it the
/// keeper of its group, when the card is a twin), its facts — name, folder, size, date, state,
/// rule and reason, group — the last message, and the keys. Drawn whole each time, as one write.
final class DeckScreen {
    private let drawing: Drawing
    private let cell: CellSize
    private let styled: Bool
    private let printer: ChafaPrinter
    private let thumbnails: Thumbnails
    /// Decoded thumbnails of the cards around the current one (a redraw decodes nothing again).
    private var decoded: [Int64: DecodedImage?] = [:]

    init(screen: Screen, printer: ChafaPrinter, thumbnails: Thumbnails) {
        drawing = screen.drawing
        cell = screen.cell
        styled = screen.styled
        self.printer = printer
        self.thumbnails = thumbnails
    }

    /// What leaving the screen must erase: kitty keeps pictures until told.
    var farewell: String { drawing == .kitty ? "\u{1B}_Ga=d\u{1B}\\" : "" }

    func frame(_ deck: Deck, columns: Int, rows: Int) -> TerminalText {
        var out: TerminalText = "\(own: farewell)\u{1B}[0m\u{1B}[H\u{1B}[2J"
        func line(_ row: Int, _ text: TerminalText, _ code: String? = nil) {
            guard row >= 1, row <= rows else { return }
            let fitted = CellText.prefix(text, max(1, columns - 1))
            out += "\u{1B}[\(row);1H" + (code.map { style(fitted, $0) } ?? fitted)
        }
        let header: TerminalText = "cull review · \(deck.current == nil ? "done" : "card \(deck.position + 1) of \(deck.cards.count)")"
            + " · kept \(deck.counts.kept), staged \(deck.counts.staged), skipped \(deck.counts.skipped)"
        line(1, header, "1")
        let factsRows = 8
        let pictureRows = rows - factsRows - 1
        guard let id = deck.current, let record = try? AssetFile.record(deck.db, id: id) else {
            line(3, deck.cards.isEmpty ? "Nothing to review." : "No more cards: c commits what is staged, ↑ goes back, q quits.")
            footer(deck, rows: rows, line: line)
            return out
        }
        let entry = deck.scope.entries[id]
        let group = entry.flatMap { entry in entry.group.map { deck.scope.sections[entry.section].groups[$0] } }
        let keeper = group?.keeper.flatMap { $0 == id ? nil : try? AssetFile.record(deck.db, id: $0) }
        if pictureRows >= 3, drawing != .text {
            let panels = keeper == nil ? 1 : 2
            let width = (columns - (panels - 1) * 2) / panels
            out += picture(record, column: 1, row: 2, columns: width, rows: pictureRows - 1)
            if let keeper {
                out += picture(keeper, column: width + 3, row: 2, columns: width, rows: pictureRows - 1)
                out += "\u{1B}[\(pictureRows + 1);1H" + style(CellText.fitted("THIS FILE", width), "1")
                    + "  " + style(CellText.prefix("★ KEEPER \(path: PathBytes.basename(keeper.path))", width), "1;32")
            }
        }
        var row = max(2, pictureRows + 2)
        let state = status(deck, id)
        let folder = PathBytes.parent(record.path)
        line(row, "\(group?.keeper == id ? "★ " : "")\(path: PathBytes.basename(record.path))\(folder.isEmpty ? "" : "   in ")\(path: folder)", "1")
        row += 1
        line(row, "\(ByteCount.format(record.size)) · \(SheetRenderer.day(date(deck, id, record))) · \(state.text)", state.tone)
        row += 1
        if let entry {
            let section = deck.scope.sections[entry.section]
            // The rule is named unless the reason already does ("staged by rule …", "matched rule …").
            let rule: TerminalText = entry.reason.contains(section.rule) ? ""
                : "rule \(section.rule)" + (section.ruleFile.isEmpty ? "" : " (\(section.ruleFile))") + ": "
            for text in CellText.wrapped(rule + TerminalText(entry.reason), width: max(10, columns - 1), lines: 2) {
                line(row, text)
                row += 1
            }
        }
        if let group {
            let keeperName: TerminalText = keeper.map { ": \(path: PathBytes.basename($0.path))" } ?? (group.keeper == id ? ": this file" : "")
            line(row, "group of \(English.count(group.members.count, "file")), keeper chosen by \(group.decidedBy)" + keeperName, "2")
        }
        footer(deck, rows: rows, line: line)
        return out
    }

    /// The message (or the commit question) and the keys, on the last two lines.
    private func footer(_ deck: Deck, rows: Int, line: (Int, TerminalText, String?) -> Void) {
        if let commit = deck.pending {
            line(rows - 1, "Commit \(English.count(commit.count, "file")) (\(ByteCount.format(commit.bytes))) to the trash, fingerprint "
                 + "\(commit.fingerprint)? y commits, any other key cancels", "1;33")
        } else if !deck.message.isEmpty {
            line(rows - 1, TerminalText(deck.message), "33")
        }
        line(rows, "→ keep  ← stage  ↓ skip  ↑ back  u undo  g whole group  c commit  q quit", "2")
    }

    /// One photo fitted and centred in a box of cells whose top left is (`column`, `row`).
    private func picture(_ record: AssetFile.Record, column: Int, row: Int, columns: Int, rows: Int) -> TerminalText {
        guard columns > 0, rows > 0 else { return "" }
        guard let image = image(record) else {
            let text: TerminalText = record.kind == .video ? "▶ video \(record.duration.map(Placeholder.clock) ?? "")" : "no preview"
            return "\u{1B}[\(row + rows / 2);\(column + max(0, (columns - CellText.width(text)) / 2))H" + text
        }
        let fit = TilePictures.fit(width: image.width, height: image.height, columns: columns, rows: rows, cell: cell)
        let left = column + (columns - fit.columns) / 2
        // libchafa's picture: escape sequences and symbols made from the pixels.
        let drawn = printer.draw(image, columns: fit.columns, rows: fit.rows, cell: cell)
        if drawing.isPixels { return "\u{1B}[\(row);\(left)H" + TerminalText(own: drawn) }
        let reset = drawing == .symbols(.monochrome) ? "" : "\u{1B}[0m"
        return TerminalText(own: drawn.split(separator: "\n", omittingEmptySubsequences: false).prefix(fit.rows).enumerated()
            .map { "\u{1B}[\(row + $0.offset);\(left)H" + $0.element + reset }.joined())
    }

    private func image(_ record: AssetFile.Record) -> DecodedImage? {
        if let cached = decoded[record.id] { return cached }
        var image: DecodedImage?
        if case let .jpeg(bytes) = thumbnails.image(record) {
            image = try? JPEGDecoder.decode(bytes, path: record.name, maxSide: Thumbnails.side, grey: false)
        }
        if decoded.count > 16 { decoded = [:] }
        decoded[record.id] = image
        return image
    }

    private func status(_ deck: Deck, _ id: Int64) -> (text: String, tone: String) {
        switch (try? StagingStore(db: deck.db).status(of: id)) ?? .new {
        case .trashed: return ("STAGED: a commit takes it", "1;31")
        case .kept: return ("KEPT: no rule stages it again", "1;32")
        case .new:
            if deck.scope.isKeeper(id) { return ("KEEPER: stays", "1;32") }
            return deck.scope.proposed.contains(id) ? ("PROPOSED: ← stages it as its rule would", "1;33") : ("not staged", "0")
        }
    }

    private func date(_ deck: Deck, _ id: Int64, _ record: AssetFile.Record) -> Int64 {
        let taken = try? deck.db.scalar("SELECT taken FROM assets WHERE id = ?", [.integer(id)])?.int64
        return taken ?? record.mtimeNs / 1_000_000_000
    }

    private func style(_ text: TerminalText, _ code: String) -> TerminalText {
        styled ? "\u{1B}[\(own: code)m\(text)\u{1B}[0m" : text
    }
}

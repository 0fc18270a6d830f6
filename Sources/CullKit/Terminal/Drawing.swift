/// A way of drawing pictures in a terminal that `--preview=MODE` can force.
public enum PreviewMode: String, CaseIterable, Sendable {
    /// The kitty graphics protocol (kitty, WezTerm, Konsole, Ghostty).
    case kitty
    /// iTerm2's inline images (iTerm2, WezTerm, mintty).
    case iterm
    /// DEC sixels (xterm -ti vt340, foot, mlterm, WezTerm, Windows Terminal).
    case sixel
    /// Unicode block and line symbols in colour: any terminal.
    case symbols
}

/// The colours a mosaic of symbols may use.
enum MosaicColors: Equatable, Sendable {
    case truecolor, palette256, palette16
    /// No colour at all (`NO_COLOR`, a terminal without colours): the symbols alone.
    case monochrome
}

/// What a sheet or the deck draws with.
enum Drawing: Equatable, Sendable {
    case kitty, iterm, sixel
    case symbols(MosaicColors)
    /// No pictures: names, sizes, dates and reasons only (a pipe, `TERM=dumb`).
    case text

    /// Whether pictures are placed by pixels (and the cell size matters).
    var isPixels: Bool {
        switch self {
        case .kitty, .iterm, .sixel: true
        case .symbols, .text: false
        }
    }
}

/// The terminal standard output goes to, as a sheet or the deck sees it: how to draw, how wide
/// and tall it is, and the pixel size of a cell.
struct Screen: Equatable, Sendable {
    var drawing: Drawing
    var columns: Int
    var rows: Int
    var cell: CellSize
    /// Whether text may carry colour and bold (the ``Console``'s rule: a TTY and no `NO_COLOR`).
    var styled: Bool

    /// Picks the drawing: a forced mode wins. Otherwise nothing but text off a TTY and on a dumb
    /// terminal, monochrome symbols under `NO_COLOR`, and else the best the terminal supports by
    /// its own answers (``TerminalAnswers``, asked only here and only with a terminal on both
    /// standard input and output) or its environment: kitty, then iTerm2, then sixels, then
    /// symbols in as many colours as it has.
    static func detect(forced: PreviewMode?, environment: [String: String], terminal: Console) -> Screen {
        let output = TerminalDevice(fd: 1), input = TerminalDevice(fd: 0)
        let size = output.size()
        let columns = size?.columns ?? environment["COLUMNS"].flatMap(Int.init).map { max(20, $0) } ?? 80
        let rows = size?.rows ?? environment["LINES"].flatMap(Int.init).map { max(10, $0) } ?? 24
        var cell: CellSize?
        if let size, size.pixelWidth > 0, size.pixelHeight > 0 {
            cell = CellSize(width: max(1, size.pixelWidth / size.columns), height: max(1, size.pixelHeight / size.rows))
        }
        let dumb = environment["TERM"] == "dumb"
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let canAsk = terminal.stdoutIsTTY && TerminalDevice.isTerminal(0) && input.isForeground && !dumb
        let known = ChafaPrinter.known(environment)
        var answers: TerminalAnswers?
        func asked() -> TerminalAnswers {
            if answers == nil { answers = canAsk ? TerminalAnswers.ask(input: input, output: output, environment: environment) : TerminalAnswers() }
            return answers!
        }
        let colors: MosaicColors = noColor || dumb ? .monochrome : known.colors
        let drawing: Drawing
        switch forced {
        case .kitty?: drawing = .kitty
        case .iterm?: drawing = .iterm
        case .sixel?: drawing = .sixel
        case .symbols?: drawing = .symbols(colors)
        case nil:
            if !terminal.stdoutIsTTY || dumb {
                drawing = .text
            } else if noColor {
                drawing = .symbols(.monochrome)
            } else {
                let answered = asked()
                let name = answered.name?.lowercased() ?? ""
                if answered.kitty || known.kitty {
                    drawing = .kitty
                } else if known.iterm || name.hasPrefix("iterm2") {
                    drawing = .iterm
                } else if answered.sixel || known.sixel {
                    drawing = .sixel
                } else {
                    drawing = .symbols(colors)
                }
            }
        }
        if drawing.isPixels, cell == nil, canAsk { cell = asked().cell }
        return Screen(drawing: drawing, columns: columns, rows: rows, cell: cell ?? .common, styled: terminal.colorEnabled)
    }
}

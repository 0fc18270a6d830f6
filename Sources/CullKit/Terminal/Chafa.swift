internal import CChafa

/// libchafa, the one file that speaks to it: pictures as kitty graphics, iTerm2 inline images,
/// sixels or Unicode mosaics, and chafa's terminal database for what the environment says a
/// terminal supports. Its API is GLib-based (`GString`, `gint`); none of that leaves this file.
///
/// A ``ChafaPrinter`` is made once per sheet or deck and draws from any thread: each picture gets
/// a canvas of its own, and the shared terminal description is only read.
// @unchecked Sendable: the two chafa objects are made in `init` and only read after (each picture gets a
// canvas of its own); they are C pointers, which Swift cannot see are never written.
final class ChafaPrinter: @unchecked Sendable {
    /// What the environment (`TERM`, `TERM_PROGRAM`, `VTE_VERSION`, …) says the terminal draws,
    /// by chafa's terminal database.
    struct Known: Equatable, Sendable {
        var kitty = false
        var iterm = false
        var sixel = false
        var colors: MosaicColors = .monochrome
    }

    private let termInfo: OpaquePointer
    private let config: OpaquePointer
    private let drawing: Drawing

    /// A printer for `drawing`, with the sequences the environment's terminal uses and, for what
    /// its entry lacks (a forced mode, an answer the database did not expect), chafa's fallbacks.
    init(drawing: Drawing, environment: [String: String]) {
        self.drawing = drawing
        let detected = Self.detect(environment)
        let fallback = chafa_term_db_get_fallback_info(chafa_term_db_get_default())
        chafa_term_info_supplement(detected, fallback)
        chafa_term_info_unref(fallback)
        termInfo = detected
        config = chafa_canvas_config_new()
        switch drawing {
        case .kitty: chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_KITTY)
        case .iterm: chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_ITERM2)
        case .sixel: chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS)
        case let .symbols(colors):
            chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS)
            let mode: ChafaCanvasMode
            switch colors {
            case .truecolor: mode = CHAFA_CANVAS_MODE_TRUECOLOR
            case .palette256: mode = CHAFA_CANVAS_MODE_INDEXED_240
            case .palette16: mode = CHAFA_CANVAS_MODE_INDEXED_16
            // Symbols alone, in the terminal's own colours: no escape sequence at all.
            case .monochrome: mode = CHAFA_CANVAS_MODE_FGBG
            }
            chafa_canvas_config_set_canvas_mode(config, mode)
        case .text:
            break
        }
    }

    deinit {
        chafa_canvas_config_unref(config)
        chafa_term_info_unref(termInfo)
    }

    /// `image` drawn on `columns` × `rows` cells of `cell` pixels each: the escape sequences of a
    /// picture, or for symbols `rows` lines (no line breaks at the ends), each ending with the
    /// attributes reset.
    func draw(_ image: DecodedImage, columns: Int, rows: Int, cell: CellSize) -> String {
        guard drawing != .text, columns > 0, rows > 0 else { return "" }
        let rgb = image.rgb
        guard let local = chafa_canvas_config_copy(config) else { return "" }
        defer { chafa_canvas_config_unref(local) }
        chafa_canvas_config_set_geometry(local, gint(columns), gint(rows))
        chafa_canvas_config_set_cell_geometry(local, gint(cell.width), gint(cell.height))
        guard let canvas = chafa_canvas_new(local) else { return "" }
        defer { chafa_canvas_unref(canvas) }
        rgb.pixels.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGB8, pixels.baseAddress, gint(rgb.width), gint(rgb.height),
                                         gint(rgb.width * 3))
        }
        guard let printed = chafa_canvas_print(canvas, termInfo) else { return "" }
        let text = String(decoding: UnsafeRawBufferPointer(start: printed.pointee.str, count: Int(printed.pointee.len)), as: UTF8.self)
        g_string_free(printed, 1)
        return text
    }

    /// What chafa's terminal database makes of `environment`. Inside tmux or screen the outer
    /// terminal's variables (`TERM_PROGRAM=iTerm.app`, …) are inherited but its pictures do not
    /// pass through the multiplexer: there only the multiplexer's own answers count.
    static func known(_ environment: [String: String]) -> Known {
        let info = detect(environment)
        defer { chafa_term_info_unref(info) }
        var known = Known()
        let multiplexed = TerminalAnswers.isMultiplexer(environment)
        if !multiplexed {
            known.kitty = chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1) != 0
            known.iterm = chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_ITERM2_IMAGE) != 0
            known.sixel = chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_SIXELS) != 0
        }
        let truecolor = ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
        if truecolor || chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_SET_COLOR_FGBG_DIRECT) != 0 {
            known.colors = .truecolor
        } else if chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_SET_COLOR_FGBG_256) != 0 || environment["TERM"]?.contains("256") == true {
            known.colors = .palette256
        } else if chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_SET_COLOR_FGBG_16) != 0 {
            known.colors = .palette16
        }
        return known
    }

    /// `chafa_term_db_detect` over `environment` as a C `envp`.
    private static func detect(_ environment: [String: String]) -> OpaquePointer {
        var strings: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0.key + "=" + $0.value) }
        strings.append(nil)
        defer { for string in strings { free(string) } }
        return strings.withUnsafeMutableBufferPointer { envp in
            chafa_term_db_detect(chafa_term_db_get_default(), envp.baseAddress)
        }
    }
}

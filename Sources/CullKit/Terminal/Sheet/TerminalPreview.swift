import Foundation

/// `--preview` of `cull plan`, `cull trash` and `cull find`: the files as a contact sheet on
/// standard output, drawn the best way the terminal allows (``Screen/detect(forced:environment:terminal:)``),
/// from the thumbnails `cull review` caches.
public enum TerminalPreview {
    /// The sheet of a review scope: the plan of rules, or what is staged (`only` those files, and
    /// the keepers of their groups, when given: `cull trash --rule R`).
    public static func draw(_ scope: ReviewScope, only: Set<Int64>? = nil, library: Library, db: Database, terminal: Console,
                            forced: PreviewMode?, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        try draw(ContactSheet(scope, only: only, db: db), library: library, terminal: terminal, forced: forced, environment: environment)
    }

    /// The sheet of some files, in their order, as one section titled `title` (`cull find`).
    public static func draw(title: TerminalText, assets: [Int64], library: Library, db: Database, terminal: Console, forced: PreviewMode?,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        try draw(ContactSheet(title: title, ids: assets, db: db), library: library, terminal: terminal, forced: forced,
                 environment: environment)
    }

    private static func draw(_ sheet: ContactSheet, library: Library, terminal: Console, forced: PreviewMode?,
                             environment: [String: String]) {
        guard sheet.count > 0 else {
            terminal.out("Nothing to show.\n")
            return
        }
        let screen = Screen.detect(forced: forced, environment: environment, terminal: terminal)
        var pictures: TilePictures?
        if screen.drawing != .text {
            let records = sheet.sections.flatMap { $0.blocks.flatMap { $0.tiles.map(\.record) } }
            pictures = TilePictures(records, thumbnails: Thumbnails(library: library),
                                    printer: ChafaPrinter(drawing: screen.drawing, environment: environment),
                                    columns: SheetRenderer.tileColumns, rows: SheetRenderer.pictureRows, cell: screen.cell)
        }
        SheetRenderer(screen: screen).render(sheet, pictures: pictures) { terminal.out($0) }
    }
}

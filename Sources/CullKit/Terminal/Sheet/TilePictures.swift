import Dispatch
import Foundation
import Synchronization

/// A tile's picture, ready to print: chafa's output for its thumbnail, or the lines of a
/// placeholder that says why there is none (a video without a frame, a broken file).
enum TilePicture: Sendable {
    /// Escape sequences (pixels) or `rows` lines of symbols, `columns` cells wide.
    case drawn(String, columns: Int, rows: Int)
    case placeholder([TerminalText])
}

/// Draws pictures of files from the review's thumbnail cache (``Thumbnails``: made once, shared
/// with `cull review`), a window at a time on every core, so a sheet starts printing before its
/// last tile is drawn.
final class TilePictures: Sendable {
    private let records: [AssetFile.Record]
    private let thumbnails: Thumbnails
    private let printer: ChafaPrinter
    private let columns: Int, rows: Int
    private let cell: CellSize
    private let drawn: Mutex<[TilePicture?]>
    /// Tiles drawn together: enough to keep every core busy, few enough to show the first row soon.
    static let window = 12

    init(_ records: [AssetFile.Record], thumbnails: Thumbnails, printer: ChafaPrinter, columns: Int, rows: Int, cell: CellSize) {
        self.records = records
        self.thumbnails = thumbnails
        self.printer = printer
        self.columns = columns
        self.rows = rows
        self.cell = cell
        drawn = Mutex(Array(repeating: nil, count: records.count))
    }

    /// The picture of tile `index` (drawn now, with the rest of its window, if it was not yet).
    func picture(_ index: Int) -> TilePicture {
        if let ready = slot(index) { return ready }
        let start = index / Self.window * Self.window
        let end = min(records.count, start + Self.window)
        DispatchQueue.concurrentPerform(iterations: end - start) { offset in
            let picture = self.draw(self.records[start + offset])
            self.drawn.withLock { $0[start + offset] = picture }
        }
        return slot(index) ?? .placeholder(["no preview"])
    }

    private func slot(_ index: Int) -> TilePicture? {
        drawn.withLock { $0[index] }
    }

    private func draw(_ record: AssetFile.Record) -> TilePicture {
        switch thumbnails.image(record) {
        case let .jpeg(bytes):
            guard let image = try? JPEGDecoder.decode(bytes, path: record.name, maxSide: Thumbnails.side, grey: false) else {
                return .placeholder(["no preview", "unreadable thumbnail"])
            }
            let fit = Self.fit(width: image.width, height: image.height, columns: columns, rows: rows, cell: cell)
            return .drawn(printer.draw(image, columns: fit.columns, rows: fit.rows, cell: cell), columns: fit.columns, rows: fit.rows)
        case .placeholder:
            if record.kind == .video {
                return .placeholder(["▶ video", "\(record.duration.map(Placeholder.clock) ?? "")", TerminalText(record.lowercasedExtension.uppercased())])
            }
            return .placeholder(["no preview", record.broken.map { "damaged: \($0)" } ?? "cannot be read now"])
        }
    }

    /// The cells a `width` × `height` picture takes inside `columns` × `rows` cells of `cell`
    /// pixels, its shape kept (cells are taller than wide).
    static func fit(width: Int, height: Int, columns: Int, rows: Int, cell: CellSize) -> (columns: Int, rows: Int) {
        let scale = min(Double(columns * cell.width) / Double(max(1, width)), Double(rows * cell.height) / Double(max(1, height)))
        let across = (Double(width) * scale / Double(cell.width)).rounded()
        let down = (Double(height) * scale / Double(cell.height)).rounded()
        return (max(1, min(columns, Int(across))), max(1, min(rows, Int(down))))
    }
}

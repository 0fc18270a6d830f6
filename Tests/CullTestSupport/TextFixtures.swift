import Foundation

/// Pages, receipts and photos drawn by ImageMagick for the text tests (real files Tesseract reads).
public enum TextFixtures {
    public static let convert = "/usr/bin/convert"
    public static let engData = "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata"
    /// ImageMagick and Tesseract's English data are both installed.
    public static var available: Bool {
        FileManager.default.isExecutableFile(atPath: convert) && FileManager.default.fileExists(atPath: engData)
    }

    public static let receiptLines = [
        "ACME GROCERY STORE", "123 Main Street, Springfield", "Milk two litres        2.49",
        "Bread whole wheat      3.19", "Eggs dozen large       4.99", "Apples gala kilo       3.75",
        "Coffee beans 500g      8.99", "TOTAL                 23.41", "Thank you for shopping with us",
    ]

    public static let pageLines = [
        "The quarterly report shows that revenue grew in every region.", "Costs were held below the budget agreed in March,",
        "and the new warehouse opened two weeks ahead of schedule.", "Customer complaints fell by a third compared with last year.",
        "The board will meet again on the fourteenth of November", "to approve the plan for the coming financial year.",
        "Please send your comments to the finance office by Friday.",
    ]

    /// Runs `convert arguments… path`.
    public static func convert(_ arguments: [String], to path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: convert)
        process.arguments = arguments + [path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// `lines` of black text on a `width`×`height` page of `paper` (an ImageMagick picture: white,
    /// a shade), `point` points, then `extra` (a turn, blur).
    public static func page(_ lines: [String], width: Int = 1200, height: Int = 1600, point: Int = 28, paper: String = "xc:white",
                            extra: [String] = [], to path: String) throws {
        var arguments = ["-size", "\(width)x\(height)", paper, "-font", "DejaVu-Sans", "-pointsize", "\(point)", "-fill", "black"]
        for (index, line) in lines.enumerated() {
            arguments += ["-annotate", "+\(width / 15)+\(height / 12 + index * point * 2)", line]
        }
        try convert(arguments + extra, to: path)
    }

    /// A photograph-like picture without text: a plasma fractal, blurred a little.
    public static func scene(width: Int = 1600, height: Int = 1200, seed: Int = 7, extra: [String] = [], to path: String) throws {
        try convert(["-seed", "\(seed)", "-size", "\(width)x\(height)", "plasma:green-blue", "-blur", "0x1"] + extra, to: path)
    }

    /// A fresh temporary folder.
    public static func folder(_ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "cull-text-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

import Foundation

/// Decides whether an asset is a screenshot, and records the evidence used (so a plan can say why).
///
/// Evidence, strongest first: iOS writes "Screenshot" into EXIF/XMP UserComment; Android and
/// desktop systems name files and folders after screenshots; a PNG with no camera at the exact
/// pixel size of a common screen is very likely one.
public enum ScreenshotDetector {
    static let namePrefixes = [
        "screenshot", "screen shot", "screen_shot", "screen-shot", "scr_", "scrnshot",
        "bildschirmfoto", "capture d’écran", "capture d'écran", "schermafbeelding", "captura de pantalla",
        "captura de tela", "istantanea schermo", "zrzut ekranu", "снимок экрана", "スクリーンショット", "屏幕截图",
    ]

    static let folderNames: Set<String> = ["screenshots", "screenshot", "screen shots", "bildschirmfotos", "captures d’écran"]

    /// Portrait pixel sizes of common phone, tablet and desktop screens (either orientation matches).
    static let screenSizes: Set<Int> = {
        let sizes: [(Int, Int)] = [
            (640, 1136), (750, 1334), (1080, 1920), (1242, 2208), (1125, 2436), (828, 1792), (1242, 2688),
            (1170, 2532), (1284, 2778), (1179, 2556), (1290, 2796), (1206, 2622), (1320, 2868), (1080, 2340),
            (1080, 2400), (1440, 3200), (1440, 3120), (1080, 2280), (720, 1600), (1440, 2560), (1080, 2160),
            (720, 1280), (1536, 2048), (1668, 2224), (1668, 2388), (1620, 2160), (2048, 2732), (1640, 2360),
            (1488, 2266), (1080, 1920), (1440, 900), (1280, 800), (1366, 768), (2560, 1440), (2560, 1600),
            (2880, 1800), (3840, 2160), (3024, 1964), (3456, 2234), (2940, 1912), (3360, 2100), (5120, 2880),
            (1920, 1200), (1600, 900), (2736, 1824), (2496, 1664),
        ]
        return Set(sizes.flatMap { [$0.0 << 16 | $0.1, $0.1 << 16 | $0.0] })
    }()

    /// The evidence that `name` in `folder` with `metadata` is a screenshot, or `nil` when none.
    public static func evidence(name: String, folder: String, metadata: MediaMetadata) -> String? {
        var found: [String] = []
        if let comment = metadata.userComment?.trimmingCharacters(in: .whitespacesAndNewlines),
           comment.caseInsensitiveCompare("Screenshot") == .orderedSame {
            found.append("user-comment")
        }
        let lowerName = name.lowercased()
        if namePrefixes.contains(where: { lowerName.hasPrefix($0) }) { found.append("file-name") }
        let components = folder.lowercased().split(separator: "/")
        if components.contains(where: { folderNames.contains(String($0)) }) { found.append("folder") }
        if metadata.format == .png, metadata.make == nil, let width = metadata.width, let height = metadata.height,
           screenSizes.contains(width << 16 | height) {
            found.append("png-screen-size")
        }
        return found.isEmpty ? nil : found.joined(separator: ",")
    }
}

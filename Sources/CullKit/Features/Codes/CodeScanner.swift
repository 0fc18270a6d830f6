internal import CLoader
import CZBar

/// A kind of code ZBar reads, as rule files name it (`code: qr`).
public enum CodeKind: String, Sendable, CaseIterable, Comparable {
    case qr, ean13, ean8, upca, upce, code128, code39, code93

    /// The ZBar symbology of each kind: the only ones the scanner enables. ZBar's others are left
    /// off: DataBar, Interleaved 2 of 5, Codabar and the EAN add-ons read codes out of the grain of
    /// a noisy photo, and a PDF417 is only detected, never decoded, by this ZBar.
    var symbology: zbar_symbol_type_t {
        switch self {
        case .qr: ZBAR_QRCODE
        case .ean13: ZBAR_EAN13
        case .ean8: ZBAR_EAN8
        case .upca: ZBAR_UPCA
        case .upce: ZBAR_UPCE
        case .code128: ZBAR_CODE128
        case .code39: ZBAR_CODE39
        case .code93: ZBAR_CODE93
        }
    }

    init?(_ symbology: zbar_symbol_type_t) {
        guard let kind = Self.allCases.first(where: { $0.symbology == symbology }) else { return nil }
        self = kind
    }

    public static func < (lhs: CodeKind, rhs: CodeKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One code read in a photo: its kind and its payload, made safe to keep (see ``CodeScanner``).
public struct FoundCode: Sendable, Equatable, Hashable {
    public let kind: CodeKind
    public let text: String

    public init(kind: CodeKind, text: String) {
        self.kind = kind
        self.text = text
    }
}

/// Reads QR codes and barcodes in a grey picture with ZBar's image scanner (a Y800 image over the
/// decode's own pixels, no copy). One reader per thread: ZBar's scanner keeps state between scans.
///
/// Bounded: ZBar's time grows with the pixels it is given, so it is only given decodes Cull makes at
/// a capped size (``CodeCache``); at most ``maxCodes`` codes are kept, each payload cut to
/// ``maxPayloadBytes`` bytes of UTF-8, and a NUL or U+001F in it (which a stored list cannot hold)
/// becomes U+FFFD. Every other character is kept as read: output escapes it where it is shown.
public final class CodeScanner {
    /// The most codes kept of one photo.
    public static let maxCodes = 16
    /// The longest payload kept, in bytes: a version-40 QR code holds 2,953 bytes of binary data.
    public static let maxPayloadBytes = 4096

    private let scanner: OpaquePointer
    /// The library's functions (``Libraries/zbar``).
    private let zbar: cull_zbar

    init(_ zbar: cull_zbar) {
        self.zbar = zbar
        // NULL only when memory is exhausted, where Swift itself stops.
        guard let made = zbar.zbar_image_scanner_create() else { fatalError("libzbar could not allocate a scanner") }
        scanner = made
        _ = zbar.zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        for kind in CodeKind.allCases { _ = zbar.zbar_image_scanner_set_config(scanner, kind.symbology, ZBAR_CFG_ENABLE, 1) }
    }

    deinit { zbar.zbar_image_scanner_destroy(scanner) }

    /// The codes in `image` (grey or RGB, scanned as grey), in the order ZBar reports them, each
    /// kind and payload once.
    public func scan(_ image: DecodedImage) -> [FoundCode] {
        let grey = image.grey
        return grey.pixels.withUnsafeBufferPointer { pixels -> [FoundCode] in
            guard let zimage = zbar.zbar_image_create() else { return [] }
            defer { zbar.zbar_image_destroy(zimage) }
            zbar.zbar_image_set_format(zimage, Self.y800)
            zbar.zbar_image_set_size(zimage, UInt32(grey.width), UInt32(grey.height))
            // No cleanup handler: the buffer is ours and outlives the image.
            zbar.zbar_image_set_data(zimage, pixels.baseAddress, UInt(pixels.count), nil)
            guard zbar.zbar_scan_image(scanner, zimage) > 0 else { return [] }
            var found: [FoundCode] = []
            var symbol = zbar.zbar_image_first_symbol(zimage)
            while let current = symbol, found.count < Self.maxCodes {
                symbol = zbar.zbar_symbol_next(current)
                guard let kind = CodeKind(zbar.zbar_symbol_get_type(current)), let data = zbar.zbar_symbol_get_data(current) else { continue }
                let bytes = UnsafeRawBufferPointer(start: data, count: Int(zbar.zbar_symbol_get_data_length(current)))
                let code = FoundCode(kind: kind, text: Self.kept(bytes))
                if !found.contains(code) { found.append(code) }
            }
            return found
        }
    }

    /// ZBar's name for 8-bit grey.
    private static let y800: UInt = UInt(UInt8(ascii: "Y")) | UInt(UInt8(ascii: "8")) << 8 | UInt(UInt8(ascii: "0")) << 16
        | UInt(UInt8(ascii: "0")) << 24

    /// A payload as kept: at most ``maxPayloadBytes`` bytes (cut before a character that would
    /// cross it), bytes that are not UTF-8 replaced, NUL and U+001F (the list separator) as U+FFFD.
    static func kept(_ bytes: UnsafeRawBufferPointer) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.contains("\u{0}") || text.contains("\u{1F}") {
            text = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value == 0 || $0.value == 0x1F ? "\u{FFFD}" : $0 }))
        }
        guard text.utf8.count > maxPayloadBytes else { return text }
        var cut = ""
        var length = 0
        for character in text {
            length += character.utf8.count
            if length > maxPayloadBytes { break }
            cut.append(character)
        }
        return cut
    }
}

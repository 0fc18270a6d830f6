import Foundation

/// The one Unicode normal form every rule comparison uses: NFC (composed), the form most systems
/// write and people type. macOS file systems hand out NFD (`E` + U+0301), so a folder synced from
/// a Mac is normalised before it is compared; rule patterns are normalised once when loaded.
/// ASCII text is already in every normal form and is never converted.
enum UnicodeForm {
    /// `text` in NFC.
    static func nfc(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 } ? text : text.precomposedStringWithCanonicalMapping
    }

    /// True when every byte is ASCII (no normalisation needed).
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte >= 0x80 { return false }
        return true
    }

    /// Calls `body` with the NFC form of the UTF-8 `bytes`: the bytes themselves when ASCII.
    static func withNFC<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if isASCII(bytes) { return body(bytes) }
        var normal = String(decoding: bytes, as: UTF8.self).precomposedStringWithCanonicalMapping
        return normal.withUTF8(body)
    }
}

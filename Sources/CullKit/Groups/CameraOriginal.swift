/// What tells a camera original from a copy derived from it: the `original` keeper ranking and
/// `largest` read it.
///
/// A **camera original** has, in its own metadata, a camera (make or model) and a capture date
/// (not one read from its file name), is in a format cameras write (JPEG, HEIC/HEIF, RAW and DNG;
/// MOV, MP4, M4V and 3GP for video), and no folder or file name of its path holds one of the
/// ``derivedWords`` as a word (`Edited/`, `IMG_0024_export.png`, `IMG_1 copy.JPG`). Anything
/// else is a **derived copy**: a PNG or WebP re-encode, an export whose metadata was stripped,
/// an edit saved next to the original.
enum CameraOriginal {
    /// Words of a folder or file name that say the file was made from another (ASCII, any case).
    static let derivedWords: Set<String> = ["export", "exported", "exports", "edit", "edited", "edits", "copy", "resized"]

    /// True for the formats cameras and phones write their pictures in; a PNG, WebP, GIF, TIFF or
    /// AVIF of a camera's photo is a re-encode.
    static func isCameraFormat(_ format: MediaFormat?) -> Bool {
        guard let format else { return false }
        switch format {
        case .jpeg, .heic, .mov, .mp4, .m4v, .threeGP: return true
        default: return format.isRaw
        }
    }

    /// True when a folder or file name of `path` says the file was exported, edited or copied:
    /// one of ``derivedWords`` between non-alphanumeric characters.
    static func isDerivedPath(_ path: [UInt8]) -> Bool {
        var word: [UInt8] = []
        for byte in path + [47] {
            let lower = (65 ... 90).contains(byte) ? byte + 32 : byte
            if (97 ... 122).contains(lower) || (48 ... 57).contains(lower) || lower >= 128 {
                word.append(lower)
                continue
            }
            if !word.isEmpty, word.count <= 8, derivedWords.contains(String(decoding: word, as: UTF8.self)) { return true }
            word.removeAll(keepingCapacity: true)
        }
        return false
    }

    /// The test itself, from what the index holds about the file.
    static func isOriginal(format: MediaFormat?, hasCamera: Bool, hasCaptureDate: Bool, path: [UInt8]) -> Bool {
        hasCamera && hasCaptureDate && isCameraFormat(format) && !isDerivedPath(path)
    }
}

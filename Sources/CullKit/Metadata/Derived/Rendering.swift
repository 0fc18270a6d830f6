/// What a camera or phone made of a frame, as it says in the file (EXIF CustomRendered, Apple's
/// HDRImageType maker note): the result of a merge it made, or one of the frames it merged.
/// Stored in `assets.rendering` under its raw value.
public enum Rendering: String, Sendable, CaseIterable {
    /// An HDR image the camera merged (CustomRendered 2 or 3, Apple HDRImageType 3).
    case hdrResult = "hdr"
    /// A frame the camera took for an HDR merge and kept (CustomRendered 4, Apple HDRImageType 4).
    case hdrSource = "hdr-source"
    /// A panorama the camera stitched (CustomRendered 6).
    case panorama

    /// The value of EXIF CustomRendered (0xA401) as Apple and the EXIF 3.0 list number them; nil
    /// for normal, custom and portrait rendering.
    init?(customRendered value: Int) {
        switch value {
        case 2, 3: self = .hdrResult
        case 4: self = .hdrSource
        case 6: self = .panorama
        default: return nil
        }
    }

    /// The value of Apple's HDRImageType maker note tag (0x000A).
    init?(appleHDRImageType value: Int) {
        switch value {
        case 3: self = .hdrResult
        case 4: self = .hdrSource
        default: return nil
        }
    }

    /// True for what a camera made out of several frames.
    public var isMerged: Bool { self != .hdrSource }
}

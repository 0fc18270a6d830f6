/// What a metadata reader learned from one file's headers (and its sidecars).
///
/// Every field is optional: missing metadata is `nil`, never a guess, so a rule
/// over a missing field does not match. Width and height are as stored; use
/// ``displayWidth`` / ``displayHeight`` for the orientation-corrected values.
public struct MediaMetadata: Sendable, Equatable {
    /// The largest side a picture may have (JPEG's own limit): a header that claims more is not
    /// believed, and no decode goes past it (``DecodeLimits/maxSide``).
    public static let maxSide = 65_535
    /// The most pixels a picture decoded for Cull may have (``DecodeLimits/maxPixels``); FFmpeg's
    /// decoders refuse more while a video's streams are probed for its metadata, too.
    public static let maxPixels = 100_000_000

    public var format: MediaFormat?
    public var width: Int?
    public var height: Int?
    /// EXIF orientation, 1...8 (5...8 swap width and height).
    public var orientation: Int?
    /// The transform the container itself applies (HEIF `irot`/`imir`), as an EXIF-style
    /// orientation. Viewers apply it and ignore EXIF, so it wins for display.
    public var containerOrientation: Int?
    /// Seconds, for videos (and animated images when known).
    public var duration: Double?
    /// EXIF DateTimeOriginal (or the TIFF DateTime fallback when no EXIF date exists).
    public var exifDate: CaptureDate?
    /// QuickTime `com.apple.quicktime.creationdate` or `mvhd` creation time.
    public var quickTimeDate: CaptureDate?
    /// Another video container's own date, read through FFmpeg (``FFmpegReader``): Matroska's
    /// `DateUTC`, ASF's creation date, AVI's `IDIT`/`ICRD`, an AVCHD camera's `MDPM` record.
    public var containerDate: CaptureDate?
    /// XMP `exif:DateTimeOriginal`, `photoshop:DateCreated` or `xmp:CreateDate`.
    public var xmpDate: CaptureDate?
    /// Whether ``xmpDate`` names only a day (`photoshop:DateCreated` "2006-10-29"), not a time of it.
    public var xmpDateIsDay: Bool?
    /// Google Takeout `photoTakenTime`.
    public var takeoutDate: CaptureDate?
    /// IPTC DateCreated + TimeCreated (APP13): after EXIF and XMP, as the Metadata Working Group orders them.
    public var iptcDate: CaptureDate?
    /// The capture date in the camera maker's own record, for cameras that wrote none in EXIF: Olympus's
    /// APP12 PictureInfo `TimeDate`, Canon's CIFF TimeStamp (APP0), Casio's APP1 QVCI, a Reconyx maker note.
    public var makerDate: CaptureDate?
    public var make: String?
    public var model: String?
    public var lens: String?
    public var software: String?
    /// Signed degrees (south and west negative).
    public var latitude: Double?
    public var longitude: Double?
    /// XMP `xmp:Rating`: -1 (rejected) ... 5.
    public var rating: Int?
    /// Takeout `favorited` or an Apple export `favorite` flag.
    public var favorite: Bool?
    /// EXIF / XMP UserComment (iOS writes "Screenshot" here).
    public var userComment: String?
    /// Apple ContentIdentifier (photo MakerNote / QuickTime key) pairing a Live Photo's halves.
    public var liveID: String?
    /// Apple burst UUID or another burst group identifier (Google's XMP `BurstID`).
    public var burstID: String?
    /// The fraction of the capture second, in microseconds (EXIF SubSecTimeOriginal, or the
    /// SubSecTime tag of whichever date ``exifDate`` came from): tells a burst's frames apart.
    public var subsecondMicros: Int?
    /// EXIF ExposureBiasValue (the exposure compensation), in EV: a ladder of these in one
    /// sequence is an exposure bracket.
    public var exposureBias: Double?
    /// EXIF ExposureMode: 0 auto, 1 manual, 2 auto bracket.
    public var exposureMode: Int?
    /// What the camera made of the frame (an HDR merge, a frame kept for one, a panorama).
    public var rendering: Rendering?
    /// EXIF SubjectDistance, in metres: where the lens was focused, stepping through a range in a focus stack.
    public var focusDistance: Double?
    /// A pick: 1 picked (`xmpDM:pick` 1, digiKam's PickLabel accepted), -1 rejected.
    public var pick: Int?
    /// Colour labels (`xmp:Label`, darktable's `colorlabels`), as ``ColorLabel`` words.
    public var labels: [String] = []
    /// Keywords (`dc:subject`, `lr:hierarchicalSubject`, `digiKam:TagsList`, IPTC Keywords), levels joined by `|`.
    public var tags: [String] = []
    /// Named people (MWG and Microsoft face regions, `People|…` tags).
    public var people: [String] = []

    public init() {}

    /// Width after applying EXIF orientation.
    public var displayWidth: Int? { swapsAxes ? height : width }
    /// Height after applying EXIF orientation.
    public var displayHeight: Int? { swapsAxes ? width : height }
    private var swapsAxes: Bool { (5...8).contains(containerOrientation ?? orientation ?? 1) }

    /// Fills every field that is still `nil` here from `other`.
    public mutating func fillGaps(from other: MediaMetadata) {
        func fill<T>(_ keyPath: WritableKeyPath<MediaMetadata, T?>) {
            if self[keyPath: keyPath] == nil { self[keyPath: keyPath] = other[keyPath: keyPath] }
        }
        fill(\.format); fill(\.width); fill(\.height); fill(\.orientation); fill(\.containerOrientation); fill(\.duration)
        if xmpDate == nil { xmpDateIsDay = other.xmpDateIsDay }
        fill(\.exifDate); fill(\.quickTimeDate); fill(\.containerDate); fill(\.xmpDate); fill(\.takeoutDate); fill(\.iptcDate); fill(\.makerDate)
        fill(\.make); fill(\.model); fill(\.lens); fill(\.software)
        fill(\.latitude); fill(\.longitude); fill(\.rating); fill(\.favorite)
        fill(\.userComment); fill(\.liveID); fill(\.burstID); fill(\.subsecondMicros); fill(\.pick)
        fill(\.exposureBias); fill(\.exposureMode); fill(\.rendering); fill(\.focusDistance)
        if labels.isEmpty { labels = other.labels }
        if tags.isEmpty { tags = other.tags }
        if people.isEmpty { people = other.people }
    }

    /// Another sidecar's decisions for the same file (darktable's duplicates, `NAME.xmp` beside
    /// `STEM.xmp`): the most protective counts, the higher rating, a pick over a reject, every label, tag and person.
    mutating func mergeDecisions(_ other: MediaMetadata) {
        rating = CatalogDecision.max(rating, other.rating)
        switch (pick, other.pick) {
        case (1, _), (_, 1): pick = 1
        case (-1, -1), (-1, nil), (nil, -1): pick = -1   // rejected, and no sidecar says otherwise
        default: pick = nil
        }
        labels = CatalogDecision.union(labels, other.labels)
        tags = CatalogDecision.union(tags, other.tags)
        people = CatalogDecision.union(people, other.people)
    }

    /// What another version of the file (a darktable duplicate's sidecar) decided that keeps it: a
    /// higher rating, a pick, its labels, tags and people. Never its rejection: rejecting a version
    /// is no decision about the file it is made from.
    mutating func keepDecisions(of version: MediaMetadata) {
        if let other = version.rating, other >= 1, other > (rating ?? 0) { rating = other }
        if version.pick == 1 { pick = 1 }
        labels = CatalogDecision.union(labels, version.labels)
        tags = CatalogDecision.union(tags, version.tags)
        people = CatalogDecision.union(people, version.people)
    }

    /// The decisions of a sidecar, over the file's own wherever the sidecar has one.
    mutating func takeDecisions(from sidecar: MediaMetadata) {
        if let rating = sidecar.rating { self.rating = rating }
        if let pick = sidecar.pick { self.pick = pick }
        if !sidecar.labels.isEmpty { labels = sidecar.labels }
        if !sidecar.tags.isEmpty { tags = sidecar.tags }
        if !sidecar.people.isEmpty { people = sidecar.people }
    }

    /// Overrides fields here with every non-`nil` field of `other` (sidecars win).
    public mutating func override(with other: MediaMetadata) {
        var merged = other
        merged.fillGaps(from: self)
        // The container format and pixel size always come from the media file itself.
        merged.format = format ?? other.format
        merged.width = width ?? other.width
        merged.height = height ?? other.height
        self = merged
    }
}

/// A capture time as the camera wrote it: local wall-clock time plus the UTC offset when known.
public struct CaptureDate: Sendable, Equatable, Hashable {
    /// Local wall-clock time, as seconds since 1970-01-01T00:00:00 *in that local time*.
    public var local: Int64
    /// Minutes east of UTC, when the file says (EXIF OffsetTimeOriginal, QuickTime, XMP, Takeout is UTC).
    public var offsetMinutes: Int?

    public init(local: Int64, offsetMinutes: Int? = nil) {
        self.local = local
        self.offsetMinutes = offsetMinutes
    }

    /// The instant in UTC seconds since the epoch, when the offset is known.
    public var utc: Int64? { offsetMinutes.map { local - Int64($0) * 60 } }
}

/// The container formats Cull reads, detected from magic bytes (not the file name).
public enum MediaFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp, heic, avif, tiff, dng, cr2, nef, arw, orf, rw2, mov, mp4, m4v, threeGP = "3gp"
    /// Camera RAW containers beyond the TIFF-based ones above (see ``RawFormats``); `kyocera` is the
    /// `.raw` of Kyocera's Contax N Digital.
    case cr3, crw, raf, mrw, x3f, iiq, pef, srw, threeFR = "3fr", fff, erf, kdc, dcr, mef, mos, ari, kyocera
    /// Video containers read through FFmpeg (``FFmpegReader``): AVI, Matroska and WebM, ASF (`.wmv`,
    /// `.asf`), MPEG program streams (`.mpg`, `.vob`) and transport streams (AVCHD's `.mts`, `.m2ts`).
    case avi, mkv, webm, wmv, mpg, m2ts
    /// Still formats without a RAW: BMP, Photoshop's PSD (and PSB), JPEG XL and JPEG 2000 (JP2 or a
    /// bare codestream); their pixels are decoded through FFmpeg (``StillFrameDecoder``).
    case bmp, psd, jxl, jp2

    /// Photo or video.
    public var kind: MediaKind {
        switch self {
        case .mov, .mp4, .m4v, .threeGP, .avi, .mkv, .webm, .wmv, .mpg, .m2ts: .video
        default: .photo
        }
    }

    /// The formats whose pixels FFmpeg decodes (``StillFrameDecoder``): Cull reads their headers itself.
    public var isDecodedByFFmpeg: Bool {
        switch self {
        case .tiff, .bmp, .psd, .jxl, .jp2: true
        default: false
        }
    }

    /// Whether this is a camera RAW container.
    public var isRaw: Bool { RawFormats.all.contains(self) }
}

/// The two kinds of asset a library holds.
public enum MediaKind: String, Sendable, CaseIterable {
    case photo, video
}

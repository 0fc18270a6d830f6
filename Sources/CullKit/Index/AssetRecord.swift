/// Everything the index stores about one media file: its stamp, what the readers found,
/// and the values derived from them (capture time and its source, screenshot evidence).
public struct AssetRecord: Sendable {
    public var file: FoundFile
    public var metadata: MediaMetadata
    /// The damage Cull's own readers found (a cut file, a structure that contradicts itself); `nil`
    /// when they found none. What was read before the damage is in `metadata`.
    public var brokenReason: String?
    /// Why the file could not be opened or read (EACCES, EIO, not a regular file); such a file
    /// is not broken (its content is unknown), and is read again on the next scan.
    public var unreadableReason: String?
    /// Why a decoder Cull relies on (LibRaw) declined a file its own readers found no damage in; such
    /// a file is not broken either, and is read again when the decoder changes.
    public var declinedReason: String?
    public var taken: CaptureDate?
    public var takenSource: TakenSource?
    public var screenshotEvidence: String?

    /// Reads `file` (under `root`) and its sidecars. Never throws: a damaged file becomes a
    /// `broken` record (with what was read before the damage), one a decoder declines a `declined`
    /// one and one that cannot be read an `unreadable` one, each with the reason, so one bad photo
    /// never stops a scan.
    public static func read(_ file: FoundFile, root: String) -> AssetRecord {
        let rootBytes = Array(root.utf8) + [UInt8(ascii: "/")]
        let reading = MetadataReaders.reading(pathBytes: rootBytes + file.relativePath)
        var metadata = reading.metadata
        var brokenReason: String?
        var unreadableReason: String?
        var declinedReason: String?
        switch reading.problem {
        case nil: break
        case let .io(message)?: unreadableReason = message
        case let .declined(message)?: declinedReason = message
        case let damage?: brokenReason = damage.description
        }
        var sidecarDate: CaptureDate?
        var sidecarDecisions: MediaMetadata?
        var duplicates: MediaMetadata?
        for sidecar in file.sidecars {
            let path = String(decoding: rootBytes + sidecar.relativePath, as: UTF8.self)
            switch sidecar.role {
            case .xmp:
                let values = (try? SidecarReader.readXMP(path: path)) ?? MediaMetadata()
                // A darktable duplicate's sidecar travels with the file but describes another version
                // of it: its date, camera and size are not the file's; its decisions protect it (below).
                if Companions.isDuplicateSidecar(PathBytes.basename(sidecar.relativePath), of: file.name) {
                    if duplicates == nil { duplicates = values } else { duplicates!.keepDecisions(of: values) }
                    continue
                }
                if let date = values.xmpDate ?? values.exifDate { sidecarDate = date }
                // The Metadata Working Group's order: the file's EXIF, then XMP, for camera, lens,
                // dimensions and place; a sidecar only fills what the file lacks there.
                metadata.fillGaps(from: values)
                if sidecarDecisions == nil { sidecarDecisions = values } else { sidecarDecisions!.mergeDecisions(values) }
            case .json:
                metadata.override(with: (try? SidecarReader.readTakeoutJSON(path: path)) ?? MediaMetadata())
            case .aae: continue
            }
        }
        // …and the sidecar over the file for the decisions (rating, pick, labels, tags, people).
        if let sidecarDecisions { metadata.takeDecisions(from: sidecarDecisions) }
        // A version the user rated, picked or tagged in darktable keeps the file it is made from:
        // the most protective of the versions' decisions count too.
        if let duplicates { metadata.keepDecisions(of: duplicates) }
        var record = AssetRecord(file: file, metadata: metadata, brokenReason: brokenReason, unreadableReason: unreadableReason,
                                 declinedReason: declinedReason)
        record.resolveTaken(sidecarDate: sidecarDate)
        let name = String(decoding: file.name, as: UTF8.self)
        let folder = String(decoding: file.folder, as: UTF8.self)
        record.screenshotEvidence = ScreenshotDetector.evidence(name: name, folder: folder, metadata: metadata)
        return record
    }

    /// Capture time precedence: an XMP sidecar's date (the user edited it) → EXIF DateTimeOriginal →
    /// QuickTime creation date → another video container's date (`container`) → embedded XMP → IPTC → the camera maker's own record (`maker`: PictureInfo,
    /// CIFF, QVCI, Reconyx) → Takeout `photoTakenTime` → a date in the file name. An embedded XMP date that
    /// names only a day (Photo Mechanic's `photoshop:DateCreated`) gives way to a later source's time of
    /// that same day, as ExifTool's DateTimeCreated joins IPTC's DateCreated and TimeCreated.
    mutating func resolveTaken(sidecarDate: CaptureDate?) {
        // Tools that write sidecars copy the embedded date, often dropping its offset; the sidecar
        // only says something new when its wall-clock time differs from the file's own.
        let sidecarDate = sidecarDate?.local == metadata.exifDate?.local ? nil : sidecarDate
        let candidates: [(CaptureDate?, TakenSource)] = [
            (sidecarDate, .xmpSidecar), (metadata.exifDate, .exif), (metadata.quickTimeDate, .quickTime),
            (metadata.containerDate, .container),
            (metadata.xmpDate, .xmp), (metadata.iptcDate, .iptc), (metadata.makerDate, .maker),
            (metadata.takeoutDate, .takeout), (FilenameDate.parse(file.name), .filename),
        ]
        guard let first = candidates.firstIndex(where: { $0.0 != nil }), let date = candidates[first].0 else { return }
        (taken, takenSource) = (date, candidates[first].1)
        guard candidates[first].1 == .xmp, metadata.xmpDateIsDay == true else { return }
        func day(_ date: CaptureDate) -> Int64 { (date.local - (date.local < 0 ? 86399 : 0)) / 86400 }
        for (later, source) in candidates[(first + 1)...] where source == .iptc || source == .maker {
            if let later, day(later) == day(date), later.local != date.local {
                (taken, takenSource) = (later, source)
                return
            }
        }
    }

    /// A camera RAW: from the sniffed format, else from the extension (a broken `.CR3` is still one).
    public var isRaw: Bool {
        metadata.format.map(\.isRaw) ?? (RawFormats.format(forName: file.name) != nil)
    }

    /// What stands against the file as read (nil: it read whole).
    public var readState: ReadState? { ReadState(broken: brokenReason, unreadable: unreadableReason, declined: declinedReason) }

    /// Photo or video: from the sniffed format, else from the extension (for broken files).
    public var kind: MediaKind {
        if let format = metadata.format { return format.kind }
        return TreeWalker.videoExtensions.contains(PathBytes.lowercaseExtension(file.name)) ? .video : .photo
    }
}

/// Where a capture time came from (`assets.taken_source`, the `taken_source` of `cull find`'s JSON), in
/// the order ``AssetRecord/resolveTaken(sidecarDate:)`` prefers them.
public enum TakenSource: String, Sendable, CaseIterable {
    /// An XMP sidecar whose date differs from the file's own: the user edited it.
    case xmpSidecar = "xmp-sidecar"
    /// EXIF DateTimeOriginal (or the dates that stand in for it).
    case exif
    /// A QuickTime or MP4 creation date.
    case quickTime = "quicktime"
    /// Another container's own date, read through FFmpeg: AVI's IDIT, Matroska's DateUTC, ASF's
    /// creation date, AVCHD's MDPM.
    case container
    /// XMP embedded in the file.
    case xmp
    /// IPTC's DateCreated and TimeCreated.
    case iptc
    /// A camera maker's own record: Olympus PictureInfo, Canon CIFF, Casio QVCI, Reconyx.
    case maker
    /// A Google Takeout JSON's photoTakenTime.
    case takeout
    /// A date written in the file name.
    case filename
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// Thumbnails of the review, cached in `.cull/thumbs/` under the file's identity (device, inode,
/// size, mtime): an edited or replaced file gets a new key, so a stale thumbnail is never shown.
///
/// Made from the file's own preview when it has one — a JPEG's EXIF thumbnail (no decode of the
/// photo), a HEIC's `thmb` item, a RAW's preview (``RawPreviewDecoder``) — else by a small decode (``ImageDecoder``);
/// a video from its first frame (FFmpeg). Either way upright, so the page and the report never
/// turn them. What cannot be made — a video without a frame that decodes (its duration is shown),
/// a broken file, a format without a decoder — gets a placeholder that says why: a broken photo
/// never fails the page.
struct Thumbnails: Sendable {
    /// One thumbnail: JPEG bytes, or a placeholder image (SVG) with its reason.
    enum Image: Equatable, Sendable {
        case jpeg([UInt8])
        case placeholder(String)

        var contentType: String {
            switch self {
            case .jpeg: "image/jpeg"
            case .placeholder: "image/svg+xml"
            }
        }

        var bytes: [UInt8] {
            switch self {
            case let .jpeg(bytes): bytes
            case let .placeholder(svg): Array(svg.utf8)
            }
        }
    }

    /// The longest side of a decoded thumbnail.
    static let side = 256
    let root: String
    /// `.cull/thumbs` (absolute bytes).
    let cache: [UInt8]

    init(library: Library) {
        root = library.root
        cache = Array((library.controlDirectory + "/thumbs").utf8)
        _ = FileOps.makeDirectories(cache, mode: 0o700)
    }

    /// The thumbnail of `record`: from the cache, else made now (and cached).
    func image(_ record: AssetFile.Record) -> Image {
        cachedOrMade(record, key: Self.cacheName(record)) { ThumbnailMaker.make($0, record: record, side: Self.side) }
    }

    /// The large view of `record` at `side` pixels (``ThumbnailMaker/large(_:record:side:)``), cached
    /// beside the thumbnails under the same identity: a 100 MP progressive JPEG is decoded once, not
    /// on every view.
    func preview(_ record: AssetFile.Record, side: Int) -> Image {
        cachedOrMade(record, key: Self.cacheName(record, previewSide: side)) { ThumbnailMaker.large($0, record: record, side: side) }
    }

    /// The cached JPEG of `record` (its thumbnail, or its large view at `previewSide`), or nil:
    /// read without waiting for any decode.
    func cached(_ record: AssetFile.Record, previewSide: Int? = nil) -> [UInt8]? {
        guard let cached = DirectoryHandle.open(cache).0?.readRegularFile(Self.cacheName(record, previewSide: previewSide), limit: 16 << 20).0,
              !cached.isEmpty else { return nil }
        return cached
    }

    /// Whether the thumbnail of `record` is in the cache (only looked up, not read).
    func isCached(_ record: AssetFile.Record) -> Bool {
        guard let cacheHandle = DirectoryHandle.open(cache).0, let cached = cacheHandle.stat(Self.cacheName(record)).0 else { return false }
        return cached.size > 0
    }

    /// `DEVICE-INODE-SIZE-MTIME.jpg` for a thumbnail, `….preview1600.jpg` for a large view: the
    /// part before the first dot is the identity, which ``prune(_:)`` keeps while the index has it.
    static func cacheName(_ record: AssetFile.Record, previewSide: Int? = nil) -> [UInt8] {
        Array((record.identityKey + (previewSide.map { ".preview\($0)" } ?? "") + ".jpg").utf8)
    }

    private func cachedOrMade(_ record: AssetFile.Record, key: [UInt8], make: (ReadOnlyFile) -> Result<ThumbnailMaker.Made, ThumbnailMaker.Failure>) -> Image {
        let cacheHandle = DirectoryHandle.open(cache).0
        if let cacheHandle, let cached = cacheHandle.readRegularFile(key, limit: 16 << 20).0 {
            if !cached.isEmpty { return .jpeg(cached) }
            // An empty entry (a disk that filled up, a tool that truncated it) is made again: the
            // store below never replaces a name, so it would otherwise stay wrong for good.
            _ = cacheHandle.unlink(key)
        }
        let file: ReadOnlyFile
        switch AssetFile.open(record, root: root) {
        case let .success(opened): file = opened
        case let .failure(refusal): return .placeholder(Placeholder.broken(record, reason: refusal.description))
        }
        let jpeg: [UInt8]
        switch make(file) {
        case let .success(made): jpeg = made.jpeg
        case let .failure(reason):
            // A video without a frame that decodes still says how long it is.
            return .placeholder(record.kind == .video ? Placeholder.video(record) : Placeholder.broken(record, reason: reason.text))
        }
        if let cacheHandle { store(jpeg, as: key, in: cacheHandle) }
        return .jpeg(jpeg)
    }

    /// The thumbnails of `records`, made on every core (cached ones are only read), in order.
    func images(_ records: [AssetFile.Record]) -> [Image] {
        let results = ParallelResults<Image>(count: records.count, initial: .placeholder(""))
        DispatchQueue.concurrentPerform(iterations: records.count) { index in
            results.set(index, self.image(records[index]))
        }
        return results.values
    }

    /// Makes the thumbnails of `records` not cached yet, on every core. A cached one is only
    /// looked up, not read: with a warm cache of 20,000 files, reading them all competed with
    /// the page's first requests for the cores.
    func warm(_ records: [AssetFile.Record]) {
        DispatchQueue.concurrentPerform(iterations: records.count) { index in
            let record = records[index]
            if self.isCached(record) { return }
            _ = self.image(record)
        }
    }

    /// Writes under a temporary name of its own, then renames without replacing: a reader never
    /// sees half a thumbnail, and of two writers of one key (a request and the warm-up) the second
    /// simply loses, after the first is in place. With a name per process only, the second found
    /// the first's temporary file and gave up before it was renamed, so a thumbnail just served
    /// could still be missing from the cache.
    private func store(_ bytes: [UInt8], as key: [UInt8], in directory: DirectoryHandle) {
        let temporary = Array(".tmp-\(getpid())-\(String(UInt64.random(in: .min ... .max), radix: 36))-".utf8) + key
        guard directory.createExclusive(temporary, contents: bytes, mode: 0o600) == 0 else { return }
        if directory.move(temporary, to: directory, as: key) != 0 { _ = directory.unlink(temporary) }
    }

    /// Removes cached thumbnails of files no longer in the index (or changed since): the cache
    /// follows the index. Returns how many were removed.
    @discardableResult
    func prune(_ db: Database) throws -> Int {
        guard let directory = DirectoryHandle.open(cache).0, let names = directory.list() else { return 0 }
        var live = Set<String>()
        try db.forEachRow("SELECT device, inode, size, mtime_ns FROM assets", [], IdentityColumns.self) { row, column in
            live.insert("\(row.int64(column.device))-\(row.int64(column.inode))-\(row.int64(column.size))-\(row.int64(column.mtimeNs))")
        }
        var removed = 0
        for name in names where !live.contains(String(decoding: name.prefix { $0 != 46 }, as: UTF8.self)) {
            if directory.unlink(name) == 0 { removed += 1 }
        }
        return removed
    }

    /// The identity a thumbnail's name is made of.
    private struct IdentityColumns: RowColumns {
        let device, inode, size, mtimeNs: Row.Column

        init(_ row: Row) { (device, inode, size, mtimeNs) = (row.index("device"), row.index("inode"), row.index("size"), row.index("mtime_ns")) }
    }
}

/// Where a thumbnail's pixels came from.
enum ThumbnailSource: Equatable, Sendable {
    /// A JPEG's EXIF IFD1 thumbnail.
    case exifThumbnail
    /// A HEIC/AVIF's `thmb` item.
    case heifThumbnail
    /// The JPEG preview inside a camera RAW.
    case rawPreview
    /// A video's first frame that decodes.
    case videoFrame
    /// A small decode of the picture itself.
    case decoded
}

/// Makes one thumbnail's JPEG bytes from an open file, upright (EXIF orientation applied).
enum ThumbnailMaker {
    /// Why no thumbnail could be made: the placeholder shows it.
    struct Failure: Error {
        let text: String
    }

    /// A made thumbnail: its JPEG bytes and what they were made from.
    struct Made {
        let jpeg: [UInt8]
        let source: ThumbnailSource
    }

    static let quality = 80

    /// From the file's own preview when it has a fit one, else by a small decode. A preview that
    /// cannot be read falls back to the decode too: only the picture itself decides "broken".
    static func make(_ file: ReadOnlyFile, record: AssetFile.Record, side: Int) -> Result<Made, Failure> {
        if record.kind == .video { return poster(file, record: record, side: side) }
        switch MetadataReaders.sniff(file.bytes(at: 0, count: 64) ?? []) {
        case .jpeg?:
            if let made = exifThumbnail(file, record: record, side: side) { return .success(made) }
        case .heic?, .avif?:
            // Upright as libheif decodes it (its own irot/imir): the EXIF orientation is never applied to a HEIF.
            if let image = try? ImageDecoder.heifThumbnail(file, path: record.name, side: side),
               let jpeg = try? ImageDecoder.encodeJPEG(image, quality: quality) {
                return .success(Made(jpeg: jpeg, source: .heifThumbnail))
            }
        case let format? where format == .tiff || format.isRaw:
            // A RAW's preview or why it has no usable one; a TIFF without any is decoded (or refused) below.
            if let made = rawPreview(file, record: record, side: side) { return made }
        case nil where RawFormats.format(forName: record.name.utf8) != nil:
            // A RAW of a magic Cull does not know, which LibRaw may still read.
            if let made = rawPreview(file, record: record, side: side) { return made }
        default:
            break
        }
        return decoded(file, record: record, side: side)
    }

    /// The large view of what a browser cannot show itself: a RAW's best preview for `side`
    /// (the camera's full-size JPEG, usually), else a decode (HEIC, AVIF).
    static func large(_ file: ReadOnlyFile, record: AssetFile.Record, side: Int) -> Result<Made, Failure> {
        switch MetadataReaders.sniff(file.bytes(at: 0, count: 64) ?? []) {
        case let format? where format == .tiff || format.isRaw:
            if let made = rawPreview(file, record: record, side: side) { return made }
        default:
            break
        }
        return decoded(file, record: record, side: side)
    }

    /// A video's poster frame (``VideoFrameDecoder``), upright by its display matrix.
    private static func poster(_ file: ReadOnlyFile, record: AssetFile.Record, side: Int) -> Result<Made, Failure> {
        do {
            let image = try VideoFrameDecoder.poster(file, path: record.name, maxSide: side)
            return .success(Made(jpeg: try ImageDecoder.encodeJPEG(image, quality: quality), source: .videoFrame))
        } catch let error as DecodeError {
            return .failure(Failure(text: "\(error.problem)"))
        } catch {
            return .failure(Failure(text: "\(error)"))
        }
    }

    /// A RAW's (or TIFF's) preview for `side` (``RawPreviewDecoder``), turned by the record's
    /// orientation; nil when a TIFF points at no preview at all.
    private static func rawPreview(_ file: ReadOnlyFile, record: AssetFile.Record, side: Int) -> Result<Made, Failure>? {
        do {
            guard let image = try RawPreviewDecoder.decode(file, path: record.name, side: side, grey: false, orientation: record.orientation)
            else { return nil }
            return .success(Made(jpeg: try ImageDecoder.encodeJPEG(image, quality: quality), source: .rawPreview))
        } catch let error as DecodeError {
            return .failure(Failure(text: record.broken.map { "damaged: \($0)" } ?? "\(error.problem)"))
        } catch {
            return .failure(Failure(text: "\(error)"))
        }
    }

    /// A JPEG's EXIF thumbnail, as it is when the photo is upright (no decode), else turned.
    private static func exifThumbnail(_ file: ReadOnlyFile, record: AssetFile.Record, side: Int) -> Made? {
        guard let embedded = EmbeddedThumbnail.jpeg(in: file) else { return nil }
        // The embedded preview is stored as the sensor saw it: turn it only when the photo says so.
        guard (2 ... 8).contains(record.orientation) else { return Made(jpeg: embedded, source: .exifThumbnail) }
        guard let small = try? JPEGDecoder.decode(embedded, path: record.name, maxSide: side, grey: false),
              let turned = try? ImageDecoder.encodeJPEG(Orientation.apply(record.orientation, to: small.rgb), quality: quality)
        else { return nil }
        return Made(jpeg: turned, source: .exifThumbnail)
    }

    /// A small decode (``ImageDecoder``, which applies the orientation) and a JPEG encode.
    static func decoded(_ file: ReadOnlyFile, record: AssetFile.Record, side: Int) -> Result<Made, Failure> {
        do {
            let image = try ImageDecoder.decode(file, path: record.name, maxSide: side, grey: false)
            return .success(Made(jpeg: try ImageDecoder.encodeJPEG(image, quality: quality), source: .decoded))
        } catch let error as DecodeError {
            return .failure(Failure(text: record.broken.map { "damaged: \($0)" } ?? "\(error.problem)"))
        } catch {
            return .failure(Failure(text: "\(error)"))
        }
    }
}

/// The placeholder images: an SVG tile that says what it stands for. Text is XML-escaped.
enum Placeholder {
    static func video(_ record: AssetFile.Record) -> String {
        let duration = record.duration.map(Self.clock) ?? "video"
        return svg(symbol: "▶", line1: duration, line2: record.lowercasedExtension.uppercased(), tone: "#2a4d69")
    }

    static func broken(_ record: AssetFile.Record, reason: String) -> String {
        svg(symbol: "⚠", line1: "no preview", line2: reason, tone: "#6b3a3a")
    }

    /// `m:ss` (or `h:mm:ss`).
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }

    private static func svg(symbol: String, line1: String, line2: String, tone: String) -> String {
        let short = line2.count > 40 ? String(line2.prefix(39)) + "…" : line2
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="256" height="192" viewBox="0 0 256 192">\
            <rect width="256" height="192" fill="\(tone)"/>\
            <text x="128" y="86" font-size="48" text-anchor="middle" fill="#fff" font-family="sans-serif">\(HTML.escape(symbol))</text>\
            <text x="128" y="130" font-size="20" text-anchor="middle" fill="#fff" font-family="sans-serif">\(HTML.escape(line1))</text>\
            <text x="128" y="158" font-size="12" text-anchor="middle" fill="#ddd" font-family="sans-serif">\(HTML.escape(short))</text>\
            </svg>
            """
    }
}

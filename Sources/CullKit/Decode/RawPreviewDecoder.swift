/// The picture a camera RAW carries of itself, decoded small: the camera's own rendering of the
/// sensor data, never a demosaic. Thumbnails, perceptual hashes, sharpness and exposure of a RAW
/// all come from it, so a RAW and its JPEG, or two RAWs of one burst, can be compared.
///
/// TIFF-based RAWs: the JPEGs ``RawPreview`` finds in the TIFF structure, the one that serves
/// `side` best first (``PreviewChoice``), the next when one fails. A RAF: the JPEG its header names
/// (LibRaw 0.20 offers only the EXIF thumbnail inside it), when that serves better. Other RAWs, and
/// TIFF-based ones whose previews hide elsewhere (an ORF's MakerNote): the largest preview LibRaw
/// finds, a JPEG or a bitmap (``LibRawFile``); for a CR3 LibRaw declines, the camera's JPEGs Cull's own
/// box reader finds (``CR3Reader/previews(_:)``). Turned by the RAW's orientation: previews are stored
/// as the sensor saw them.
enum RawPreviewDecoder {
    /// Header bytes of a TIFF preview read to learn its size.
    static let previewHeaderBytes = 256 * 1024

    /// The preview of the RAW (or TIFF) `file` at most `side` pixels long, upright by `orientation`
    /// (the file's own when nil). Nil when a TIFF points at no preview at all (it may be decoded as
    /// a picture); a RAW without a usable one throws, naming why.
    static func decode(_ file: ReadOnlyFile, path: String, side: Int, grey: Bool, orientation: Int?) throws(DecodeError) -> DecodedImage? {
        guard let media = try? MediaFile(duplicating: file.fd, path: path) else {
            throw DecodeError(path: path, problem: .unreadable("cannot read the file"))
        }
        let head = (try? media.read(at: 0, count: 64)) ?? []
        let namedForLibRaw = RawFormats.format(forName: path.utf8).map(RawFormats.readByLibRaw.contains) ?? false
        var problems: [String] = []
        if let sniffed = MetadataReaders.sniff(head), [.tiff, .cr2, .orf, .rw2].contains(sniffed), !namedForLibRaw {
            let found = RawPreview.find(in: media)
            problems = found.refused
            let turn = { orientation ?? (try? MetadataReaders.read(media))?.orientation ?? 1 }
            if !found.candidates.isEmpty {
                if let image = try tiffPreview(found, file: file, path: path, side: side, grey: grey, problems: &problems) {
                    return Orientation.apply(turn(), to: image)
                }
                throw DecodeError(path: path, problem: .corrupt("no usable preview: \(problems.first ?? "none decodes")"))
            }
            // No preview in the TIFF structure: a RAW may keep one elsewhere (an ORF's MakerNote),
            // which LibRaw finds; a plain TIFF is a picture to decode.
            guard (try? MetadataReaders.read(media))?.format?.isRaw == true else {
                guard let first = problems.first else { return nil }
                throw DecodeError(path: path, problem: .corrupt("no usable preview: \(first)"))
            }
        }
        guard let raw = LibRawFile(media) else { throw DecodeError(path: path, problem: .tooLarge("no memory for LibRaw")) }
        if MetadataReaders.sniff(head) == .raf {
            // The RAF's own JPEG, unless LibRaw's preview (the EXIF thumbnail inside it) serves better.
            let found = RawPreview.rafJPEG(in: media)
            problems = found.refused
            let thumbnail = raw.result == 0 ? max(Int(raw.data.pointee.thumbnail.twidth), Int(raw.data.pointee.thumbnail.theight)) : 0
            let own = found.candidates.first.flatMap { file.bytes(at: $0.offset, count: min($0.length, previewHeaderBytes)) }
                .flatMap(JPEGDecoder.size).map { max($0.width, $0.height) }
            if let own, thumbnail == 0 || PreviewChoice.better(own, than: thumbnail, side: side),
               let image = try tiffPreview(found, file: file, path: path, side: side, grey: grey, problems: &problems) {
                let turn = orientation ?? (try? MetadataReaders.read(media))?.orientation ?? 1
                return Orientation.apply(turn, to: image)
            }
        }
        if raw.result != 0, !raw.readFailed, MetadataReaders.sniff(head) == .cr3 {
            // A CR3 LibRaw declines (a compression newer than it): the camera's JPEGs, found by Cull's box reader.
            let found = CR3Reader.previews(media)
            problems += found.refused
            if let image = try tiffPreview(found, file: file, path: path, side: side, grey: grey, problems: &problems) {
                return Orientation.apply(orientation ?? MetadataReaders.reading(media).metadata.orientation ?? 1, to: image)
            }
        }
        return try libRawPreview(raw, path: path, side: side, grey: grey, orientation: orientation, problems: problems)
    }

    /// The best decodable JPEG among the previews found in the file's structure, or nil (with `problems` saying why).
    private static func tiffPreview(_ found: RawPreview.Found, file: ReadOnlyFile, path: String, side: Int, grey: Bool,
                                    problems: inout [String]) throws(DecodeError) -> DecodedImage? {
        var sized: [(candidate: RawPreview.Candidate, longest: Int)] = []
        for candidate in found.candidates {
            guard let head = file.bytes(at: candidate.offset, count: min(candidate.length, previewHeaderBytes)),
                  let size = JPEGDecoder.size(head) else {
                problems.append("preview at \(candidate.offset) has no readable JPEG header")
                continue
            }
            sized.append((candidate, max(size.width, size.height)))
        }
        sized.sort { PreviewChoice.better($0.longest, than: $1.longest, side: side) }
        for (candidate, _) in sized {
            guard let bytes = file.bytes(at: candidate.offset, count: candidate.length), bytes.count == candidate.length else {
                problems.append("cannot read the preview at \(candidate.offset)")
                continue
            }
            do {
                return try JPEGDecoder.decode(bytes, path: path, maxSide: side, grey: grey)
            } catch {
                problems.append("preview: \(error.problem)")
            }
        }
        return nil
    }

    /// LibRaw's preview, decoded and turned.
    private static func libRawPreview(_ raw: LibRawFile, path: String, side: Int, grey: Bool, orientation: Int?,
                                      problems: [String]) throws(DecodeError) -> DecodedImage {
        guard raw.result == 0 else {
            if raw.readFailed { throw DecodeError(path: path, problem: .unreadable(raw.reason(raw.result))) }
            // LibRaw declining a file is no evidence of damage (Cull's readers judge that): not decoded, not corrupt.
            let why = (["LibRaw \(LibRawReader.version) declines it (\(raw.reason(raw.result)))"] + problems).joined(separator: "; ")
            throw DecodeError(path: path, problem: .unsupported(why))
        }
        let turn = orientation ?? raw.tags.orientation ?? LibRawReader.orientation(flip: Int(raw.data.pointee.sizes.flip)) ?? 1
        let image: DecodedImage
        switch raw.preview() {
        case let .failure(failure):
            let why = ([failure.reason] + problems).joined(separator: "; ")
            throw DecodeError(path: path, problem: failure.unreadable ? .unreadable(why) : .unsupported("no usable preview: \(why)"))
        case let .success(.jpeg(bytes)):
            image = try JPEGDecoder.decode(bytes, path: path, maxSide: side, grey: grey)
        case let .success(.bitmap(width, height, channels, pixels)):
            try DecodeLimits.check(width: width, height: height, path: path)
            let reduced = pixels.withUnsafeBufferPointer {
                ImageDecoder.reduced($0, width: width, height: height, stride: width * channels, channels: channels, maxSide: side)
            }
            image = grey ? reduced.grey : reduced.rgb
        }
        return Orientation.apply(turn, to: image)
    }
}

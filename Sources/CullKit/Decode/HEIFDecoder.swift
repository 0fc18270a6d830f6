import CHeif
internal import CLoader

/// HEIC and AVIF through libheif: the primary image, with the container's `irot`/`imir` applied
/// by libheif (the default decoding options), decoded at full size (libheif has no scaled
/// decode) and then reduced — or, for a thumbnail, the file's own `thmb` item, which a phone
/// writes at about 320 pixels and which decodes a hundred times faster.
enum HEIFDecoder {
    /// A `thmb` item smaller than this on its longest side is not worth showing: the primary is decoded.
    static let minimumThumbnailSide = 96
    /// `thmb` items looked at; files have one.
    static let maxThumbnails = 16

    static func decode(_ data: [UInt8], path: String, maxSide: Int) throws(DecodeError) -> DecodedImage {
        let heif = try Libraries.heif.forDecoding(path)
        let context = try open(data, heif, path: path)
        defer { heif.heif_context_free(context) }
        let primary = try primaryHandle(context, heif, path: path)
        defer { heif.heif_image_handle_release(primary) }
        return try decode(primary, heif, path: path, maxSide: maxSide)
    }

    /// The picture of the primary image's best `thmb` item for a tile of `side` pixels — the
    /// smallest that covers it, else the largest — reduced to at most `side`; nil when there is
    /// none of at least ``minimumThumbnailSide`` pixels, or none of the primary's shape (a
    /// landscape thumbnail of a portrait picture was not turned like it).
    ///
    /// libheif applies each item's own `irot`/`imir`, the thumbnail's as well as the primary's,
    /// so it is upright as decoded: like the primary, no EXIF orientation goes on top.
    static func thumbnail(_ data: [UInt8], path: String, side: Int) throws(DecodeError) -> DecodedImage? {
        let heif = try Libraries.heif.forDecoding(path)
        let context = try open(data, heif, path: path)
        defer { heif.heif_context_free(context) }
        let primary = try primaryHandle(context, heif, path: path)
        defer { heif.heif_image_handle_release(primary) }
        guard let handle = bestThumbnail(of: primary, heif, side: side) else { return nil }
        defer { heif.heif_image_handle_release(handle) }
        return try decode(handle, heif, path: path, maxSide: side)
    }

    /// The most memory a decode of the HEIF whose first bytes are `head` holds besides the file:
    /// libheif decodes the primary at full size, its YCbCr planes (up to 3 bytes a pixel at 10 bits)
    /// then the interleaved RGB copy (3), and the first reduce a quarter of that: 7 bytes a pixel.
    /// Nil when the `meta` box is not all in `head`.
    static func workingBytes(_ head: [UInt8], fileSize: Int) -> Int? {
        let source = MemorySource(bytes: head, base: 0)
        guard let meta = try? ISOBMFF.children(source, from: 0, to: head.count, depth: 0).first(where: { $0.type == "meta" }),
              meta.offset + meta.size <= head.count,
              let summary = try? HEIFReader.parseMeta(source, meta, fileSize: max(fileSize, head.count)),
              let width = summary.width, let height = summary.height, width > 0, height > 0 else { return nil }
        return width * height * 7
    }

    private static func open(_ data: [UInt8], _ heif: cull_heif, path: String) throws(DecodeError) -> OpaquePointer {
        if let tiles = largestGrid(data), tiles > DecodeLimits.maxTiles {
            throw DecodeError(path: path, problem: .tooLarge("a grid of \(tiles) tiles (limit \(DecodeLimits.maxTiles))"))
        }
        guard let context = heif.heif_context_alloc() else { throw DecodeError(path: path, problem: .corrupt("cannot start libheif")) }
        // Refuses larger images while parsing, before any plane is allocated.
        heif.heif_context_set_maximum_image_size_limit(context, Int32(DecodeLimits.maxSide))
        let read = data.withUnsafeBytes { heif.heif_context_read_from_memory_without_copy(context, $0.baseAddress, $0.count, nil) }
        guard read.code == heif_error_Ok else {
            heif.heif_context_free(context)
            throw failure(read, path: path)
        }
        return context
    }

    /// The tiles of the file's largest grid, from the metadata reader's walk of the `meta` box
    /// (libheif 1.15 has no API for it and no limit of its own); nil when the walk fails, which
    /// leaves the verdict to libheif.
    private static func largestGrid(_ data: [UInt8]) -> Int? {
        let source = MemorySource(bytes: data, base: 0)
        guard let meta = try? ISOBMFF.children(source, from: 0, to: data.count, depth: 0).first(where: { $0.type == "meta" }),
              meta.size <= HEIFReader.maxMetaSize else { return nil }
        return (try? HEIFReader.parseMeta(source, meta, fileSize: data.count))?.tiles
    }

    private static func primaryHandle(_ context: OpaquePointer, _ heif: cull_heif, path: String) throws(DecodeError) -> OpaquePointer {
        var handle: OpaquePointer?
        let primary = heif.heif_context_get_primary_image_handle(context, &handle)
        guard primary.code == heif_error_Ok, let handle else { throw failure(primary, path: path) }
        return handle
    }

    private static func bestThumbnail(of primary: OpaquePointer, _ heif: cull_heif, side: Int) -> OpaquePointer? {
        let count = min(Int(heif.heif_image_handle_get_number_of_thumbnails(primary)), maxThumbnails)
        guard count > 0 else { return nil }
        var ids = [heif_item_id](repeating: 0, count: count)
        let listed = min(count, Int(heif.heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(count))))
        let primaryWidth = Int(heif.heif_image_handle_get_width(primary)), primaryHeight = Int(heif.heif_image_handle_get_height(primary))
        var best: (handle: OpaquePointer, longest: Int)?
        for id in ids.prefix(max(0, listed)) {
            var found: OpaquePointer?
            guard heif.heif_image_handle_get_thumbnail(primary, id, &found).code == heif_error_Ok, let handle = found else { continue }
            let width = Int(heif.heif_image_handle_get_width(handle)), height = Int(heif.heif_image_handle_get_height(handle))
            let longest = max(width, height)
            let sameShape = width == height || primaryWidth == primaryHeight || (width > height) == (primaryWidth > primaryHeight)
            guard width > 0, height > 0, longest >= minimumThumbnailSide, sameShape,
                  PreviewChoice.better(longest, than: best?.longest, side: side) else {
                heif.heif_image_handle_release(handle)
                continue
            }
            if let previous = best { heif.heif_image_handle_release(previous.handle) }
            best = (handle, longest)
        }
        return best?.handle
    }

    /// Decodes one image item (the primary or a thumbnail) to RGB, transformed, reduced to `maxSide`.
    private static func decode(_ handle: OpaquePointer, _ heif: cull_heif, path: String, maxSide: Int) throws(DecodeError) -> DecodedImage {
        try DecodeLimits.check(width: Int(heif.heif_image_handle_get_width(handle)), height: Int(heif.heif_image_handle_get_height(handle)), path: path)
        var image: OpaquePointer?
        let decoded = heif.heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil)
        guard decoded.code == heif_error_Ok, let image else { throw failure(decoded, path: path) }
        defer { heif.heif_image_release(image) }
        let width = Int(heif.heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(heif.heif_image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0, let plane = heif.heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
            throw DecodeError(path: path, problem: .corrupt("no interleaved RGB plane"))
        }
        let buffer = UnsafeBufferPointer(start: plane, count: Int(stride) * (height - 1) + width * 3)
        return ImageDecoder.reduced(buffer, width: width, height: height, stride: Int(stride), channels: 3, maxSide: maxSide)
    }

    private static func failure(_ error: heif_error, path: String) -> DecodeError {
        let message = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
        switch error.code {
        case heif_error_Unsupported_feature, heif_error_Unsupported_filetype:
            return DecodeError(path: path, problem: .unsupported(message))
        case heif_error_Memory_allocation_error:
            return DecodeError(path: path, problem: .tooLarge(message))
        default:
            if message.lowercased().contains("end of data") || message.lowercased().contains("insufficient") {
                return DecodeError(path: path, problem: .truncated(message))
            }
            return DecodeError(path: path, problem: .corrupt(message))
        }
    }
}

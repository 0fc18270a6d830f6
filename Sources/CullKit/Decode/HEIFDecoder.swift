import CHeif

/// HEIC and AVIF through libheif: the primary image, with the container's `irot`/`imir` applied
/// by libheif (the default decoding options), decoded at full size (libheif has no scaled
/// decode) and then reduced.
enum HEIFDecoder {
    static func decode(_ data: [UInt8], path: String, maxSide: Int) throws(DecodeError) -> DecodedImage {
        guard let context = heif_context_alloc() else { throw DecodeError(path: path, problem: .corrupt("cannot start libheif")) }
        defer { heif_context_free(context) }
        // Refuses larger images while parsing, before any plane is allocated.
        heif_context_set_maximum_image_size_limit(context, Int32(DecodeLimits.maxSide))
        let read = data.withUnsafeBytes { heif_context_read_from_memory_without_copy(context, $0.baseAddress, $0.count, nil) }
        guard read.code == heif_error_Ok else { throw failure(read, path: path) }
        var handle: OpaquePointer?
        let primary = heif_context_get_primary_image_handle(context, &handle)
        guard primary.code == heif_error_Ok, let handle else { throw failure(primary, path: path) }
        defer { heif_image_handle_release(handle) }
        try DecodeLimits.check(width: Int(heif_image_handle_get_width(handle)), height: Int(heif_image_handle_get_height(handle)), path: path)
        var image: OpaquePointer?
        let decoded = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil)
        guard decoded.code == heif_error_Ok, let image else { throw failure(decoded, path: path) }
        defer { heif_image_release(image) }
        let width = Int(heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(heif_image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0, let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
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

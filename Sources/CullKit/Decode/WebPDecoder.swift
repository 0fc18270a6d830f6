import CWebP

/// WebP through libwebp, scaled by the decoder itself (`use_scaling`) straight to the target size.
enum WebPDecoder {
    /// The most memory a decode of the WebP whose first bytes are `head` holds besides the file:
    /// a lossless (or not yet known) image is decoded whole as ARGB, 4 bytes a pixel, whatever the
    /// scaling; a lossy one a few macroblock rows, and its alpha plane whole; then the scaled
    /// pixels and their reduced copy. Nil when `head` has no WebP header.
    static func workingBytes(_ head: [UInt8], maxSide: Int) -> Int? {
        var features = WebPBitstreamFeatures()
        guard head.withUnsafeBufferPointer({ WebPGetFeatures($0.baseAddress, $0.count, &features) }) == VP8_STATUS_OK else { return nil }
        let width = Int(features.width), height = Int(features.height)
        guard width > 0, height > 0 else { return nil }
        let target = Resample.fitting(width: width, height: height, maxSide: max(1, maxSide))
        let decoding = features.format == 1 ? width * 64 * 3 + (features.has_alpha != 0 ? width * height : 0) : width * height * 4
        return decoding + target.width * target.height * 3 * 2
    }

    static func decode(_ data: [UInt8], path: String, maxSide: Int) throws(DecodeError) -> DecodedImage {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw DecodeError(path: path, problem: .corrupt("libwebp version mismatch")) }
        let features = data.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &config.input) }
        guard features == VP8_STATUS_OK else { throw failure(features, path: path) }
        guard config.input.has_animation == 0 else { throw DecodeError(path: path, problem: .unsupported("animated WebP")) }
        let width = Int(config.input.width), height = Int(config.input.height)
        try DecodeLimits.check(width: width, height: height, path: path)
        let target = Resample.fitting(width: width, height: height, maxSide: maxSide)
        if target.width != width || target.height != height {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(target.width)
            config.options.scaled_height = Int32(target.height)
        }
        config.output.colorspace = MODE_RGB
        let status = data.withUnsafeBufferPointer { WebPDecode($0.baseAddress, $0.count, &config) }
        defer { WebPFreeDecBuffer(&config.output) }
        guard status == VP8_STATUS_OK, let rgba = config.output.u.RGBA.rgba else { throw failure(status, path: path) }
        let outWidth = Int(config.output.width), outHeight = Int(config.output.height), stride = Int(config.output.u.RGBA.stride)
        let buffer = UnsafeBufferPointer(start: rgba, count: stride * (outHeight - 1) + outWidth * 3)
        return ImageDecoder.reduced(buffer, width: outWidth, height: outHeight, stride: stride, channels: 3, maxSide: maxSide)
    }

    private static func failure(_ status: VP8StatusCode, path: String) -> DecodeError {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA: DecodeError(path: path, problem: .truncated("WebP data ends early"))
        case VP8_STATUS_UNSUPPORTED_FEATURE: DecodeError(path: path, problem: .unsupported("a WebP feature libwebp does not decode"))
        case VP8_STATUS_OUT_OF_MEMORY: DecodeError(path: path, problem: .tooLarge("out of memory"))
        default: DecodeError(path: path, problem: .corrupt("WebP status \(status.rawValue)"))
        }
    }
}

import CWebP

/// WebP through libwebp, scaled by the decoder itself (`use_scaling`) straight to the target size.
enum WebPDecoder {
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

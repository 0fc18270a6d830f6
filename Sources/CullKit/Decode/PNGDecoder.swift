import CPNGShim

/// PNG through libpng (behind the setjmp shim). A non-interlaced image is read row by row and
/// box-reduced by a whole factor as it goes, so it never exists at full size; an interlaced one
/// (Adam7 fills every row over seven passes) is assembled whole, within ``DecodeLimits``.
enum PNGDecoder {
    /// The most memory a decode of the PNG whose first bytes are `head` holds besides the file:
    /// an interlaced image whole, else libpng's rows (at most 8 bytes a pixel, this row and the
    /// previous) and the reduced rows; libpng's chunk cache (``cull_png_open`` caps it at 8 MB).
    /// Nil when `head` does not reach the first image data.
    static func workingBytes(_ head: [UInt8], maxSide: Int) -> Int? {
        head.withUnsafeBufferPointer { buffer -> Int? in
            guard let png = cull_png_open(buffer.baseAddress, buffer.count) else { return nil }
            defer { cull_png_close(png) }
            let width = Int(cull_png_width(png)), height = Int(cull_png_height(png)), channels = Int(cull_png_channels(png))
            guard width > 0, height > 0 else { return nil }
            let factor = max(1, max(width, height) / max(1, maxSide))
            let reduced = ((width + factor - 1) / factor) * ((height + factor - 1) / factor) * channels * 2
            let rows = cull_png_passes(png) > 1 ? width * height * channels : width * 8 * 3
            return rows + reduced + (8 << 20)
        }
    }

    static func decode(_ data: [UInt8], path: String, maxSide: Int) throws(DecodeError) -> DecodedImage {
        let result = data.withUnsafeBufferPointer { buffer -> Result<DecodedImage, DecodeError> in
            guard let png = cull_png_open(buffer.baseAddress, buffer.count) else {
                return .failure(DecodeError(path: path, problem: .corrupt("out of memory")))
            }
            defer { cull_png_close(png) }
            return Result { () throws(DecodeError) -> DecodedImage in try read(png, path: path, maxSide: maxSide) }
        }
        return try result.get()
    }

    private static func read(_ png: OpaquePointer, path: String, maxSide: Int) throws(DecodeError) -> DecodedImage {
        let width = Int(cull_png_width(png)), height = Int(cull_png_height(png))
        guard width > 0, height > 0 else { throw failure(png, path: path) }
        try DecodeLimits.check(width: width, height: height, path: path)
        let channels = Int(cull_png_channels(png))
        let rowBytes = width * channels
        if cull_png_passes(png) > 1 {
            var whole = [UInt8](repeating: 0, count: rowBytes * height)
            for _ in 0 ..< cull_png_passes(png) {
                for y in 0 ..< height {
                    let status = whole.withUnsafeMutableBufferPointer { cull_png_read_row(png, $0.baseAddress! + y * rowBytes) }
                    guard status == 0 else { throw failure(png, path: path) }
                }
            }
            return whole.withUnsafeBufferPointer {
                ImageDecoder.reduced($0, width: width, height: height, stride: rowBytes, channels: channels, maxSide: maxSide)
            }
        }
        // A whole factor that keeps the longest side at or above maxSide; the exact reduce follows.
        let factor = max(1, max(width, height) / maxSide)
        let outWidth = (width + factor - 1) / factor, outHeight = (height + factor - 1) / factor
        var row = [UInt8](repeating: 0, count: rowBytes)
        var sums = [UInt32](repeating: 0, count: outWidth * channels)
        var reducedPixels = [UInt8](repeating: 0, count: outWidth * outHeight * channels)
        var rowsInBlock = 0
        for y in 0 ..< height {
            let status = row.withUnsafeMutableBufferPointer { cull_png_read_row(png, $0.baseAddress!) }
            guard status == 0 else { throw failure(png, path: path) }
            for x in 0 ..< width {
                for c in 0 ..< channels { sums[(x / factor) * channels + c] += UInt32(row[x * channels + c]) }
            }
            rowsInBlock += 1
            guard rowsInBlock == factor || y == height - 1 else { continue }
            let outY = y / factor
            for ox in 0 ..< outWidth {
                let columns = min(factor, width - ox * factor)
                let count = UInt32(columns * rowsInBlock)
                for c in 0 ..< channels {
                    let index = ox * channels + c
                    reducedPixels[(outY * outWidth) * channels + index] = UInt8((sums[index] + count / 2) / count)
                    sums[index] = 0
                }
            }
            rowsInBlock = 0
        }
        return reducedPixels.withUnsafeBufferPointer {
            ImageDecoder.reduced($0, width: outWidth, height: outHeight, stride: outWidth * channels, channels: channels, maxSide: maxSide)
        }
    }

    private static func failure(_ png: OpaquePointer, path: String) -> DecodeError {
        let message = String(cString: cull_png_error(png))
        if message.contains("truncated") || message.contains("Not enough image data") || message.isEmpty {
            return DecodeError(path: path, problem: .truncated(message.isEmpty ? "PNG data ends early" : message))
        }
        return DecodeError(path: path, problem: .corrupt(message))
    }
}

import CTurboJPEG
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JPEG through TurboJPEG (which catches libjpeg's longjmp errors itself and returns -1).
enum JPEGDecoder {
    /// Decodes JPEG bytes already in memory (a RAW's preview, an EXIF thumbnail) within the
    /// shared ``DecodeBudget``: the bytes and the decode's working memory are reserved first.
    static func decode(_ data: [UInt8], path: String, maxSide: Int, grey: Bool) throws(DecodeError) -> DecodedImage {
        try DecodeBudget.shared.reserving(DecodePeak.of(head: data, fileSize: data.count, maxSide: maxSide), path: path) { () throws(DecodeError) -> DecodedImage in
            try decodeInBudget(data, path: path, maxSide: maxSide, grey: grey)
        }
    }

    /// The most memory a decode of the JPEG whose first bytes are `head` holds besides the file:
    /// libjpeg's whole-image coefficients for a multi-scan JPEG (what they would be for every
    /// component, when the segments before the first scan are not all in `head`), the scaled
    /// pixels and their converted copy, and row buffers. Nil when `head` has no frame header.
    static func workingBytes(_ head: [UInt8], maxSide: Int) -> Int? {
        guard let (width, height, colorspace) = header(head) else { return nil }
        let components = colorspace == Int32(TJCS_GRAY.rawValue) ? 1
            : (colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) ? 4 : 3)
        let coefficients: Int
        switch coefficientWalk(head) {
        case .singleScan: coefficients = 0
        case let .wholeImage(bytes): coefficients = bytes
        case .unknown: coefficients = width * height * 2 * components
        }
        let factor = scalingFactor(width: width, height: height, maxSide: max(1, maxSide))
        let pixels = scaled(width, factor) * scaled(height, factor) * components
        return coefficients + 2 * pixels + width * 16 * components * 4
    }

    /// Decodes `data`; the caller holds the decode's share of the ``DecodeBudget``.
    static func decodeInBudget(_ data: [UInt8], path: String, maxSide: Int, grey: Bool) throws(DecodeError) -> DecodedImage {
        guard let handle = tjInitDecompress() else { throw DecodeError(path: path, problem: .corrupt("cannot start the JPEG decoder")) }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = data.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt(data.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw failure(handle, path: path, fatal: true) }
        try DecodeLimits.check(width: Int(width), height: Int(height), path: path)
        let scans = scanCount(data)
        guard scans <= DecodeLimits.maxJPEGScans else {
            throw DecodeError(path: path, problem: .tooLarge("\(scans) JPEG scans (limit \(DecodeLimits.maxJPEGScans))"))
        }
        if let coefficients = wholeImageCoefficientBytes(data), coefficients > DecodeLimits.maxBufferBytes {
            throw DecodeError(path: path, problem: .tooLarge(
                "\(width)×\(height) progressive JPEG needs \(coefficients / 1_000_000) MB of coefficients (limit \(DecodeLimits.maxBufferBytes / 1_000_000) MB)"))
        }
        let factor = scalingFactor(width: Int(width), height: Int(height), maxSide: maxSide)
        let scaledWidth = scaled(Int(width), factor), scaledHeight = scaled(Int(height), factor)
        let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = grey && !cmyk ? TJPF_GRAY : (cmyk ? TJPF_CMYK : TJPF_RGB)
        let channels = format == TJPF_GRAY ? 1 : (cmyk ? 4 : 3)
        var pixels = [UInt8](repeating: 0, count: scaledWidth * scaledHeight * channels)
        let status = data.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                tjDecompress2(handle, source.baseAddress, UInt(data.count), target.baseAddress, Int32(scaledWidth), 0,
                              Int32(scaledHeight), Int32(format.rawValue), 0)
            }
        }
        if status != 0 {
            let fatal = tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue)
            let message = String(cString: tjGetErrorStr2(handle))
            // libjpeg goes on after a warning; only a premature end — of the file, or of a scan's
            // data cut by a marker — leaves part of the picture grey and the result useless. Other warnings (extraneous bytes before a marker, which
            // some cameras write) leave a fine picture.
            if fatal || message.lowercased().contains("premature end") { throw failure(handle, path: path, fatal: fatal) }
        }
        if cmyk { pixels = rgb(fromCMYK: pixels) }
        return pixels.withUnsafeBufferPointer {
            ImageDecoder.reduced($0, width: scaledWidth, height: scaledHeight, stride: scaledWidth * (cmyk ? 3 : channels),
                                 channels: cmyk ? 3 : channels, maxSide: maxSide)
        }
    }

    /// The pixel size in a JPEG's header (its first bytes suffice: nothing is decoded), or nil
    /// when TurboJPEG cannot read one (not a JPEG, or a kind it does not decode, as lossless).
    static func size(_ data: [UInt8]) -> (width: Int, height: Int)? {
        header(data).map { ($0.width, $0.height) }
    }

    /// The pixel size and TurboJPEG colorspace in a JPEG's header, or nil when it has none TurboJPEG reads.
    private static func header(_ data: [UInt8]) -> (width: Int, height: Int, colorspace: Int32)? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = data.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt(data.count), &width, &height, &subsampling, &colorspace)
        }
        guard status == 0, width > 0, height > 0 else { return nil }
        return (Int(width), Int(height), colorspace)
    }

    private static func failure(_ handle: tjhandle, path: String, fatal: Bool) -> DecodeError {
        let message = String(cString: tjGetErrorStr2(handle))
        let lowered = message.lowercased()
        if lowered.contains("premature end") || lowered.contains("insufficient") || lowered.contains("eoi") {
            return DecodeError(path: path, problem: .truncated(message))
        }
        return DecodeError(path: path, problem: .corrupt(message))
    }

    /// The smallest TurboJPEG scaling factor (at most 1) whose result still has a longest side of
    /// at least `maxSide`, or 1/1 when even that is smaller.
    static func scalingFactor(width: Int, height: Int, maxSide: Int) -> tjscalingfactor {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return tjscalingfactor(num: 1, denom: 1) }
        var best = tjscalingfactor(num: 1, denom: 1)
        for index in 0 ..< Int(count) {
            let factor = factors[index]
            guard factor.num <= factor.denom else { continue }
            let longest = max(scaled(width, factor), scaled(height, factor))
            if longest >= maxSide, factor.num * best.denom < best.num * factor.denom { best = factor }
        }
        return best
    }

    /// TJSCALED (a macro Swift cannot import).
    static func scaled(_ dimension: Int, _ factor: tjscalingfactor) -> Int {
        (dimension * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
    }

    /// The number of SOS markers. In entropy-coded data 0xFF is always followed by 0x00 or a
    /// marker, so every FF DA pair is a scan start (or one in an embedded thumbnail: a slight
    /// overcount is harmless against a limit). `memchr` keeps this a small part of a decode.
    static func scanCount(_ data: [UInt8]) -> Int {
        data.withUnsafeBytes { raw -> Int in
            guard let base = raw.baseAddress, raw.count > 1 else { return 0 }
            var count = 0
            var offset = 0
            while offset < raw.count - 1, let hit = memchr(base + offset, 0xFF, raw.count - 1 - offset) {
                let index = base.distance(to: UnsafeRawPointer(hit))
                if raw[index + 1] == 0xDA { count += 1 }
                offset = index + 1
            }
            return count
        }
    }

    /// The bytes of the whole-image coefficient buffer libjpeg allocates for a progressive JPEG,
    /// or a sequential one whose first scan holds fewer components than the frame (then each
    /// component has its own scan). Nil for a single-scan JPEG or when the segments before the
    /// first scan cannot be walked (TurboJPEG reports that itself).
    static func wholeImageCoefficientBytes(_ data: [UInt8]) -> Int? {
        if case let .wholeImage(bytes) = coefficientWalk(data) { return bytes }
        return nil
    }

    /// What the segments before a JPEG's first scan say about its coefficient buffer.
    enum CoefficientWalk: Equatable {
        /// One scan of every component: decoded a row of blocks at a time.
        case singleScan
        /// Several scans: 128 bytes per block, each component's blocks rounded up to its sampling
        /// factors, as `jdcoefct.c` sizes them.
        case wholeImage(Int)
        /// The segments could not be walked up to the first scan (damaged, or not all in `data`).
        case unknown
    }

    static func coefficientWalk(_ data: [UInt8]) -> CoefficientWalk {
        var offset = 2
        var frame: (progressive: Bool, width: Int, height: Int, sampling: [(h: Int, v: Int)])?
        while offset + 4 <= data.count, data[offset] == 0xFF {
            let code = data[offset + 1]
            if code == 0xFF { offset += 1; continue }
            if code == 0x01 || (0xD0...0xD8).contains(code) { offset += 2; continue }
            let length = Int(data[offset + 2]) << 8 | Int(data[offset + 3])
            guard length >= 2, offset + 2 + length <= data.count else { return .unknown }
            let segment = data[(offset + 4) ..< (offset + 2 + length)]
            let start = segment.startIndex
            if (0xC0...0xCF).contains(code), ![0xC4, 0xC8, 0xCC].contains(code), segment.count >= 6 {
                let count = Int(segment[start + 5])
                guard count > 0, segment.count >= 6 + 3 * count else { return .unknown }
                let sampling = (0 ..< count).map { index in
                    let factors = segment[start + 7 + 3 * index]
                    return (h: max(1, Int(factors >> 4)), v: max(1, Int(factors & 15)))
                }
                frame = ([0xC2, 0xC6, 0xCA, 0xCE].contains(code), Int(segment[start + 3]) << 8 | Int(segment[start + 4]),
                         Int(segment[start + 1]) << 8 | Int(segment[start + 2]), sampling)
            } else if code == 0xDA {
                guard let frame, let inScan = segment.first else { return .unknown }
                guard frame.progressive || Int(inScan) < frame.sampling.count else { return .singleScan }
                let maxH = frame.sampling.map(\.h).max()!, maxV = frame.sampling.map(\.v).max()!
                func blocks(_ side: Int, _ factor: Int, _ maxFactor: Int) -> Int {
                    let inBlocks = (side * factor + 8 * maxFactor - 1) / (8 * maxFactor)
                    return (inBlocks + factor - 1) / factor * factor
                }
                return .wholeImage(frame.sampling.reduce(0) { $0 + blocks(frame.width, $1.h, maxH) * blocks(frame.height, $1.v, maxV) * 128 })
            }
            offset += 2 + length
        }
        return .unknown
    }

    /// Adobe-style (inverted) CMYK, as TurboJPEG hands it out, to RGB.
    private static func rgb(fromCMYK cmyk: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: cmyk.count / 4 * 3)
        for index in 0 ..< cmyk.count / 4 {
            let k = UInt32(cmyk[4 * index + 3])
            for channel in 0 ..< 3 { out[3 * index + channel] = UInt8(UInt32(cmyk[4 * index + channel]) * k / 255) }
        }
        return out
    }
}

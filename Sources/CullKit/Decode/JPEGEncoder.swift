import CTurboJPEG

/// Why a JPEG could not be encoded (TurboJPEG's message).
public struct EncodeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { "cannot encode JPEG: \(message)" }
}

extension ImageDecoder {
    /// `image` as a baseline JPEG at `quality` (1...100; 4:2:0 chroma for RGB), for thumbnails.
    public static func encodeJPEG(_ image: DecodedImage, quality: Int) throws(EncodeError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw EncodeError(message: "cannot start the JPEG encoder") }
        defer { tjDestroy(handle) }
        let grey = image.channels == 1
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            tjCompress2(handle, pixels.baseAddress, Int32(image.width), 0, Int32(image.height),
                        Int32((grey ? TJPF_GRAY : TJPF_RGB).rawValue), &output, &size,
                        Int32((grey ? TJSAMP_GRAY : TJSAMP_420).rawValue), Int32(max(1, min(100, quality))), 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else { throw EncodeError(message: String(cString: tjGetErrorStr2(handle))) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}

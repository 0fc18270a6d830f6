import CHeif
import Foundation
@testable import CullKit

/// HEICs written with libheif's own encoder (x265), with `thmb` items whose pictures may differ
/// from the primary image's — what cameras never do, but what tells, from the pixels alone, which
/// item a thumbnail came from — and an optional orientation (libheif writes it as `irot`/`imir`,
/// on the primary and on each thumbnail, as iPhones do).
enum HEIFFixtures {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One picture: four flat quadrants (top left, top right, bottom left, bottom right) in the
    /// colours ``DecodeFixtures/colourName(_:)`` tells apart.
    struct Picture {
        let quadrants: [String]
        let width: Int
        let height: Int
    }

    private static let rgb: [String: (UInt8, UInt8, UInt8)] = ["red": (255, 0, 0), "lime": (0, 255, 0), "blue": (0, 0, 255), "white": (255, 255, 255)]

    /// Writes a HEIC at `path`: `primary`, then one thumbnail per entry of `thumbnails`, each its
    /// picture scaled by libheif to fit a square of `side` (the picture must be larger than that).
    static func write(_ path: String, primary: Picture, thumbnails: [(picture: Picture, side: Int)] = [],
                      orientation: Int = 1) throws {
        guard let context = heif_context_alloc() else { throw Failure(description: "heif_context_alloc") }
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        try check(heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder))
        defer { heif_encoder_release(encoder) }
        try check(heif_encoder_set_lossy_quality(encoder, 90))
        let options = heif_encoding_options_alloc()
        defer { heif_encoding_options_free(options) }
        options?.pointee.image_orientation = heif_orientation(rawValue: UInt32(orientation))
        let main = try image(primary)
        defer { heif_image_release(main) }
        var handle: OpaquePointer?
        try check(heif_context_encode_image(context, main, encoder, options, &handle))
        defer { heif_image_handle_release(handle) }
        for (picture, side) in thumbnails {
            let small = try image(picture)
            defer { heif_image_release(small) }
            var thumbnail: OpaquePointer?
            try check(heif_context_encode_thumbnail(context, small, handle, encoder, options, Int32(side), &thumbnail))
            guard thumbnail != nil else { throw Failure(description: "a \(picture.width)×\(picture.height) picture already fits \(side)") }
            heif_image_handle_release(thumbnail)
        }
        try check(heif_context_write_to_file(context, path))
    }

    private static func image(_ picture: Picture) throws -> OpaquePointer {
        var created: OpaquePointer?
        try check(heif_image_create(Int32(picture.width), Int32(picture.height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &created))
        guard let image = created else { throw Failure(description: "heif_image_create") }
        try check(heif_image_add_plane(image, heif_channel_interleaved, Int32(picture.width), Int32(picture.height), 8))
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(image, heif_channel_interleaved, &stride) else { throw Failure(description: "no plane") }
        for y in 0 ..< picture.height {
            for x in 0 ..< picture.width {
                let quadrant = (y < picture.height / 2 ? 0 : 2) + (x < picture.width / 2 ? 0 : 1)
                let (r, g, b) = rgb[picture.quadrants[quadrant]]!
                let at = y * Int(stride) + x * 3
                plane[at] = r
                plane[at + 1] = g
                plane[at + 2] = b
            }
        }
        return image
    }

    private static func check(_ error: heif_error) throws {
        guard error.code != heif_error_Ok else { return }
        throw Failure(description: error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)")
    }
}

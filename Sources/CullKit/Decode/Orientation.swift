/// EXIF orientation (1...8) applied to decoded pixels, so what is hashed and thumbnailed is what
/// a viewer shows: each value is a ``Turn``. 5...8 swap width and height.
enum Orientation {
    static func apply(_ orientation: Int, to image: DecodedImage) -> DecodedImage {
        Turn(exifOrientation: orientation)?.apply(to: image) ?? image
    }
}

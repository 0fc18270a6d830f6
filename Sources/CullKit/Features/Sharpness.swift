/// Sharpness as the variance of the Laplacian (Pech-Pacheco et al. 2000, the measure OpenCV
/// users know): the 4-neighbour Laplacian responds to edges and fine texture, which blur removes,
/// so its variance over the image falls as blur grows. Measured on the grey image at
/// ``ImageFeatures/side`` so photos of every size share one scale; in grey levels squared.
///
/// It compares a picture with itself blurred reliably; across different pictures it also
/// reflects how much texture the scene has (a foggy sky is "blurry"), which is why `blurry`
/// uses a low threshold and a burst ranks its frames with it (same scene, different shake).
public enum Sharpness {
    /// Below this, `blurry: true`. Measured on the 86 corpus photos (JPEG and HEIC, 0.3–16 MP): the
    /// sharp originals scored 94 and up (10th percentile 223), their `-blur 0x3` copies 3–23 for
    /// the photos under 2 MP (where that blur is still visible at 384 pixels); a flat frame scores 0.
    /// So 50 flags clearly blurred or featureless frames and no sharp original; a softness only
    /// visible at full size is below what this decode can see.
    public static let blurryThreshold = 50.0

    public static func of(_ grey: DecodedImage) -> Double {
        let width = grey.width, height = grey.height
        guard width >= 3, height >= 3 else { return 0 }
        var sum = 0.0, squares = 0.0
        grey.pixels.withUnsafeBufferPointer { p in
            for y in 1 ..< height - 1 {
                let row = y * width
                for x in 1 ..< width - 1 {
                    let centre = Int(p[row + x])
                    let laplacian = Int(p[row + x - 1]) + Int(p[row + x + 1]) + Int(p[row + x - width]) + Int(p[row + x + width]) - 4 * centre
                    let value = Double(laplacian)
                    sum += value
                    squares += value * value
                }
            }
        }
        let count = Double((width - 2) * (height - 2))
        let mean = sum / count
        return max(0, squares / count - mean * mean)
    }
}

/// How far two decodes of one size are from the same pixels, one of them turned (``Turn``): what
/// `duplicate: image` confirms a turned copy by (``TurnedDuplicates``).
public struct PixelDifference: Sendable, Equatable {
    /// Samples (a channel of a pixel) compared.
    public var samples = 0
    /// Samples more than ``closeEnough`` apart.
    public var apart = 0
    /// The largest difference of one sample.
    public var largest = 0

    /// What two decodes of the same pixels may differ by: 1, the rounding of a decoder's inverse DCT.
    public static let closeEnough = 1
    /// At most this share of the samples further apart than ``closeEnough``, and none further than ``upsampling``.
    public static let apartShare = 0.001
    /// How far apart a colour decode of a JPEG turned losslessly (`jpegtran -perfect`, which moves
    /// its coefficients, not its pixels) comes out: its halved colour planes are upsampled with
    /// rounding that is not symmetric, so 1 sample in 15 to 150 measured 2 or 3 apart; a re-encode
    /// at quality 98, more than 50.
    public static let upsampling = 4

    /// Whether the two decodes are the same pixels, as a decoder gives them back.
    public var isSamePicture: Bool {
        samples > 0 && largest <= Self.upsampling && Double(apart) <= Double(samples) * Self.apartShare
    }

    /// Whether the two colour decodes differ by no more than colour upsampling moves a sample.
    public var isWithinUpsampling: Bool { samples > 0 && largest <= Self.upsampling }

    /// Whether two grey decodes (a JPEG's luma plane, upsampled by nothing) are the same to the rounding.
    public var isSameLuma: Bool { samples > 0 && apart == 0 }

    /// `b` turned by `turn` compared with `a`; nil when their sizes or channels differ. The
    /// comparison stops after the first row with a sample further apart than ``upsampling``: such
    /// decodes are no picture's two decodes, and most pairs compared are not (counts then cover the rows read).
    public static func between(_ a: DecodedImage, _ b: DecodedImage, turnedBy turn: Turn) -> PixelDifference? {
        let (width, height) = turn.size(width: b.width, height: b.height)
        guard a.width == width, a.height == height, a.channels == b.channels, a.pixels.count == b.pixels.count else { return nil }
        let channels = a.channels
        let (origin, across, down) = turn.steps(width: b.width, height: b.height, channels: channels)
        var apart = 0, largest = 0
        a.pixels.withUnsafeBufferPointer { first in
            b.pixels.withUnsafeBufferPointer { second in
                var i = 0
                for y in 0 ..< height where largest <= upsampling {
                    var j = origin + y * down
                    for _ in 0 ..< width {
                        for k in 0 ..< channels {
                            let gap = abs(Int(first[i + k]) - Int(second[j + k]))
                            apart &+= gap > closeEnough ? 1 : 0
                            largest = max(largest, gap)
                        }
                        i += channels
                        j += across
                    }
                }
            }
        }
        return PixelDifference(samples: a.pixels.count, apart: apart, largest: largest)
    }
}

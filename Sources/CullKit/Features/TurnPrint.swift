import Foundation

extension Turn {
    /// The signs of ``TurnPrint/signs`` of the picture turned this way, from the picture's own:
    /// turning permutes the DCT's coefficients and negates those of odd frequency along a mirrored
    /// axis (cos(π(2(n−1−x)+1)u / 2n) = (−1)^u cos(π(2x+1)u / 2n)), so the bits follow exactly.
    public func apply(to signs: UInt64) -> UInt64 {
        var bits = transposed ? Self.transpose(signs) : signs
        // Byte v−1 holds the frequencies (u, v), bit u−1 of it: odd u are bits 0, 2, 4, 6 of every
        // byte, odd v the bytes 0, 2, 4, 6.
        if mirroredAcross { bits ^= 0x5555_5555_5555_5555 }
        if mirroredDown { bits ^= 0x00FF_00FF_00FF_00FF }
        return bits
    }

    /// The 8×8 bit matrix (row r in byte r, column c in bit c) transposed (Hacker's Delight, 7-3).
    static func transpose(_ matrix: UInt64) -> UInt64 {
        var x = matrix
        var t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA
        x = x ^ t ^ (t << 7)
        t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC
        x = x ^ t ^ (t << 14)
        t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0
        x = x ^ t ^ (t << 28)
        return x
    }
}

/// What finds a picture again whichever way a copy of it was turned or mirrored: the signs of the 64
/// lowest frequencies of its 16 × 16 layout (``PictureLayout``), which every turn moves by a fixed
/// permutation and negation (``Turn/apply(to:)``), and the turns that bring it upright in a way of its
/// own (its *canonical* orientation), so that a turned copy is looked for under one key or a few,
/// not under eight.
///
/// The canonical orientation puts more of the picture's detail across than down (compared by the
/// energy of the frequencies above and below the diagonal), and its brighter side to the right and
/// bottom (the signs of the two coarsest gradients). A choice decided by less than a tenth of the
/// picture's typical coefficient (or of the energy) is not trusted: the other way is a key too, so a
/// copy whose re-encoding tipped the choice still meets. Measured on the corpus photos turned each
/// way and re-encoded at half size: every copy within 6 bits found that comparing all eight turns
/// finds, at 1.2 keys a photo.
///
/// Stored in `image_features` (`turn_signs`, `turns`), computed from the layout, so a library measured
/// before has its prints without decoding a photo again.
public struct TurnPrint: Sendable, Equatable {
    /// The signs (1 for positive) of the DCT-II coefficients (u, v) for u, v in 1...8 of the layout
    /// as it is: byte v−1, bit u−1.
    public let signs: UInt64
    /// The turns trusted as canonical, as stored: bits 0–7 say which (by index), bits 8–10 which one
    /// is first. Never 0 (the first is always trusted): 0 stores "no print".
    public let code: Int64

    /// The least a choice must be decided by, as a share of the picture's typical coefficient (a
    /// gradient's sign) or of the detail's energy (across or down).
    static let margin = 0.1

    public init(signs: UInt64, canonical: [Turn]) {
        self.signs = signs
        code = Int64(canonical.reduce(0) { $0 | 1 << $1.index } | canonical[0].index << 8)
    }

    /// The print of stored `signs` and `code`; nil for the code of no print (0) or one not made by
    /// ``init(signs:canonical:)``.
    public init?(signs: Int64, code: Int64) {
        let first = Int(code >> 8) & 7, trusted = Int(code) & 0xFF
        guard code > 0, code < 1 << 11, trusted & 1 << first != 0 else { return nil }
        self.signs = UInt64(bitPattern: signs)
        self.code = code
    }

    /// The canonical turn first, then every other turn trusted as canonical too.
    public var canonical: [Turn] {
        let first = Int(code >> 8) & 7
        return [Turn(index: first)] + (0 ..< 8).filter { $0 != first && Int(code) & 1 << $0 != 0 }.map(Turn.init(index:))
    }

    /// The key it is filed under: its signs turned the canonical way.
    public var key: UInt64 { Turn(index: Int(code >> 8) & 7).apply(to: signs) }

    /// The keys the picture is looked for under: its signs turned canonically, each trusted way.
    public var keys: [UInt64] { canonical.map { $0.apply(to: signs) } }

    /// Calls `body` with each of ``keys``, in no set order, without making the list.
    @inline(__always)
    func forEachKey(_ body: (UInt64) -> Void) {
        var trusted = UInt8(truncatingIfNeeded: code)
        while trusted != 0 {
            body(Turn(index: trusted.trailingZeroBitCount).apply(to: signs))
            trusted &= trusted - 1
        }
    }

    /// The fewest bits `other` differs by from this picture when it is turned or mirrored back (any
    /// turn but none: a copy as it is is the perceptual hash's to find), with that turn.
    public func turnedDistance(to other: TurnPrint) -> (distance: Int, turn: Turn) {
        var best = (distance: 65, turn: Turn.none)
        for index in 1 ..< 8 {
            let turn = Turn(index: index)
            let distance = (turn.apply(to: other.signs) ^ signs).nonzeroBitCount
            if distance < best.distance { best = (distance, turn) }
        }
        return best
    }

    /// The print of `layout`; nil when the layout has no structure at these frequencies (a plain
    /// picture: its signs would be rounding noise).
    public static func of(_ layout: PictureLayout) -> TurnPrint? {
        let c = LowFrequencies(layout.cells, size: PictureLayout.grid).coefficients
        var signs: UInt64 = 0
        var (across, down, squares, strongest) = (0.0, 0.0, 0.0, 0.0)
        for v in 1 ... 8 {
            for u in 1 ... 8 {
                let value = c[v * 9 + u]
                if value > 0 { signs |= 1 << UInt64((v - 1) * 8 + (u - 1)) }
                if u > v { across += value * value } else if u < v { down += value * value }
                strongest = max(strongest, abs(value))
            }
        }
        for index in 1 ..< 81 { squares += c[index] * c[index] }
        // A pattern of one grey level at these frequencies gives coefficients of about 64 (two
        // 16-point sums, each about 8 at amplitude 1): less than that everywhere among the signs
        // kept is no structure (a plain ramp has its gradient and nothing else).
        let typical = (squares / 80).squareRoot()
        guard strongest >= 64, across + down > 0 else { return nil }

        /// Each way a choice may go: the way its measure says, then the other when it is too close to call.
        func ways(_ measure: Double, scale: Double) -> [Bool] {
            abs(measure) < margin * scale ? [measure < 0, measure >= 0] : [measure < 0]
        }
        var canonical: [Turn] = []
        for transposed in ways(across - down, scale: across + down) {
            // Transposed, the gradient across (u = 1, v = 0) is the one that was down.
            let gradientAcross = transposed ? c[1 * 9 + 0] : c[0 * 9 + 1]
            let gradientDown = transposed ? c[0 * 9 + 1] : c[1 * 9 + 0]
            for mirroredAcross in ways(gradientAcross, scale: typical) {
                for mirroredDown in ways(gradientDown, scale: typical) {
                    canonical.append(Turn(transposed: transposed, mirroredAcross: mirroredAcross, mirroredDown: mirroredDown))
                }
            }
        }
        return TurnPrint(signs: signs, canonical: canonical)
    }
}

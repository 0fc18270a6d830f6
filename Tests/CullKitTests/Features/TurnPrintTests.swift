@testable import CullKit
import Testing

/// A picture's turn print follows it exactly through every turn and mirror, and its canonical key is
/// the same whichever way it was turned.
@Suite struct TurnPrintTests {
    /// A layout of smooth structure and noise, as a photo's 16 × 16 greys are.
    static func layout(seed: UInt64) -> PictureLayout {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> Double {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Double(state % 1000) / 1000
        }
        let (a, b, c, d) = (next() * 6, next() * 6, next() * 6, next() * 6)
        var cells: [UInt8] = []
        for y in 0 ..< 16 {
            for x in 0 ..< 16 {
                let (fx, fy) = (Double(x) / 15, Double(y) / 15)
                let value = 128 + 60 * (fx - 0.5) * a / 3 + 40 * (fy - 0.5) * b / 3 + 30 * (c * fx * fy).squareRoot().truncatingRemainder(dividingBy: 1)
                    + 25 * ((d + 1) * fx * fy * 7).truncatingRemainder(dividingBy: 1) + 20 * next()
                cells.append(UInt8(clamping: Int(value.rounded())))
            }
        }
        return PictureLayout(cells: cells)!
    }

    /// The layout turned `turn`'s way: transposed, then mirrored left to right, then top to bottom.
    static func turned(_ layout: PictureLayout, _ turn: Turn) -> PictureLayout {
        var cells = [UInt8](repeating: 0, count: 256)
        for y in 0 ..< 16 {
            for x in 0 ..< 16 {
                // Mirrored last, so the mirrors read the transposed picture's coordinates.
                let (qx, qy) = (turn.mirroredAcross ? 15 - x : x, turn.mirroredDown ? 15 - y : y)
                let (sx, sy) = turn.transposed ? (qy, qx) : (qx, qy)
                cells[y * 16 + x] = layout.cells[sy * 16 + sx]
            }
        }
        return PictureLayout(cells: cells)!
    }

    @Test func theBitTransposeIsATranspose() {
        for seed: UInt64 in [1, 0x0123_4567_89AB_CDEF, 0xFFFF_0000_FFFF_0000, 0x8000_0000_0000_0001] {
            var naive: UInt64 = 0
            for row in 0 ..< 8 {
                for column in 0 ..< 8 where seed >> UInt64(row * 8 + column) & 1 == 1 { naive |= 1 << UInt64(column * 8 + row) }
            }
            #expect(Turn.transpose(seed) == naive)
        }
    }

    /// The signs of a turned picture are the picture's own signs turned, bit for bit, for all eight
    /// turns: what lets a copy be compared turned without decoding it again.
    @Test func signsFollowEveryTurn() throws {
        for seed: UInt64 in 1 ... 40 {
            let layout = Self.layout(seed: seed)
            let own = try #require(TurnPrint.of(layout))
            for turn in Turn.allCases {
                let theirs = try #require(TurnPrint.of(Self.turned(layout, turn)))
                #expect(turn.apply(to: own.signs) == theirs.signs, "seed \(seed), \(turn)")
                #expect(own.turnedDistance(to: theirs).distance == (turn == .none ? own.turnedDistance(to: own).distance : 0))
            }
        }
    }

    /// Every turned copy of a picture is looked for under a key its original is filed under, or
    /// files its own under one its original looks for: the canonical orientation does not depend on
    /// the way the picture came.
    @Test func everyTurnMeetsTheOriginal() throws {
        var keys = 0
        for seed: UInt64 in 1 ... 40 {
            let layout = Self.layout(seed: seed)
            let own = try #require(TurnPrint.of(layout))
            keys += own.keys.count
            for turn in Turn.allCases {
                let theirs = try #require(TurnPrint.of(Self.turned(layout, turn)))
                #expect(own.keys.contains(theirs.key) || theirs.keys.contains(own.key), "seed \(seed), \(turn)")
            }
        }
        #expect(keys < 40 * 3, "a photo is looked for under a few keys, not all eight: \(keys) for 40")
    }

    @Test func theStoredCodeReadsBack() throws {
        for seed: UInt64 in 1 ... 20 {
            let print = try #require(TurnPrint.of(Self.layout(seed: seed)))
            #expect(TurnPrint(signs: Int64(bitPattern: print.signs), code: print.code) == print)
        }
        #expect(TurnPrint(signs: 5, code: 0) == nil)
        #expect(TurnPrint(signs: 5, code: 2 << 8 | 1) == nil, "the first turn must be a trusted one")
    }

    /// A plain picture, or a ramp without detail, has no print: its signs would be rounding noise.
    @Test func aPlainPictureHasNoPrint() {
        #expect(TurnPrint.of(PictureLayout(cells: [UInt8](repeating: 90, count: 256))!) == nil)
        let ramp = (0 ..< 256).map { UInt8(40 + ($0 % 16) * 10) }
        #expect(TurnPrint.of(PictureLayout(cells: ramp)!) == nil, "a ramp across has its gradient and no detail")
    }
}

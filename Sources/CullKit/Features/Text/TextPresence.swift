/// The cheap test in front of the OCR: does a grey picture hold lines of text at all? Photos
/// without text (most of a library) never reach Tesseract, which takes about 0.2 s on one.
///
/// Text is many small marks of one stroke contrast, of about one height, side by side on a line.
/// On the picture reduced to ``side`` pixels: each pixel is ink when it is darker (or, for light
/// text on a dark screen or slide, lighter) than the mean of its neighbourhood by a margin; the ink's
/// connected parts the size and shape of a character are kept, and a character counts when another
/// of about its height sits beside it on the same line, a gap of at most its height away. Lines
/// that run top to bottom are counted the same way with the axes swapped: a page turned by 90°.
/// Which way up the lines are is told by their baseline: side by side on a line, characters' bottoms
/// line up (only a few letters descend) where their tops do not (capitals and ascenders rise above
/// the rest), so the edge of the marks that lines up better is the bottom of the text.
/// A few milliseconds on a 1,000-pixel picture.
public struct TextPresence: Sendable, Equatable {
    /// The longest side of the picture the test runs on.
    public static let side = 1000
    /// Characters on lines, of either axis, that make a picture worth reading.
    public static let threshold = 30

    /// Characters that have a neighbour on a line running left to right.
    public let across: Int
    /// Characters that have a neighbour on a line running top to bottom (a page on its side).
    public let down: Int
    /// The degrees clockwise the picture is to be turned for its lines to be read upright (0, 90, 180, 270):
    /// the axis its lines run along, and which of their edges lines up (their baseline).
    public let turn: Int

    /// Whether the picture has enough text-like marks to be read.
    public var hasText: Bool { max(across, down) >= Self.threshold }
    /// Whether its lines run top to bottom: the page is turned by 90° one way or the other.
    public var turned: Bool { down > across + across / 2 }

    /// Characters on lines of one axis that, with ``pageDominance``, make a page of text.
    static let pageCharacters = 100
    /// How many times the characters of the other axis a page's axis has: a page's lines all run
    /// one way, where the marks of a texture (moss, a pattern, water) line up both ways about as often.
    static let pageDominance = 3

    /// Whether it looks like a page of text: many characters, on lines of one axis.
    public var isPage: Bool {
        let (major, minor) = (max(across, down), min(across, down))
        return major >= Self.pageCharacters && major >= Self.pageDominance * minor
    }

    public init(across: Int, down: Int, turn: Int = 0) {
        self.across = across
        self.down = down
        self.turn = turn
    }

    /// Most character-like marks looked at (a picture of noise holds hundreds of thousands).
    static let maxMarks = 60_000

    /// The test of `image` (grey or RGB, any size: reduced to ``side`` first).
    public static func of(_ image: DecodedImage) -> TextPresence {
        let grey = image.grey.reduced(toLongest: side)
        var across = Lines(), down = Lines()
        for light in [false, true] {
            let marks = Self.marks(grey, light: light)
            let (horizontal, vertical) = (lined(marks, vertical: false), lined(marks, vertical: true))
            if horizontal.characters > across.characters { across = horizontal }
            if vertical.characters > down.characters { down = vertical }
        }
        let presence = TextPresence(across: across.characters, down: down.characters)
        // Across: bottoms line up on an upright page. Down (a page on its side): the baseline is on the
        // left when the page was turned clockwise (read it turned 270°), on the right when anticlockwise.
        let turn = presence.turned ? (down.lowSpread < down.highSpread ? 270 : 90) : (across.highSpread <= across.lowSpread ? 0 : 180)
        return TextPresence(across: presence.across, down: presence.down, turn: across.characters + down.characters == 0 ? 0 : turn)
    }

    /// The characters found on lines of one axis, and how far apart the neighbours' edges across the
    /// line are: their low edges (top, or left) and their high edges (bottom, or right), summed.
    struct Lines {
        var characters = 0
        var lowSpread = 0, highSpread = 0
    }

    /// A connected part of the ink: its box (inclusive) and how many pixels it has.
    struct Mark {
        var left, top, right, bottom: Int32
        var count: Int32
        var width: Int32 { right - left + 1 }
        var height: Int32 { bottom - top + 1 }
    }

    /// The character-sized parts of the ink of `grey`: dark marks, or light ones.
    static func marks(_ grey: DecodedImage, light: Bool) -> [Mark] {
        let (width, height) = (grey.width, grey.height)
        let ink = inkMask(grey, light: light)
        // Union-find over the ink pixels, 8-connected, by rows.
        var parent = [Int32](repeating: -1, count: width * height)
        func find(_ index: Int32) -> Int32 {
            var root = index
            while parent[Int(root)] != root { root = parent[Int(root)] }
            var node = index
            while parent[Int(node)] != root { let next = parent[Int(node)]; parent[Int(node)] = root; node = next }
            return root
        }
        func union(_ a: Int32, _ b: Int32) {
            let (ra, rb) = (find(a), find(b))
            if ra != rb { parent[Int(max(ra, rb))] = min(ra, rb) }
        }
        for y in 0 ..< height {
            for x in 0 ..< width where ink[y * width + x] {
                let index = Int32(y * width + x)
                parent[Int(index)] = index
                if x > 0, ink[y * width + x - 1] { union(index, index - 1) }
                if y > 0 {
                    let above = (y - 1) * width
                    if ink[above + x] { union(index, Int32(above + x)) }
                    if x > 0, ink[above + x - 1] { union(index, Int32(above + x - 1)) }
                    if x + 1 < width, ink[above + x + 1] { union(index, Int32(above + x + 1)) }
                }
            }
        }
        var slot: [Int32: Int] = [:]
        var parts: [Mark] = []
        for y in 0 ..< height {
            for x in 0 ..< width where ink[y * width + x] {
                let root = find(Int32(y * width + x))
                let (x32, y32) = (Int32(x), Int32(y))
                if let at = slot[root] {
                    parts[at].left = min(parts[at].left, x32)
                    parts[at].right = max(parts[at].right, x32)
                    parts[at].bottom = y32
                    parts[at].count += 1
                } else {
                    slot[root] = parts.count
                    parts.append(Mark(left: x32, top: y32, right: x32, bottom: y32, count: 1))
                }
            }
        }
        return Array(parts.lazy.filter(isCharacter).prefix(maxMarks))
    }

    /// A mark the size and shape of a character, either way up: 4 to 60 pixels long at ``side``,
    /// not a line or a blob (between a sixth and five-sixths of its box inked).
    static func isCharacter(_ mark: Mark) -> Bool {
        let long = max(mark.width, mark.height), short = min(mark.width, mark.height)
        guard long >= 4, long <= 60, short >= 1, long <= 6 * short + 6 else { return false }
        let fill = Double(mark.count) / Double(mark.width * mark.height)
        return fill >= 0.17 && fill <= 0.85
    }

    /// Ink: a pixel darker (lighter) than the mean of the 25×25 square around it by at least 24
    /// levels, from an integral image.
    static func inkMask(_ grey: DecodedImage, light: Bool) -> [Bool] {
        let (width, height) = (grey.width, grey.height)
        var integral = [Int32](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0 ..< height {
            var row: Int32 = 0
            for x in 0 ..< width {
                row += Int32(grey.pixels[y * width + x])
                integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1] + row
            }
        }
        let radius = 12, margin: Int32 = 24
        var ink = [Bool](repeating: false, count: width * height)
        for y in 0 ..< height {
            let (top, bottom) = (max(0, y - radius), min(height, y + radius + 1))
            for x in 0 ..< width {
                let (left, right) = (max(0, x - radius), min(width, x + radius + 1))
                let sum = integral[bottom * (width + 1) + right] - integral[top * (width + 1) + right]
                    - integral[bottom * (width + 1) + left] + integral[top * (width + 1) + left]
                let area = Int32((bottom - top) * (right - left))
                let value = Int32(grey.pixels[y * width + x]) * area
                ink[y * width + x] = light ? value - sum >= margin * area : sum - value >= margin * area
            }
        }
        return ink
    }

    /// How many of `marks` have a neighbour of about their height (width, `vertical`) on their line,
    /// the gap between them at most that height; marks are bucketed on a grid so each looks only near itself.
    static func lined(_ marks: [Mark], vertical: Bool) -> Lines {
        let cell: Int32 = 64
        var grid: [Int64: [Int]] = [:]
        func key(_ x: Int32, _ y: Int32) -> Int64 { Int64(x / cell) << 32 | Int64(y / cell) }
        for (index, mark) in marks.enumerated() { grid[key(mark.left, mark.top), default: []].append(index) }
        var lines = Lines()
        for mark in marks {
            // Along the line (a), across it (b), for either axis.
            let size = vertical ? mark.width : mark.height
            let (a1, b0, b1) = vertical ? (mark.bottom, mark.left, mark.right) : (mark.right, mark.top, mark.bottom)
            let centre = b0 + b1
            var found = false
            let (cx, cy) = (mark.left / cell, mark.top / cell)
            search: for gx in cx - 1 ... cx + 1 {
                for gy in cy - 1 ... cy + 1 {
                    for other in grid[Int64(gx) << 32 | Int64(gy)] ?? [] {
                        let o = marks[other]
                        let (oa0, ob0, ob1) = vertical ? (o.top, o.left, o.right) : (o.left, o.top, o.bottom)
                        let otherSize = vertical ? o.width : o.height
                        // On one line: its top or its bottom at the other's, within a quarter of its size (the
                        // marks of a texture sit anywhere; letters share their baseline, or their cap height).
                        guard oa0 > a1, oa0 - a1 <= size, 3 * otherSize >= 2 * size, 2 * otherSize <= 3 * size,
                              abs((ob0 + ob1) - centre) <= size / 2,
                              min(abs(ob0 - b0), abs(ob1 - b1)) <= max(1, size / 4) else { continue }
                        found = true
                        lines.lowSpread += Int(abs(ob0 - b0))
                        lines.highSpread += Int(abs(ob1 - b1))
                        break search
                    }
                }
            }
            if found { lines.characters += 1 }
        }
        return lines
    }
}

extension DecodedImage {
    /// The image box-reduced to a longest side of at most `side` (itself when it is no longer).
    func reduced(toLongest side: Int) -> DecodedImage {
        let (toWidth, toHeight) = Resample.fitting(width: width, height: height, maxSide: side)
        guard toWidth < width || toHeight < height else { return self }
        let reduced = pixels.withUnsafeBufferPointer {
            Resample.reduce($0, width: width, height: height, stride: width * channels, channels: channels, toWidth: toWidth, toHeight: toHeight)
        }
        return DecodedImage(width: toWidth, height: toHeight, channels: channels, pixels: reduced)
    }
}

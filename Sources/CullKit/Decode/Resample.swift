/// Area-average downscaling ("box reduce"): each output pixel is the mean of the source area it
/// covers, fractional edges weighted by how much of them it covers. It never upsamples. Separable:
/// a horizontal pass, then a vertical one.
enum Resample {
    /// The size of a `width`×`height` image reduced so its longest side is at most `maxSide`
    /// (aspect kept, each side at least 1).
    static func fitting(width: Int, height: Int, maxSide: Int) -> (width: Int, height: Int) {
        let longest = max(width, height)
        guard longest > maxSide else { return (width, height) }
        let scale = Double(maxSide) / Double(longest)
        return (max(1, min(maxSide, Int((Double(width) * scale).rounded()))),
                max(1, min(maxSide, Int((Double(height) * scale).rounded()))))
    }

    /// `source` (rows of `stride` bytes, `channels` samples a pixel) reduced to `toWidth`×`toHeight`
    /// (each at most the source's).
    static func reduce(_ source: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, channels: Int,
                       toWidth: Int, toHeight: Int) -> [UInt8] {
        precondition(toWidth <= width && toHeight <= height && toWidth > 0 && toHeight > 0)
        if toWidth == width && toHeight == height {
            let rowLength = width * channels
            var out = [UInt8](repeating: 0, count: rowLength * height)
            guard let base = source.baseAddress else { return out }
            out.withUnsafeMutableBytes { target in
                for y in 0 ..< height { (target.baseAddress! + y * rowLength).copyMemory(from: base + y * stride, byteCount: rowLength) }
            }
            return out
        }
        let columns = Spans(from: width, to: toWidth)
        let rows = Spans(from: height, to: toHeight)
        let rowLength = toWidth * channels
        guard let base = source.baseAddress else { return [] }
        // Horizontal pass: every source row to toWidth pixels. (Raw pointers and flat weight
        // tables: this loop runs per sample, and must stay fast in debug builds too.)
        var horizontal = [Float](repeating: 0, count: height * rowLength)
        horizontal.withUnsafeMutableBufferPointer { target in
            columns.weights.withUnsafeBufferPointer { weights in
                for y in 0 ..< height {
                    let sourceRow = base + y * stride
                    var out = target.baseAddress! + y * rowLength
                    for x in 0 ..< toWidth {
                        let first = columns.first[x], count = columns.count[x], offset = columns.offset[x]
                        for c in 0 ..< channels {
                            var sum: Float = 0
                            var pixel = sourceRow + first * channels + c
                            for k in 0 ..< count {
                                sum += weights[offset + k] * Float(pixel.pointee)
                                pixel += channels
                            }
                            out.pointee = sum
                            out += 1
                        }
                    }
                }
            }
        }
        // Vertical pass.
        var out = [UInt8](repeating: 0, count: toHeight * rowLength)
        var accumulator = [Float](repeating: 0, count: rowLength)
        horizontal.withUnsafeBufferPointer { rowsIn in
            out.withUnsafeMutableBufferPointer { target in
                accumulator.withUnsafeMutableBufferPointer { sum in
                    for y in 0 ..< toHeight {
                        for i in 0 ..< rowLength { sum[i] = 0 }
                        for k in 0 ..< rows.count[y] {
                            let weight = rows.weights[rows.offset[y] + k]
                            let row = rowsIn.baseAddress! + (rows.first[y] + k) * rowLength
                            for i in 0 ..< rowLength { sum[i] += weight * row[i] }
                        }
                        let targetRow = target.baseAddress! + y * rowLength
                        for i in 0 ..< rowLength { targetRow[i] = UInt8(max(0, min(255, sum[i] + 0.5))) }
                    }
                }
            }
        }
        return out
    }

    /// For each output index along one axis: the first source index it covers, how many, and
    /// their weights (summing to 1) at `offset` in one flat table.
    struct Spans {
        var first: [Int] = []
        var count: [Int] = []
        var offset: [Int] = []
        var weights: [Float] = []

        init(from source: Int, to target: Int) {
            let scale = Double(source) / Double(target)
            for index in 0 ..< target {
                let start = Double(index) * scale, end = min(Double(source), Double(index + 1) * scale)
                let low = Int(start), high = max(low, min(source - 1, Int((end - 1e-9).rounded(.down))))
                first.append(low)
                count.append(high - low + 1)
                offset.append(weights.count)
                for k in low ... high {
                    let covered = min(end, Double(k + 1)) - max(start, Double(k))
                    weights.append(Float(max(0, covered) / (end - start)))
                }
            }
        }
    }

    /// `source` reduced by a whole `factor` on both axes (each output pixel the mean of a
    /// `factor`×`factor` block, the blocks at the right and bottom edges smaller): the cheap first
    /// step of a large reduction, one pass over the source with running sums.
    static func reduce(_ source: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, channels: Int,
                       byWhole factor: Int) -> (pixels: [UInt8], width: Int, height: Int) {
        let outWidth = (width + factor - 1) / factor, outHeight = (height + factor - 1) / factor
        let rowLength = outWidth * channels
        var out = [UInt8](repeating: 0, count: outHeight * rowLength)
        var sums = [UInt32](repeating: 0, count: rowLength)
        guard let base = source.baseAddress else { return (out, outWidth, outHeight) }
        sums.withUnsafeMutableBufferPointer { sum in
            out.withUnsafeMutableBufferPointer { target in
                for outY in 0 ..< outHeight {
                    let firstRow = outY * factor, rows = min(factor, height - firstRow)
                    for i in 0 ..< rowLength { sum[i] = 0 }
                    for y in firstRow ..< firstRow + rows {
                        var pixel = base + y * stride
                        for x in 0 ..< width {
                            let slot = (x / factor) * channels
                            for c in 0 ..< channels { sum[slot + c] &+= UInt32(pixel[c]) }
                            pixel += channels
                        }
                    }
                    for outX in 0 ..< outWidth {
                        let count = UInt32(min(factor, width - outX * factor) * rows)
                        for c in 0 ..< channels {
                            target[outY * rowLength + outX * channels + c] = UInt8((sum[outX * channels + c] + count / 2) / count)
                        }
                    }
                }
            }
        }
        return (out, outWidth, outHeight)
    }
}

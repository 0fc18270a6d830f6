/// The distinct 64-bit values of a set of perceptual hashes, indexed for one question: which of
/// them lie within `radius` bits of a given value (Hamming distance).
///
/// **Multi-index hashing** (Norouzi, Punjani and Fleet, "Fast Search in Hamming Space with
/// Multi-Index Hashing", CVPR 2012): the 64 bits are cut into four 16-bit chunks, each with a
/// table of the values by that chunk. Two values at most `radius` bits apart have, by the
/// pigeonhole principle, at least one chunk at most `radius / 4` bits apart, so a query probes
/// each table at its own chunk value and at every value that few bits away (17 probes per chunk
/// at the default distance 6), and checks only the values filed there: on photos, whose hashes
/// spread over the whole space, about a hundred checks for a library of 100,000. A BK-tree
/// visited most of its nodes instead (distances between unrelated photos bunch around 32, so its
/// triangle-inequality pruning cut almost nothing: 89,000 photos took minutes).
///
/// Where the probes would cost more than checking every value (radii past about 20, where most
/// of a library is within reach of every photo anyway), the values are checked in one tight pass.
struct HammingIndex {
    private static let chunks = 4
    private static let width = 16

    /// The distinct values, ascending.
    let values: [UInt64]
    let radius: Int
    /// Every 16-bit mask of at most `radius / 4` bits: the probes of one chunk.
    private let probes: [UInt16]
    /// Per chunk: the values ordered by that chunk, and where each chunk value's run starts
    /// (65,537 offsets), and each filed value's place in `values`; empty when the values are
    /// checked one by one.
    private let ordered: [[UInt64]]
    private let starts: [[Int32]]
    private let places: [[Int32]]

    /// An index of `values` (duplicates are filed once) for queries within `radius` bits.
    init(_ values: [UInt64], radius: Int) {
        // Sorted, then each run of equal values kept once (cheaper than hashing every value into a set).
        var sorted = values.sorted()
        var kept = 0
        for index in sorted.indices where index == 0 || sorted[index] != sorted[kept - 1] {
            sorted[kept] = sorted[index]
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        self.values = sorted
        self.radius = max(0, radius)
        let reach = min(self.radius / Self.chunks, Self.width)
        let probes = (0 ... UInt32(UInt16.max)).compactMap { mask in mask.nonzeroBitCount <= reach ? UInt16(mask) : nil }
        // A probe costs a table read plus the values filed under it (count / 65,536 on average).
        let indexedCost = Double(Self.chunks * probes.count) * (1 + Double(self.values.count) / 65_536)
        guard indexedCost < Double(self.values.count) else {
            self.probes = []
            ordered = []
            starts = []
            places = []
            return
        }
        self.probes = probes.sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) }
        var ordered: [[UInt64]] = []
        var starts: [[Int32]] = []
        var places: [[Int32]] = []
        for chunk in 0 ..< Self.chunks {
            // A counting sort by the chunk's value.
            var offsets = [Int32](repeating: 0, count: 65_537)
            for value in self.values { offsets[Int(Self.key(value, chunk)) + 1] += 1 }
            for slot in 1 ..< offsets.count { offsets[slot] += offsets[slot - 1] }
            var next = offsets
            var run = [UInt64](repeating: 0, count: self.values.count)
            var place = [Int32](repeating: 0, count: self.values.count)
            for (index, value) in self.values.enumerated() {
                let key = Int(Self.key(value, chunk))
                run[Int(next[key])] = value
                place[Int(next[key])] = Int32(index)
                next[key] += 1
            }
            ordered.append(run)
            starts.append(offsets)
            places.append(place)
        }
        self.ordered = ordered
        self.starts = starts
        self.places = places
    }

    /// The place in ``values`` of `value`, which must be one of them (a binary search).
    func place(of value: UInt64) -> Int {
        var (low, high) = (0, values.count - 1)
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        precondition(values[low] == value, "\(value) is not indexed")
        return low
    }

    private static func key(_ value: UInt64, _ chunk: Int) -> UInt16 { UInt16(truncatingIfNeeded: value >> UInt64(chunk * width)) }

    /// Every stored value within `radius` bits of `value` (the radius the index was built for),
    /// ascending.
    func within(of value: UInt64) -> [UInt64] {
        var found: [UInt64] = []
        forEach(within: value) { found.append($0) }
        return found.sorted()
    }

    /// Calls `body` once for every stored value within `radius` bits of `value`, in no set order:
    /// what ``within(of:)`` lists, without building and sorting the list.
    func forEach(within value: UInt64, _ body: (UInt64) -> Void) {
        guard !probes.isEmpty else {
            for candidate in values where (candidate ^ value).nonzeroBitCount <= radius { body(candidate) }
            return
        }
        for chunk in 0 ..< Self.chunks {
            ordered[chunk].withUnsafeBufferPointer { run in
                starts[chunk].withUnsafeBufferPointer { offsets in
                    probes.withUnsafeBufferPointer { probes in
                        probe(value, chunk: chunk, run, offsets, probes) { body(run[$0]) }
                    }
                }
            }
        }
    }

    /// For each stored value (by its place in `values`), the total of `weights` (one per value)
    /// over the stored values within `radius` bits of it, itself included: what ``forEach(within:_:)``
    /// of every value would add up.
    ///
    /// Pair by pair, each pair of a chunk's runs once: within a run, and with each run one probe
    /// away on the higher side, both values of a close pair adding the other's weight (a query
    /// per value read every pair twice). A pair counts in the first chunk whose probes reach it,
    /// as in ``probe(_:chunk:_:_:_:_:)``; reading runs in chunk order keeps the table reads near.
    func sums(of weights: [Int]) -> [Int] {
        guard !probes.isEmpty else {
            return values.map { value in
                var total = 0
                for (index, candidate) in values.enumerated() where (candidate ^ value).nonzeroBitCount <= radius { total += weights[index] }
                return total
            }
        }
        var sums = weights
        let (limit, reach) = (radius, min(radius / Self.chunks, Self.width))
        let others = probes.filter { $0 != 0 }
        sums.withUnsafeMutableBufferPointer { sums in
            weights.withUnsafeBufferPointer { weights in
                others.withUnsafeBufferPointer { others in
                    for chunk in 0 ..< Self.chunks {
                        ordered[chunk].withUnsafeBufferPointer { run in
                            starts[chunk].withUnsafeBufferPointer { offsets in
                                places[chunk].withUnsafeBufferPointer { place in
                                    @inline(__always) func pair(_ a: Int, _ b: Int) {
                                        let difference = run[a] ^ run[b]
                                        guard difference.nonzeroBitCount <= limit,
                                              !(0 ..< chunk).contains(where: { Self.key(difference, $0).nonzeroBitCount <= reach }) else { return }
                                        let (x, y) = (Int(place[a]), Int(place[b]))
                                        sums[x] += weights[y]
                                        sums[y] += weights[x]
                                    }
                                    for key in 0 ..< 65_536 {
                                        let (start, end) = (Int(offsets[key]), Int(offsets[key + 1]))
                                        guard start < end else { continue }
                                        for a in start ..< end {
                                            for b in a + 1 ..< end { pair(a, b) }
                                        }
                                        for probe in others {
                                            let other = key ^ Int(probe)
                                            guard other > key else { continue }
                                            for b in Int(offsets[other]) ..< Int(offsets[other + 1]) {
                                                for a in start ..< end { pair(a, b) }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return sums
    }

    /// Calls `body` with the slot in `run` (chunk `chunk`'s values) of every value within
    /// `radius` bits of `value` that this chunk's probes find first: a close value is near the
    /// query in several chunks, and counts in the first of them only.
    ///
    /// Unchecked reads: every key is a 16-bit chunk value (offsets hold 65,537 entries) and every
    /// slot lies between two offsets of the counting sort; bounds checks were most of a probe.
    @inline(__always)
    private func probe(_ value: UInt64, chunk: Int, _ run: UnsafeBufferPointer<UInt64>, _ offsets: UnsafeBufferPointer<Int32>,
                       _ probes: UnsafeBufferPointer<UInt16>, _ body: (Int) -> Void) {
        let reach = min(radius / Self.chunks, Self.width)
        let own = Self.key(value, chunk)
        for probe in probes {
            let key = Int(own ^ probe)
            var slot = Int(offsets[key])
            let end = Int(offsets[key + 1])
            while slot < end {
                let difference = run[slot] ^ value
                if difference.nonzeroBitCount <= radius, !(0 ..< chunk).contains(where: { Self.key(difference, $0).nonzeroBitCount <= reach }) {
                    body(slot)
                }
                slot += 1
            }
        }
    }
}

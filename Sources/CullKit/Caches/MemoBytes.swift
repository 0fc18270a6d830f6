/// What a cache remembers (``ChangeWatch/memo``), as bytes: 64-bit little-endian integers, and
/// lists of them (or bytes) led by their length. ``MemoReader`` reads back what this wrote.
struct MemoWriter {
    private(set) var bytes: [UInt8] = []

    mutating func append(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(list: [Int64]) {
        append(Int64(list.count))
        bytes.reserveCapacity(bytes.count + 8 * list.count)
        for value in list { append(value) }
    }

    /// Pairs of ids, as one list of both.
    mutating func append(pairs: [(Int64, Int64)]) {
        append(list: pairs.flatMap { [$0.0, $0.1] })
    }

    mutating func append(bytes more: [UInt8]) {
        append(Int64(more.count))
        bytes.append(contentsOf: more)
    }

    /// A query's text and values, each value with its kind.
    mutating func append(query: SQLFragment) {
        append(bytes: Array(query.sql.utf8))
        append(Int64(query.arguments.count))
        for value in query.arguments {
            switch value {
            case .null: append(0)
            case let .integer(number): append(1); append(number)
            case let .real(number): append(2); append(Int64(bitPattern: number.bitPattern))
            case let .text(text): append(3); append(bytes: Array(text.utf8))
            case let .blob(bytes): append(4); append(bytes: bytes)
            }
        }
    }
}

/// Reads what a ``MemoWriter`` wrote; nil, from the first read that does not fit, for anything else
/// (a memo of another version, cut short).
struct MemoReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// True when every byte was read.
    var isAtEnd: Bool { offset == bytes.count }

    mutating func next() -> Int64? {
        guard bytes.count - offset >= 8 else { return nil }
        defer { offset += 8 }
        return bytes.withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: Int64.self)) }
    }

    mutating func list() -> [Int64]? {
        guard let count = next(), count >= 0, count <= (bytes.count - offset) / 8 else { return nil }
        let start = offset
        offset += 8 * Int(count)
        return bytes.withUnsafeBytes { raw in
            (0 ..< Int(count)).map { Int64(littleEndian: raw.loadUnaligned(fromByteOffset: start + 8 * $0, as: Int64.self)) }
        }
    }

    /// The pairs ``MemoWriter/append(pairs:)`` wrote.
    mutating func pairs() -> [(Int64, Int64)]? {
        guard let flat = list(), flat.count % 2 == 0 else { return nil }
        return stride(from: 0, to: flat.count, by: 2).map { (flat[$0], flat[$0 + 1]) }
    }

    mutating func bytesList() -> [UInt8]? {
        guard let count = next(), count >= 0, count <= bytes.count - offset else { return nil }
        defer { offset += Int(count) }
        return Array(bytes[offset ..< offset + Int(count)])
    }
}

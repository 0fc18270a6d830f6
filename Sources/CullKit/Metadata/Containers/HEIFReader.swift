/// Reads HEIF, HEIC and AVIF stills (ISO/IEC 23008-12) from the `meta` box alone.
///
/// The primary item's `ispe` gives width and height (what ExifTool reports as
/// File:ImageWidth/ImageHeight), its `irot`/`imir` an orientation used when EXIF has none,
/// and the `Exif` and XMP (`mime` application/rdf+xml) items are located through `iloc`
/// and handed to ``TIFFReader`` and ``XMPReader``. Pixel data is never read.
enum HEIFReader {
    /// The largest `meta` box read into memory.
    static let maxMetaSize = 16 << 20
    /// The largest Exif or XMP item read.
    static let maxPayload = 4 << 20
    /// The most `iinf` entries accepted.
    static let maxItems = 10_000
    /// The most `iloc` extents accepted, over all items.
    static let maxExtents = 100_000

    /// One contiguous byte range of an item, as an absolute file offset.
    struct Extent: Sendable, Equatable {
        var offset: Int
        var length: Int
    }

    /// What the `meta` box says about the primary image and the metadata items.
    struct Summary: Sendable, Equatable {
        var primaryID: UInt32?
        var width: Int?
        var height: Int?
        /// EXIF-style orientation from the primary item's `irot`/`imir`, when it has either.
        var orientation: Int?
        /// The Exif item's extents (payload starts with a 4-byte offset to the TIFF header).
        var exif: [Extent] = []
        /// The XMP item's extents.
        var xmp: [Extent] = []
        /// The coded image data: the primary item's extents, then those of the items it is derived
        /// from (`dimg`: a grid's tiles), in reference order.
        var imageData: [Extent] = []
        /// The most images any one item is derived from (`dimg`): the tiles of the largest grid.
        var tiles = 0
        /// Read leniently: the first item whose data `iloc` places past the end of the file (the file
        /// was cut); that item's location is left out.
        var cut: MetadataError?
    }

    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MetadataReading {
        // Leniently: a file cut in its image data keeps its size and metadata items.
        let summary = try summarize(file, keepingCut: true)
        var metadata = MediaMetadata()
        metadata.width = summary.width
        metadata.height = summary.height
        // A damaged Exif or XMP item loses that metadata, not the image.
        if let exif = try? exifPayload(file, summary),
           let parsed = try? TIFFReader.parseExif(exif.bytes, base: exif.base) {
            metadata.fillGaps(from: parsed)
        }
        if !summary.xmp.isEmpty, let xmp = try? itemBytes(file, summary.xmp) {
            metadata.fillGaps(from: XMPReader.parse(xmp[...]))
        }
        if metadata.orientation == nil { metadata.orientation = summary.orientation }
        metadata.containerOrientation = summary.orientation
        return MetadataReading(metadata, problem: summary.cut)
    }

    /// The TIFF structure inside the Exif item: its bytes and absolute offset, or `nil`
    /// when the file has no Exif item.
    static func exifPayload(
        _ file: MediaFile, _ summary: Summary
    ) throws(MetadataError) -> (bytes: ArraySlice<UInt8>, base: Int)? {
        guard let first = summary.exif.first else { return nil }
        let bytes = try itemBytes(file, summary.exif)
        let header = try ByteReader(bytes, base: first.offset).u32(at: 0)
        guard header <= UInt32(bytes.count - 4) else {
            throw .malformed("Exif item TIFF header offset out of range", offset: first.offset)
        }
        let start = 4 + Int(header)
        // Re-based to index 0, so parsers may index the slice from zero.
        return (Array(bytes[start...])[...], first.offset + start)
    }

    /// The concatenated bytes of an item's extents, at most ``maxPayload``.
    static func itemBytes(_ file: MediaFile, _ extents: [Extent]) throws(MetadataError) -> [UInt8] {
        var bytes: [UInt8] = []
        for extent in extents where bytes.count < maxPayload {
            let wanted = min(extent.length, maxPayload - bytes.count)
            let chunk = try file.read(at: extent.offset, count: wanted)
            guard chunk.count == wanted else { throw .truncated(offset: extent.offset, needed: wanted) }
            bytes += chunk
        }
        return bytes
    }

    /// Finds the top-level `meta` box and parses what Cull needs from it. `keepingCut`: an item whose
    /// data lies past the end of the file is left out (``Summary/cut`` says so) instead of failing.
    static func summarize(_ file: MediaFile, keepingCut: Bool = false) throws(MetadataError) -> Summary {
        guard let meta = try ISOBMFF.topLevelBox("meta", in: file) else { throw .malformed("no meta box", offset: 0) }
        guard meta.size <= maxMetaSize else { throw .malformed("meta box too large", offset: meta.offset) }
        let bytes = try file.read(at: meta.offset, count: meta.size)
        guard bytes.count == meta.size else { throw .truncated(offset: meta.offset, needed: meta.size) }
        return try parseMeta(MemorySource(bytes: bytes, base: meta.offset), meta, fileSize: file.size, keepingCut: keepingCut)
    }

    /// Parses a `meta` box whose bytes are in `source` (see ``summarize(_:keepingCut:)``).
    static func parseMeta(_ source: MemorySource, _ meta: ISOBox, fileSize: Int, keepingCut: Bool = false) throws(MetadataError) -> Summary {
        let boxes = try ISOBMFF.children(of: meta, in: source, skip: 4, depth: 1)
        var summary = Summary()
        var items: [UInt32: (type: String, contentType: String?)] = [:]
        var locations: [UInt32: [Extent]] = [:]
        var properties: [ISOBox] = []
        var associations: [UInt32: [Int]] = [:]
        var describes: [UInt32: Set<UInt32>] = [:]
        var derivedFrom: [UInt32: [UInt32]] = [:]
        let idat = boxes.first { $0.type == "idat" }
        for box in boxes {
            switch box.type {
            case "pitm":
                var reader = try ISOBMFF.payload(of: box, in: source)
                let version = try reader.u8()
                try reader.skip(3)
                summary.primaryID = version == 0 ? UInt32(try reader.u16()) : try reader.u32()
            case "iinf":
                items = try parseItemInfo(box, source)
            case "iloc":
                (locations, summary.cut) = try parseLocations(box, source, idat: idat, fileSize: fileSize, keepingCut: keepingCut)
            case "iref":
                describes = try parseDescriptions(box, source)
                derivedFrom = try parseReferences("dimg", box, source)
            case "iprp":
                for child in try ISOBMFF.children(of: box, in: source, depth: 2) {
                    if child.type == "ipco" {
                        properties += try ISOBMFF.children(of: child, in: source, depth: 3)
                    } else if child.type == "ipma" {
                        try parseAssociations(child, source, into: &associations)
                    }
                }
            default:
                continue
            }
        }
        summary.tiles = derivedFrom.values.map(\.count).max() ?? 0
        if let primary = summary.primaryID {
            try applyProperties(associations[primary] ?? [], properties, source, to: &summary)
            summary.imageData = (locations[primary] ?? []) + (derivedFrom[primary] ?? []).flatMap { locations[$0] ?? [] }
        }
        // Prefer the metadata item that describes (`cdsc`) the primary image.
        func describesPrimary(_ id: UInt32) -> Bool {
            guard let primary = summary.primaryID else { return false }
            return describes[id]?.contains(primary) == true
        }
        let sortedIDs = items.keys.sorted { a, b in
            describesPrimary(a) != describesPrimary(b) ? describesPrimary(a) : a < b
        }
        if let id = sortedIDs.first(where: { items[$0]?.type == "Exif" }) {
            summary.exif = locations[id] ?? []
        }
        if let id = sortedIDs.first(where: {
            items[$0]?.type == "mime" && items[$0]?.contentType == "application/rdf+xml"
        }) {
            summary.xmp = locations[id] ?? []
        }
        return summary
    }

    /// `iinf`: item id → item type (and content type for `mime` items).
    private static func parseItemInfo(
        _ box: ISOBox, _ source: MemorySource
    ) throws(MetadataError) -> [UInt32: (type: String, contentType: String?)] {
        var reader = try ISOBMFF.payload(of: box, in: source, limit: 8)
        let version = try reader.u8()
        try reader.skip(3)
        let count = version == 0 ? Int(try reader.u16()) : Int(try reader.u32())
        guard count <= maxItems else { throw .malformed("too many items (\(count))", offset: box.offset) }
        let entries = try ISOBMFF.children(source, from: box.payloadOffset + reader.position, to: box.end, depth: 2)
        var items: [UInt32: (type: String, contentType: String?)] = [:]
        for entry in entries.prefix(count) where entry.type == "infe" {
            var infe = try ISOBMFF.payload(of: entry, in: source, limit: 4096)
            let version = try infe.u8()
            try infe.skip(3)
            guard version >= 2 else { continue } // v0/v1 entries carry no item type.
            let id = version == 2 ? UInt32(try infe.u16()) : try infe.u32()
            try infe.skip(2) // item_protection_index
            let type = try infe.fourCC()
            _ = infe.cString() // item_name
            let contentType = type == "mime" && !infe.isAtEnd ? infe.cString() : nil
            items[id] = (type, contentType)
        }
        return items
    }

    /// `iref`: for `cdsc` (content describes) references, item id → the items it describes.
    private static func parseDescriptions(
        _ box: ISOBox, _ source: MemorySource
    ) throws(MetadataError) -> [UInt32: Set<UInt32>] {
        let version = try ISOBMFF.payload(of: box, in: source, limit: 1).u8(at: 0)
        var describes: [UInt32: Set<UInt32>] = [:]
        for reference in try ISOBMFF.children(of: box, in: source, skip: 4, depth: 2) where reference.type == "cdsc" {
            var reader = try ISOBMFF.payload(of: reference, in: source)
            let from = version == 0 ? UInt32(try reader.u16()) : try reader.u32()
            for _ in 0 ..< Int(try reader.u16()) {
                describes[from, default: []].insert(version == 0 ? UInt32(try reader.u16()) : try reader.u32())
            }
        }
        return describes
    }

    /// `iref` references of `type`: item id → the items it refers to, in order.
    private static func parseReferences(
        _ type: String, _ box: ISOBox, _ source: MemorySource
    ) throws(MetadataError) -> [UInt32: [UInt32]] {
        let version = try ISOBMFF.payload(of: box, in: source, limit: 1).u8(at: 0)
        var references: [UInt32: [UInt32]] = [:]
        for reference in try ISOBMFF.children(of: box, in: source, skip: 4, depth: 2) where reference.type == type {
            var reader = try ISOBMFF.payload(of: reference, in: source)
            let from = version == 0 ? UInt32(try reader.u16()) : try reader.u32()
            for _ in 0 ..< Int(try reader.u16()) {
                references[from, default: []].append(version == 0 ? UInt32(try reader.u16()) : try reader.u32())
            }
        }
        return references
    }

    /// `iloc`: item id → absolute file extents (construction methods 0 and 1).
    private static func parseLocations(
        _ box: ISOBox, _ source: MemorySource, idat: ISOBox?, fileSize: Int, keepingCut: Bool
    ) throws(MetadataError) -> (locations: [UInt32: [Extent]], cut: MetadataError?) {
        var reader = try ISOBMFF.payload(of: box, in: source, limit: maxMetaSize)
        let version = try reader.u8()
        guard version <= 2 else { throw .malformed("iloc version \(version)", offset: box.offset) }
        try reader.skip(3)
        let sizes = try reader.u8(), moreSizes = try reader.u8()
        let offsetSize = Int(sizes >> 4), lengthSize = Int(sizes & 15)
        let baseOffsetSize = Int(moreSizes >> 4), indexSize = version == 0 ? 0 : Int(moreSizes & 15)
        let itemCount = version < 2 ? Int(try reader.u16()) : Int(try reader.u32())
        var locations: [UInt32: [Extent]] = [:]
        var cut: MetadataError?
        var totalExtents = 0
        for _ in 0 ..< itemCount {
            let id = version < 2 ? UInt32(try reader.u16()) : try reader.u32()
            let method = version == 0 ? 0 : Int(try reader.u16() & 15)
            try reader.skip(2) // data_reference_index
            let baseOffset = try reader.uint(size: baseOffsetSize)
            let extentCount = Int(try reader.u16())
            totalExtents += extentCount
            guard totalExtents <= maxExtents else { throw .malformed("too many iloc extents", offset: box.offset) }
            var extents: [Extent] = []
            var whole = true
            for _ in 0 ..< extentCount {
                _ = try reader.uint(size: indexSize)
                let offset = try reader.uint(size: offsetSize)
                let length = try reader.uint(size: lengthSize)
                do throws(MetadataError) {
                    extents.append(try resolve(offset, length, base: baseOffset, method: method,
                                               idat: idat, fileSize: fileSize, at: box.offset))
                } catch let .truncated(start, needed) where keepingCut && method == 0 {
                    whole = false
                    let end = start.addingReportingOverflow(needed)
                    cut = cut ?? .incomplete("item \(id)'s data at byte \(start) ends "
                                             + (end.overflow ? "beyond any file" : "at byte \(end.partialValue)")
                                             + ", past the end of the file (\(fileSize) bytes)")
                }
            }
            if method <= 1, whole { locations[id] = extents }
        }
        return (locations, cut)
    }

    /// Turns an `iloc` extent into an absolute file range, checking it lies inside the file.
    private static func resolve(
        _ offset: Int, _ length: Int, base: Int, method: Int, idat: ISOBox?, fileSize: Int, at boxOffset: Int
    ) throws(MetadataError) -> Extent {
        guard method <= 1 else { return Extent(offset: 0, length: 0) } // item construction: not used
        let (relative, overflow) = base.addingReportingOverflow(offset)
        guard !overflow else { throw .malformed("iloc offset overflows", offset: boxOffset) }
        var start = relative, limit = fileSize
        if method == 1 {
            guard let idat else { throw .malformed("iloc refers to a missing idat", offset: boxOffset) }
            guard relative <= idat.payloadSize else { throw .malformed("iloc extent past idat", offset: boxOffset) }
            start = idat.payloadOffset + relative
            limit = idat.end
        }
        guard start <= limit else { throw .truncated(offset: start, needed: max(length, 1)) }
        let size = length == 0 ? limit - start : length
        guard size <= limit - start else { throw .truncated(offset: start, needed: size) }
        return Extent(offset: start, length: size)
    }

    /// `ipma`: item id → 1-based `ipco` property indices, in association order.
    private static func parseAssociations(
        _ box: ISOBox, _ source: MemorySource, into associations: inout [UInt32: [Int]]
    ) throws(MetadataError) {
        var reader = try ISOBMFF.payload(of: box, in: source, limit: maxMetaSize)
        let version = try reader.u8()
        try reader.skip(2)
        let wideIndices = try reader.u8() & 1 == 1
        let entryCount = Int(try reader.u32())
        for _ in 0 ..< entryCount {
            let id = version < 1 ? UInt32(try reader.u16()) : try reader.u32()
            let count = Int(try reader.u8())
            var indices: [Int] = []
            for _ in 0 ..< count {
                indices.append(wideIndices ? Int(try reader.u16() & 0x7FFF) : Int(try reader.u8() & 0x7F))
            }
            associations[id, default: []] += indices
        }
    }

    /// Reads the primary item's `ispe`, `irot` and `imir` properties.
    private static func applyProperties(
        _ indices: [Int], _ properties: [ISOBox], _ source: MemorySource, to summary: inout Summary
    ) throws(MetadataError) {
        var transform: Transform?
        for index in indices where index >= 1 && index <= properties.count {
            let property = properties[index - 1]
            switch property.type {
            case "ispe":
                let reader = try ISOBMFF.payload(of: property, in: source, limit: 12)
                summary.width = Int(try reader.u32(at: 4))
                summary.height = Int(try reader.u32(at: 8))
            case "irot":
                let angle = Int(try ISOBMFF.payload(of: property, in: source, limit: 1).u8(at: 0) & 3)
                transform = (transform ?? Transform()).then(Transform(mirrored: false, turns: angle))
            case "imir":
                let axis = Int(try ISOBMFF.payload(of: property, in: source, limit: 1).u8(at: 0) & 1)
                transform = (transform ?? Transform()).then(Transform(mirrored: true, turns: axis * 2))
            default:
                continue
            }
        }
        summary.orientation = transform?.exifOrientation
    }

    /// A display transform: an optional left-right mirror, then anticlockwise quarter turns.
    struct Transform: Equatable {
        var mirrored = false
        var turns = 0

        /// This transform followed by `next`.
        func then(_ next: Transform) -> Transform {
            let rotated = next.mirrored ? -turns : turns
            return Transform(mirrored: mirrored != next.mirrored, turns: ((rotated + next.turns) % 4 + 4) % 4)
        }

        /// The EXIF orientation (1...8) that describes the same transform.
        var exifOrientation: Int {
            mirrored ? [2, 5, 4, 7][turns & 3] : [1, 8, 3, 6][turns & 3]
        }
    }
}

private extension ByteReader {
    func u8(at offset: Int) throws(MetadataError) -> UInt8 {
        try require(1, at: offset)
        return bytes[offset]
    }
}

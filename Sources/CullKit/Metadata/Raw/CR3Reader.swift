/// Reads Canon's CR3 (ISO-BMFF of brand "crx ") with Cull's own box and TIFF readers, so a CR3
/// has its date, camera, lens, size, orientation, GPS and rating whatever LibRaw makes of it.
///
/// The metadata lives in `moov`'s Canon `uuid` box (85c0b687-820f-11e0-8111-f4ce462b6a48): CMT1 is
/// IFD0, CMT2 the Exif IFD, CMT3 the maker note, CMT4 the GPS IFD, each a TIFF structure of its own
/// (read by ``TIFFReader``, as HEIC's Exif item is); the rating is in the XMP `uuid` box
/// (be7acfcb-97a9-42e8-9c71-999491e3afac) after `moov`. The sensor data, the maker note and the
/// previews are never read here.
///
/// Damage is told from the structure, and a file cut anywhere keeps what was read before the cut: a
/// box that ends past the end of the file (the innermost one is named, with its bytes), a box past
/// its container, a box Canon's CTBO table (the top-level boxes after `moov`) places past the end of
/// the file, no `mdat`, a CMT box without a TIFF structure. Whether LibRaw can decode the file is
/// another question (``LibRawReader/confirm(_:_:format:)``), never evidence of damage.
enum CR3Reader {
    static let canonUUID: [UInt8] = [0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0, 0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48]
    static let xmpUUID: [UInt8] = [0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC]
    /// The largest part of `moov` read into memory (a camera's is tens of kilobytes, most of it the THMB JPEG).
    static let maxMoov = 16 << 20
    /// The largest XMP packet read.
    static let maxXMP = 4 << 20
    /// Top-level boxes walked at most (a CR3 has five or six).
    static let maxTopLevel = 1000
    /// CTBO records read at most (cameras write four or five).
    static let maxRecords = 64

    static func read(_ file: MediaFile) throws(MetadataError) -> MetadataReading {
        let top = try topLevel(file)
        guard let moov = top.moov else {
            throw top.damage ?? .malformed("no 'moov' box, where a CR3 keeps its metadata", offset: 0)
        }
        var m = MediaMetadata()
        m.format = .cr3
        let bytes = try file.read(at: moov.offset, count: min(moov.size, maxMoov))
        let source = MemorySource(bytes: bytes, base: moov.offset)
        let read = moov.offset + bytes.count
        // The innermost damage inside `moov` says more than "moov ends past the end of the file".
        var inner: MetadataError?
        let children = boxes(source, from: moov.payloadOffset, to: min(moov.end, read), in: moov, fileSize: file.size)
        inner = children.damage
        var records: [(offset: Int, size: Int)] = []
        if let canon = children.boxes.first(where: { isUUID($0, canonUUID, source) }) {
            let items = boxes(source, from: canon.payloadOffset + 16, to: min(canon.end, read), in: canon, fileSize: file.size)
            if let damage = items.damage { inner = damage }
            var exif = MediaMetadata(), gps = MediaMetadata()
            for item in items.boxes where item.end <= read {
                let payload = Array(source.boxBytes(at: item.payloadOffset, count: item.payloadSize).bytes)[...]
                let tiff = TIFFSource(payload, base: item.payloadOffset)
                do throws(MetadataError) {
                    switch item.type {
                    case "CMT1":
                        let details = try TIFFReader.parse(tiff)
                        m.fillGaps(from: details.metadata)
                        (m.width, m.height) = (details.ifd0Width, details.ifd0Height)
                    case "CMT2": exif = try TIFFReader.parseExifIFD(tiff)
                    case "CMT4": gps = try TIFFReader.parseGPSIFD(tiff)
                    case "CTBO": records = ctbo(payload)
                    default: continue
                    }
                } catch where error.isDamage {
                    inner = inner ?? .malformed("the '\(item.type)' box at byte \(item.offset) holds no TIFF structure (\(error))",
                                                offset: item.offset)
                }
            }
            // The Exif IFD's dates win over IFD0's DateTime, which stands in only when CMT2 is lost.
            if exif.exifDate != nil { (m.exifDate, m.subsecondMicros) = (exif.exifDate, exif.subsecondMicros) }
            m.fillGaps(from: exif)
            m.fillGaps(from: gps)
        }
        if let xmp = top.xmp, xmp.payloadSize > 16 {
            let packet = try file.read(at: xmp.payloadOffset + 16, count: min(xmp.payloadSize - 16, maxXMP))
            m.fillGaps(from: XMPReader.parse(packet[...]))
        }
        var damage = inner ?? top.damage
        if damage == nil, let record = records.first(where: { $0.offset + $0.size > file.size }) {
            damage = .incomplete("CTBO places a box at byte \(record.offset), ending at byte \(record.offset + record.size), "
                                 + "past the end of the file (\(file.size) bytes)")
        }
        if damage == nil, !top.sawMdat {
            damage = .incomplete("no 'mdat' box: the file ends at byte \(file.size), before its image data")
        }
        return MetadataReading(m, problem: damage)
    }

    /// What the top-level walk found: `moov`, the XMP box (whole), whether an `mdat` began, and the first damage.
    private struct TopLevel {
        var moov: ISOBox?
        var xmp: ISOBox?
        var sawMdat = false
        var damage: MetadataError?
    }

    /// The top-level boxes, through `pread` (one 24-byte read each): `mdat` is skipped by its size.
    private static func topLevel(_ file: MediaFile) throws(MetadataError) -> TopLevel {
        var top = TopLevel()
        var offset = 0
        for _ in 0 ..< maxTopLevel where offset < file.size {
            let reader = try file.reader(at: offset, count: 24)
            guard let box = try header(reader, at: offset, containerEnd: file.size, damage: &top.damage) else { break }
            if box.type == "moov", top.moov == nil { top.moov = box }
            if box.type == "mdat" { top.sawMdat = true }
            if box.end > file.size {
                top.damage = cut(box, fileSize: file.size)
                break
            }
            if box.type == "uuid", reader.count >= 24, reader.bytes[8 ..< 24].elementsEqual(xmpUUID) { top.xmp = box }
            offset = box.end
        }
        return top
    }

    /// The box header at `offset` (the first bytes of `reader`), or nil with `damage` set when none fits:
    /// the data ends inside the header, or the box is smaller than its header.
    private static func header(_ reader: ByteReader, at offset: Int, containerEnd: Int, damage: inout MetadataError?) throws(MetadataError) -> ISOBox? {
        guard reader.count >= 8 else {
            damage = .incomplete("the file ends at byte \(offset + reader.count), inside the header of a box at byte \(offset)")
            return nil
        }
        let size32 = try reader.u32(at: 0)
        let type = String(try reader.slice(4, 4).map { Character(Unicode.Scalar($0)) })
        var headerSize = 8
        let size: Int
        switch size32 {
        case 0:
            size = containerEnd - offset
        case 1:
            guard reader.count >= 16 else {
                damage = .incomplete("the file ends at byte \(offset + reader.count), inside the header of the '\(BoxName.shown(type))' box at byte \(offset)")
                return nil
            }
            let large = try reader.u64(at: 8)
            size = large > UInt64(Int.max / 2) ? Int.max / 2 : Int(large)
            headerSize = 16
        default:
            size = Int(size32)
        }
        guard size >= headerSize else {
            damage = .malformed("the '\(BoxName.shown(type))' box at byte \(offset) declares \(size) bytes, fewer than its header", offset: offset)
            return nil
        }
        return ISOBox(type: type, code: try reader.u32(at: 4), offset: offset, headerSize: headerSize, size: size)
    }

    /// "the 'mdat' box at byte 11421 ends at byte 52502, past the end of the file (30000 bytes)".
    private static func cut(_ box: ISOBox, fileSize: Int) -> MetadataError {
        .incomplete("the '\(BoxName.shown(box.type))' box at byte \(box.offset) ends at byte \(box.end), past the end of the file (\(fileSize) bytes)")
    }

    /// The boxes laid end to end in `start ..< end` of `container` (`end`: as far as it was read), the
    /// last one possibly cut by the end of the file; and the damage: a box past the end of the file
    /// (cut), past its container (a structure that contradicts itself), or a header the data ends in.
    private static func boxes(_ source: MemorySource, from start: Int, to end: Int, in container: ISOBox,
                              fileSize: Int) -> (boxes: [ISOBox], damage: MetadataError?) {
        var found: [ISOBox] = []
        var damage: MetadataError?
        var offset = start
        while offset < end, found.count < ISOBMFF.maxChildren {
            let reader = source.boxBytes(at: offset, count: 16)
            if end - offset < 8 {
                // Padding before the container's end, or a header the end of the file cuts (or the read's limit).
                if container.end - offset >= 8, end >= fileSize {
                    damage = .incomplete("the file ends at byte \(fileSize), inside the header of a box at byte \(offset)")
                }
                break
            }
            guard let box = try? header(ByteReader(Array(reader.bytes.prefix(end - offset)), base: offset),
                                        at: offset, containerEnd: container.end, damage: &damage) else { break }
            if box.end > container.end {
                damage = .malformed("the '\(BoxName.shown(box.type))' box at byte \(box.offset) (\(box.size) bytes) runs past its "
                                    + "'\(BoxName.shown(container.type))' box, which ends at byte \(container.end)", offset: box.offset)
                break
            }
            found.append(box)
            if box.end > fileSize {
                damage = cut(box, fileSize: fileSize)
                break
            }
            offset = box.end
        }
        return (found, damage)
    }

    /// Whether `box` is a `uuid` box of that `uuid`.
    private static func isUUID(_ box: ISOBox, _ uuid: [UInt8], _ source: MemorySource) -> Bool {
        box.type == "uuid" && box.payloadSize >= 16 && source.boxBytes(at: box.payloadOffset, count: 16).bytes.elementsEqual(uuid)
    }

    static let previewUUID: [UInt8] = [0xEA, 0xF4, 0x2B, 0x5E, 0x1C, 0x98, 0x4B, 0x88, 0xB9, 0xFB, 0xB7, 0xDC, 0x40, 0x6E, 0x4D, 0x16]

    /// The camera's own JPEGs, for a CR3 LibRaw declines, where LibRaw finds them: PRVW (1620×1080)
    /// 56 bytes into the top-level `uuid` box eaf42b5e-1c98-4b88-b9fb-b7dc406e4d16 (the uuid, 8 bytes,
    /// the PRVW box's 24 bytes of header), and THMB (160×120) 24 bytes into its box in Canon's `uuid`,
    /// each to the end of its box. Only a JPEG (SOI first) that lies whole in the file is offered.
    static func previews(_ file: MediaFile) -> RawPreview.Found {
        var found = RawPreview.Found()
        func offer(_ box: ISOBox, jpegAt: Int) {
            let start = box.offset + jpegAt, length = box.end - start
            guard length > 2, box.end <= file.size, (try? file.read(at: start, count: 2)) == [0xFF, 0xD8] else {
                found.refused.append("no JPEG in the '\(BoxName.shown(box.type))' box at byte \(box.offset)")
                return
            }
            guard length <= RawPreview.maxLength else {
                found.refused.append("preview of \(length) bytes (limit \(RawPreview.maxLength))")
                return
            }
            found.candidates.append(RawPreview.Candidate(offset: start, length: length))
        }
        var damage: MetadataError?
        var offset = 0
        var moov: ISOBox?
        for _ in 0 ..< maxTopLevel where offset < file.size {
            guard let reader = try? file.reader(at: offset, count: 24), reader.count >= 24,
                  let box = try? header(reader, at: offset, containerEnd: file.size, damage: &damage), box.end <= file.size else { break }
            if box.type == "moov", moov == nil { moov = box }
            if box.type == "uuid", reader.bytes[8 ..< 24].elementsEqual(previewUUID) { offer(box, jpegAt: 56) }
            offset = box.end
        }
        if let moov, let bytes = try? file.read(at: moov.offset, count: min(moov.size, maxMoov)) {
            let source = MemorySource(bytes: bytes, base: moov.offset)
            let read = moov.offset + bytes.count
            let children = boxes(source, from: moov.payloadOffset, to: min(moov.end, read), in: moov, fileSize: file.size)
            if let canon = children.boxes.first(where: { isUUID($0, canonUUID, source) }) {
                let items = boxes(source, from: canon.payloadOffset + 16, to: min(canon.end, read), in: canon, fileSize: file.size)
                for item in items.boxes where item.type == "THMB" && item.end <= read { offer(item, jpegAt: 24) }
            }
        }
        return found
    }

    /// CTBO's records: a count, then per box an index (4 bytes), its offset and its size (8 each).
    private static func ctbo(_ payload: ArraySlice<UInt8>) -> [(offset: Int, size: Int)] {
        let reader = ByteReader(Array(payload))
        guard let count = try? reader.u32(at: 0) else { return [] }
        var records: [(offset: Int, size: Int)] = []
        for index in 0 ..< min(Int(count), maxRecords) {
            guard let offset = try? reader.u64(at: 4 + index * 20 + 4), let size = try? reader.u64(at: 4 + index * 20 + 12) else { break }
            guard offset > 0, size > 0, offset < UInt64(Int.max / 2), size < UInt64(Int.max / 2) else { continue }
            records.append((Int(offset), Int(size)))
        }
        return records
    }
}

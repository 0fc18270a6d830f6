/// Where a TIFF-based camera RAW (CR2, NEF, ARW, DNG, PEF, RW2, …) keeps its JPEG previews: the
/// camera's own rendering of the sensor data, which the review shows instead of demosaicing.
///
/// Looked for in IFD0, the IFDs chained after it (CR2: IFD0 is a full-size JPEG, IFD1 a
/// 160×120 one) and the SubIFDs they list (NEF, ARW, DNG): an IFD's JPEGInterchangeFormat
/// (0x0201) and its length (0x0202); a single strip (StripOffsets 0x0111, StripByteCounts
/// 0x0117) whose Compression (0x0103) is JPEG (6, 7) — unless it is the sensor data itself (a
/// CFA or LinearRaw photometric, CR2 slices), which is lossless JPEG no thumbnail decoder reads;
/// and Panasonic's JpgFromRaw (0x002E, RW2). ORF previews sit in the Olympus MakerNote and are
/// not looked for.
///
/// Bounded like every reader: at most ``maxIFDs`` IFDs (``TIFFStructure`` refuses a revisited
/// one, so a loop ends), ranges inside the file, at most ``maxLength`` bytes.
enum RawPreview {
    /// One JPEG found: its absolute range in the file (its pixel size is read from its own
    /// header: an IFD's ImageWidth may describe another image of the same IFD).
    struct Candidate: Equatable {
        let offset: Int
        let length: Int
    }

    /// What the search found: the candidates in file order, and why the ones refused were.
    struct Found {
        var candidates: [Candidate] = []
        var refused: [String] = []
    }

    static let maxIFDs = 32
    static let maxSubIFDs = 8
    /// Bytes a preview may have (a full-size camera JPEG has ~10 MB).
    static let maxLength = 48 << 20
    /// Header bytes read for the IFDs before more are fetched lazily.
    static let headBytes = 64 * 1024

    /// The previews of `file`, or none when it is not a TIFF structure.
    static func find(in file: MediaFile) -> Found {
        var found = Found()
        guard let head = try? file.read(at: 0, count: headBytes),
              var tiff = try? TIFFStructure(source: TIFFSource(file: file, head: head)) else { return found }
        var queue = [tiff.ifd0Offset]
        var read = 0
        while !queue.isEmpty, read < maxIFDs {
            let offset = queue.removeFirst()
            guard let ifd = tiff.ifd(at: offset) else { continue }
            read += 1
            if let next = ifd.next { queue.append(next) }
            if let subIFDs = TIFFReader.values(ifd.entries[0x014A], tiff) { queue += subIFDs.prefix(maxSubIFDs) }
            for (start, length) in ranges(ifd.entries, tiff) {
                consider(start, length, tiff, fileSize: file.size, into: &found)
            }
        }
        return found
    }

    /// A Fujifilm RAF's own JPEG, named by its header (offset at byte 84, length at 88, big-endian):
    /// the camera's full rendering. LibRaw 0.20 offers the EXIF thumbnail inside it instead.
    static func rafJPEG(in file: MediaFile) -> Found {
        var found = Found()
        guard let head = try? file.read(at: 0, count: 92), head.count == 92, head.starts(with: Array("FUJIFILMCCD-RAW".utf8)) else { return found }
        let reader = ByteReader(head)
        guard let start = (try? reader.u32(at: 84)).map(Int.init), let length = (try? reader.u32(at: 88)).map(Int.init), start > 0, length > 0
        else { return found }
        guard start < file.size, length <= file.size - start else {
            found.refused.append("preview at \(start) (\(length) bytes) lies outside the file (\(file.size) bytes)")
            return found
        }
        guard length <= maxLength else {
            found.refused.append("preview of \(length) bytes (limit \(maxLength))")
            return found
        }
        guard let soi = try? file.read(at: start, count: 2), soi == [0xFF, 0xD8] else {
            found.refused.append("data at \(start) is not a JPEG")
            return found
        }
        found.candidates.append(Candidate(offset: start, length: length))
        return found
    }

    /// The JPEG ranges one IFD points at.
    private static func ranges(_ ifd: [UInt16: TIFFEntry], _ tiff: TIFFStructure) -> [(Int, Int)] {
        var ranges: [(Int, Int)] = []
        if let start = tiff.uint(ifd[0x0201]), let length = tiff.uint(ifd[0x0202]) { ranges.append((start, length)) }
        let compression = tiff.uint(ifd[0x0103])
        let photometric = tiff.uint(ifd[0x0106])
        let sensorData = photometric == 32803 || photometric == 34892 || ifd[0xC640] != nil
        if compression == 6 || compression == 7, !sensorData,
           let offsets = TIFFReader.values(ifd[0x0111], tiff), let counts = TIFFReader.values(ifd[0x0117], tiff),
           offsets.count == 1, counts.count == 1 {
            ranges.append((offsets[0], counts[0]))
        }
        if let jpgFromRaw = ifd[0x002E], jpgFromRaw.type == 7 { ranges.append((jpgFromRaw.valueOffset, jpgFromRaw.count)) }
        return ranges
    }

    private static func consider(_ start: Int, _ length: Int, _ tiff: TIFFStructure, fileSize: Int, into found: inout Found) {
        guard length > 0, start > 0 else { return }
        guard start < fileSize, length <= fileSize - start else {
            found.refused.append("preview at \(start) (\(length) bytes) lies outside the file (\(fileSize) bytes)")
            return
        }
        guard length <= maxLength else {
            found.refused.append("preview of \(length) bytes (limit \(maxLength))")
            return
        }
        guard let soi = tiff.source.bytes(at: start, count: 2), Array(soi) == [0xFF, 0xD8] else {
            found.refused.append("data at \(start) is not a JPEG")
            return
        }
        let candidate = Candidate(offset: start, length: length)
        if !found.candidates.contains(candidate) { found.candidates.append(candidate) }
    }
}

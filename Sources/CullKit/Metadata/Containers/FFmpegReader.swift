import CFFmpeg
internal import CLoader

/// Reads the video containers Cull has no reader of its own for — AVI, Matroska/WebM, ASF (WMV),
/// MPEG program and transport streams (AVCHD's MTS/M2TS) — through FFmpeg's demuxers: the size of
/// the first video stream, its display rotation, the duration, and the capture date where the
/// container carries one (FFmpeg's `creation_time`: Matroska's `DateUTC`, AVI's `IDIT`; AVI's
/// `ICRD` as its `date` tag). What FFmpeg does not give, Cull reads itself from the container's
/// structure (``VideoContainers``): ASF's creation date, an AVCHD camera's `MDPM` record, and
/// whether a chunk, object or segment runs past the end of the file (damage: the file is broken,
/// with what FFmpeg read).
///
/// FFmpeg is a library Cull relies on, not one of its own readers: a file it does not take is
/// *declined* in its words, never broken; without FFmpeg on the machine the file is *unreadable*
/// (read again by the next scan). Bounded: the demuxer is named from the file's own marks (no
/// probing through every format), probing reads at most ``probeBytes``, all reads together at most
/// ``readBudget``, at most ``FFmpegInput/maxStreams`` streams, each probed on one thread with
/// pictures beyond ``MediaMetadata/maxPixels`` refused.
enum FFmpegReader {
    static let probeBytes: Int64 = 2 << 20
    /// FFmpeg reads the end of a transport stream for its duration, a few hundred kilobytes at a time.
    static let readBudget = 16 << 20
    /// Video packets searched for an AVCHD camera's `MDPM` record (it rides on the first picture).
    static let mdpmPackets = 8

    /// FFmpeg's demuxer for each container, from its first bytes.
    static func demuxer(_ format: MediaFormat, head: [UInt8]) -> String? {
        switch format {
        case .avi: "avi"
        case .mkv, .webm: "matroska"
        case .wmv: "asf"
        case .mpg: head.count > 3 && head[3] == 0xB3 ? "mpegvideo" : "mpeg"
        case .m2ts: "mpegts"
        default: nil
        }
    }

    static func read(_ file: MediaFile, head: [UInt8], format: MediaFormat) throws(MetadataError) -> MetadataReading {
        // Cull's own look at the structure first: a file cut in it is broken whatever FFmpeg makes of it.
        let own = try VideoContainers.read(file, head: head, format: format)
        var metadata = own.metadata
        metadata.format = format
        let input: FFmpegInput
        do throws(FFmpegInput.Failure) {
            input = try FFmpegInput(size: Int64(file.size), budget: readBudget, probeBytes: probeBytes,
                                    demuxer: demuxer(format, head: head)) { buffer, offset in
                file.read(into: buffer, at: offset)
            }
            try input.findStreamInfo(maxPixels: MediaMetadata.maxPixels)
        } catch {
            switch error {
            case let .missing(library): throw .io("\(library)")
            case .readFailed: throw .io(file.readFailure ?? "read failed")
            case .noMemory: throw .io("FFmpeg could not allocate its contexts")
            case let .refused(why):
                return MetadataReading(metadata, problem: own.problem ?? .declined("FFmpeg: \(why)"))
            case let .tooManyStreams(count):
                return MetadataReading(metadata, problem: own.problem
                    ?? .declined("FFmpeg: \(count) streams (limit \(FFmpegInput.maxStreams))"))
            }
        }
        let context = input.format
        if context.pointee.duration > 0, context.pointee.duration != Int64.min {
            metadata.duration = Double(context.pointee.duration) / Double(AV_TIME_BASE)
        }
        let index = input.ff.av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        var video: UnsafeMutablePointer<AVStream>?
        if index >= 0, let stream = context.pointee.streams[Int(index)] {
            video = stream
            if let parameters = stream.pointee.codecpar, parameters.pointee.width > 0, parameters.pointee.height > 0,
               parameters.pointee.width <= MediaMetadata.maxSide, parameters.pointee.height <= MediaMetadata.maxSide {
                metadata.width = Int(parameters.pointee.width)
                metadata.height = Int(parameters.pointee.height)
                metadata.orientation = input.orientation(of: stream)
            }
        }
        if metadata.containerDate == nil {
            metadata.containerDate = date(input, video: video)
        }
        if metadata.containerDate == nil, let video, video.pointee.codecpar?.pointee.codec_id == AV_CODEC_ID_H264 {
            metadata.containerDate = mdpmDate(input, stream: Int(index))
        }
        if input.readFailed { throw .io(file.readFailure ?? "read failed") }
        return MetadataReading(metadata, problem: own.problem)
    }

    /// `creation_time` of the container (else of its video stream), else its `date` tag (AVI's `ICRD`):
    /// with `Z` it is UTC; without an offset it is the camera's wall clock (AVI's `IDIT`).
    private static func date(_ input: FFmpegInput, video: UnsafeMutablePointer<AVStream>?) -> CaptureDate? {
        let text = input.tag("creation_time", in: input.format.pointee.metadata)
            ?? video.flatMap { input.tag("creation_time", in: $0.pointee.metadata) }
            ?? input.tag("date", in: input.format.pointee.metadata)
        guard let text else { return nil }
        // A muxer that had no date writes the epoch: no date at all.
        guard let date = DateParsing.iso8601(Array(text.utf8)), date.local != 0 else { return nil }
        return date
    }

    /// The date of an AVCHD camera's `MDPM` record in the first video packets (``MDPM``).
    private static func mdpmDate(_ input: FFmpegInput, stream: Int) -> CaptureDate? {
        let ff = input.ff
        var packet = ff.av_packet_alloc()
        defer { ff.av_packet_free(&packet) }
        guard let packet else { return nil }
        var seen = 0, reads = 0
        while seen < mdpmPackets, reads < mdpmPackets * 16, ff.av_read_frame(input.format, packet) >= 0 {
            reads += 1
            defer { ff.av_packet_unref(packet) }
            guard Int(packet.pointee.stream_index) == stream, let data = packet.pointee.data, packet.pointee.size > 0 else { continue }
            seen += 1
            let bytes = UnsafeBufferPointer(start: data, count: Int(packet.pointee.size))
            if let date = MDPM.date(in: bytes) { return date }
        }
        return nil
    }
}

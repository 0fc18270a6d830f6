#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFFmpeg
internal import CLoader

/// A video's poster frame through FFmpeg (libavformat, libavcodec, libswscale): the first frame
/// that decodes, scaled by libswscale straight to the tile and turned by the stream's display
/// matrix (how phones record portrait video), as RGB. FFmpeg is opened on the first poster
/// (`Libraries.ffmpeg`), not linked, so no other command pays for loading it; without it, a video
/// keeps its duration placeholder.
///
/// The file is read only through its open descriptor (a custom AVIOContext over `pread`), never
/// reopened by name. Bounded against hostile files: probing reads at most ``probeBytes``, all
/// reads together at most ``readBudget``, at most ``maxStreams`` streams (probing opens a decoder
/// for each), at most ``maxPackets`` packets are fed to the decoder, one decoding thread, and the
/// frame size is checked against ``DecodeLimits`` before the decoder opens.
enum VideoFrameDecoder {
    static let probeBytes: Int64 = 8 << 20
    static let readBudget = 64 << 20
    static let maxPackets = 300
    /// Phones and cameras write 2 to 6 (video, audio, timecode, metadata); a 1.2 MB MP4 of 999
    /// tiny video streams took 1.5 GB in `avformat_find_stream_info`.
    static let maxStreams = 16
    /// libavutil's AVERROR_EOF, FFERRTAG('E','O','F',' '): a macro Swift cannot import.
    static let endOfFile: Int32 = -0x2046_4F45

    static func poster(_ file: ReadOnlyFile, path: String, maxSide: Int) throws(DecodeError) -> DecodedImage {
        let ff = try Libraries.ffmpeg.forDecoding(path)
        // FFmpeg logs to stderr by default; a broken video is reported as a placeholder instead.
        ff.av_log_set_level(-8) // AV_LOG_QUIET
        let source = Source(file: file, budget: readBudget)
        let opaque = Unmanaged.passRetained(source).toOpaque()
        defer { Unmanaged<Source>.fromOpaque(opaque).release() }
        let bufferSize: Int32 = 64 * 1024
        guard let buffer = ff.av_malloc(Int(bufferSize)) else { throw DecodeError(path: path, problem: .tooLarge("no memory for FFmpeg")) }
        guard let io = ff.avio_alloc_context(buffer.assumingMemoryBound(to: UInt8.self), bufferSize, 0, opaque, { opaque, target, count in
            guard let opaque, let target, count > 0 else { return VideoFrameDecoder.endOfFile }
            return Unmanaged<Source>.fromOpaque(opaque).takeUnretainedValue().read(into: target, count: Int(count))
        }, nil, { opaque, offset, whence in
            guard let opaque else { return -1 }
            return Unmanaged<Source>.fromOpaque(opaque).takeUnretainedValue().seek(offset, whence: whence)
        }) else {
            ff.av_free(buffer)
            throw DecodeError(path: path, problem: .tooLarge("no memory for FFmpeg"))
        }
        defer {
            // libavformat may have replaced the buffer: free the one the context holds now.
            withUnsafeMutablePointer(to: &io.pointee.buffer) { ff.av_freep(UnsafeMutableRawPointer($0)) }
            var context: UnsafeMutablePointer<AVIOContext>? = io
            ff.avio_context_free(&context)
        }
        guard var format = ff.avformat_alloc_context() else { throw DecodeError(path: path, problem: .tooLarge("no memory for FFmpeg")) }
        format.pointee.pb = io
        format.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        format.pointee.probesize = probeBytes
        format.pointee.max_analyze_duration = 5 * Int64(AV_TIME_BASE)
        var opened: UnsafeMutablePointer<AVFormatContext>? = format
        // On failure avformat_open_input frees the context itself.
        guard ff.avformat_open_input(&opened, nil, nil, nil) == 0, let input = opened else {
            throw DecodeError(path: path, problem: .corrupt("FFmpeg cannot read this container"))
        }
        format = input
        defer { ff.avformat_close_input(&opened) }
        guard format.pointee.nb_streams <= UInt32(maxStreams) else {
            throw DecodeError(path: path, problem: .tooLarge("\(format.pointee.nb_streams) streams (limit \(maxStreams))"))
        }
        guard ff.avformat_find_stream_info(format, nil) >= 0 else { throw DecodeError(path: path, problem: .corrupt("no readable streams")) }
        var codec: UnsafePointer<AVCodec>?
        let index = ff.av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
        guard index >= 0, let codec, let stream = format.pointee.streams[Int(index)], let parameters = stream.pointee.codecpar else {
            throw DecodeError(path: path, problem: .unsupported("no video stream FFmpeg decodes"))
        }
        try DecodeLimits.check(width: Int(parameters.pointee.width), height: Int(parameters.pointee.height), path: path)
        var decoder = ff.avcodec_alloc_context3(codec)
        defer { ff.avcodec_free_context(&decoder) }
        guard let decoder, ff.avcodec_parameters_to_context(decoder, parameters) >= 0 else {
            throw DecodeError(path: path, problem: .corrupt("unusable codec parameters"))
        }
        decoder.pointee.thread_count = 1
        guard ff.avcodec_open2(decoder, codec, nil) == 0 else { throw DecodeError(path: path, problem: .unsupported("cannot open the video decoder")) }
        var packet = ff.av_packet_alloc()
        defer { ff.av_packet_free(&packet) }
        var frame = ff.av_frame_alloc()
        defer { ff.av_frame_free(&frame) }
        guard let packet, let frame else { throw DecodeError(path: path, problem: .tooLarge("no memory for FFmpeg")) }
        var fed = 0, flushed = false
        while true {
            let received = ff.avcodec_receive_frame(decoder, frame)
            if received == 0 {
                let image = try scaled(frame, ff, path: path, maxSide: maxSide)
                return Orientation.apply(orientation(of: stream, ff), to: image)
            }
            guard received == -EAGAIN, !flushed else { break }
            if fed >= maxPackets || ff.av_read_frame(format, packet) < 0 {
                // The end (or enough): drain what the decoder holds.
                _ = ff.avcodec_send_packet(decoder, nil)
                flushed = true
                continue
            }
            if packet.pointee.stream_index == index {
                fed += 1
                _ = ff.avcodec_send_packet(decoder, packet)
            }
            ff.av_packet_unref(packet)
        }
        throw DecodeError(path: path, problem: .corrupt("no frame decodes in its first \(fed) packets"))
    }

    /// The frame in RGB, fitted into `maxSide` by libswscale.
    private static func scaled(_ frame: UnsafeMutablePointer<AVFrame>, _ ff: cull_ffmpeg, path: String, maxSide: Int) throws(DecodeError) -> DecodedImage {
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        try DecodeLimits.check(width: width, height: height, path: path)
        let target = Resample.fitting(width: width, height: height, maxSide: max(1, maxSide))
        guard let scaler = ff.sws_getContext(Int32(width), Int32(height), AVPixelFormat(frame.pointee.format), Int32(target.width),
                                          Int32(target.height), AV_PIX_FMT_RGB24, SWS_AREA, nil, nil, nil) else {
            throw DecodeError(path: path, problem: .unsupported("cannot convert its pixel format"))
        }
        defer { ff.sws_freeContext(scaler) }
        var pixels = [UInt8](repeating: 0, count: target.width * target.height * 3)
        let rows = pixels.withUnsafeMutableBufferPointer { out -> Int32 in
            var planes: [UnsafeMutablePointer<UInt8>?] = [out.baseAddress, nil, nil, nil]
            var strides: [Int32] = [Int32(target.width * 3), 0, 0, 0]
            return withUnsafePointer(to: &frame.pointee.data) { data in
                withUnsafePointer(to: &frame.pointee.linesize) { linesize in
                    data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { source in
                        linesize.withMemoryRebound(to: Int32.self, capacity: 8) { sourceStrides in
                            ff.sws_scale(scaler, source, sourceStrides, 0, Int32(height), &planes, &strides)
                        }
                    }
                }
            }
        }
        guard rows == Int32(target.height) else { throw DecodeError(path: path, problem: .corrupt("cannot scale the frame")) }
        return DecodedImage(width: target.width, height: target.height, channels: 3, pixels: pixels)
    }

    /// The EXIF-style orientation of the stream's display matrix: 90° clockwise is 6, as ffmpeg's own autorotate reads it.
    private static func orientation(of stream: UnsafeMutablePointer<AVStream>, _ ff: cull_ffmpeg) -> Int {
        var size = 0
        guard let matrix = ff.av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 9 * 4 else { return 1 }
        let degrees = matrix.withMemoryRebound(to: Int32.self, capacity: 9) { -ff.av_display_rotation_get($0) }
        guard degrees.isFinite else { return 1 }
        switch (Int(degrees.rounded()) % 360 + 360) % 360 {
        case 90: return 6
        case 180: return 3
        case 270: return 8
        default: return 1
        }
    }

    /// The file as FFmpeg reads it: `pread` at a position of its own, within a byte budget.
    private final class Source {
        let file: ReadOnlyFile
        var position: Int64 = 0
        var left: Int

        init(file: ReadOnlyFile, budget: Int) {
            self.file = file
            left = budget
        }

        func read(into target: UnsafeMutablePointer<UInt8>, count: Int) -> Int32 {
            let wanted = min(count, left)
            guard wanted > 0,
                  let got = file.read(into: UnsafeMutableRawBufferPointer(start: target, count: wanted), at: position), got > 0
            else { return VideoFrameDecoder.endOfFile }
            position += Int64(got)
            left -= got
            return Int32(got)
        }

        func seek(_ offset: Int64, whence: Int32) -> Int64 {
            let size = file.identity.size
            switch whence & ~AVSEEK_FORCE {
            case AVSEEK_SIZE: return size
            case SEEK_SET: position = offset
            case SEEK_CUR: position += offset
            case SEEK_END: position = size + offset
            default: return -1
            }
            position = max(0, position)
            return position
        }
    }
}

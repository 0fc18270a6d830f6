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
/// reads together at most ``readBudget``, at most ``FFmpegInput/maxStreams`` streams (probing opens a decoder
/// for each), at most ``maxPackets`` packets are fed to the decoder, one decoding thread, and the
/// frame size is checked against ``DecodeLimits`` before the decoder opens.
enum VideoFrameDecoder {
    static let probeBytes: Int64 = 8 << 20
    static let readBudget = 64 << 20
    static let maxPackets = 300

    static func poster(_ file: ReadOnlyFile, path: String, maxSide: Int) throws(DecodeError) -> DecodedImage {
        try firstFrame(file, path: path, maxSide: maxSide, budget: readBudget, demuxer: nil, findingStreams: true)
    }

    /// The first frame of `file` that decodes, fitted into `maxSide` and turned by its display matrix:
    /// through the demuxer named `demuxer` (nil: FFmpeg probes), reading at most `budget` bytes;
    /// `findingStreams` reads the first packets of every stream to learn the video's size first (a
    /// still's demuxer names its codec from the header, and its size is checked on the decoded frame).
    static func firstFrame(_ file: ReadOnlyFile, path: String, maxSide: Int, budget: Int, demuxer: String?,
                           findingStreams: Bool) throws(DecodeError) -> DecodedImage {
        let input: FFmpegInput
        do throws(FFmpegInput.Failure) {
            input = try FFmpegInput(size: file.identity.size, budget: budget, probeBytes: probeBytes, demuxer: demuxer) { buffer, offset in
                file.read(into: buffer, at: offset)
            }
            if findingStreams { try input.findStreamInfo(maxPixels: DecodeLimits.maxPixels) }
        } catch {
            throw DecodeError(path: path, problem: problem(error, what: findingStreams ? "no readable streams" : "FFmpeg cannot read this file"))
        }
        let ff = input.ff, format = input.format
        guard format.pointee.nb_streams <= UInt32(FFmpegInput.maxStreams) else {
            throw DecodeError(path: path, problem: .tooLarge("\(format.pointee.nb_streams) streams (limit \(FFmpegInput.maxStreams))"))
        }
        var codec: UnsafePointer<AVCodec>?
        let index = ff.av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
        guard index >= 0, let codec, let stream = format.pointee.streams[Int(index)], let parameters = stream.pointee.codecpar else {
            throw DecodeError(path: path, problem: .unsupported("no video stream FFmpeg decodes"))
        }
        if findingStreams {
            try DecodeLimits.check(width: Int(parameters.pointee.width), height: Int(parameters.pointee.height), path: path)
        }
        var decoder = ff.avcodec_alloc_context3(codec)
        defer { ff.avcodec_free_context(&decoder) }
        guard let decoder, ff.avcodec_parameters_to_context(decoder, parameters) >= 0 else {
            throw DecodeError(path: path, problem: .corrupt("unusable codec parameters"))
        }
        decoder.pointee.thread_count = 1
        // A still's size is known only to its decoder: FFmpeg refuses a picture beyond the limit before
        // it allocates it.
        decoder.pointee.max_pixels = Int64(DecodeLimits.maxPixels)
        guard ff.avcodec_open2(decoder, codec, nil) == 0 else { throw DecodeError(path: path, problem: .unsupported("cannot open the decoder")) }
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
                return Orientation.apply(input.orientation(of: stream), to: image)
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
        if input.readFailed { throw DecodeError(path: path, problem: .unreadable("a read failed")) }
        throw DecodeError(path: path, problem: .corrupt("no frame decodes in its first \(fed) packets"))
    }

    /// The decode error for a file FFmpeg could not open.
    private static func problem(_ failure: FFmpegInput.Failure, what: String) -> DecodeError.Problem {
        switch failure {
        case let .missing(library): .missingLibrary(library)
        case .noMemory: .tooLarge("no memory for FFmpeg")
        case .readFailed: .unreadable("a read failed")
        case let .refused(why): .corrupt("\(what) (\(why))")
        case let .tooManyStreams(count): .tooLarge("\(count) streams (limit \(FFmpegInput.maxStreams))")
        }
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

}

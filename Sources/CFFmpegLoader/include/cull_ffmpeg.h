#ifndef CULL_FFMPEG_H
#define CULL_FFMPEG_H

// FFmpeg is opened with dlopen on the first video thumbnail instead of being linked: its
// libraries pull in about a hundred more (codecs, hardware backends), which made every `cull`
// command start about 50 ms slower. The table's types come from FFmpeg's own headers
// (__typeof__), so a signature can never be written wrong here.

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/display.h>

#define CULL_FFMPEG_FUNCTIONS(X) \
    X(avutil, av_malloc) X(avutil, av_free) X(avutil, av_freep) X(avutil, av_log_set_level) \
    X(avutil, av_frame_alloc) X(avutil, av_frame_free) X(avutil, av_display_rotation_get) \
    X(avcodec, avcodec_alloc_context3) X(avcodec, avcodec_free_context) X(avcodec, avcodec_parameters_to_context) \
    X(avcodec, avcodec_open2) X(avcodec, avcodec_send_packet) X(avcodec, avcodec_receive_frame) \
    X(avcodec, av_packet_alloc) X(avcodec, av_packet_free) X(avcodec, av_packet_unref) \
    X(avformat, avformat_alloc_context) X(avformat, avformat_open_input) X(avformat, avformat_find_stream_info) \
    X(avformat, avformat_close_input) X(avformat, av_find_best_stream) X(avformat, av_read_frame) \
    X(avformat, avio_alloc_context) X(avformat, avio_context_free) X(avformat, av_stream_get_side_data) \
    X(swscale, sws_getContext) X(swscale, sws_freeContext) X(swscale, sws_scale)

/// The FFmpeg functions Cull calls, each typed as FFmpeg's headers declare it.
struct cull_ffmpeg {
#define CULL_FFMPEG_FIELD(library, name) __typeof__(name) * _Nonnull name;
    CULL_FFMPEG_FUNCTIONS(CULL_FFMPEG_FIELD)
#undef CULL_FFMPEG_FIELD
};

/// The loaded table (once per process, thread-safe), or NULL with the reason in `*why` when the
/// libraries of the FFmpeg version Cull was built against cannot be opened.
const struct cull_ffmpeg * _Nullable cull_ffmpeg_load(const char * _Nullable * _Nonnull why);

#endif

#ifndef CULL_FFMPEG_H
#define CULL_FFMPEG_H

// FFmpeg, for video poster frames, the metadata of the video containers Cull does not read itself
// and the pixels of BMP, TIFF, PSD, JPEG XL and JPEG 2000: its libraries pull in about a hundred more (codecs, hardware
// backends), which made every `cull` command start about 50 ms slower when they were linked.

#include "cull_loader.h"
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/display.h>

#define CULL_FFMPEG_FUNCTIONS(X) \
    X(av_malloc) X(av_free) X(av_freep) X(av_log_set_level) \
    X(av_frame_alloc) X(av_frame_free) X(av_display_rotation_get) \
    X(avcodec_alloc_context3) X(avcodec_free_context) X(avcodec_parameters_to_context) \
    X(avcodec_open2) X(avcodec_send_packet) X(avcodec_receive_frame) \
    X(av_packet_alloc) X(av_packet_free) X(av_packet_unref) \
    X(avformat_alloc_context) X(avformat_open_input) X(avformat_find_stream_info) \
    X(avformat_close_input) X(av_find_best_stream) X(av_read_frame) \
    X(avio_alloc_context) X(avio_context_free) X(av_stream_get_side_data) \
    X(sws_getContext) X(sws_freeContext) X(sws_scale) \
    X(av_dict_get) X(av_dict_set) X(av_dict_free) X(av_strerror) X(av_find_input_format)

/// The FFmpeg functions Cull calls; `cull_ffmpeg_load` opens libavutil, libavcodec, libavformat
/// and libswscale of the versions Cull was built against.
CULL_LIBRARY_DECLARE(ffmpeg, CULL_FFMPEG_FUNCTIONS)

#endif

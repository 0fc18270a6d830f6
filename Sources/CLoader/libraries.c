// The loaders of the libraries Cull opens on first use. The sonames carry the ABI major of the
// headers Cull is built with; where a header does not define it, it is written here (it changes
// only with an incompatible release of that library).
#include "cull_ffmpeg.h"
#include "cull_heif.h"
#include "cull_microhttpd.h"
#include "cull_tesseract.h"
#include "cull_zbar.h"

CULL_LIBRARY_DEFINE(ffmpeg, CULL_FFMPEG_FUNCTIONS, CULL_SONAME(avutil, LIBAVUTIL_VERSION_MAJOR), CULL_SONAME(avcodec, LIBAVCODEC_VERSION_MAJOR),
                    CULL_SONAME(avformat, LIBAVFORMAT_VERSION_MAJOR), CULL_SONAME(swscale, LIBSWSCALE_VERSION_MAJOR))
CULL_LIBRARY_DEFINE(heif, CULL_HEIF_FUNCTIONS, CULL_SONAME(heif, 1))
CULL_LIBRARY_DEFINE(microhttpd, CULL_MICROHTTPD_FUNCTIONS, CULL_SONAME(microhttpd, 12))
CULL_LIBRARY_DEFINE(tesseract, CULL_TESSERACT_FUNCTIONS, CULL_SONAME(tesseract, TESSERACT_MAJOR_VERSION), CULL_SONAME(lept, 5), CULL_SONAME(gomp, 1))
CULL_LIBRARY_DEFINE(zbar, CULL_ZBAR_FUNCTIONS, CULL_SONAME(zbar, 0))

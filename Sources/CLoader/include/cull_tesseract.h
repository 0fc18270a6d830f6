#ifndef CULL_TESSERACT_H
#define CULL_TESSERACT_H

// libtesseract, for the text of photos: it pulls in Leptonica (with its image codecs), libarchive,
// libcurl and libgomp, which every command mapped and initialised while only a text rule reads it.

#include "cull_loader.h"
#include <tesseract/capi.h>
#include <tesseract/version.h>
#include <leptonica/allheaders.h>

// libgomp's (no header of it is installed): Cull recognises one photo per thread of its own, so each
// of them asks for one OpenMP thread (nested teams on two cores only thrashed).
void omp_set_num_threads(int);

#define CULL_TESSERACT_FUNCTIONS(X) \
    X(TessBaseAPICreate) X(TessBaseAPIDelete) X(TessBaseAPIInit4) X(TessBaseAPIEnd) \
    X(TessBaseAPISetPageSegMode) X(TessBaseAPISetVariable) X(TessBaseAPISetImage) X(TessBaseAPISetSourceResolution) \
    X(TessBaseAPIClear) X(TessBaseAPIRecognize) X(TessBaseAPIGetIterator) \
    X(TessMonitorCreate) X(TessMonitorDelete) X(TessMonitorSetDeadlineMSecs) \
    X(TessResultIteratorDelete) X(TessResultIteratorGetPageIterator) X(TessResultIteratorGetUTF8Text) \
    X(TessResultIteratorConfidence) X(TessResultIteratorNext) X(TessDeleteText) \
    X(TessPageIteratorIsAtBeginningOf) X(TessPageIteratorBoundingBox) \
    X(setMsgSeverity) X(omp_set_num_threads)

/// The Tesseract, Leptonica and libgomp functions Cull calls (`cull_tesseract_load` opens
/// libtesseract.so.5, then liblept.so.5 and libgomp.so.1, which it needs anyway).
CULL_LIBRARY_DECLARE(tesseract, CULL_TESSERACT_FUNCTIONS)

#endif

// Tesseract's C API (TessBaseAPI, its iterators and ETEXT_DESC, the monitor whose deadline bounds a
// recognition) and Leptonica's Pix: headers only, for their types and constants. CLoader opens the
// libraries when the first photo with text is read (`cull_tesseract.h`).
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>

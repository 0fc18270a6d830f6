// Tesseract's C API (TessBaseAPI, its iterators and ETEXT_DESC, the monitor whose deadline bounds a
// recognition) and Leptonica's Pix, which the API is given the decoded grey image in.
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>

// libgomp's, which libtesseract parallelises a recognition with: Cull recognises one photo per
// thread of its own, so each of them asks for one OpenMP thread (nested teams on two cores only
// thrashed).
void omp_set_num_threads(int);
